import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Policy, PolicyBody } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { policiesKey } from './list-policies';

/** POST /user/policy: a new policy of the caller's. */
export async function createPolicy(body: PolicyBody): Promise<Policy> {
  const { data } = await api.post<Policy>('/user/policy', body);
  return data;
}

/** PUT /user/policy/{policy_id}: new name and permissions (the default policy refuses). */
export async function updatePolicy(policyId: string, body: PolicyBody): Promise<Policy> {
  const { data } = await api.put<Policy>(`/user/policy/${encodeURIComponent(policyId)}`, body);
  return data;
}

/** Creates (without `policyId`) or updates a policy, then refetches the lists. */
export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ policyId, body }: { policyId?: string; body: PolicyBody }) =>
      policyId ? updatePolicy(policyId, body) : createPolicy(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKey }),
  });
}
