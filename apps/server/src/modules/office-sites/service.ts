/**
 * Office networks (spec §3 Office network, §4 statuses normal → releasing → released, §5): the
 * customer's list, purchases, bandwidth upgrades, rename and auto-renew, release, and traffic.
 *
 * Each region has one free network per customer (bought at price 0 with the first desktop there,
 * provisioning/service.ts): it is the default one, and spec §5 locks it (no release, no re-size,
 * no IP shown, no traffic query). Paid networks are subscriptions of 10–200 Mbps whose traffic the
 * hourly billing charges at the catalogue's rate (billing/hourly.ts).
 *
 * Money follows the engine's rules: a purchase is one transaction (quote = GET /user/network_cost,
 * order, resource, creation job); an upgrade charges the prorated difference in the transaction
 * that records the new bandwidth and the cloud call, so a refusal gives it back (see
 * `upgradeOfficeSite`). Releasing refunds nothing of the term left: the spec says nothing of it, the
 * bandwidth was bought for the period, and renewals and upgrades never refund either.
 */
import {
  ErrorCode,
  OFFICE_SITE_STATUSES,
  type BillingMethod,
  type FlowInterval,
  type Language,
  type NetworkFlow,
  type OfficeSite,
  type OfficeSitePage,
  type OfficeSiteUpdateBody,
  type OfficeSiteUpgradePrice,
  type RegionCount,
  type ResourceStatus,
  type officeSiteListQuery,
  type officeSitePurchaseBody,
} from '@cloudbay/contracts';
import type { z } from 'zod';
import type { CoreDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { concurrently } from '../../db/concurrently';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { formatDollars } from '../../lib/money';
import { trafficRates } from '../billing/rates';
import type { SpecChangeQuote } from '../catalog/pricing';
import { formatRate, quoteOfficeNetworkPurchase, quoteOfficeNetworkUpgrade } from '../catalog/service';
import { pricedNetworkFlow } from '../desktops/metrics';
import { findOrderByNo } from '../orders/repo';
import { orderNoFor, placeOrder, setResourceStatus, type OrderRow } from '../orders/service';
import {
  checkAllowed,
  recordAction,
  requestAction,
  sendPendingCall,
  type ActionDeps,
} from '../provisioning/actions';
import {
  countLiveDesktopsBy,
  findResourceOfUser,
  findResourcesOfOrder,
  type ResourceRow,
} from '../provisioning/repo';
import {
  FREE_OFFICE_SITE_NAME,
  addMonths,
  createResources,
  type PurchaseDeps,
} from '../provisioning/service';
import {
  countOfficeSites,
  countOfficeSitesByRegion,
  findOfficeSitePage,
  lockOfficeSiteOfUser,
  setAutoRenew,
} from './repo';

type OfficeSitePurchase = z.infer<typeof officeSitePurchaseBody>;
type OfficeSiteListFilter = z.infer<typeof officeSiteListQuery>;

const isFree = (row: ResourceRow) => row.spec.free === true;
const bandwidthOf = (row: ResourceRow) => Number(row.spec.bandwidthMbps);

/** The list's status: `creating` until the cloud has made it; a failed creation shows as released. */
function statusOf(row: ResourceRow): OfficeSite['status'] {
  if (row.resourceStatus === 'not_created' || row.resourceStatus === 'creating') return 'creating';
  if (row.deletedAt !== null || row.resourceStatus !== 'created') return 'released';
  const status = row.status as OfficeSite['status'];
  return (OFFICE_SITE_STATUSES as readonly string[]).includes(status) ? status : 'creating';
}

/** One network as the list shows it; the free one hides its IP and has no traffic price (spec §5). */
/** The free network's default name in each language (a renamed one keeps the customer's name). */
const FREE_OFFICE_SITE_NAMES: Record<Language, string> = {
  'zh-CN': '免费办公网络',
  'en-US': FREE_OFFICE_SITE_NAME,
};

export function toOfficeSite(
  row: ResourceRow,
  desktopCount: number,
  trafficRateMicros: bigint | null,
  language: Language,
): OfficeSite {
  const free = isFree(row);
  const ip = row.attributes.publicIp;
  return {
    office_site_id: row.resourceId,
    name: free && row.name === FREE_OFFICE_SITE_NAME ? FREE_OFFICE_SITE_NAMES[language] : row.name,
    region_id: row.regionId,
    bandwidth: bandwidthOf(row),
    status: statusOf(row),
    resource_status: row.resourceStatus as ResourceStatus,
    is_default: free,
    ip: free || typeof ip !== 'string' ? null : ip,
    billing_method: row.billingMethod as OfficeSite['billing_method'],
    auto_renew: row.autoRenew,
    expire_time: row.expiresAt?.toISOString() ?? null,
    desktop_count: desktopCount,
    traffic_price: free || trafficRateMicros === null ? null : formatRate(trafficRateMicros),
    created_at: row.createdAt.toISOString(),
  };
}

/** Networks with their live desktops (one grouped query) and their region's traffic price. */
async function withDetails(
  db: Db,
  userId: number,
  rows: ResourceRow[],
  language: Language,
): Promise<OfficeSite[]> {
  const paid = rows.filter((row) => !isFree(row));
  const [counts, rates] = await concurrently(
    db,
    () =>
      countLiveDesktopsBy(
        db,
        userId,
        'officeSiteId',
        rows.map((row) => row.resourceId),
      ),
    async () =>
      paid.length === 0
        ? new Map<number | null, bigint>()
        : trafficRates(
            db,
            paid.map((row) => row.regionId),
          ),
  );
  return rows.map((row) =>
    toOfficeSite(row, counts.get(row.resourceId) ?? 0, rates.get(row.regionId) ?? null, language),
  );
}

export async function describeOfficeSite(db: Db, row: ResourceRow, language: Language): Promise<OfficeSite> {
  const [site] = await withDetails(db, row.userId, [row], language);
  return site!;
}

/** GET /user/office_site: newest first; released networks only when asked for by status. */
export async function listOfficeSites(
  db: Db,
  userId: number,
  query: OfficeSiteListFilter,
  language: Language,
): Promise<OfficeSitePage> {
  const criteria = { userId, name: query.name || undefined, regionId: query.region_id, status: query.status };
  const [rows, total] = await concurrently(
    db,
    () => findOfficeSitePage(db, criteria, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    () => countOfficeSites(db, criteria),
  );
  return { list: await withDetails(db, userId, rows, language), total, page: query.page, limit: query.limit };
}

/** GET /user/office_site/region_count: live networks per region. */
export async function officeSiteRegionCount(db: Db, userId: number): Promise<RegionCount> {
  const rows = await countOfficeSitesByRegion(db, userId);
  return rows.map((row) => ({ region_id: row.regionId, count: row.count }));
}

/** One of the caller's live networks; another customer's (or a released one) answers 404. */
export async function officeSiteOfUser(db: Db, userId: number, officeSiteId: string): Promise<ResourceRow> {
  const row = await findResourceOfUser(db, userId, 'office_site', officeSiteId);
  if (!row) throw new AppError('not_found', ErrorCode.OFFICE_SITE_NOT_FOUND);
  return row;
}

/** The free network is locked: no release, no re-size (spec §5). */
function assertNotDefault(row: ResourceRow): void {
  if (isFree(row)) throw new AppError('business_rule', ErrorCode.OFFICE_SITE_DEFAULT_LOCKED);
}

// ---------------------------------------------------------------------------------------------
// Purchase

export interface OfficeSitePurchaseResult {
  order: OrderRow;
  site: ResourceRow;
  /** The key had bought this before: nothing was charged or enqueued now. */
  replayed: boolean;
}

/**
 * POST /user/office_site: quote (`quoteOfficeNetworkPurchase`, as GET /user/network_cost) → order
 * and charge → the network (not created, `expires_at` = now + months) → its `provision.create`
 * job, in one transaction. The same key answers the first purchase.
 */
export async function purchaseOfficeSite(
  deps: PurchaseDeps,
  userId: number,
  request: OfficeSitePurchase,
  idempotencyKey: string,
): Promise<OfficeSitePurchaseResult> {
  return inTransaction(deps.database.pool, async (tx) => {
    const { quote } = await quoteOfficeNetworkPurchase(tx.db, {
      regionId: request.region_id,
      bandwidthMbps: request.bandwidth,
      period: request.period,
    });
    const months = quote.months!;
    // What the cloud's create takes (provision.create sends the spec as it is).
    const spec = {
      name: request.name,
      bandwidthMbps: request.bandwidth,
      chargeType: 'subscription',
      periodMonths: months,
    };
    const { order, replayed } = await placeOrder(tx, {
      userId,
      idempotencyKey,
      paidAt: deps.clock.now(),
      productType: 'office_site',
      regionId: request.region_id,
      billingMethod: 'subscription',
      period: months,
      originalAmountMicros: quote.originalMicros,
      paidAmountMicros: quote.payableMicros,
      spec,
    });
    if (replayed) return { order, site: (await findResourcesOfOrder(tx.db, order.id))[0]!, replayed };
    const [site] = await createResources(tx, deps, order, [
      {
        kind: 'office_site',
        name: request.name,
        spec,
        billingMethod: 'subscription',
        autoRenew: request.auto_renew,
        expiresAt: addMonths(deps.clock.now(), months),
      },
    ]);
    return { order, site: site!, replayed: false };
  });
}

// ---------------------------------------------------------------------------------------------
// Bandwidth upgrade

/**
 * What raising `row` to `bandwidth` Mbps costs now (422 when free or not higher). An expired
 * network is refused (409 OFFICE_SITE_EXPIRED): no term is left to prorate to, so the upgrade
 * would cost nothing; it is renewed first.
 */
function quoteUpgrade(db: Db, now: Date, row: ResourceRow, bandwidth: number): Promise<SpecChangeQuote> {
  assertNotDefault(row);
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('conflict', ErrorCode.OFFICE_SITE_EXPIRED);
  }
  return quoteOfficeNetworkUpgrade(db, {
    regionId: row.regionId!,
    currentMbps: bandwidthOf(row),
    nextMbps: bandwidth,
    billingMethod: row.billingMethod as BillingMethod,
    expiresAt: row.expiresAt,
    now,
  });
}

/** GET /user/office_site/{id}/upgrade_price?bandwidth=: the figure PUT …/upgrade charges now. */
export async function officeSiteUpgradePrice(
  deps: CoreDeps,
  userId: number,
  officeSiteId: string,
  bandwidth: number,
): Promise<OfficeSiteUpgradePrice> {
  const db = deps.database.db;
  const row = await officeSiteOfUser(db, userId, officeSiteId);
  const quote = await quoteUpgrade(db, deps.clock.now(), row, bandwidth);
  return {
    bandwidth: bandwidthOf(row),
    new_bandwidth: bandwidth,
    remaining_seconds: quote.remainingSeconds,
    payable_price: formatDollars(quote.payableMicros),
  };
}

export interface OfficeSiteUpgradeResult {
  order: OrderRow;
  site: ResourceRow;
}

/**
 * PUT /user/office_site/{id}/upgrade: one transaction locks the network, refuses the free one
 * (422 OFFICE_SITE_DEFAULT_LOCKED), a bandwidth not higher (422 OFFICE_BANDWIDTH_NOT_HIGHER) and a
 * state the machine forbids (409), charges the prorated difference (order action `upgrade`, the
 * figure of GET …/upgrade_price), and records the new `spec.bandwidthMbps` with the engine's
 * `modify_bandwidth` call (`recordAction`, the order as what pays for it). Then the call is made.
 *
 * Why the charge can be neither lost nor doubled:
 * - the charge, the new bandwidth and the call to make commit together, so a crash after the
 *   commit leaves a recorded call that `provision.refresh` repeats (same token: one effect);
 * - a cloud that cannot be reached leaves the call recorded in the same way: the customer keeps
 *   the answer 200 and the refresh finishes it;
 * - a cloud that refuses the call for good puts the old bandwidth back and refunds the order in
 *   full in the transaction that clears the call (the engine's undo), whether the refusal comes
 *   now or on a refresh; the customer gets the refusal's error;
 * - the same key finds the first order (its number derives from the key) and answers it without
 *   charging or calling again.
 */
export async function upgradeOfficeSite(
  deps: ActionDeps,
  userId: number,
  officeSiteId: string,
  bandwidth: number,
  idempotencyKey: string,
): Promise<OfficeSiteUpgradeResult> {
  const orderKey = `office-upgrade:${officeSiteId}:${idempotencyKey}`;
  const recorded = await inTransaction(deps.database.pool, async (tx) => {
    const row = await lockOfficeSiteOfUser(tx.db, userId, officeSiteId);
    if (!row) throw new AppError('not_found', ErrorCode.OFFICE_SITE_NOT_FOUND);
    // Before quoting: a retry must not be refused because the first attempt raised the bandwidth.
    const earlier = await findOrderByNo(tx.db, orderNoFor(userId, orderKey));
    if (earlier) return { order: earlier, site: row, replayed: true };
    assertNotDefault(row);
    const quote = await quoteUpgrade(tx.db, deps.clock.now(), row, bandwidth);
    checkAllowed(row, 'modify_bandwidth');
    const { order } = await placeOrder(tx, {
      userId,
      idempotencyKey: orderKey,
      paidAt: deps.clock.now(),
      productType: 'office_site',
      action: 'upgrade',
      regionId: row.regionId,
      billingMethod: row.billingMethod as BillingMethod,
      originalAmountMicros: quote.payableMicros,
      paidAmountMicros: quote.payableMicros,
      spec: { ...row.spec, bandwidthMbps: bandwidth, previousBandwidthMbps: bandwidthOf(row) },
      resourceIds: [row.resourceId],
      memo: `${row.resourceId} ${bandwidthOf(row)}→${bandwidth} Mbps`,
    });
    // The network exists: the order is settled (a refusal makes it refunded).
    await setResourceStatus(tx, order.id, 'created');
    const site = await recordAction(tx, deps, row, 'modify_bandwidth', {
      params: { bandwidthMbps: bandwidth },
      change: { spec: { bandwidthMbps: bandwidth } },
      paidBy: order.id,
    });
    return { order, site, replayed: false };
  });
  if (recorded.replayed) return { order: recorded.order, site: recorded.site };
  const site = await sendPendingCall(deps, recorded.site);
  return { order: recorded.order, site };
}

// ---------------------------------------------------------------------------------------------
// Rename, auto-renew, release

/** Auto-renew is for paid subscriptions only: the free network (a gift, pay-as-you-go) has none. */
function assertAutoRenewable(row: ResourceRow): void {
  if (row.gift || row.billingMethod !== 'subscription') {
    throw new AppError('business_rule', ErrorCode.AUTO_RENEW_REFUSED);
  }
  if (row.status === 'releasing') throw new AppError('conflict', ErrorCode.RESOURCE_ACTION_FORBIDDEN);
}

/**
 * PUT /user/office_site/{id}: rename (upstream too, through the engine: the new name shows at
 * once and goes back if the cloud refuses) and/or switch auto-renew (422 AUTO_RENEW_REFUSED on
 * the free network). Every check runs before anything changes.
 */
export async function updateOfficeSite(
  deps: ActionDeps,
  userId: number,
  officeSiteId: string,
  body: OfficeSiteUpdateBody,
): Promise<ResourceRow> {
  let row = await officeSiteOfUser(deps.database.db, userId, officeSiteId);
  if (body.auto_renew !== undefined) assertAutoRenewable(row);
  const name = body.name;
  if (name !== undefined && name !== row.name) {
    row = await requestAction(deps, row, 'rename', { params: { name }, change: { name } });
  }
  if (body.auto_renew !== undefined) row = await setAutoRenew(deps.database.db, row.id, body.auto_renew);
  return row;
}

/**
 * DELETE /user/office_site/{id}: the free network is locked (422 OFFICE_SITE_DEFAULT_LOCKED), one
 * live desktops still use answers 422 OFFICE_SITE_IN_USE {count}; otherwise the engine releases
 * it (normal → releasing → released). Nothing of the term left is refunded (see the top).
 *
 * The network is locked before its desktops are counted, and the releasing status is recorded in
 * the same transaction: a desktop purchase share-locks the network it joins
 * (provisioning/service.ts), so it is either committed before the count (and counted) or reads the
 * network as releasing (and is refused). No desktop is left on a released network.
 */
export async function releaseOfficeSite(deps: ActionDeps, userId: number, officeSiteId: string) {
  const recorded = await inTransaction(deps.database.pool, async (tx) => {
    const row = await lockOfficeSiteOfUser(tx.db, userId, officeSiteId);
    if (!row) throw new AppError('not_found', ErrorCode.OFFICE_SITE_NOT_FOUND);
    assertNotDefault(row);
    const users = await countLiveDesktopsBy(tx.db, userId, 'officeSiteId', [row.resourceId]);
    const count = users.get(row.resourceId) ?? 0;
    if (count > 0) throw new AppError('business_rule', ErrorCode.OFFICE_SITE_IN_USE, { count });
    return recordAction(tx, deps, row, 'delete');
  });
  return sendPendingCall(deps, recorded);
}

// ---------------------------------------------------------------------------------------------
// Traffic

/**
 * GET /user/office_site/{id}/network_flow: the line's traffic over the range, step by step, and
 * what its outbound bytes cost at the region's rate (what the hourly bill charges). The free
 * network has no traffic query (422 OFFICE_SITE_NO_TRAFFIC, spec §5); one not made yet answers 409.
 */
export async function officeSiteNetworkFlow(
  deps: CoreDeps,
  userId: number,
  officeSiteId: string,
  query: { interval: FlowInterval; start?: string; end?: string },
): Promise<NetworkFlow> {
  const db = deps.database.db;
  const row = await officeSiteOfUser(db, userId, officeSiteId);
  if (isFree(row)) throw new AppError('business_rule', ErrorCode.OFFICE_SITE_NO_TRAFFIC);
  return pricedNetworkFlow(deps, 'office_site', row, query);
}
