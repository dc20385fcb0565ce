import { Carousel, Skeleton } from 'antd';
import type { Banner } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useBanners } from '../api/list-banners';
import { contentTarget } from '../content-link';
import { ContentLink } from './content-link';
import styles from './banner-carousel.module.css';

function Slide({ banner }: { banner: Banner }) {
  const target = contentTarget(banner.link);
  const body = (
    <>
      <img src={banner.image} alt="" className={styles.image} />
      <div className={styles.overlay}>
        <h2 className={styles.title}>{banner.title}</h2>
        {banner.subtitle ? <p className={styles.subtitle}>{banner.subtitle}</p> : null}
      </div>
    </>
  );
  // Only a link that leads somewhere makes the slide clickable.
  return target ? (
    <ContentLink target={target} className={styles.slide} testId={`banner-${banner.id}`}>
      {body}
    </ContentLink>
  ) : (
    <div className={styles.slide} data-testid={`banner-${banner.id}`}>
      {body}
    </div>
  );
}

/** The home carousel of GET /banner; nothing when there are no banners. */
export function BannerCarousel() {
  const { t } = useTranslation('home');
  const { data: banners, isPending } = useBanners();
  if (isPending) {
    return <Skeleton.Node active style={{ width: '100%', height: 280, borderRadius: 12 }} />;
  }
  if (!banners?.length) return null;
  return (
    <section aria-label={t('banner.label')} data-testid="home-banners">
      <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={5000} draggable adaptiveHeight={false}>
        {banners.map((banner) => (
          <div key={banner.id}>
            <Slide banner={banner} />
          </div>
        ))}
      </Carousel>
    </section>
  );
}
