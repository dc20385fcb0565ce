import { useQuery } from '@tanstack/react-query';
import type { Banner } from '@cloudbay/contracts';
import { api } from '../../../lib/request';

/** GET /banner: the carousel, in display order and the page's language. */
export async function listBanners(): Promise<Banner[]> {
  const { data } = await api.get<Banner[]>('/banner');
  return data;
}

export function useBanners() {
  return useQuery({ queryKey: ['home', 'banners'], queryFn: listBanners, staleTime: 5 * 60_000 });
}
