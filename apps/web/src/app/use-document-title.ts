import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRouteHandle } from './route-meta';

/** Sets document.title from the deepest matched route's meta title (spec §2: title from route metadata). */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches.findLast((match) => isRouteHandle(match.handle))?.handle;
  const brand = t('brand');
  const title = isRouteHandle(handle) ? `${t(handle.meta.title)} - ${brand}` : brand;

  useEffect(() => {
    document.title = title;
  }, [title]);
}
