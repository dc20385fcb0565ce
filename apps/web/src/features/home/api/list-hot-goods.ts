import { useQuery } from '@tanstack/react-query';
import type { HotGoods } from '@cloudbay/contracts';
import { api } from '../../../lib/request';

/** GET /hot_goods: featured products with their starting price. */
export async function listHotGoods(): Promise<HotGoods[]> {
  const { data } = await api.get<HotGoods[]>('/hot_goods');
  return data;
}

export function useHotGoods() {
  return useQuery({ queryKey: ['home', 'hot-goods'], queryFn: listHotGoods, staleTime: 5 * 60_000 });
}
