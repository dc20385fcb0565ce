import { phRegions, useStoredRegions } from '../../../lib/regions';
import { phoneCatalogKey } from './phones-keys';

/** GET /ph/regions through the stored list `phRegions` (spec §9). */
export function usePhoneRegions() {
  return useStoredRegions(phRegions, [...phoneCatalogKey, 'regions']);
}
