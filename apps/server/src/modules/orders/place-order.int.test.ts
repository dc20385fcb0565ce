import { ErrorCode } from '@cloudbay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { dollars, expectCleanLedger, ledgerCount } from '../../../test/topups';
import { inTransaction } from '../../db/transaction';
import { isAppError } from '../../lib/errors';
import { credit } from '../wallet/ledger';
import { walletBalance } from '../wallet/service';
import {
  orderChargeKey,
  orderPartRefundKey,
  placeOrder,
  refundOrderPart,
  setResourceStatus,
  type PlaceOrderInput,
} from './service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const inTx = <T>(work: Parameters<typeof inTransaction<T>>[1]) => inTransaction(ctx.database.pool, work);
let keySeq = 0;
const key = (prefix: string) => `${prefix}:${++keySeq}:${Date.now()}`;

async function customerWith(amount: number) {
  const { userId } = await signUp(ctx.app, ctx.db);
  if (amount > 0)
    await inTx((tx) =>
      credit(tx, { userId, amountMicros: dollars(amount), kind: 'topup', idempotencyKey: key('topup') }),
    );
  return userId;
}

function purchase(userId: number, amount: number, extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    userId,
    idempotencyKey: key('place'),
    paidAt: new Date(),
    productType: 'desktop',
    originalAmountMicros: dollars(amount),
    paidAmountMicros: dollars(amount),
    ...extra,
  };
}

const place = (input: PlaceOrderInput) => inTx((tx) => placeOrder(tx, input));

const WHOLE = 'r-whole';
/** The whole order given back: its only resource failed, so its full price is refunded. */
const refundWhole = (order: { id: number; paidAmountMicros: bigint }, failure: string) =>
  inTx((tx) =>
    refundOrderPart(tx, order.id, {
      resourceId: WHOLE,
      amountMicros: order.paidAmountMicros,
      failure,
      allFailed: true,
      memo: 'creation_refund',
    }),
  );

async function ordersOf(userId: number) {
  const { rows } = await ctx.database.pool.query<{ no: string }>('SELECT no FROM orders WHERE user_id = $1', [
    userId,
  ]);
  return rows.map((row) => row.no);
}

async function ledgerKind(idempotencyKey: string) {
  const { rows } = await ctx.database.pool.query<{ kind: string; reference: string }>(
    'SELECT kind, reference FROM ledger_transactions WHERE idempotency_key = $1',
    [idempotencyKey],
  );
  return rows[0];
}

const insufficient = (error: unknown) =>
  isAppError(error) && error.code === ErrorCode.INSUFFICIENT_BALANCE && error.status === 422;

describe('placeOrder', () => {
  it('records a paid order and charges the wallet once, in the same transaction', async () => {
    const userId = await customerWith(50);
    const input = purchase(userId, 12.5, {
      spec: { bundle: 'b1' },
      period: 1,
      billingMethod: 'subscription',
    });
    const first = await place(input);
    expect(first.replayed).toBe(false);
    expect(first.order).toMatchObject({
      userId,
      status: 'paid',
      resourceStatus: 'not_created',
      paidAmountMicros: dollars(12.5),
      spec: { bundle: 'b1' },
    });
    expect(first.order.no).toMatch(/^OD[A-Z0-9]{18}$/);
    expect(first.order.paidAt).toBeInstanceOf(Date);
    expect(first.order.chargeTransactionId).toEqual(expect.any(Number));
    expect(await ledgerKind(orderChargeKey(first.order.no))).toEqual({
      kind: 'purchase',
      reference: first.order.no,
    });
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(37.5));

    // The engine retries (a crash, a replayed request): the first order, nothing charged again.
    const again = await place(input);
    expect(again.replayed).toBe(true);
    expect(again.order.id).toBe(first.order.id);
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(37.5));
    expect(await ledgerCount(ctx.database, orderChargeKey(first.order.no))).toBe(1);
  });

  it('20 concurrent placements under one key make one order and one charge', async () => {
    const userId = await customerWith(30);
    const input = purchase(userId, 7);
    const results = await Promise.all(Array.from({ length: 20 }, () => place(input)));
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ordersOf(userId)).toEqual([results[0]!.order.no]);
    expect(await ledgerCount(ctx.database, orderChargeKey(results[0]!.order.no))).toBe(1);
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(23));
  });

  it('charges renewals and upgrades under their own kinds', async () => {
    const userId = await customerWith(10);
    const renewal = await place(purchase(userId, 2, { action: 'renew', resourceIds: ['d-1'] }));
    const upgrade = await place(purchase(userId, 3, { action: 'upgrade', resourceIds: ['d-1'] }));
    expect((await ledgerKind(orderChargeKey(renewal.order.no)))?.kind).toBe('renewal');
    expect((await ledgerKind(orderChargeKey(upgrade.order.no)))?.kind).toBe('upgrade');
    expect(renewal.order.resourceIds).toEqual(['d-1']);
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(5));
  });

  it('without enough balance answers 422 and leaves no order and the balance untouched', async () => {
    const userId = await customerWith(5);
    const error = await place(purchase(userId, 10)).catch((e: unknown) => e);
    expect(insufficient(error)).toBe(true);
    expect(await ordersOf(userId)).toEqual([]);
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(5));

    // A caller that catches the refusal and commits the rest of its transaction keeps no order either.
    const kept = await inTx(async (tx) => {
      const refused = await placeOrder(tx, purchase(userId, 10)).catch((e: unknown) => e);
      return insufficient(refused);
    });
    expect(kept).toBe(true);
    expect(await ordersOf(userId)).toEqual([]);
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(5));
  });

  it('pays a gift without charging, and a retried gift is still one order', async () => {
    const userId = await customerWith(0);
    const input = purchase(userId, 0, { originalAmountMicros: dollars(9), productType: 'eip' });
    const gift = await place(input);
    expect(gift.order).toMatchObject({ status: 'paid', chargeTransactionId: null, paidAmountMicros: 0n });
    expect(await ledgerCount(ctx.database, orderChargeKey(gift.order.no))).toBe(0);
    expect((await place(input)).order.id).toBe(gift.order.id);
    expect(await ordersOf(userId)).toHaveLength(1);
  });

  it('refuses the same key for a different purchase', async () => {
    const userId = await customerWith(20);
    const input = purchase(userId, 4);
    await place(input);
    const error = await place({ ...input, paidAmountMicros: dollars(3) }).catch((e: unknown) => e);
    expect(isAppError(error) && error.code === ErrorCode.LEDGER_KEY_CONFLICT).toBe(true);
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(16));
  });
});

describe('resource status and refunds', () => {
  it('follows the cloud, then refunds a failed creation exactly once under concurrency', async () => {
    const userId = await customerWith(40);
    const { order } = await place(purchase(userId, 15));
    const creating = await inTx((tx) => setResourceStatus(tx, order.id, 'creating'));
    expect(creating.resourceStatus).toBe('creating');
    const failed = await inTx((tx) =>
      setResourceStatus(tx, order.id, 'creation_failed', { failure: 'quota exceeded', resourceIds: ['i-9'] }),
    );
    expect(failed).toMatchObject({
      resourceStatus: 'creation_failed',
      failure: 'quota exceeded',
      resourceIds: ['i-9'],
    });
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(25));

    const refunds = await Promise.all(Array.from({ length: 10 }, () => refundWhole(order, 'quota exceeded')));
    expect(refunds.every((r) => r.resourceStatus === 'refunded')).toBe(true);
    expect(refunds.map((r) => r.refundedAmountMicros)).toEqual(Array(10).fill(dollars(15)));
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(40));
    expect(await ledgerCount(ctx.database, orderPartRefundKey(order.no, WHOLE))).toBe(1);
    expect(await ledgerKind(orderPartRefundKey(order.no, WHOLE))).toEqual({
      kind: 'refund',
      reference: order.no,
    });

    // A late word from the cloud does not undo the refund.
    const late = await inTx((tx) => setResourceStatus(tx, order.id, 'created'));
    expect(late.resourceStatus).toBe('refunded');
  });

  it('marks a gift refunded without moving money, and an unknown order answers 404', async () => {
    const userId = await customerWith(0);
    const { order } = await place(purchase(userId, 0, { originalAmountMicros: dollars(3) }));
    const refunded = await refundWhole(order, 'out of stock');
    expect(refunded).toMatchObject({
      resourceStatus: 'refunded',
      refundedAmountMicros: 0n,
      failure: 'out of stock',
    });
    expect(await ledgerCount(ctx.database, orderPartRefundKey(order.no, WHOLE))).toBe(0);
    expect(await walletBalance(ctx.db, userId)).toBe(0n);

    const missing = await refundWhole({ id: 999_999_999, paidAmountMicros: 0n }, 'x').catch(
      (e: unknown) => e,
    );
    expect(isAppError(missing) && missing.code === ErrorCode.ORDER_NOT_FOUND).toBe(true);
  });
});

describe('the ledger after these tests', () => {
  it('has no drift', async () => {
    await expectCleanLedger(ctx.database);
  });
});
