import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OnlineSessionPage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';

export interface OnlineFilter {
  ipaddr?: string;
  userName?: string;
}

const onlineKey = ['monitor', 'online'] as const;

/** GET /monitor/online/list: live sessions, most recently seen first. */
export function useOnlineSessions(query: OnlineFilter & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...onlineKey, query],
    queryFn: async () => (await api.get<OnlineSessionPage>('/monitor/online/list', { ...query })).data,
    placeholderData: keepPreviousData,
  });
}

/** DELETE /monitor/online/{sessionId}: the session's token stops working at once. */
export function useForceLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete(`/monitor/online/${sessionId}`),
    // Refreshed after a refusal too: a 404 means the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: onlineKey }),
  });
}
