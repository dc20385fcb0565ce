import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OfficeSitePage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import type { OfficeSiteFilterQuery } from '../office-site-filter';
import { LIVE_REFRESH_MS, isSettling } from '../office-site-rules';

/** Every cached office network answer lives under this key. */
export const officeSitesKey = ['office-sites'] as const;

/** The path of one network's calls. */
export const officeSitePath = (id: string) => `/user/office_site/${encodeURIComponent(id)}`;

export interface OfficeSiteListQuery extends OfficeSiteFilterQuery {
  page: number;
  limit: number;
}

/** GET /user/office_site: a page of the customer's office networks. */
export async function listOfficeSites(query: OfficeSiteListQuery): Promise<OfficeSitePage> {
  const { data } = await api.get<OfficeSitePage>('/user/office_site', { ...query });
  return data;
}

/**
 * The page's list. While a network on screen is being created or released it is asked again every
 * LIVE_REFRESH_MS, so its status moves on by itself; settled lists are not polled.
 */
export function useOfficeSites(query: OfficeSiteListQuery) {
  return useQuery({
    queryKey: [...officeSitesKey, 'list', query],
    queryFn: () => listOfficeSites(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.list.some(isSettling) ? LIVE_REFRESH_MS : false),
    enabled: getToken() !== null,
  });
}
