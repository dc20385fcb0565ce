/**
 * Binding a proxy to a cloud phone, the same for a bought residential proxy and an own proxy: the
 * phone's `spec.proxy` names it (`{ source, id }`) and the engine's `set_proxy` action sets the
 * phone's proxy policy upstream (eds-aic NetRedirectPolicy). The password goes into the recorded
 * call sealed (actions.ts opens it only for the cloud), and the change of `spec.proxy` is undone
 * if the cloud refuses. A phone uses at most one proxy; a residential proxy serves one phone, an
 * own proxy any number.
 */
import { ErrorCode } from '@cloudbay/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { resources } from '../../../db/schema';
import { inTransaction, type Tx } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { sealSecret, secretKeyOf } from '../../../lib/secret-box';
import { isActionAllowed, recordAction, sendPendingCall, type ActionDeps } from '../../provisioning/actions';
import { findResourceOfUser, type ResourceRow } from '../../provisioning/repo';
import type { ProxyEndpoint } from './proxy-check';

export type ProxySource = 'residential' | 'own';

/**
 * What a phone's `spec.proxy` holds: a bound proxy, or (source `proxy_set`, the phone's own id)
 * the configuration of its proxy set that the cloud was given, with its type, host and port.
 */
export interface ProxyRef {
  source: ProxySource | 'proxy_set';
  id: string;
}

const PROXY_REF_ID = sql<string>`${resources.spec} -> 'proxy' ->> 'id'`;
const PROXY_REF_SOURCE = sql<string>`${resources.spec} -> 'proxy' ->> 'source'`;

export function proxyRefOf(phone: Pick<ResourceRow, 'spec'>): ProxyRef | null {
  const ref = phone.spec.proxy as ProxyRef | null | undefined;
  return ref && typeof ref.id === 'string' ? ref : null;
}

/** The live phones bound to each of the proxies (by public id), oldest phone first. */
export async function phonesBoundTo(
  db: Db,
  userId: number,
  source: ProxySource,
  proxyIds: readonly string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const bound = new Map<string, { id: string; name: string }[]>();
  if (proxyIds.length === 0) return bound;
  const rows = await db
    .select({ proxyId: PROXY_REF_ID, id: resources.resourceId, name: resources.name })
    .from(resources)
    .where(
      and(
        eq(resources.userId, userId),
        eq(resources.kind, 'phone'),
        isNull(resources.deletedAt),
        eq(PROXY_REF_SOURCE, source),
        inArray(PROXY_REF_ID, [...proxyIds]),
      ),
    )
    .orderBy(resources.id);
  for (const row of rows)
    bound.set(row.proxyId, [...(bound.get(row.proxyId) ?? []), { id: row.id, name: row.name }]);
  return bound;
}

async function phoneOfUserLocked(tx: Tx, userId: number, phoneId: string): Promise<ResourceRow> {
  const phone = await findResourceOfUser(tx.db, userId, 'phone', phoneId, { lock: 'update' });
  if (!phone) throw new AppError('not_found', ErrorCode.PHONE_NOT_FOUND);
  return phone;
}

const sameRef = (a: ProxyRef | null, b: ProxyRef) => a?.source === b.source && a.id === b.id;

/**
 * Binds the proxy to one of the caller's phones. `lockProxy` runs first in the transaction: it
 * locks the proxy's row (so a release or a second bind waits) and answers its endpoint, or
 * throws (404, not ready, bound elsewhere). The phone must be running or stopped with no call in
 * flight (the engine's 409 otherwise) and use no other proxy (409 PHONE_PROXY_BOUND).
 */
export async function bindProxy(
  deps: ActionDeps,
  userId: number,
  phoneId: string,
  ref: ProxyRef,
  lockProxy: (tx: Tx) => Promise<ProxyEndpoint>,
): Promise<ResourceRow> {
  const recorded = await inTransaction(deps.database.pool, async (tx) => {
    const endpoint = await lockProxy(tx);
    const phone = await phoneOfUserLocked(tx, userId, phoneId);
    const current = proxyRefOf(phone);
    if (sameRef(current, ref)) return phone;
    if (current) throw new AppError('conflict', ErrorCode.PHONE_PROXY_BOUND);
    const key = secretKeyOf(deps.config.PROXY_SECRET_KEY);
    const { password, ...rest } = endpoint;
    const proxy = { ...rest, passwordSealed: password === '' ? '' : sealSecret(password, key) };
    return recordAction(tx, deps, phone, 'set_proxy', {
      params: { proxy },
      change: { spec: { proxy: ref } },
    });
  });
  return sendPendingCall(deps, recorded);
}

/** Takes the proxy off one of the caller's phones (409 PROXY_NOT_BOUND when it is not on it). */
export async function unbindProxy(
  deps: ActionDeps,
  userId: number,
  phoneId: string,
  ref: ProxyRef,
): Promise<ResourceRow> {
  const recorded = await inTransaction(deps.database.pool, async (tx) => {
    const phone = await phoneOfUserLocked(tx, userId, phoneId);
    if (!sameRef(proxyRefOf(phone), ref)) throw new AppError('conflict', ErrorCode.PROXY_NOT_BOUND);
    return recordAction(tx, deps, phone, 'set_proxy', {
      params: { proxy: null },
      change: { spec: { proxy: null } },
    });
  });
  return sendPendingCall(deps, recorded);
}

/**
 * Records taking the proxy off every phone using it, inside the caller's transaction (a release's:
 * network/deletion.ts); answers the phones whose calls are to be sent. A phone that cannot change
 * now (a call in flight, busy) throws the engine's 409 and so fails the whole transaction.
 */
export async function recordUnbindEverywhere(
  tx: Tx,
  deps: ActionDeps,
  userId: number,
  ref: { source: ProxySource; id: string },
): Promise<ResourceRow[]> {
  const bound = await phonesBoundTo(tx.db, userId, ref.source, [ref.id]);
  const recorded: ResourceRow[] = [];
  for (const phone of bound.get(ref.id) ?? []) {
    const row = await phoneOfUserLocked(tx, userId, phone.id);
    recorded.push(
      await recordAction(tx, deps, row, 'set_proxy', {
        params: { proxy: null },
        change: { spec: { proxy: null } },
      }),
    );
  }
  return recorded;
}

/** A proxy set configuration as the cloud is given it (the password as sealed at rest). */
export interface ProxySetEndpoint {
  type: 'socks5' | 'http';
  ip: string;
  tcp_port: number;
  username: string;
  /** Sealed (lib/secret-box.ts), or '' for none. */
  password: string;
}

/**
 * Records giving the phone its proxy set's first enabled configuration, inside the caller's
 * transaction (the set's save): the engine's `set_proxy`, as a bind does. It replaces a bound
 * residential or own proxy (saving the set is the later, explicit choice; the page warns first).
 * With no configuration enabled, a configuration of the set the phone has is taken off (direct
 * again) and a bound proxy stays. Answers the recorded row, or null when nothing changes — also
 * when the phone cannot take a policy now (not running or stopped, or busy): the set is saved all
 * the same and the answer's `applied` says what the phone really has.
 */
export async function recordProxySetOnPhone(
  tx: Tx,
  deps: ActionDeps,
  userId: number,
  phoneId: string,
  config: ProxySetEndpoint | undefined,
): Promise<ResourceRow | null> {
  const phone = await phoneOfUserLocked(tx, userId, phoneId);
  if (!isActionAllowed(phone, 'set_proxy')) return null;
  if (!config) {
    if (proxyRefOf(phone)?.source !== 'proxy_set') return null;
    return recordAction(tx, deps, phone, 'set_proxy', {
      params: { proxy: null },
      change: { spec: { proxy: null } },
    });
  }
  const endpoint = {
    protocol: config.type,
    host: config.ip,
    port: config.tcp_port,
    username: config.username,
  };
  const ref = {
    source: 'proxy_set',
    id: phone.resourceId,
    type: config.type,
    host: config.ip,
    port: config.tcp_port,
  };
  return recordAction(tx, deps, phone, 'set_proxy', {
    params: { proxy: { ...endpoint, passwordSealed: config.password } },
    change: { spec: { proxy: ref } },
  });
}
