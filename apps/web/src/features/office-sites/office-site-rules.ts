/**
 * What the office network page may offer for a network (spec §4 Office network statuses, §5
 * Resources): the free default network is never released, re-sized or metered; a network acts
 * only once it is ready; bandwidth only grows, up to OFFICE_BANDWIDTH_MAX_MBPS, and only before the
 * network expires (after, it is renewed first). The server checks the same rules; these only keep
 * the console from offering what it would refuse, and say why.
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
  | 'expired'
  | 'maxBandwidth';

type SiteState = Pick<OfficeSite, 'status' | 'resource_status'>;
type SiteFacts = SiteState & Pick<OfficeSite, 'is_default' | 'bandwidth' | 'billing_method' | 'expire_time'>;

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

/** Its term has ended (`now` in ms): nothing is left to prorate an upgrade to. */
function isExpired(site: Pick<OfficeSite, 'expire_time'>, now: number): boolean {
  return site.expire_time !== null && Date.parse(site.expire_time) <= now;
}

const RULES: Record<OfficeSiteAction, (site: SiteFacts, now: number) => BlockReason | null> = {
  upgrade: (site, now) => {
    if (site.is_default) return 'defaultLocked';
    const state = stateBlock(site);
    if (state) return state;
    if (isExpired(site, now)) return 'expired';
    return site.bandwidth >= OFFICE_BANDWIDTH_MAX_MBPS ? 'maxBandwidth' : null;
  },
  release: (site) => (site.is_default ? 'defaultLocked' : stateBlock(site)),
  // A network being released still has its traffic so far; a released one (the server no longer
  // finds it) and one never made have none.
  traffic: (site) => {
    if (site.is_default) return 'freeNoTraffic';
    if (isFailed(site)) return 'failed';
    return site.status === 'creating' || site.status === 'released' ? site.status : null;
  },
  rename: stateBlock,
  autoRenew: (site) => {
    if (site.is_default) return 'freeNoRenewal';
    if (site.billing_method !== 'subscription') return 'paygNoRenewal';
    return stateBlock(site);
  },
};

/** Why `action` is not offered for `site` at `now` (ms), or null when it is. */
export function blockOf(site: SiteFacts, action: OfficeSiteAction, now = Date.now()): BlockReason | null {
  return RULES[action](site, now);
}

/** The bandwidths an upgrade may choose: above the current one, up to the maximum. */
export function upgradeRange(site: Pick<OfficeSite, 'bandwidth'>): { min: number; max: number } {
  return { min: site.bandwidth + 1, max: OFFICE_BANDWIDTH_MAX_MBPS };
}
