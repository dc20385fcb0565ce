import { useQuery } from '@tanstack/react-query';
import type { SessionItem } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

export const sessionsKey = ['account', 'sessions'] as const;

/** GET /user/sessions: where the user is logged in. */
export async function listSessions(): Promise<SessionItem[]> {
  const { data } = await api.get<SessionItem[]>('/user/sessions');
  return data;
}

export function useSessions() {
  // Off once the session ends (e.g. this device was revoked), or the page would ask without a token.
  return useQuery({ queryKey: sessionsKey, queryFn: listSessions, enabled: getToken() !== null });
}
