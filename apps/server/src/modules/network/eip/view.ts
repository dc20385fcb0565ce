/**
 * An elastic IP as the console shows it (contracts `eipSchema`, spec §3 IP or EIP): what was
 * bought or changed (`resources.spec`: name, bandwidth, network, the phone it is bound to by the
 * console's id), what the cloud reported (`attributes`: the address), and what its state and
 * money rules allow now.
 */
import type { Eip, EipAction, EipViewStatus } from '@cloudbay/contracts';
import { EIP_ACTIONS } from '@cloudbay/contracts';
import { renewalOffered } from '../../billing/renewal';
import { isActionAllowed } from '../../provisioning/actions';
import type { ResourceRow } from '../../provisioning/repo';
import { expiryStateOf } from '../expiry-state';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The phone an EIP row names as bound (the console's id), while the address is allocated. */
export const boundPhoneOf = (row: ResourceRow): string | null =>
  row.status === 'allocated' ? text(row.spec.boundPhoneId) : null;

export function eipActionAllowed(row: ResourceRow, action: EipAction, now: Date): boolean {
  switch (action) {
    case 'renew':
    case 'auto_renew':
      return renewalOffered(row, action);
    // A bandwidth change needs a bound address (spec §4) and a subscription still running (the
    // sweep's 1 Mbps limit is not lifted by it); the name is the console's own.
    case 'modify':
      return isActionAllowed(row, 'modify_bandwidth') && (row.expiresAt === null || row.expiresAt > now);
    default:
      return isActionAllowed(row, action);
  }
}

export function toEip(row: ResourceRow, phoneNames: ReadonlyMap<string, string>, now: Date): Eip {
  const bound = boundPhoneOf(row);
  return {
    eip_id: row.resourceId,
    name: row.name,
    address: text(row.attributes.address),
    // `creating` until created: the engine writes `unallocated` only with the creation (READY_STATUSES).
    status: row.status as EipViewStatus,
    bandwidth: typeof row.spec.bandwidthMbps === 'number' ? row.spec.bandwidthMbps : 0,
    bound_instance: bound,
    bound_instance_name: bound === null ? null : (phoneNames.get(bound) ?? null),
    u_network_id: text(row.spec.networkId),
    region_id: row.regionId,
    billing_method: row.billingMethod as Eip['billing_method'],
    expired_at: row.expiresAt?.toISOString() ?? null,
    expiry_state: expiryStateOf(row, now),
    auto_renew: row.autoRenew,
    created_at: row.createdAt.toISOString(),
    actions: EIP_ACTIONS.filter((action) => eipActionAllowed(row, action, now)),
  };
}
