import { areaList, useStoredRegions } from '../../../lib/regions';
import { catalogKey } from './catalog-keys';

/** GET /describe_regions through the stored area list (spec §9 `areaList`). */
export function useDesktopRegions() {
  return useStoredRegions(areaList, [...catalogKey, 'regions']);
}
