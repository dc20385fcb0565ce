import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderProductType, ResourceOrderPage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { ordersKey } from './list-orders';

export interface ResourceOrderQuery {
  resource_type: OrderProductType;
  resource_id: string;
  page: number;
  limit: number;
}

/** GET /user/resource_order: a page of one resource's orders and refunds, newest first. */
export async function listResourceOrders(query: ResourceOrderQuery): Promise<ResourceOrderPage> {
  const { data } = await api.get<ResourceOrderPage>('/user/resource_order', { ...query });
  return data;
}

/** A resource's order history; the previous page stays on screen while the next one loads. */
export function useResourceOrders(query: ResourceOrderQuery) {
  return useQuery({
    queryKey: [...ordersKey, 'resource', query],
    queryFn: () => listResourceOrders(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}
