/** The customer's referral rebate calls (issue 22): summary, paged lists, withdrawal. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReferralInvitee,
  ReferralReward,
  ReferralSummary,
  Withdrawal,
  WithdrawalBody,
} from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { currentUserKey } from '../../../lib/session';
import { getToken } from '../../../lib/storage';

export const referralKey = ['referral'] as const;

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** GET /user/referral: invite code and link, the reward percentage and the earnings. */
export function useReferralSummary() {
  return useQuery({
    queryKey: [...referralKey, 'summary'],
    queryFn: async () => (await api.get<ReferralSummary>('/user/referral')).data,
    enabled: getToken() !== null,
  });
}

export interface ReferralLists {
  invitees: ReferralInvitee;
  rewards: ReferralReward;
  withdrawals: Withdrawal;
}

/** One page of `/user/referral/{what}`, newest first; the previous page stays while the next loads. */
export function useReferralList<K extends keyof ReferralLists>(
  what: K,
  page: { page: number; limit: number },
) {
  return useQuery({
    queryKey: [...referralKey, what, page],
    queryFn: async () => (await api.get<Paged<ReferralLists[K]>>(`/user/referral/${what}`, { ...page })).data,
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}

/** POST /user/referral/withdrawal with the intent's Idempotency-Key; refreshes the figures and lists. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, body }: { key: string; body: WithdrawalBody }) =>
      (await api.post<Withdrawal>('/user/referral/withdrawal', body, { headers: { 'Idempotency-Key': key } }))
        .data,
    // A withdrawal to the balance changes the balance the header shows.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referralKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
