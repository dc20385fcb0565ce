import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TopupRecord } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import type { TopupFilterQuery } from '../topup-filter';
import { walletKey } from './wallet-keys';

export interface TopupQuery extends TopupFilterQuery {
  page: number;
  limit: number;
}

/** A page of GET /orders (`topupPageSchema`). */
export interface TopupPage {
  list: TopupRecord[];
  total: number;
  page: number;
  limit: number;
}

/** GET /orders: a page of the user's top-up records, newest first. */
export async function listTopups(query: TopupQuery): Promise<TopupPage> {
  const { data } = await api.get<TopupPage>('/orders', { ...query });
  return data;
}

/** The records page's list; the previous page stays on screen while the next one loads. */
export function useTopups(query: TopupQuery) {
  return useQuery({
    queryKey: [...walletKey, 'topups', query],
    queryFn: () => listTopups(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}
