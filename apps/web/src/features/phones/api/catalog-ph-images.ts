import { useQuery } from '@tanstack/react-query';
import type { PhoneImage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { phoneCatalogKey } from './phones-keys';

/** GET /user/ph/ph_image: the Android images (versions) phones are sold with. */
export async function listPhoneImages(): Promise<PhoneImage[]> {
  const { data } = await api.get<PhoneImage[]>('/user/ph/ph_image');
  return data;
}

export function usePhoneImages() {
  return useQuery({
    queryKey: [...phoneCatalogKey, 'images'],
    queryFn: listPhoneImages,
    staleTime: 5 * 60_000,
    enabled: getToken() !== null,
  });
}
