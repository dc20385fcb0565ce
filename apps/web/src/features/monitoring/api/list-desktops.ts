import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Desktop, DesktopPage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { monitoringKey } from './monitoring-keys';

/** The most desktops one answer holds (the list's largest page size). */
export const DESKTOP_PAGE_LIMIT = 50;

/** GET /user/desktop: one page of the caller's desktops, optionally those whose name contains `name`. */
export async function listDesktops(page: number, name?: string): Promise<DesktopPage> {
  const { data } = await api.get<DesktopPage>('/user/desktop', {
    page,
    limit: DESKTOP_PAGE_LIMIT,
    ...(name ? { name } : {}),
  });
  return data;
}

/** States a desktop passes through on its own; the page follows them until they settle. */
const CHANGING: readonly Desktop['status'][] = ['pending', 'starting', 'stopping', 'rebuilding'];
/** How often a page holding a changing desktop is asked again. */
export const CHANGING_POLL_MS = 5_000;

/**
 * The picker's choices: the first page of desktops, or of those matching what was typed; asked
 * again every 5 s while one of them is changing state, so the charts and the process table follow
 * a desktop that is being created, started or stopped.
 */
export function useDesktopChoices(name: string) {
  return useQuery({
    queryKey: [...monitoringKey, 'desktops', name],
    queryFn: () => listDesktops(1, name || undefined),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((desktop) => CHANGING.includes(desktop.status)) ? CHANGING_POLL_MS : false,
    enabled: getToken() !== null,
  });
}

/**
 * The desktop `desktopId` even when it is not on the first page (a link from the list's later
 * pages): pages through the list until it turns up; null when the caller has no such desktop.
 */
export async function findDesktop(desktopId: string): Promise<Desktop | null> {
  for (let page = 1; ; page += 1) {
    const answer = await listDesktops(page);
    const found = answer.list.find((desktop) => desktop.desktop_id === desktopId);
    if (found) return found;
    if (page * answer.limit >= answer.total || answer.list.length === 0) return null;
  }
}

/** The linked desktop, looked up only when the first page does not hold it. */
export function useLinkedDesktop(desktopId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...monitoringKey, 'desktop', desktopId],
    queryFn: () => findDesktop(desktopId!),
    enabled: enabled && desktopId !== undefined && getToken() !== null,
  });
}
