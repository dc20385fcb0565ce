import { Skeleton } from 'antd';
import type { Banner } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useBanners } from '../api/list-banners';
import { contentTarget } from '../content-link';
import { ContentLink } from './content-link';
import { SlideShow } from './slide-show';
import styles from './banner-carousel.module.css';

/** One slide as customers see it (also the operators' preview). */
export function BannerSlide({ banner }: { banner: Banner }) {
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

/** How long each banner shows before the next. */
const AUTOPLAY_MS = 5000;

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
      <SlideShow
        slides={banners.map((banner) => ({ key: banner.id, node: <BannerSlide banner={banner} /> }))}
        interval={AUTOPLAY_MS}
        dotLabel={(n) => t('banner.goTo', { n })}
      />
    </section>
  );
}
