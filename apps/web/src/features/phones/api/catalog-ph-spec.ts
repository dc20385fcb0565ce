import { useQuery } from '@tanstack/react-query';
import type { PhoneSpecItem } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { phoneCatalogKey } from './phones-keys';

/** GET /ph/spec: the phone specs on sale in a region, with their monthly and hourly prices. */
export async function listPhoneSpecs(regionId: number | undefined): Promise<PhoneSpecItem[]> {
  const { data } = await api.get<PhoneSpecItem[]>(
    '/ph/spec',
    regionId === undefined ? {} : { region_id: regionId },
  );
  return data;
}

/** The specs of a region (nothing is asked before a region is chosen). */
export function usePhoneSpecs(regionId: number | undefined) {
  return useQuery({
    queryKey: [...phoneCatalogKey, 'specs', regionId],
    queryFn: () => listPhoneSpecs(regionId),
    enabled: regionId !== undefined,
    staleTime: 5 * 60_000,
  });
}
