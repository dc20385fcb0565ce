/** The operators' review of free trial applications (issue 22, part G2). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreeApplyStatus, TrialApplication } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { postCreate, useAdminList } from '../../../system/shared/admin-crud';

export const trialsKey = ['business', 'trial'] as const;

export interface TrialFilter {
  status?: FreeApplyStatus;
  email?: string;
  ip?: string;
  begin_time?: string;
  end_time?: string;
}

export const useTrials = (query: object) =>
  useAdminList<TrialApplication>(trialsKey, '/business/trial/list', query);

/** Approves (a gift desktop is made; one Idempotency-Key per intent) or rejects with a reason. */
export function useDecideTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input:
        { id: number; action: 'approve'; key: string } | { id: number; action: 'reject'; reason: string },
    ) =>
      input.action === 'approve'
        ? postCreate<TrialApplication>(`/business/trial/${input.id}/approve`, undefined, input.key)
        : (await api.post<TrialApplication>(`/business/trial/${input.id}/reject`, { reason: input.reason }))
            .data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: trialsKey }),
  });
}
