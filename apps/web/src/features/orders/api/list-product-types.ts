import { useQuery } from '@tanstack/react-query';
import type { ProductTypeOption } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { ordersKey } from './list-orders';

/** GET /user/order/product_type: what an order can buy, labelled in the caller's language. */
export async function listProductTypes(): Promise<ProductTypeOption[]> {
  const { data } = await api.get<ProductTypeOption[]>('/user/order/product_type');
  return data;
}

/** The product types for the search form; the language only changes through a reload, so they never go stale. */
export function useProductTypes() {
  return useQuery({
    queryKey: [...ordersKey, 'product-types'],
    queryFn: listProductTypes,
    staleTime: Infinity,
    enabled: getToken() !== null,
  });
}
