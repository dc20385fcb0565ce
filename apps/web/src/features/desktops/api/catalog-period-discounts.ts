import { useQuery } from '@tanstack/react-query';
import type { PeriodDiscount } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { catalogKey } from './catalog-keys';

/** GET /user/u_period_discount: the subscription periods on sale and their discounts (0.9 = 10 % off). */
export async function listPeriodDiscounts(): Promise<PeriodDiscount[]> {
  const { data } = await api.get<PeriodDiscount[]>('/user/u_period_discount');
  return data;
}

export function usePeriodDiscounts() {
  return useQuery({
    queryKey: [...catalogKey, 'period-discounts'],
    queryFn: listPeriodDiscounts,
    staleTime: 5 * 60_000,
    enabled: getToken() !== null,
  });
}
