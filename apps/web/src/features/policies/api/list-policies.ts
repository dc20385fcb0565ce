import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PolicyPage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { desktopsKey } from '../../desktops/api/desktops-list';

/** Every cached policy answer lives under this key. */
export const policiesKey = ['policies'] as const;

/**
 * Refetches what a policy write changes: this page's lists (names, desktop counts, the desktops
 * offered) and every desktops answer, since the desktop pages keep their own copy of the policies
 * (`['desktops', 'policies']`) and show each desktop's policy.
 */
export function refetchPolicyViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: policiesKey }),
    queryClient.invalidateQueries({ queryKey: desktopsKey }),
  ]);
}

export interface PolicyListQuery {
  page: number;
  limit: number;
  name?: string;
}

/** GET /user/policy: a page of the caller's policies (the default one among them). */
export async function listPolicies(query: PolicyListQuery): Promise<PolicyPage> {
  const { data } = await api.get<PolicyPage>('/user/policy', { ...query });
  return data;
}

/** The policy page's list; the previous page stays on screen while the next one loads. */
export function usePolicies(query: PolicyListQuery) {
  return useQuery({
    queryKey: [...policiesKey, 'list', query],
    queryFn: () => listPolicies(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}
