import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BillPage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import type { BillFilterQuery } from '../bill-filter';

/** Every cached bill answer lives under this key. */
export const billsKey = ['bills'] as const;

export interface BillListQuery extends BillFilterQuery {
  page: number;
  limit: number;
}

/** GET /user/user_transactions: a page of the customer's bills, newest first. */
export async function listBills(query: BillListQuery): Promise<BillPage> {
  const { data } = await api.get<BillPage>('/user/user_transactions', { ...query });
  return data;
}

/** The bill page's list; the previous page stays on screen while the next one loads. */
export function useBills(query: BillListQuery) {
  return useQuery({
    queryKey: [...billsKey, 'list', query],
    queryFn: () => listBills(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}
