import { useQuery } from '@tanstack/react-query';
import type { OfficeSite, OfficeSitePage } from '@cloudbay/contracts';
import { PAGE_SIZES } from '@cloudbay/contracts/core';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

/**
 * GET /user/office_site?region_id=: the caller's office networks in a region, for the purchase
 * page's network choice (one page of the largest size: a customer has a handful per region).
 */
export async function listRegionOfficeSites(regionId: number): Promise<OfficeSite[]> {
  const { data } = await api.get<OfficeSitePage>('/user/office_site', {
    region_id: regionId,
    page: 1,
    limit: PAGE_SIZES[PAGE_SIZES.length - 1],
  });
  return data.list;
}

export function useRegionOfficeSites(regionId: number | undefined) {
  return useQuery({
    queryKey: ['office-sites', 'region', regionId],
    queryFn: () => listRegionOfficeSites(regionId!),
    enabled: regionId !== undefined && getToken() !== null,
  });
}
