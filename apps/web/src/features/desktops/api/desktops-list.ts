import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Desktop, DesktopPage } from '@cloudbay/contracts';
import { PAGE_SIZES, type DesktopStatus, type ResourceStatus } from '@cloudbay/contracts/core';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { LIVE_REFRESH_MS, refreshWhileChanging } from '../../../lib/live-refresh';

/** Every cached desktop answer lives under this key (a purchase or an action refreshes them all). */
export const desktopsKey = ['desktops'] as const;
const listKey = [...desktopsKey, 'list'] as const;

/** The largest page the API gives (50): enough for the few office networks or policies of a customer. */
export const LARGEST_PAGE = Math.max(...PAGE_SIZES);

/** GET /user/desktop's filters (`desktopListQuery`); absent keys are not sent. */
export interface DesktopFilterQuery {
  name?: string;
  status?: DesktopStatus;
  region_id?: number;
  billing_method?: Desktop['billing_method'];
  expire_from?: string;
  expire_to?: string;
}

export interface DesktopListQuery extends DesktopFilterQuery {
  page: number;
  limit: number;
}

// The list's tests read the interval from here.
export { LIVE_REFRESH_MS };

const CHANGING_STATUSES: readonly DesktopStatus[] = ['pending', 'starting', 'stopping', 'rebuilding'];
const CHANGING_RESOURCE_STATUSES: readonly ResourceStatus[] = ['not_created', 'creating'];

/** Creation outcomes after which the desktop never moves again (its share was refunded). */
const FAILED_RESOURCE_STATUSES: readonly ResourceStatus[] = ['creation_failed', 'refunded'];

/**
 * Whether the desktop is on its way somewhere: being made, starting, stopping or reinstalling. A
 * desktop whose creation failed keeps its first run status (pending) but is going nowhere.
 */
export function isChanging(desktop: Pick<Desktop, 'status' | 'resource_status'>): boolean {
  if (FAILED_RESOURCE_STATUSES.includes(desktop.resource_status)) return false;
  return (
    CHANGING_STATUSES.includes(desktop.status) || CHANGING_RESOURCE_STATUSES.includes(desktop.resource_status)
  );
}

/** GET /user/desktop: a page of the customer's cloud computers, newest first. */
export async function listDesktops(query: DesktopListQuery): Promise<DesktopPage> {
  const { data } = await api.get<DesktopPage>('/user/desktop', { ...query });
  return data;
}

/**
 * The list page's desktops. While any row is changing the page is asked again every
 * LIVE_REFRESH_MS, and no longer once every row has settled; the previous page stays on screen
 * while another one loads.
 */
export function useDesktops(query: DesktopListQuery) {
  return useQuery({
    queryKey: [...listKey, query],
    queryFn: () => listDesktops(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
    refetchInterval: refreshWhileChanging(isChanging),
  });
}
