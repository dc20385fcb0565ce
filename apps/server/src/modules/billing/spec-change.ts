/**
 * Paid configuration changes of a live resource (a desktop's type or disk, a phone's spec): the
 * kind's module plans the change and prices it with a catalogue quote; this charges it and makes
 * the upstream `modify_spec` call, exactly once each.
 *
 * One transaction locks the resource, checks the state machine, places the order (its charge,
 * action `upgrade`; none when nothing is payable), writes the new spec and hourly price, and
 * records the upstream call with its client token (`recordAction`); the call is made after the
 * commit (`sendPendingCall`). So:
 *  - a crash or timeout after the commit leaves the call recorded: `provision.refresh` repeats it
 *    with the same token until the cloud answers, and the cloud applies it once;
 *  - a definitive refusal by the cloud puts the old spec and hourly price back and refunds the
 *    order in full, in one transaction (`refundOrderPart`, once per order and resource), whether
 *    the request or the refresh job got the refusal;
 *  - the same request again (Idempotency-Key; the key is also kept on the resource for a retry
 *    that gets past the HTTP layer, e.g. after a 5xx) answers the first change: the order is
 *    placed under `spec:<resource>:<key>`, so it is never charged twice.
 */
import type { ErrorCode, OrderProductType } from '@cloudbay/contracts';
import { inTransaction, type Tx } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import type { SpecChangeQuote } from '../catalog/pricing';
import { findOrderByNo } from '../orders/repo';
import { orderNoFor, placeOrder, setResourceStatus, type OrderRow } from '../orders/service';
import {
  checkAllowed,
  recordAction,
  sendPendingCall,
  type ActionDeps,
  type ResourceAction,
} from '../provisioning/actions';
import { findResourceOfUser, lockResource, type ResourceRow } from '../provisioning/repo';

/** Where the resource keeps the key of its last configuration change request. */
export const SPEC_CHANGE_KEY = 'specChangeKey';

export interface SpecChange {
  /** The order that paid for it; null when nothing was payable (pay-as-you-go, a cheaper spec…). */
  order: OrderRow | null;
  resource: ResourceRow;
}

export interface SpecPlan {
  quote: SpecChangeQuote;
  /** The spec fields after the change. */
  spec: Record<string, unknown>;
  /** The cloud's modify_spec parameters. */
  params: Record<string, unknown>;
  /** The order's memo after the resource id ("a → b"). */
  summary: string;
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
    productType: row.kind as OrderProductType,
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
  // The resource exists: the order's resource is there as soon as it is paid.
  return setResourceStatus(tx, order.id, 'created');
}

/**
 * Changes one of the caller's resources of `kind` as `plan` says (called with the locked row in
 * the change's transaction; it throws the kind's 422s). 404 `notFound` for another's resource,
 * 409 when its state forbids the action (modify_spec unless named), 422 INSUFFICIENT_BALANCE; a refusal by the cloud
 * answers its error, after the change is undone and refunded.
 */
export async function changeSpec(
  deps: ActionDeps,
  input: {
    userId: number;
    kind: OrderProductType;
    resourceId: string;
    notFound: ErrorCode;
    requestKey: string;
    plan: (tx: Tx, row: ResourceRow, now: Date) => Promise<SpecPlan>;
    /** The engine's action that makes the change (an EIP's bandwidth: modify_bandwidth). */
    action?: Extract<ResourceAction, 'modify_spec' | 'modify_bandwidth'>;
  },
): Promise<SpecChange> {
  const { userId, resourceId, requestKey } = input;
  const action = input.action ?? 'modify_spec';
  const orderKey = `spec:${resourceId}:${requestKey}`;
  const recorded = await inTransaction(deps.database.pool, async (tx) => {
    const found = await findResourceOfUser(tx.db, userId, input.kind, resourceId);
    if (!found) throw new AppError('not_found', input.notFound);
    const row = (await lockResource(tx.db, found.id))!;
    if (row.attributes[SPEC_CHANGE_KEY] === requestKey) {
      const order = await findOrderByNo(tx.db, orderNoFor(userId, orderKey));
      return { order: order ?? null, row, replayed: true };
    }
    checkAllowed(row, action);
    const plan = await input.plan(tx, row, deps.clock.now());
    const order = plan.quote.payableMicros > 0n ? await placeUpgrade(tx, deps, row, plan, orderKey) : null;
    const updated = await recordAction(tx, deps, row, action, {
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
