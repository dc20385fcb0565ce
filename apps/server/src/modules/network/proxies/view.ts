/**
 * Proxies as the console shows them (contracts `residentialProxySchema`, `ownProxySchema`): a
 * residential proxy from its resource row (what the cloud reported is kept in `attributes`), an
 * own proxy from its row. Neither ever carries a password.
 */
import type { BoundPhone, OwnProxy, ProxyProtocol, ResidentialProxy } from '@cloudbay/contracts';
import type { ownProxies } from '../../../db/schema';
import { renewalOffered } from '../../billing/renewal';
import { pendingCall } from '../../provisioning/actions';
import type { ResourceRow } from '../../provisioning/repo';

export type OwnProxyRow = typeof ownProxies.$inferSelect;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const integer = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** A made, available residential proxy with no call in flight. */
export const residentialReady = (row: ResourceRow): boolean =>
  row.resourceStatus === 'created' &&
  row.instanceId !== null &&
  row.deletedAt === null &&
  row.status === 'available' &&
  pendingCall(row) === undefined;

export function residentialActions(row: ResourceRow, bound: BoundPhone | null): string[] {
  const ready = residentialReady(row);
  return [
    ...(ready && bound === null ? ['bind'] : []),
    ...(bound === null ? [] : ['unbind']),
    ...(renewalOffered(row, 'renew') ? ['renew'] : []),
    ...(renewalOffered(row, 'auto_renew') ? ['auto_renew'] : []),
    ...(ready ? ['check', 'credentials', 'release'] : []),
  ];
}

export function toResidentialProxy(row: ResourceRow, bound: BoundPhone | null): ResidentialProxy {
  const { spec, attributes } = row;
  return {
    id: row.resourceId,
    name: row.name,
    status: row.status,
    resource_status: row.resourceStatus,
    country: text(attributes.country),
    city: text(attributes.city),
    isp: text(attributes.isp),
    protocol: (text(attributes.protocol) ?? text(spec.protocol) ?? 'socks5') as ProxyProtocol,
    address: text(attributes.address),
    port: integer(attributes.port),
    expires_at: row.expiresAt?.toISOString() ?? null,
    auto_renew: row.autoRenew,
    bound_phone: bound,
    latency_ms: integer(attributes.latencyMs),
    checked_at: text(attributes.checkedAt),
    created_at: row.createdAt.toISOString(),
    actions: residentialActions(row, bound),
  };
}

export function toOwnProxy(row: OwnProxyRow, bound: BoundPhone[]): OwnProxy {
  return {
    id: row.proxyId,
    protocol: row.protocol as ProxyProtocol,
    host: row.host,
    port: row.port,
    username: row.username,
    has_password: row.passwordSealed !== '',
    remark: row.remark,
    check_status: row.checkStatus as OwnProxy['check_status'],
    check_error: row.checkError,
    latency_ms: row.latencyMs,
    checked_at: row.checkedAt?.toISOString() ?? null,
    bound_phones: bound,
    created_at: row.createdAt.toISOString(),
  };
}
