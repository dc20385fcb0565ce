/**
 * What the office network page may offer for a network (spec §4 Office network statuses, §5
 * Resources): the free default network is never released, re-sized or metered; a network acts
 * only once it is ready; bandwidth only grows, up to OFFICE_BANDWIDTH_MAX_MBPS. The server checks
 * the same rules; these only keep the console from offering what it would refuse, and say why.
 */
import type { OfficeSite } from '@cloudbay/contracts';
import { OFFICE_BANDWIDTH_MAX_MBPS } from '@cloudbay/contracts/core';

/** How often a list holding a network being made or released is asked again. */
export const LIVE_REFRESH_MS = 3_000;

export type OfficeSiteAction = 'upgrade' | 'release' | 'traffic' | 'rename' | 'autoRenew';

/** Why an action is not offered; each has its tooltip text (`block.<reason>`). */
export type BlockReason =
  | 'defaultLocked'
  | 'freeNoTraffic'
  | 'freeNoRenewal'
  | 'paygNoRenewal'
  | 'creating'
  | 'releasing'
  | 'released'
  | 'failed'
  | 'maxBandwidth';

type SiteState = Pick<OfficeSite, 'status' | 'resource_status'>;
type SiteFacts = SiteState & Pick<OfficeSite, 'is_default' | 'bandwidth' | 'billing_method'>;

/** Its creation failed (and was refunded): nothing can be done with it. */
export function isFailed(site: Pick<OfficeSite, 'resource_status'>): boolean {
  return site.resource_status === 'creation_failed' || site.resource_status === 'refunded';
}

/** Being made or released: its status changes without the user, so the list follows it. */
export function isSettling(site: SiteState): boolean {
  if (isFailed(site)) return false;
  return site.status === 'creating' || site.status === 'releasing';
}

/** Why a network that is not ready (or gone) takes no action, or null when it is ready. */
function stateBlock(site: SiteState): BlockReason | null {
  if (isFailed(site)) return 'failed';
  if (site.status === 'normal') return null;
  return site.status;
}

const RULES: Record<OfficeSiteAction, (site: SiteFacts) => BlockReason | null> = {
  upgrade: (site) => {
    if (site.is_default) return 'defaultLocked';
    const state = stateBlock(site);
    if (state) return state;
    return site.bandwidth >= OFFICE_BANDWIDTH_MAX_MBPS ? 'maxBandwidth' : null;
  },
  release: (site) => (site.is_default ? 'defaultLocked' : stateBlock(site)),
  // A released network's past traffic can still be read; one never made has none.
  traffic: (site) => {
    if (site.is_default) return 'freeNoTraffic';
    if (isFailed(site)) return 'failed';
    return site.status === 'creating' ? 'creating' : null;
  },
  rename: stateBlock,
  autoRenew: (site) => {
    if (site.is_default) return 'freeNoRenewal';
    if (site.billing_method !== 'subscription') return 'paygNoRenewal';
    return stateBlock(site);
  },
};

/** Why `action` is not offered for `site`, or null when it is. */
export function blockOf(site: SiteFacts, action: OfficeSiteAction): BlockReason | null {
  return RULES[action](site);
}

/** The bandwidths an upgrade may choose: above the current one, up to the maximum. */
export function upgradeRange(site: Pick<OfficeSite, 'bandwidth'>): { min: number; max: number } {
  return { min: site.bandwidth + 1, max: OFFICE_BANDWIDTH_MAX_MBPS };
}
