import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Policy, PolicyBody } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { refetchPolicyViews } from './list-policies';

/**
 * POST /user/policy: a new policy of the caller's. `idempotencyKey` is the save intent's: a retry
 * of the same form after a timeout is answered with the policy the first try made, not 409.
 */
export async function createPolicy(body: PolicyBody, idempotencyKey: string): Promise<Policy> {
  const { data } = await api.post<Policy>('/user/policy', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data;
}

/** PUT /user/policy/{policy_id}: new name and permissions (the default policy refuses). */
export async function updatePolicy(policyId: string, body: PolicyBody): Promise<Policy> {
  const { data } = await api.put<Policy>(`/user/policy/${encodeURIComponent(policyId)}`, body);
  return data;
}

export type SavePolicyInput =
  | { policyId: string; body: PolicyBody }
  /** A creation, with its save intent's `Idempotency-Key`. */
  | { policyId?: undefined; body: PolicyBody; idempotencyKey: string };

/**
 * Creates (without `policyId`) or updates a policy, then refetches the policy lists and the desktop
 * pages (their policy choices).
 */
export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePolicyInput) =>
      input.policyId !== undefined
        ? updatePolicy(input.policyId, input.body)
        : createPolicy(input.body, input.idempotencyKey),
    onSuccess: () => refetchPolicyViews(queryClient),
  });
}
