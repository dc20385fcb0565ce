import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { ordersKey } from './list-orders';

/** GET /user/order/{id}: one order with its configuration, failure and wallet movements. */
export async function getOrder(id: number): Promise<OrderDetail> {
  const { data } = await api.get<OrderDetail>(`/user/order/${id}`);
  return data;
}

/** The detail drawer's order; nothing is fetched while no order is open. */
export function useOrder(id: number | undefined) {
  return useQuery({
    queryKey: [...ordersKey, 'detail', id],
    queryFn: () => getOrder(id!),
    enabled: id !== undefined && getToken() !== null,
  });
}
