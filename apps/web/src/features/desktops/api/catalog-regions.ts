import { useQuery } from '@tanstack/react-query';
import type { Region } from '@cloudbay/contracts';
import { areaList } from '../../../lib/regions';
import { catalogKey } from './catalog-keys';

/**
 * GET /describe_regions through the stored area list (spec §9 `areaList`): the copy in local
 * storage shows at once, refreshed once per page load. Unlike the background load, a failure here
 * is an error state the page shows with a retry (which loads again: a failed load is not kept).
 */
export function useDesktopRegions() {
  const stored = areaList.get();
  return useQuery<readonly Region[]>({
    queryKey: [...catalogKey, 'regions'],
    queryFn: () => areaList.refresh(),
    placeholderData: stored.length ? stored : undefined,
    staleTime: Infinity,
  });
}
