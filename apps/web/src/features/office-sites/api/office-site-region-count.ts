import { useQuery } from '@tanstack/react-query';
import type { RegionCount } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { officeSitesKey } from './list-office-sites';

/** GET /user/office_site/region_count: the customer's live office networks per region. */
export async function getOfficeSiteRegionCount(): Promise<RegionCount> {
  const { data } = await api.get<RegionCount>('/user/office_site/region_count');
  return data;
}

/** The counts beside the region names of the purchase dialog. */
export function useOfficeSiteRegionCount(enabled: boolean) {
  return useQuery({
    queryKey: [...officeSitesKey, 'region-count'],
    queryFn: getOfficeSiteRegionCount,
    enabled: enabled && getToken() !== null,
  });
}
