/**
 * The customer's elastic IPs (spec §3 IP or EIP, §4 IP rules and Expiry, §7 Cloud phone EIP):
 * purchase through the engine's `buyResources`, the list, binding to a phone and unbinding
 * through `requestAction` (the engine's EIP state machine: bind only unallocated, unbind only
 * allocated, bandwidth only allocated), a bandwidth change through billing's `changeSpec`
 * (prorated) and renewals of one region at a time through billing's renewal. Expiry is the
 * lifecycle sweep's.
 */
import {
  ErrorCode,
  type Eip,
  type EipBindBody,
  type EipPage,
  type EipPurchase,
  type EipRenewBody,
  type eipListQuery,
  type eipUpdateBody,
  type ModifySpecQuote,
  type NetworkFlow,
  type PriceQuote,
} from '@cloudbay/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CoreDeps } from '../../../app-deps';
import { concurrently } from '../../../db/concurrently';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { resources } from '../../../db/schema';
import { inTransaction, type Tx } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import {
  quoteRenewalOf,
  renewInTransaction,
  renewUpstreamOf,
  setAutoRenew,
  type Renewal,
} from '../../billing/renewal';
import { changeSpec, type SpecChange, type SpecPlan } from '../../billing/spec-change';
import { quoteEipBandwidthModification, quoteEipPurchase } from '../../catalog/network-quotes';
import { assertPhoneNetworkEipBandwidth } from '../../catalog/pricing';
import { toModifySpecQuote, toPriceQuote } from '../../catalog/service';
import { pricedNetworkFlow } from '../../desktops/metrics';
import { findOrderByNo } from '../../orders/repo';
import { orderNoFor, type OrderRow } from '../../orders/service';
import { recordAction, requestAction, sendPendingCall, type ActionDeps } from '../../provisioning/actions';
import {
  LIVE_RESOURCE_STATUSES,
  findListPage,
  findLiveBy,
  findResourceOfUser,
  findResourcesOfUser,
  listCriteriaOf,
  lockResource,
  updateResource,
  type ResourceRow,
} from '../../provisioning/repo';
import { buyResources, type PurchaseDeps } from '../../provisioning/service';
import { boundPhoneOf, toEip } from './view';

export type EipListFilter = z.output<typeof eipListQuery>;

/** The spec keys an EIP row names its network and its phone by (the console's public ids). */
export const EIP_NETWORK = sql`${resources.spec} ->> 'networkId'`;
const EIP_PHONE = sql`${resources.spec} ->> 'boundPhoneId'`;

// ---------------------------------------------------------------------------------------------
// Reading

/** One of the caller's EIPs; another customer's (or a released one) answers 404 EIP_NOT_FOUND. */
export async function eipOfUser(db: Db, userId: number, eipId: string): Promise<ResourceRow> {
  const row = await findResourceOfUser(db, userId, 'eip', eipId);
  if (!row) throw new AppError('not_found', ErrorCode.EIP_NOT_FOUND);
  return row;
}

/** The names of the phones `rows` are bound to, in one query. */
async function boundPhoneNames(db: Db, userId: number, rows: ResourceRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map(boundPhoneOf).filter((id): id is string => id !== null))];
  const phones = await findResourcesOfUser(db, userId, 'phone', ids);
  return new Map(phones.map((phone) => [phone.resourceId, phone.name]));
}

/** EIP rows as the console shows them. */
export async function toEips(deps: Pick<CoreDeps, 'clock'>, db: Db, userId: number, rows: ResourceRow[]) {
  const names = await boundPhoneNames(db, userId, rows);
  const now = deps.clock.now();
  return rows.map((row) => toEip(row, names, now));
}

export async function describeEip(deps: CoreDeps, userId: number, row: ResourceRow): Promise<Eip> {
  return (await toEips(deps, deps.database.db, userId, [row]))[0]!;
}

/** GET /user/ph/eip: the caller's live EIPs, filtered and paged in SQL, newest first. */
export async function listEips(deps: CoreDeps, userId: number, query: EipListFilter): Promise<EipPage> {
  const { db } = deps.database;
  const criteria = listCriteriaOf(userId, 'eip', query);
  criteria.extra = and(
    query.address === undefined
      ? undefined
      : sql`${resources.attributes} ->> 'address' ilike ${containsPattern(query.address)}`,
    query.u_network_id === undefined ? undefined : eq(EIP_NETWORK, query.u_network_id),
  );
  const { rows, total } = await findListPage(db, criteria, query);
  return { list: await toEips(deps, db, userId, rows), total, page: query.page, limit: query.limit };
}

/** The live EIPs of a customer in these networks, or bound (or being bound) to these phones. */
export function findLiveEipsBy(db: Db, userId: number, by: 'network' | 'phone', values: readonly string[]) {
  return findLiveBy(db, userId, 'eip', by === 'network' ? EIP_NETWORK : EIP_PHONE, values);
}

// ---------------------------------------------------------------------------------------------
// Purchase

/** GET /user/ph/eip/price: what POST /user/ph/eip charges (the catalogue's quote). */
export async function eipPrice(
  db: Db,
  userId: number,
  query: { region_id: number; bandwidth: number; period: number; quantity: number; u_network_id?: string },
): Promise<PriceQuote> {
  if (query.u_network_id !== undefined) await networkForEips(db, userId, query.u_network_id, query.region_id);
  const quote = await quoteEipPurchase(db, {
    regionId: query.region_id,
    bandwidthMbps: query.bandwidth,
    period: query.period,
    quantity: query.quantity,
    inNetwork: query.u_network_id !== undefined,
  });
  return toPriceQuote(quote);
}

/**
 * A phone network the caller's new EIPs go into: theirs (404 PHONE_NETWORK_NOT_FOUND), live, of
 * the purchase's region (422 EIP_REGION_MISMATCH). With `lock` its row is locked until the
 * purchase commits, so two purchases into one network count each other against its quota.
 */
async function networkForEips(db: Db, userId: number, networkId: string, regionId: number, lock = false) {
  const network = await findResourceOfUser(
    db,
    userId,
    'phone_network',
    networkId,
    lock ? { lock: 'update' } : {},
  );
  if (!network || !(LIVE_RESOURCE_STATUSES as readonly string[]).includes(network.resourceStatus)) {
    throw new AppError('not_found', ErrorCode.PHONE_NETWORK_NOT_FOUND);
  }
  if (network.regionId !== regionId) throw new AppError('business_rule', ErrorCode.EIP_REGION_MISMATCH);
  return network;
}

/** The network's quota holds `adding` more addresses, or 422 PHONE_NETWORK_QUOTA_FULL. */
async function assertNetworkRoom(db: Db, network: ResourceRow, adding: number) {
  const quota = Number(network.spec.ipQuota);
  const used = (await findLiveEipsBy(db, network.userId, 'network', [network.resourceId])).length;
  if (used + adding > quota) {
    throw new AppError('business_rule', ErrorCode.PHONE_NETWORK_QUOTA_FULL, {
      quota,
      remaining: quota - used,
    });
  }
}

/**
 * POST /user/ph/eip: one transaction quotes (the /price figure), checks the network's quota when
 * bought into one, and buys through `buyResources` (order, charge, `quantity` EIPs, their creation
 * jobs). The same key answers the first purchase without checking the quota again.
 */
export async function purchaseEips(
  deps: PurchaseDeps,
  userId: number,
  request: EipPurchase,
  idempotencyKey: string,
): Promise<{ order: OrderRow; resources: ResourceRow[]; replayed: boolean }> {
  return inTransaction(deps.database.pool, async (tx) => {
    const networkId = request.u_network_id;
    if (networkId !== undefined) {
      const network = await networkForEips(tx.db, userId, networkId, request.region_id, true);
      assertPhoneNetworkEipBandwidth(request.bandwidth);
      const replay = await findOrderByNo(tx.db, orderNoFor(userId, idempotencyKey));
      if (!replay) await assertNetworkRoom(tx.db, network, request.quantity);
    }
    const quote = await quoteEipPurchase(tx.db, {
      regionId: request.region_id,
      bandwidthMbps: request.bandwidth,
      period: request.period,
      quantity: request.quantity,
      inNetwork: networkId !== undefined,
    });
    return buyResources(tx, deps, {
      kind: 'eip',
      userId,
      idempotencyKey,
      request,
      quote,
      spec: {
        bandwidthMbps: request.bandwidth,
        chargeType: 'subscription',
        periodMonths: request.period,
        ...(networkId === undefined ? {} : { networkId }),
      },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Binding

/**
 * Binds one of the caller's EIPs to one of their phones (spec §4: only an unallocated address, 409
 * EIP_ALREADY_BOUND otherwise): the phone of the address's region (422 EIP_REGION_MISMATCH), not
 * behind another address (409 PHONE_HAS_EIP). With `networkId` the address must be of that
 * network (404 EIP_NOT_FOUND) and the network's quota of phones holds. The phone row is locked
 * while this is checked and the call recorded, so two binds of one phone cannot both pass.
 */
export async function bindEip(
  deps: ActionDeps,
  userId: number,
  body: EipBindBody,
  networkId?: string,
): Promise<ResourceRow> {
  const recorded = await inTransaction(deps.database.pool, async (tx) => {
    const eip = await findResourceOfUser(tx.db, userId, 'eip', body.eip_id);
    if (!eip || (networkId !== undefined && eip.spec.networkId !== networkId)) {
      throw new AppError('not_found', ErrorCode.EIP_NOT_FOUND);
    }
    const phone = await findResourceOfUser(tx.db, userId, 'phone', body.phone_id, { lock: 'update' });
    if (!phone) throw new AppError('not_found', ErrorCode.PHONE_NOT_FOUND);
    if (phone.regionId !== eip.regionId) throw new AppError('business_rule', ErrorCode.EIP_REGION_MISMATCH);
    if (phone.resourceStatus !== 'created' || phone.instanceId === null) {
      throw new AppError('conflict', ErrorCode.RESOURCE_NOT_READY);
    }
    const locked = (await lockResource(tx.db, eip.id))!;
    if (locked.status === 'allocated') throw new AppError('conflict', ErrorCode.EIP_ALREADY_BOUND);
    // Another address bound, or being bound (its call in flight), to the phone.
    const behind = await findLiveEipsBy(tx.db, userId, 'phone', [phone.resourceId]);
    if (behind.some((other) => other.id !== eip.id)) {
      throw new AppError('conflict', ErrorCode.PHONE_HAS_EIP);
    }
    if (networkId !== undefined) await assertNetworkPhoneRoom(tx, userId, networkId);
    return recordAction(tx, deps, locked, 'bind', {
      params: { instanceId: phone.instanceId },
      change: { spec: { boundPhoneId: phone.resourceId } },
    });
  });
  return sendPendingCall(deps, recorded);
}

/** A network serves at most its quota of phones (one behind each of its addresses). */
async function assertNetworkPhoneRoom(tx: Tx, userId: number, networkId: string) {
  const network = await findResourceOfUser(tx.db, userId, 'phone_network', networkId, { lock: 'share' });
  if (!network) throw new AppError('not_found', ErrorCode.PHONE_NETWORK_NOT_FOUND);
  const quota = Number(network.spec.ipQuota);
  const bound = (await findLiveEipsBy(tx.db, userId, 'network', [networkId])).filter((row) =>
    boundPhoneOf(row),
  );
  if (bound.length >= quota) {
    throw new AppError('business_rule', ErrorCode.PHONE_NETWORK_QUOTA_FULL, { quota, remaining: 0 });
  }
}

/** Unbinds an address (spec §4: only an allocated one, 409 EIP_NOT_BOUND otherwise). */
export async function unbindEipRow(deps: ActionDeps, row: ResourceRow): Promise<ResourceRow> {
  if (row.status !== 'allocated') throw new AppError('conflict', ErrorCode.EIP_NOT_BOUND);
  return requestAction(deps, row, 'unbind', { change: { spec: { boundPhoneId: null } } });
}

/** POST /user/ph/eip/unbind. */
export async function unbindEip(deps: ActionDeps, userId: number, eipId: string): Promise<ResourceRow> {
  return unbindEipRow(deps, await eipOfUser(deps.database.db, userId, eipId));
}

// ---------------------------------------------------------------------------------------------
// Changes

/** The bandwidth change planned and priced; 409 EIP_BANDWIDTH_UNBOUND on an unbound address. */
async function planBandwidth(db: Db, row: ResourceRow, bandwidth: number, now: Date): Promise<SpecPlan> {
  if (row.status !== 'allocated') throw new AppError('conflict', ErrorCode.EIP_BANDWIDTH_UNBOUND);
  if (row.expiresAt !== null && row.expiresAt <= now) {
    throw new AppError('conflict', ErrorCode.RESOURCE_ACTION_FORBIDDEN);
  }
  if (typeof row.spec.networkId === 'string') assertPhoneNetworkEipBandwidth(bandwidth);
  const currentMbps = Number(row.spec.bandwidthMbps);
  const quote = await quoteEipBandwidthModification(db, {
    regionId: row.regionId!,
    currentMbps,
    nextMbps: bandwidth,
    expiresAt: row.expiresAt,
    now,
  });
  return {
    quote,
    spec: { bandwidthMbps: bandwidth },
    params: { bandwidthMbps: bandwidth },
    summary: `${currentMbps} → ${bandwidth} Mbps`,
  };
}

/** GET /user/ph/eip/{id}/bandwidth_price: what PUT with `bandwidth` charges now. */
export async function eipBandwidthPrice(
  deps: CoreDeps,
  userId: number,
  eipId: string,
  bandwidth: number,
): Promise<ModifySpecQuote> {
  const row = await eipOfUser(deps.database.db, userId, eipId);
  return toModifySpecQuote((await planBandwidth(deps.database.db, row, bandwidth, deps.clock.now())).quote);
}

/**
 * PUT /user/ph/eip/{id}: the name (the console's own), auto-renew, and the bandwidth, which only a
 * bound address may change (409 EIP_BANDWIDTH_UNBOUND) and a raise pays for, prorated to the
 * expiry (an order of action upgrade through `changeSpec`; a cut is free and refunds nothing).
 * Every rule is checked before anything changes.
 */
export async function updateEip(
  deps: ActionDeps,
  userId: number,
  eipId: string,
  body: z.output<typeof eipUpdateBody>,
  requestKey: string,
): Promise<{ change: SpecChange | null; row: ResourceRow }> {
  const { db } = deps.database;
  let row = await eipOfUser(db, userId, eipId);
  const { bandwidth } = body;
  const changesBandwidth = bandwidth !== undefined && bandwidth !== Number(row.spec.bandwidthMbps);
  if (changesBandwidth) await planBandwidth(db, row, bandwidth, deps.clock.now());
  if (body.auto_renew !== undefined) row = await setAutoRenew(db, row, body.auto_renew);
  if (body.name !== undefined && body.name !== row.name) row = await renameEip(deps, row, body.name);
  if (!changesBandwidth) return { change: null, row };
  const change = await changeSpec(deps, {
    userId,
    kind: 'eip',
    resourceId: eipId,
    notFound: ErrorCode.EIP_NOT_FOUND,
    requestKey,
    action: 'modify_bandwidth',
    plan: (tx, locked, now) => planBandwidth(tx.db, locked, bandwidth, now),
  });
  return { change, row: change.resource };
}

/** The name is the console's: written under the row lock (an action may be changing the spec). */
function renameEip(deps: ActionDeps, row: ResourceRow, name: string) {
  return inTransaction(deps.database.pool, async (tx) => {
    const locked = (await lockResource(tx.db, row.id))!;
    return updateResource(tx.db, row.id, { name, spec: { ...locked.spec, name } });
  });
}

// ---------------------------------------------------------------------------------------------
// Renewal

/**
 * The caller's EIPs asked for, all of one region: 404 EIP_NOT_FOUND naming one not theirs, 422
 * EIP_RENEW_REGION_MIXED naming those outside the region most of them (else the first) are in.
 */
async function renewableSet(db: Db, userId: number, eipIds: readonly string[]): Promise<ResourceRow[]> {
  const rows = await findResourcesOfUser(db, userId, 'eip', eipIds);
  const byId = new Map(rows.map((row) => [row.resourceId, row]));
  const missing = eipIds.find((id) => !byId.has(id));
  if (missing !== undefined) throw new AppError('not_found', ErrorCode.EIP_NOT_FOUND, { id: missing });
  const ordered = [...new Set(eipIds)].map((id) => byId.get(id)!);
  const counts = new Map<number | null, number>();
  for (const row of ordered) counts.set(row.regionId, (counts.get(row.regionId) ?? 0) + 1);
  const region = [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  const odd = ordered.filter((row) => row.regionId !== region).map((row) => row.resourceId);
  if (odd.length > 0)
    throw new AppError('business_rule', ErrorCode.EIP_RENEW_REGION_MIXED, { ids: odd.join(', ') });
  return ordered;
}

/** GET /user/ph/eip/renew_price: what POST /renew charges for these addresses (summed). */
export async function eipRenewPrice(
  db: Db,
  userId: number,
  eipIds: readonly string[],
  months: number,
): Promise<PriceQuote> {
  const rows = await renewableSet(db, userId, eipIds);
  const quotes = await concurrently(db, ...rows.map((row) => () => quoteRenewalOf(db, row, months)));
  const sum = (pick: (q: (typeof quotes)[number]) => bigint) =>
    quotes.reduce((total, q) => total + pick(q), 0n);
  return toPriceQuote({
    ...quotes[0]!,
    quantity: quotes.length,
    unitMicros: sum((q) => q.unitMicros),
    originalMicros: sum((q) => q.originalMicros),
    payableMicros: sum((q) => q.payableMicros),
    minBalanceMicros: sum((q) => q.minBalanceMicros),
  });
}

/**
 * POST /user/ph/eip/renew: the addresses (one region) renewed for `period` months in one
 * transaction, one renewal order each: all or none (422 INSUFFICIENT_BALANCE changes nothing).
 * After the commit the cloud's subscriptions follow, and an address the sweep had limited to
 * 1 Mbps gets its bandwidth back.
 */
export async function renewEips(
  deps: ActionDeps,
  userId: number,
  body: EipRenewBody,
  idempotencyKey: string,
): Promise<Renewal[]> {
  const rows = await renewableSet(deps.database.db, userId, body.eip_ids);
  // Locked in id order, as every multi-row writer does.
  const ids = [...rows].sort((a, b) => a.id - b.id).map((row) => row.resourceId);
  const renewals = await inTransaction(deps.database.pool, async (tx) => {
    const done: Renewal[] = [];
    for (const resourceId of ids) {
      done.push(
        await renewInTransaction(tx, deps, { userId, resourceId, months: body.period, idempotencyKey }),
      );
    }
    return done;
  });
  for (const renewal of renewals) {
    await renewUpstreamOf(deps, renewal, body.period);
    if (!renewal.replayed) await liftExpiryLimit(deps, renewal.resource);
  }
  return renewals;
}

/** A renewed address the sweep limited to 1 Mbps gets its bandwidth back (best effort, logged by the refresh). */
async function liftExpiryLimit(deps: ActionDeps, row: ResourceRow) {
  const fresh = await eipOfUser(deps.database.db, row.userId, row.resourceId).catch(() => undefined);
  const bought = Number(fresh?.spec.bandwidthMbps);
  if (!fresh || fresh.status !== 'allocated' || Number(fresh.attributes.bandwidthMbps) === bought) return;
  try {
    await requestAction(deps, fresh, 'modify_bandwidth', { params: { bandwidthMbps: bought } });
  } catch {
    // Busy or refused now: the address keeps working at the limit until the customer changes it.
  }
}

// ---------------------------------------------------------------------------------------------
// Traffic

/**
 * GET /user/ph/eip/{eip_id}/monitor: the address's traffic in and out over the range, step by
 * step, and what its outbound bytes cost at the region's rate (the hourly bill's figure).
 */
export async function eipMonitor(
  deps: CoreDeps,
  userId: number,
  eipId: string,
  query: { interval: NetworkFlow['interval']; start?: string; end?: string },
): Promise<NetworkFlow> {
  const { db } = deps.database;
  const row = await eipOfUser(db, userId, eipId);
  return pricedNetworkFlow(deps, 'eip', row, query);
}
