import { useQuery } from '@tanstack/react-query';
import type { RegionCount } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

/** GET /user/desktop/region_count: the caller's live cloud computers per region. */
export async function desktopRegionCounts(): Promise<RegionCount> {
  const { data } = await api.get<RegionCount>('/user/desktop/region_count');
  return data;
}

/** GET /user/office_site/region_count: the caller's live office networks (broadband lines) per region. */
export async function officeSiteRegionCounts(): Promise<RegionCount> {
  const { data } = await api.get<RegionCount>('/user/office_site/region_count');
  return data;
}

/** Under the desktops' and office networks' own keys, so a purchase refreshes them with their lists. */
export const desktopRegionCountKey = ['desktops', 'region-count'] as const;
export const officeSiteRegionCountKey = ['office-sites', 'region-count'] as const;

export function useDesktopRegionCounts() {
  return useQuery({
    queryKey: desktopRegionCountKey,
    queryFn: desktopRegionCounts,
    enabled: getToken() !== null,
  });
}

export function useOfficeSiteRegionCounts() {
  return useQuery({
    queryKey: officeSiteRegionCountKey,
    queryFn: officeSiteRegionCounts,
    enabled: getToken() !== null,
  });
}
