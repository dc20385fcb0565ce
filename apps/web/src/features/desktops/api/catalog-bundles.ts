import { useQuery } from '@tanstack/react-query';
import type { Bundle, BundleType } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { catalogKey } from './catalog-keys';

/** GET /bundles_type: the bundle families (general, performance, graphics) in the caller's language. */
export async function listBundleTypes(): Promise<BundleType[]> {
  const { data } = await api.get<BundleType[]>('/bundles_type');
  return data;
}

/** GET /describe_bundles?region_id=: the bundles on sale with their prices in the region. */
export async function listBundles(regionId: number): Promise<Bundle[]> {
  const { data } = await api.get<Bundle[]>('/describe_bundles', { region_id: regionId });
  return data;
}

/** The families; the language only changes through a reload, so they never go stale. */
export function useBundleTypes() {
  return useQuery({
    queryKey: [...catalogKey, 'bundle-types'],
    queryFn: listBundleTypes,
    staleTime: Infinity,
  });
}

/** The region's bundles (prices carry the region's factor); nothing is asked before a region is chosen. */
export function useBundles(regionId: number | undefined) {
  return useQuery({
    queryKey: [...catalogKey, 'bundles', regionId],
    queryFn: () => listBundles(regionId!),
    enabled: regionId !== undefined,
    staleTime: 60_000,
  });
}
