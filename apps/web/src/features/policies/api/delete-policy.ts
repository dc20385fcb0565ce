import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import { policiesKey } from './list-policies';

/** DELETE /user/policy/{policy_id} (the default policy refuses). */
export async function deletePolicy(policyId: string): Promise<void> {
  await api.delete(`/user/policy/${encodeURIComponent(policyId)}`);
}

export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKey }),
  });
}
