/**
 * Renewals of subscriptions (spec §3 Order, §4 Expiry): the customer's manual renewal and the
 * expiry sweep's auto-renew go through `renewResource`, which charges exactly what the catalogue
 * quotes for a renewal (today's monthly price × months × the period discount) as an order of
 * action `renew`, and moves the end of the subscription by whole months from the later of now and
 * the current end, in one transaction with the charge. Gifts are never renewed; pay-as-you-go
 * resources have nothing to renew.
 */
import { ErrorCode, type OrderProductType } from '@cloudbay/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { resources } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import type { Quote } from '../catalog/pricing';
import { quoteEipPurchase, quotePhoneNetworkPurchase } from '../catalog/network-quotes';
import {
  quoteDesktopRenewal,
  quoteOfficeNetworkPurchase,
  quotePhonePurchase,
  quoteProxyPurchase,
} from '../catalog/service';
import { placeOrder, setResourceStatus, type OrderRow } from '../orders/service';
import { actionRule, requestAction } from '../provisioning/actions';
import { updateResource, type ResourceRow } from '../provisioning/repo';
import { addMonths } from '../provisioning/service';
import { trafficRateOf } from './rates';
import { countAgainstCap, lockPayer, payerMemo, type SubAccountPayer } from '../sub-accounts/spend-cap';

/** One resource of a customer to renew for `months` under the request's key. */
export interface RenewalRequest {
  userId: number;
  resourceId: string;
  months: number;
  idempotencyKey: string;
  /** A sub-account renewing: charged to the main account within its monthly cap (issue 21). */
  payer?: SubAccountPayer;
}

export interface Renewal {
  order: OrderRow;
  resource: ResourceRow;
  /** The new end of the subscription. */
  expiresAt: Date;
  /** The key had renewed before: nothing was charged or extended now. */
  replayed: boolean;
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Gifts are never renewed and pay-as-you-go has nothing to renew (spec §5). */
export const isRenewable = (row: Pick<ResourceRow, 'billingMethod' | 'gift'>) =>
  row.billingMethod === 'subscription' && !row.gift;

const isLive = (row: ResourceRow) => row.resourceStatus === 'created' && row.deletedAt === null;

/**
 * Whether the console may offer renewing or the auto-renew switch on a resource now: money, not
 * the machine. Both need a live subscription; renewing also a status its kind renews from.
 */
export function renewalOffered(row: ResourceRow, action: 'renew' | 'auto_renew'): boolean {
  if (!isLive(row) || !isRenewable(row)) return false;
  return action === 'auto_renew' || (actionRule(row.kind, 'renew')?.from.includes(row.status) ?? false);
}

/**
 * Auto-renew on or off (subscriptions that are not gifts only: 422 AUTO_RENEW_REFUSED when
 * switched on for another); the row as it is when nothing changes.
 */
export async function setAutoRenew(db: Db, row: ResourceRow, autoRenew: boolean): Promise<ResourceRow> {
  if (autoRenew && !isRenewable(row)) throw new AppError('business_rule', ErrorCode.AUTO_RENEW_REFUSED);
  if (autoRenew === row.autoRenew) return row;
  return updateResource(db, row.id, { autoRenew });
}

/**
 * The catalogue's renewal quote for one resource of its kind, from the spec it was bought with, at
 * today's prices of its region and spec even when those are no longer on sale (a catalogue change
 * must not block renewal and auto-renew, and so get live resources deleted by the sweep).
 */
export async function quoteRenewalOf(db: Db, resource: ResourceRow, months: number): Promise<Quote> {
  const { spec, regionId } = resource;
  if (regionId !== null && resource.kind === 'desktop') {
    const desktopType = str(spec.desktopType);
    const systemDiskGib = num(spec.systemDiskGiB);
    if (desktopType && systemDiskGib)
      return quoteDesktopRenewal(db, { regionId, desktopType, systemDiskGib }, months);
  }
  if (regionId !== null && resource.kind === 'phone' && str(spec.specId)) {
    return quotePhonePurchase(db, {
      regionId,
      specId: str(spec.specId)!,
      billingMethod: 'subscription',
      period: months,
      quantity: 1,
      onSale: false,
    });
  }
  if (regionId !== null && resource.kind === 'office_site' && num(spec.bandwidthMbps) && spec.free !== true) {
    const { quote } = await quoteOfficeNetworkPurchase(db, {
      regionId,
      bandwidthMbps: num(spec.bandwidthMbps)!,
      period: months,
      onSale: false,
    });
    return quote;
  }
  if (resource.kind === 'proxy') return quoteProxyPurchase(db, { period: months, quantity: 1 });
  // An EIP renews at the bandwidth it was bought or changed to (not the sweep's 1 Mbps limit).
  if (regionId !== null && resource.kind === 'eip' && num(spec.bandwidthMbps)) {
    const bandwidthMbps = num(spec.bandwidthMbps)!;
    return quoteEipPurchase(db, { regionId, bandwidthMbps, period: months, quantity: 1, onSale: false });
  }
  if (regionId !== null && resource.kind === 'phone_network') {
    return quotePhoneNetworkPurchase(db, { regionId, period: months, onSale: false });
  }
  throw new AppError('business_rule', ErrorCode.RENEWAL_KIND_UNSUPPORTED);
}

function assertRenewable(resource: ResourceRow | undefined): asserts resource is ResourceRow {
  if (!resource) throw new AppError('not_found', ErrorCode.NOT_FOUND);
  if (resource.gift) throw new AppError('business_rule', ErrorCode.RENEWAL_GIFT_REFUSED);
  if (resource.billingMethod !== 'subscription' || resource.expiresAt === null)
    throw new AppError('business_rule', ErrorCode.RENEWAL_PAYG_REFUSED);
  if (resource.resourceStatus !== 'created') throw new AppError('conflict', ErrorCode.RESOURCE_NOT_READY);
}

async function lockLiveResource(db: Db, userId: number, resourceId: string) {
  const [row] = await db
    .select()
    .from(resources)
    .where(
      and(eq(resources.resourceId, resourceId), eq(resources.userId, userId), isNull(resources.deletedAt)),
    )
    .for('update');
  return row;
}

/**
 * Renews one of the customer's resources for `months`: 404 when it is not theirs or gone, 422
 * RENEWAL_GIFT_REFUSED / RENEWAL_PAYG_REFUSED, 422 INSUFFICIENT_BALANCE without enough balance
 * (nothing changes), otherwise the order (action renew, charged the quote) and the new expiry
 * commit together. A desktop stopped at expiry is shut down again (the customer may start it).
 * The same `idempotencyKey` answers the first renewal. The upstream subscription is then renewed
 * through `requestAction` (best effort: expiry is decided here, not by the cloud).
 */
export async function renewResource(
  deps: CoreDeps,
  userId: number,
  resourceId: string,
  months: number,
  idempotencyKey: string,
  payer?: SubAccountPayer,
): Promise<Renewal> {
  const renewal = await inTransaction(deps.database.pool, (tx) =>
    renewInTransaction(tx, deps, { userId, resourceId, months, idempotencyKey, payer }),
  );
  await renewUpstreamOf(deps, renewal, months);
  return renewal;
}

/**
 * `renewResource`'s charge and new expiry inside the caller's transaction, so several renewals
 * commit together or not at all (POST /user/ph/eip/renew); the caller then calls
 * `renewUpstreamOf` for each after the commit.
 */
export async function renewInTransaction(tx: Tx, deps: CoreDeps, request: RenewalRequest): Promise<Renewal> {
  const { userId, resourceId, months, idempotencyKey, payer } = request;
  // The payer's lock comes first, so a sub-account's renewals are counted against its cap in turn.
  if (payer) await lockPayer(tx, payer);
  const resource = await lockLiveResource(tx.db, userId, resourceId);
  assertRenewable(resource);
  const quote = await quoteRenewalOf(tx.db, resource, months);
  const memo = `${resource.resourceId} +${months}M`;
  const { order, replayed } = await placeOrder(tx, {
    userId,
    idempotencyKey: `renew:${resourceId}:${idempotencyKey}`,
    paidAt: deps.clock.now(),
    productType: resource.kind as OrderProductType,
    action: 'renew',
    quantity: 1,
    regionId: resource.regionId,
    billingMethod: 'subscription',
    period: months,
    originalAmountMicros: quote.originalMicros,
    paidAmountMicros: quote.payableMicros,
    spec: resource.spec,
    resourceIds: [resource.resourceId],
    memo: payer ? payerMemo(memo, payer) : memo,
  });
  if (replayed) return { order, resource, expiresAt: resource.expiresAt!, replayed };
  if (payer) await countAgainstCap(tx, payer, quote.payableMicros, order.no, deps.clock.now());
  // The renewed resource exists: the order's resource status says so, as upgrades' do.
  const renewed = await setResourceStatus(tx, order.id, 'created');
  const now = deps.clock.now();
  const from = resource.expiresAt! > now ? resource.expiresAt! : now;
  const expiresAt = addMonths(from, months);
  const [updated] = await tx.db
    .update(resources)
    .set({
      expiresAt,
      // Renewed at today's prices: the traffic rate too (kept since purchase until now).
      trafficRateMicros: await trafficRateOf(tx.db, resource.regionId),
      // An expired desktop is stopped; renewed, it is an ordinary shut-down desktop again.
      ...(resource.status === 'expired' ? { status: 'shutdown', stopReason: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(resources.id, resource.id))
    .returning();
  return { order: renewed, resource: updated!, expiresAt, replayed };
}

/** After the commit: the cloud's subscription follows a renewal that charged now. */
export async function renewUpstreamOf(deps: CoreDeps, renewal: Renewal, months: number): Promise<void> {
  if (!renewal.replayed) await renewUpstream(deps, renewal.resource, months);
}

/** The cloud's own subscription end follows ours; a refusal (busy, no such action) is only logged. */
async function renewUpstream(deps: CoreDeps, resource: ResourceRow, months: number) {
  try {
    await requestAction(deps, resource, 'renew', { params: { months } });
  } catch {
    // Expiry is the engine's decision (the sweep reads resources.expires_at) and the cloud does not
    // expire anything on its own, so a missed upstream renewal changes nothing for the customer.
  }
}
