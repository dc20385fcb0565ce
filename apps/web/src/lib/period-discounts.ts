import { useQuery } from '@tanstack/react-query';
import type { PeriodDiscount } from '@cloudbay/contracts';
import { api } from './request';
import { getToken } from './storage';

/** GET /user/u_period_discount: the subscription periods on sale and their discounts (0.9 = 10 % off). */
export async function listPeriodDiscounts(): Promise<PeriodDiscount[]> {
  const { data } = await api.get<PeriodDiscount[]>('/user/u_period_discount');
  return data;
}

export function usePeriodDiscounts() {
  return useQuery({
    // Under the catalogue's key (['catalog']): the answers operators' edits change.
    queryKey: ['catalog', 'period-discounts'],
    queryFn: listPeriodDiscounts,
    staleTime: 5 * 60_000,
    enabled: getToken() !== null,
  });
}
