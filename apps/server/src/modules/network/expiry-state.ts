/**
 * Where a subscription of the cloud network stands for the lists (spec §4 Expiry): the reminder
 * window of the expiry sweep, the grace after the end, and an EIP the sweep limited to 1 Mbps.
 */
import type { ExpiryState } from '@cloudbay/contracts';
import { EIP_LIMITED_FOR, EXPIRY_NOTICE_DAYS } from '../billing/lifecycle';
import type { ResourceRow } from '../provisioning/repo';

const DAY_MS = 86_400_000;

/** The sweep limited the address for this very expiry (a renewed one may carry an older mark). */
function limitedFor(row: Pick<ResourceRow, 'expiresAt' | 'attributes'>): boolean {
  const mark = row.attributes[EIP_LIMITED_FOR];
  return typeof mark === 'string' && new Date(mark).getTime() === row.expiresAt?.getTime();
}

export function expiryStateOf(row: Pick<ResourceRow, 'expiresAt' | 'attributes'>, now: Date): ExpiryState {
  if (row.expiresAt === null) return 'normal';
  if (row.expiresAt <= now) return limitedFor(row) ? 'limited' : 'expired';
  return row.expiresAt.getTime() - now.getTime() <= EXPIRY_NOTICE_DAYS * DAY_MS ? 'expiring' : 'normal';
}
