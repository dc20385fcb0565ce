/**
 * Regions (spec §3 Region, §7 GET /describe_regions and /ph/regions, §9): desktop regions cached in
 * local storage `areaList`, phone regions in `phRegions`. The area list is fetched in the background
 * AREA_LIST_DELAY_MS after start-up so that the purchase pages find it ready.
 */
import { AREA_LIST_DELAY_MS } from '@cloudbay/contracts/core';
import type { Region } from '@cloudbay/contracts';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { currentLanguage } from './i18n';
import { createStoredList, type StoredList } from './stored-list';
import { StorageKey } from './storage';

export const areaList = createStoredList<Region>(StorageKey.areaList, '/describe_regions');
export const phRegions = createStoredList<Region>(StorageKey.phRegions, '/ph/regions');

/** Desktop regions; re-renders when they arrive. */
export function useAreaList(): readonly Region[] {
  return areaList.useList();
}

/** Phone regions; re-renders when they arrive. */
export function usePhRegions(): readonly Region[] {
  return phRegions.useList();
}

/** The region's name in the page's language (a stored copy may date from the other language). */
export function regionName(region: Pick<Region, 'name' | 'name_zh' | 'name_en'>): string {
  return (currentLanguage() === 'en-US' ? region.name_en : region.name_zh) || region.name;
}

/**
 * Loads the area list AREA_LIST_DELAY_MS after start-up (spec §9), out of the way of the first
 * screen's own calls. A failure is silent; the next start tries again. Returns the cancel.
 */
export function scheduleAreaListLoad(delay: number = AREA_LIST_DELAY_MS): () => void {
  const timer = setTimeout(() => {
    areaList.refresh().catch(() => undefined);
  }, delay);
  return () => clearTimeout(timer);
}

/**
 * A purchase page's regions through a stored list: the copy in local storage shows at once,
 * refreshed once per page load. Unlike the background load, a failure here is an error state the
 * page shows with a retry (which loads again: a failed load is not kept).
 */
export function useStoredRegions(list: StoredList<Region>, queryKey: QueryKey) {
  const stored = list.get();
  return useQuery<readonly Region[]>({
    queryKey,
    queryFn: () => list.refresh(),
    placeholderData: stored.length ? stored : undefined,
    staleTime: Infinity,
  });
}
