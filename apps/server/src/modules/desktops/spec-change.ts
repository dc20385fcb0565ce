/**
 * Changing a shut-down desktop's configuration (POST /user/desktop/{desktop_id}/spec, spec §4:
 * shutdown first; §5: the system disk only grows). The price is GET /user/modify_spec_price's
 * (`quoteDesktopModification`): a subscription pays the prorated difference now (an order of
 * action `upgrade`, none when nothing is payable), pay-as-you-go pays the new hourly price from
 * now on.
 *
 * Charge and cloud call, exactly once each. One transaction locks the desktop, checks the state
 * machine, places the order (its charge), writes the new spec and hourly price, and records the
 * upstream `modify_spec` call with its client token (`recordAction`); the call is made after the
 * commit (`sendPendingCall`). So:
 *  - a crash or timeout after the commit leaves the call recorded: `provision.refresh` repeats it
 *    with the same token until the cloud answers, and the cloud applies it once;
 *  - a definitive refusal by the cloud (it is not shut down there, a parameter it rejects) puts
 *    the old spec and hourly price back and refunds the order in full, in one transaction
 *    (`refundOrderPart`, once per order and desktop), whether the request or the refresh job
 *    got the refusal;
 *  - the same request again (Idempotency-Key; the key is also kept on the desktop for a retry
 *    that gets past the HTTP layer, e.g. after a 5xx) answers the first change: the order is
 *    placed under `spec:<desktop>:<key>`, so it is never charged twice.
 */
import { ErrorCode, type DesktopSpecBody } from '@cloudbay/contracts';
import { inTransaction, type Tx } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { findDesktopType } from '../catalog/repo';
import { quoteDesktopModification } from '../catalog/service';
import type { SpecChangeQuote } from '../catalog/pricing';
import { findOrderByNo } from '../orders/repo';
import { orderNoFor, placeOrder, setResourceStatus, type OrderRow } from '../orders/service';
import { checkAllowed, recordAction, sendPendingCall, type ActionDeps } from '../provisioning/actions';
import { findResourceOfUser, lockResource, type ResourceRow } from '../provisioning/repo';
import { findBundleOfType } from './repo';

/** Where the desktop keeps the key of its last configuration change request. */
export const SPEC_CHANGE_KEY = 'specChangeKey';

export interface SpecChange {
  /** The order that paid for it; null when nothing was payable (pay-as-you-go, a cheaper type…). */
  order: OrderRow | null;
  resource: ResourceRow;
}

interface SpecPlan {
  quote: SpecChangeQuote;
  /** The spec fields after the change. */
  spec: Record<string, unknown>;
  /** The cloud's modify_spec parameters. */
  params: Record<string, unknown>;
  summary: string;
}

/** The current type and disk, and what the body asks for; 422 when it shrinks or changes nothing. */
async function planChange(tx: Tx, row: ResourceRow, body: DesktopSpecBody, now: Date): Promise<SpecPlan> {
  const currentType = String(row.spec.desktopType);
  const currentDisk = Number(row.spec.systemDiskGiB);
  const nextType = body.desktop_type ?? currentType;
  const nextDisk = body.system_disk ?? currentDisk;
  if (nextDisk < currentDisk) {
    throw new AppError('business_rule', ErrorCode.SYSTEM_DISK_SHRINK, { current: currentDisk });
  }
  if (nextType === currentType && nextDisk === currentDisk) {
    throw new AppError('business_rule', ErrorCode.SPEC_UNCHANGED);
  }
  const quote = await quoteDesktopModification(tx.db, {
    current: { regionId: row.regionId!, desktopType: currentType, systemDiskGib: currentDisk },
    next: { desktopType: nextType, systemDiskGib: nextDisk },
    billingMethod: row.billingMethod as SpecChangeQuote['billingMethod'],
    expiresAt: row.expiresAt,
    now,
  });
  // The quote has checked the type is on sale.
  const type = (await findDesktopType(tx.db, nextType))!;
  const bundle = await findBundleOfType(tx.db, type.id);
  const sizes = { cpu: type.cpu, memoryGiB: type.memoryGib, systemDiskGiB: nextDisk };
  return {
    quote,
    spec: { desktopType: type.typeId, ...sizes, bundleId: bundle?.bundleId ?? null },
    params: { ...sizes, ...(bundle ? { bundleId: bundle.bundleId } : {}) },
    summary: `${currentType} ${currentDisk} GiB → ${nextType} ${nextDisk} GiB`,
  };
}

/** The upgrade order and its charge (the prorated difference), in the change's transaction. */
async function placeUpgrade(
  tx: Tx,
  deps: ActionDeps,
  row: ResourceRow,
  plan: SpecPlan,
  key: string,
): Promise<OrderRow> {
  const { order } = await placeOrder(tx, {
    userId: row.userId,
    idempotencyKey: key,
    paidAt: deps.clock.now(),
    productType: 'desktop',
    action: 'upgrade',
    quantity: 1,
    regionId: row.regionId,
    billingMethod: 'subscription',
    originalAmountMicros: plan.quote.payableMicros,
    paidAmountMicros: plan.quote.payableMicros,
    spec: { ...row.spec, ...plan.spec },
    resourceIds: [row.resourceId],
    memo: `${row.resourceId} ${plan.summary}`,
  });
  // The desktop exists: the order's resource is there as soon as it is paid.
  return setResourceStatus(tx, order.id, 'created');
}

/**
 * Changes one of the caller's desktops to another type and/or a larger system disk. 404 for
 * another's desktop, 409 unless shut down (the state machine), 422 SYSTEM_DISK_SHRINK /
 * SPEC_UNCHANGED / INSUFFICIENT_BALANCE; a refusal by the cloud answers its error, after the
 * change is undone and refunded.
 */
export async function changeDesktopSpec(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
  body: DesktopSpecBody,
  requestKey: string,
): Promise<SpecChange> {
  const orderKey = `spec:${desktopId}:${requestKey}`;
  const recorded = await inTransaction(deps.database.pool, async (tx) => {
    const found = await findResourceOfUser(tx.db, userId, 'desktop', desktopId);
    if (!found) throw new AppError('not_found', ErrorCode.DESKTOP_NOT_FOUND);
    const row = (await lockResource(tx.db, found.id))!;
    if (row.attributes[SPEC_CHANGE_KEY] === requestKey) {
      const order = await findOrderByNo(tx.db, orderNoFor(userId, orderKey));
      return { order: order ?? null, row, replayed: true };
    }
    checkAllowed(row, 'modify_spec');
    const plan = await planChange(tx, row, body, deps.clock.now());
    const order = plan.quote.payableMicros > 0n ? await placeUpgrade(tx, deps, row, plan, orderKey) : null;
    const updated = await recordAction(tx, deps, row, 'modify_spec', {
      params: plan.params,
      change: {
        spec: plan.spec,
        ...(row.billingMethod === 'payg' ? { hourlyPriceMicros: plan.quote.newHourlyMicros } : {}),
        attributes: { [SPEC_CHANGE_KEY]: requestKey },
      },
      paidBy: order?.id,
    });
    return { order, row: updated, replayed: false };
  });
  const resource = recorded.replayed ? recorded.row : await sendPendingCall(deps, recorded.row);
  return { order: recorded.order, resource };
}
