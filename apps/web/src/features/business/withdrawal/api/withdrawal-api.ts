/** The operators' review of referral withdrawals (issue 22). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal, WithdrawalChannel, WithdrawalStatus } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { useAdminList } from '../../../system/shared/admin-crud';

export const withdrawalsKey = ['business', 'withdrawal'] as const;

export interface WithdrawalFilter {
  status?: WithdrawalStatus;
  channel?: WithdrawalChannel;
  email?: string;
  begin_time?: string;
  end_time?: string;
}

export const useAdminWithdrawals = (query: object) =>
  useAdminList<AdminWithdrawal>(withdrawalsKey, '/business/withdrawal/list', query);

export type WithdrawalDecision =
  { id: number; action: 'approve'; tx_hash: string } | { id: number; action: 'reject'; reason: string };

/** Approves (with the transfer's hash) or rejects (with a reason) a processing withdrawal. */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, ...body }: WithdrawalDecision) =>
      (await api.post<AdminWithdrawal>(`/business/withdrawal/${id}/${action}`, body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
  });
}
