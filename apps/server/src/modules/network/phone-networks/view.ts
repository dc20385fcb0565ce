/**
 * A custom phone network as the console shows it (contracts `phoneNetworkSchema`, spec §3 Custom
 * phone network): its quota and what it may still take — addresses (quota − live EIPs in it) and
 * phones (its addresses with no phone behind them).
 */
import { PHONE_NETWORK_ACTIONS, type PhoneNetwork, type PhoneNetworkAction } from '@cloudbay/contracts';
import { renewalOffered } from '../../billing/renewal';
import { isActionAllowed } from '../../provisioning/actions';
import { LIVE_RESOURCE_STATUSES, type ResourceRow } from '../../provisioning/repo';
import { expiryStateOf } from '../expiry-state';

/** Live addresses in a network, and how many of them front a phone. */
export interface NetworkUse {
  eips: number;
  bound: number;
}

function allowed(row: ResourceRow, action: PhoneNetworkAction, remainingIps: number, now: Date): boolean {
  if (action === 'renew' || action === 'auto_renew') return renewalOffered(row, action);
  if (action === 'rename') return isActionAllowed(row, 'rename');
  // Addresses go into a live network with room, while its subscription runs.
  return (
    (LIVE_RESOURCE_STATUSES as readonly string[]).includes(row.resourceStatus) &&
    row.deletedAt === null &&
    remainingIps > 0 &&
    (row.expiresAt === null || row.expiresAt > now)
  );
}

export function toPhoneNetwork(row: ResourceRow, use: NetworkUse, now: Date): PhoneNetwork {
  const quota = Number(row.spec.ipQuota);
  const remainingIps = Math.max(0, quota - use.eips);
  return {
    u_network_id: row.resourceId,
    name: row.name,
    status: row.status as PhoneNetwork['status'],
    region_id: row.regionId,
    quota,
    eip_count: use.eips,
    bound_count: use.bound,
    remaining_ips: remainingIps,
    remaining_phones: Math.max(0, use.eips - use.bound),
    billing_method: row.billingMethod as PhoneNetwork['billing_method'],
    expired_at: row.expiresAt?.toISOString() ?? null,
    expiry_state: expiryStateOf(row, now),
    auto_renew: row.autoRenew,
    created_at: row.createdAt.toISOString(),
    actions: PHONE_NETWORK_ACTIONS.filter((action) => allowed(row, action, remainingIps, now)),
  };
}
