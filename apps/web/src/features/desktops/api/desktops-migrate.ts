import { useQuery } from '@tanstack/react-query';
import type { BatchResult, OfficeSite, OfficeSitePage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getIsSon, getToken } from '../../../lib/storage';
import { LARGEST_PAGE, desktopsKey } from './desktops-list';
import { useDesktopMutation } from './desktops-mutation';

/**
 * GET /user/office_site: the customer's office networks (one region's, when given). A customer has
 * a handful; the largest page holds them all.
 */
export async function listOfficeSites(regionId?: number): Promise<OfficeSite[]> {
  const { data } = await api.get<OfficeSitePage>('/user/office_site', {
    page: 1,
    limit: LARGEST_PAGE,
    ...(regionId === undefined ? {} : { region_id: regionId }),
  });
  return data.list;
}

/** Every office network, for the names in the list. */
export function useOfficeSites() {
  return useQuery({
    queryKey: [...desktopsKey, 'office-sites'],
    queryFn: () => listOfficeSites(),
    staleTime: 60_000,
    // A sub-account may not read the main account's office networks (403 SUB_ACCOUNT_NOT_ALLOWED): not asked.
    enabled: getToken() !== null && !getIsSon(),
  });
}

/** The office networks of one region, where a desktop of that region may move. */
export function useRegionOfficeSites(regionId: number | null, enabled = true) {
  return useQuery({
    queryKey: [...desktopsKey, 'office-sites', regionId],
    queryFn: () => listOfficeSites(regionId!),
    enabled: enabled && regionId !== null && getToken() !== null,
  });
}

export interface MigrateInput {
  desktopIds: string[];
  officeSiteId: string;
}

/**
 * POST /user/desktop/{id}/migrate for one desktop, POST /user/desktop/batch_migrate for several:
 * move to another office network of the same region. Both are answered as one result per desktop
 * (a single move that fails rejects, and the request client has said why).
 */
export async function migrateDesktops({ desktopIds, officeSiteId }: MigrateInput): Promise<BatchResult> {
  const [only] = desktopIds;
  if (desktopIds.length === 1 && only) {
    await api.post(`/user/desktop/${encodeURIComponent(only)}/migrate`, { office_site_id: officeSiteId });
    return { results: [{ desktop_id: only, ok: true, status: null, code: null, message: null }] };
  }
  const { data } = await api.post<BatchResult>('/user/desktop/batch_migrate', {
    desktop_ids: desktopIds,
    office_site_id: officeSiteId,
  });
  return data;
}

export function useMigrateDesktops() {
  return useDesktopMutation(migrateDesktops);
}
