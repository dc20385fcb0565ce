/**
 * Elastic IPs and custom phone networks, zod-free (the web's pages read these; the schemas are in
 * network-eip.ts). Bandwidth ranges are catalog-constants.ts's.
 */
import {
  MAX_PURCHASE_QUANTITY,
  PHONE_NETWORK_EIP_BANDWIDTH_MAX_MBPS,
  PHONE_NETWORK_EIP_BANDWIDTH_MIN_MBPS,
} from './catalog-constants';

export const EIP_NAME_MAX = 64;
/** The most addresses one renewal takes. */
export const MAX_BATCH_EIPS = MAX_PURCHASE_QUANTITY;

/** What an EIP's row passes through: made, then unallocated or allocated, then released. */
export const EIP_VIEW_STATUSES = [
  'pending',
  'creating',
  'unallocated',
  'allocated',
  'releasing',
  'released',
] as const;
export type EipViewStatus = (typeof EIP_VIEW_STATUSES)[number];

/**
 * Where a subscription stands (spec §4 Expiry): `expiring` within the reminder's 3 days, `expired`
 * after the end (kept 2 days), `limited` once the sweep cut a bound address to 1 Mbps.
 */
export const EXPIRY_STATES = ['normal', 'expiring', 'expired', 'limited'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];

export const EIP_ACTIONS = ['bind', 'unbind', 'modify', 'renew', 'auto_renew'] as const;
export type EipAction = (typeof EIP_ACTIONS)[number];

export const PHONE_NETWORK_NAME_MAX = 64;
export const PHONE_NETWORK_STATUSES = ['pending', 'creating', 'available', 'deleted'] as const;
export const PHONE_NETWORK_ACTIONS = ['renew', 'add_ip', 'rename', 'auto_renew'] as const;
export type PhoneNetworkAction = (typeof PHONE_NETWORK_ACTIONS)[number];

/** Is `mbps` within a phone network's EIP range (5–200)? */
export const isPhoneNetworkEipBandwidth = (mbps: number) =>
  mbps >= PHONE_NETWORK_EIP_BANDWIDTH_MIN_MBPS && mbps <= PHONE_NETWORK_EIP_BANDWIDTH_MAX_MBPS;
