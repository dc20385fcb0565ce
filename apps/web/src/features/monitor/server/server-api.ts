import { useQuery } from '@tanstack/react-query';
import type { ServerInfo } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { usePageVisible } from '../../../lib/use-page-visible';

/** How often the server page asks again while it is on screen. */
export const SERVER_REFRESH_MS = 5_000;

/** GET /monitor/server, every 5 s while the tab is visible (a hidden tab asks nothing). */
export function useServerInfo() {
  const visible = usePageVisible();
  return useQuery({
    queryKey: ['monitor', 'server'],
    queryFn: async () => (await api.get<ServerInfo>('/monitor/server')).data,
    refetchInterval: visible ? SERVER_REFRESH_MS : false,
  });
}
