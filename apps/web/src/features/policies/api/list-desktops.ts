import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DesktopPage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { policiesKey } from './list-policies';

/** The most desktops one answer holds (the list's largest page size). */
const DESKTOP_PAGE_LIMIT = 50;

/** GET /user/desktop: the first page of the caller's desktops whose name contains `name`. */
export async function listDesktops(name: string): Promise<DesktopPage> {
  const { data } = await api.get<DesktopPage>('/user/desktop', {
    page: 1,
    limit: DESKTOP_PAGE_LIMIT,
    ...(name ? { name } : {}),
  });
  return data;
}

/** The assignment dialog's choices, searched by name on the server. */
export function useDesktopChoices(name: string) {
  return useQuery({
    queryKey: [...policiesKey, 'desktops', name],
    queryFn: () => listDesktops(name),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}
