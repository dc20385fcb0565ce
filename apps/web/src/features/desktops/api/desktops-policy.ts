import { useQuery } from '@tanstack/react-query';
import type { BatchResult, Policy, PolicyPage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getIsSon, getToken } from '../../../lib/storage';
import { LARGEST_PAGE, desktopsKey } from './desktops-list';
import { useDesktopMutation } from './desktops-mutation';

/** GET /user/policy: the customer's policies (the default one first); a customer has a handful. */
export async function listPolicies(): Promise<Policy[]> {
  const { data } = await api.get<PolicyPage>('/user/policy', { page: 1, limit: LARGEST_PAGE });
  return data.list;
}

/** The policies, for the names in the list and the assignment dialog. */
export function usePolicies() {
  return useQuery({
    queryKey: [...desktopsKey, 'policies'],
    queryFn: listPolicies,
    staleTime: 60_000,
    // A sub-account may not read the main account's policies (403 SUB_ACCOUNT_NOT_ALLOWED): not asked.
    enabled: getToken() !== null && !getIsSon(),
  });
}

export interface AssignPolicyInput {
  policyId: string;
  desktopIds: string[];
}

/**
 * PUT /user/policy/{policy_id}/desktops: gives the policy to these desktops. The answer says per
 * desktop whether it took it (a desktop that changed state meanwhile, or that the cloud refused, did
 * not).
 */
export async function assignPolicy({ policyId, desktopIds }: AssignPolicyInput): Promise<BatchResult> {
  const { data } = await api.put<BatchResult>(`/user/policy/${encodeURIComponent(policyId)}/desktops`, {
    desktop_ids: desktopIds,
  });
  return data;
}

export function useAssignPolicy() {
  return useDesktopMutation(assignPolicy);
}
