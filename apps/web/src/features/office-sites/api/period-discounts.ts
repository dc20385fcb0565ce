import { useQuery } from '@tanstack/react-query';
import type { PeriodDiscount } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

/** GET /user/u_period_discount: the subscription periods on sale and their discounts. */
export async function listPeriodDiscounts(): Promise<PeriodDiscount[]> {
  const { data } = await api.get<PeriodDiscount[]>('/user/u_period_discount');
  return data;
}

/** The periods offered, shortest first, once `enabled`; they change only when an operator edits them. */
export function usePeriodDiscounts(enabled = true) {
  return useQuery({
    queryKey: ['period-discounts'],
    queryFn: listPeriodDiscounts,
    select: (periods) => [...periods].sort((a, b) => a.period - b.period),
    staleTime: 5 * 60_000,
    enabled: enabled && getToken() !== null,
  });
}
