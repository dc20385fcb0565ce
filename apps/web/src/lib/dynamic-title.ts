import { StorageKey, readJson } from './storage';

/**
 * The settings drawer's 'dynamic title' as stored (on unless switched off), for the sign-in pages,
 * which do not load the console's settings store (layout-settings.ts, whose reading it matches).
 */
export function storedDynamicTitle(): boolean {
  const stored = readJson<{ dynamicTitle?: unknown } | null>(StorageKey.layoutSetting);
  return typeof stored === 'object' && stored !== null ? stored.dynamicTitle !== false : true;
}
