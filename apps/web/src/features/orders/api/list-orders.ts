import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderPage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import type { OrderFilterQuery } from '../order-filter';

/** Every cached order answer lives under this key. */
export const ordersKey = ['orders'] as const;

export interface OrderListQuery extends OrderFilterQuery {
  page: number;
  limit: number;
}

/** GET /user/order: a page of the customer's orders, newest first. */
export async function listOrders(query: OrderListQuery): Promise<OrderPage> {
  const { data } = await api.get<OrderPage>('/user/order', { ...query });
  return data;
}

/** The order page's list; the previous page stays on screen while the next one loads. */
export function useOrders(query: OrderListQuery) {
  return useQuery({
    queryKey: [...ordersKey, 'list', query],
    queryFn: () => listOrders(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}
