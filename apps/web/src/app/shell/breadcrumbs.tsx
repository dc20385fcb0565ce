import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../lib/access-rule';
import { useSessionMenu } from '../access-control';
import type { RouteMeta } from '../route-meta';
import { crumbTrail, type Crumb } from './menu';
import styles from './shell.module.css';

/** Home, then the menu groups above the page on screen, then the page (spec §2 breadcrumb). */
export function useCrumbs(meta: RouteMeta | undefined): Crumb[] {
  const { pathname } = useLocation();
  const nodes = useSessionMenu();
  const home: Crumb = { path: HOME_PATH, title: 'route.home' };
  if (pathname === HOME_PATH) return [home];
  const trail = crumbTrail(nodes, pathname);
  if (trail.length > 0) return [home, ...trail];
  return meta ? [home, { path: pathname, title: meta.title }] : [home];
}

export function Breadcrumbs({ meta }: { meta: RouteMeta | undefined }) {
  const { t } = useTranslation();
  const { t: tShell } = useTranslation('shell');
  const crumbs = useCrumbs(meta);
  const items = crumbs.map((crumb, index) => {
    // Home links back; groups are not pages, and the last crumb is where the user is.
    const linked = index === 0 && crumbs.length > 1;
    return {
      key: crumb.path,
      title: linked ? <Link to={crumb.path}>{t(crumb.title)}</Link> : t(crumb.title),
    };
  });
  return (
    <nav aria-label={tShell('navbar.breadcrumb')} className={styles.breadcrumb} data-testid="breadcrumb">
      <Breadcrumb items={items} />
    </nav>
  );
}
