import { useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResultView } from '../../components/result-view';
import type { RouteMeta } from '../route-meta';
import styles from './shell.module.css';

/**
 * Addresses a frame may show: this site's paths and http(s) pages. The menu data is operator
 * input; a `javascript:` or `data:` address in a frame would run in the console's origin.
 */
export function isFramableLink(link: string): boolean {
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  return /^https?:\/\//i.test(link);
}

export interface InnerLinkPageProps {
  src: string;
  title: RouteMeta['title'];
}

/**
 * The host of an inner link (a menu node with component 'InnerLink'): its address in a frame as
 * tall as the content area, with a loading state until the frame has loaded. The shell keeps it
 * alive like any view, so switching tags does not reload it.
 */
export function InnerLinkPage({ src, title }: InnerLinkPageProps) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const [loading, setLoading] = useState(true);

  if (!isFramableLink(src)) {
    return <ResultView status="warning" title={t('innerLink.refused')} data-testid="inner-link-refused" />;
  }
  return (
    <div className={styles.innerLink} data-testid="inner-link">
      {/* The frame fills the area through Spin's wrapper and container (an iframe is otherwise 150 px). */}
      <Spin
        spinning={loading}
        description={t('innerLink.loading')}
        size="large"
        className={styles.innerLinkSpin}
        classNames={{ container: styles.innerLinkSpin }}
      >
        <iframe
          src={src}
          title={tCommon(title)}
          className={styles.innerLinkFrame}
          onLoad={() => setLoading(false)}
        />
      </Spin>
    </div>
  );
}
