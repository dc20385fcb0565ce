import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutSettings } from '../lib/layout-settings';
import { useRouteMeta } from './route-meta';

/**
 * Sets document.title from the deepest matched route's meta title (spec §2: title from route
 * metadata): '<page title> - Cloudbay', or the brand alone when the dynamic title is switched off
 * in the settings drawer.
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const { dynamicTitle } = useLayoutSettings();
  const meta = useRouteMeta();
  const brand = t('brand');
  const title = dynamicTitle && meta ? `${t(meta.title)} - ${brand}` : brand;

  useEffect(() => {
    document.title = title;
  }, [title]);
}
