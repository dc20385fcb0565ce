import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { expectCleanLedger } from '../../../test/topups';
import { inTransaction } from '../../db/transaction';
import { charge, credit, LedgerInvariantError } from './ledger';
import { chargeMany, type BulkCharge } from './ledger-bulk';
import { walletBalance } from './service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const cents = (n: number) => BigInt(n) * 10_000n;
const inTx = <T>(work: Parameters<typeof inTransaction<T>>[1]) => inTransaction(ctx.database.pool, work);
let seq = 0;
const key = (prefix: string) => `${prefix}:${++seq}:${Date.now()}`;

async function customerWith(balanceCents: number) {
  const { userId } = await signUp(ctx.app, ctx.db);
  if (balanceCents > 0)
    await inTx((tx) =>
      credit(tx, { userId, amountMicros: cents(balanceCents), kind: 'topup', idempotencyKey: key('topup') }),
    );
  return userId;
}

/** Every wallet entry of a customer, oldest first: what the bills show. */
async function walletHistory(userId: number) {
  const rows = await ctx.db.execute<{ amount: bigint; after: bigint; kind: string; memo: string | null }>(sql`
    SELECT e.amount_micros AS amount, e.balance_after_micros AS after, t.kind, t.memo
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'customer_wallet'
      JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE a.owner_user_id = ${userId} ORDER BY e.id`);
  return rows.rows.map((r) => ({ amount: r.amount, after: r.after, kind: r.kind, memo: r.memo }));
}

const bulk = (userId: number, amountCents: number, tag: string): BulkCharge => ({
  userId,
  amountMicros: cents(amountCents),
  idempotencyKey: key(tag),
  reference: tag,
  kind: 'payg_hourly',
  memo: tag,
});

describe('chargeMany', () => {
  it('charges many customers at once, keeps running balances and refuses what does not fit', async () => {
    const rich = await customerWith(1000);
    const poor = await customerWith(25);
    const broke = await customerWith(0);
    const charges = [
      bulk(rich, 100, 'r1'),
      bulk(poor, 10, 'p1'),
      bulk(rich, 250, 'r2'),
      bulk(poor, 20, 'p2'), // 15 left: refused
      bulk(poor, 15, 'p3'), // still fits what is left
      bulk(broke, 1, 'b1'),
    ];
    const result = await inTx((tx) => chargeMany(tx, charges));

    expect(result.charged.map((c) => c.idempotencyKey)).toEqual(
      [charges[0], charges[1], charges[2], charges[4]].map((c) => c!.idempotencyKey),
    );
    expect(result.refused).toEqual([charges[3]!.idempotencyKey, charges[5]!.idempotencyKey]);
    expect(result.charged.map((c) => c.balanceAfterMicros)).toEqual([cents(900), cents(15), cents(650), 0n]);
    expect(await walletBalance(ctx.db, rich)).toBe(cents(650));
    expect(await walletBalance(ctx.db, poor)).toBe(0n);
    expect(await walletBalance(ctx.db, broke)).toBe(0n);
    expect((await walletHistory(rich)).map((e) => e.after)).toEqual([cents(1000), cents(900), cents(650)]);
    await expectCleanLedger(ctx.database);
  });

  it('is a no-op when run again with the same keys', async () => {
    const userId = await customerWith(100);
    const charges = [bulk(userId, 30, 'a'), bulk(userId, 30, 'b')];
    const first = await inTx((tx) => chargeMany(tx, charges));
    const second = await inTx((tx) => chargeMany(tx, charges));
    expect(first.charged).toHaveLength(2);
    expect(second.charged).toHaveLength(0);
    expect(second.replayed.map((r) => r.transactionId).sort()).toEqual(
      first.charged.map((c) => c.transactionId).sort(),
    );
    expect(await walletBalance(ctx.db, userId)).toBe(cents(40));
    await expectCleanLedger(ctx.database);
  });

  it('writes what posting the same charges one by one with charge() writes', async () => {
    const amounts = [40, 5, 70, 25, 10, 1];
    const bulkUser = await customerWith(100);
    const singleUser = await customerWith(100);
    await inTx((tx) =>
      chargeMany(
        tx,
        amounts.map((a, i) => bulk(bulkUser, a, `same-${i}`)),
      ),
    );
    for (const [i, a] of amounts.entries()) {
      await inTx((tx) =>
        charge(tx, {
          userId: singleUser,
          amountMicros: cents(a),
          kind: 'payg_hourly',
          idempotencyKey: key(`one-${i}`),
          memo: `same-${i}`,
        }),
      ).catch(() => undefined); // refused: INSUFFICIENT_BALANCE
    }
    const strip = (rows: Awaited<ReturnType<typeof walletHistory>>) =>
      rows.map(({ amount, after, kind, memo }) => ({ amount, after, kind, memo }));
    expect(strip(await walletHistory(bulkUser))).toEqual(strip(await walletHistory(singleUser)));
    expect(await walletBalance(ctx.db, bulkUser)).toBe(await walletBalance(ctx.db, singleUser));
    await expectCleanLedger(ctx.database);
  });

  it('queues behind a concurrent charge() on the same wallet and never overdraws it', async () => {
    const userId = await customerWith(50);
    const [many, single] = await Promise.allSettled([
      inTx((tx) => chargeMany(tx, [bulk(userId, 30, 'x'), bulk(userId, 30, 'y')])),
      inTx((tx) =>
        charge(tx, { userId, amountMicros: cents(30), kind: 'purchase', idempotencyKey: key('single') }),
      ),
    ]);
    expect(many.status).toBe('fulfilled');
    const charged =
      (many.status === 'fulfilled' ? many.value.charged.length : 0) + (single.status === 'fulfilled' ? 1 : 0);
    expect(charged).toBe(1);
    expect(await walletBalance(ctx.db, userId)).toBe(cents(20));
    await expectCleanLedger(ctx.database);
  });

  it('refuses malformed input before touching the ledger', async () => {
    const userId = await customerWith(10);
    const twice = bulk(userId, 1, 'dup');
    await expect(inTx((tx) => chargeMany(tx, [twice, twice]))).rejects.toBeInstanceOf(LedgerInvariantError);
    await expect(
      inTx((tx) => chargeMany(tx, [{ ...bulk(userId, 1, 'zero'), amountMicros: 0n }])),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await inTx((tx) => chargeMany(tx, []))).toEqual({ charged: [], replayed: [], refused: [] });
    expect(await walletBalance(ctx.db, userId)).toBe(cents(10));
  });
});
