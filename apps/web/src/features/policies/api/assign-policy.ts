import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchResult, PolicyAssignBody } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { refetchPolicyViews } from './list-policies';

/**
 * PUT /user/policy/{policy_id}/desktops: gives the policy to these desktops; the answer says per
 * desktop whether it took it, or why not (another's desktop, a state that forbids the change).
 */
export async function assignPolicy(policyId: string, body: PolicyAssignBody): Promise<BatchResult> {
  const { data } = await api.put<BatchResult>(`/user/policy/${encodeURIComponent(policyId)}/desktops`, body);
  return data;
}

/**
 * Assigns, then refetches the policies (their desktop counts), the desktops offered and the desktop
 * pages (each desktop's policy); after a failure too, as some desktops may have changed already.
 */
export function useAssignPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ policyId, desktopIds }: { policyId: string; desktopIds: string[] }) =>
      assignPolicy(policyId, { desktop_ids: desktopIds }),
    onSettled: () => refetchPolicyViews(queryClient),
  });
}
