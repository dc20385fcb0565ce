/** Names for the ids a desktop carries: its region, office network and policy. */
import { regionName, useAreaList } from '../../../lib/regions';
import { useOfficeSites } from '../api/desktops-migrate';
import { usePolicies } from '../api/desktops-policy';

export interface DesktopLookups {
  regionLabel: (id: number | null) => string | null;
  officeSiteLabel: (id: string | null) => string | null;
  policyLabel: (id: string | null) => string | null;
}

/** Each id's name once its list has arrived; the id itself until then (or if it is not listed). */
export function useDesktopLookups(): DesktopLookups {
  const regions = useAreaList();
  const sites = useOfficeSites();
  const policies = usePolicies();
  return {
    regionLabel: (id) => {
      if (id === null) return null;
      const region = regions.find((candidate) => candidate.id === id);
      return region ? regionName(region) : `#${id}`;
    },
    officeSiteLabel: (id) =>
      id === null ? null : (sites.data?.find((site) => site.office_site_id === id)?.name ?? id),
    policyLabel: (id) =>
      id === null ? null : (policies.data?.find((policy) => policy.policy_id === id)?.name ?? id),
  };
}
