import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import { refetchPolicyViews } from './list-policies';

/** DELETE /user/policy/{policy_id} (the default policy refuses). */
export async function deletePolicy(policyId: string): Promise<void> {
  await api.delete(`/user/policy/${encodeURIComponent(policyId)}`);
}

/**
 * Deletes, then refetches the policies and the desktops, whatever the answer: the server may have
 * moved desktops to the default policy before it failed.
 */
export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePolicy,
    onSettled: () => refetchPolicyViews(queryClient),
  });
}
