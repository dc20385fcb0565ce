import { ErrorCode } from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser, signUp } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { dollars, expectCleanLedger } from '../../../test/topups';
import { inTransaction } from '../../db/transaction';
import { isAppError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import {
  CUSTOMER_HOLD,
  LedgerInvariantError,
  charge,
  credit,
  hold,
  postTransaction,
  refund,
  release,
  settle,
} from './ledger';
import { ensureAccount } from './ledger-repo';
import { CUSTOMER_WALLET, walletBalance } from './service';
import { verifyLedger } from './verify-ledger';

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

async function holdBalance(userId: number) {
  const id = await ensureAccount(ctx.db, userId, CUSTOMER_HOLD);
  const rows = await ctx.db.execute<{ b: bigint }>(
    sql`SELECT balance_micros AS b FROM ledger_accounts WHERE id = ${id}`,
  );
  return rows.rows[0]!.b;
}

async function transactionCount(idempotencyKey: string) {
  const rows = await ctx.db.execute<{ n: bigint }>(
    sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key = ${idempotencyKey}`,
  );
  return Number(rows.rows[0]!.n);
}

function insufficient(error: unknown) {
  return isAppError(error) && error.code === ErrorCode.INSUFFICIENT_BALANCE && error.status === 422;
}

describe('charges under concurrency', () => {
  it('200 concurrent $1 charges against a $50 wallet: exactly 50 succeed, never negative', async () => {
    const userId = await customerWith(50);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        inTx((tx) =>
          charge(tx, { userId, amountMicros: dollars(1), kind: 'purchase', idempotencyKey: key(`race${i}`) }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(50);
    expect(failed.every((r) => insufficient(r.reason))).toBe(true);
    expect(await walletBalance(ctx.db, userId)).toBe(0n);

    const wallet = await ensureAccount(ctx.db, userId, CUSTOMER_WALLET);
    const history = await ctx.db.execute<{ min: bigint; n: bigint }>(
      sql`SELECT min(balance_after_micros) AS min, count(*) AS n FROM ledger_entries WHERE account_id = ${wallet}`,
    );
    expect(history.rows[0]!.min).toBe(0n);
    expect(history.rows[0]!.n).toBe(51n); // the top-up and 50 charges; refused charges left nothing
    expect((await expectCleanLedger(ctx.database)).transactions).toBeGreaterThan(0);
  });

  it('the same idempotency key 50 times at once moves the money once', async () => {
    const userId = await customerWith(10);
    const once = key('same');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        inTx((tx) =>
          charge(tx, { userId, amountMicros: dollars(1), kind: 'purchase', idempotencyKey: once }),
        ),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transaction.id)).size).toBe(1);
    expect(await transactionCount(once)).toBe(1);
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(9));
    expect((await expectCleanLedger(ctx.database)).transactions).toBeGreaterThan(0);
  });

  it('a key reused for a different movement is a conflict, not a second posting', async () => {
    const userId = await customerWith(10);
    const reused = key('reused');
    await inTx((tx) =>
      charge(tx, { userId, amountMicros: dollars(1), kind: 'purchase', idempotencyKey: reused }),
    );
    const other = inTx((tx) =>
      charge(tx, { userId, amountMicros: dollars(2), kind: 'purchase', idempotencyKey: reused }),
    );
    await expect(other).rejects.toMatchObject({ code: ErrorCode.LEDGER_KEY_CONFLICT, status: 409 });
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(9));
  });
});

describe('postings', () => {
  it('refuses entries that do not sum to zero', async () => {
    const userId = await customerWith(0);
    const wallet = await ensureAccount(ctx.db, userId, CUSTOMER_WALLET);
    const revenue = await ensureAccount(ctx.db, null, 'platform_revenue');
    const unbalanced = key('unbalanced');
    const posting = inTx((tx) =>
      postTransaction(tx, {
        kind: 'gift',
        userId,
        idempotencyKey: unbalanced,
        entries: [
          { accountId: wallet, amountMicros: dollars(5) },
          { accountId: revenue, amountMicros: -dollars(4) },
        ],
      }),
    );
    await expect(posting).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await transactionCount(unbalanced)).toBe(0);
    expect(await walletBalance(ctx.db, userId)).toBe(0n);
  });

  it('an insufficient charge leaves the caller’s transaction untouched and says so in both languages', async () => {
    const userId = await customerWith(3);
    const short = key('short');
    const caught = await inTx(async (tx) => {
      const error = await charge(tx, {
        userId,
        amountMicros: dollars(5),
        kind: 'purchase',
        idempotencyKey: short,
      }).catch((e: unknown) => e);
      // The caller carries on in the same transaction (e.g. records a failed order) and commits.
      await credit(tx, { userId, amountMicros: dollars(1), kind: 'gift', idempotencyKey: key('gift') });
      return error;
    });
    expect(insufficient(caught)).toBe(true);
    expect(await transactionCount(short)).toBe(0);
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(4));
    expect(translate('zh-CN', ErrorCode.INSUFFICIENT_BALANCE)).toBe('当前账户余额不足');
    expect(translate('en-US', ErrorCode.INSUFFICIENT_BALANCE)).toBe('Insufficient account balance');
    expect((await expectCleanLedger(ctx.database)).transactions).toBeGreaterThan(0);
  });

  it('hold then settle makes the held money revenue', async () => {
    const userId = await customerWith(20);
    await inTx((tx) =>
      hold(tx, { userId, amountMicros: dollars(8), idempotencyKey: key('hold'), reference: 'ORD1' }),
    );
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(12));
    expect(await holdBalance(userId)).toBe(dollars(8));
    await inTx((tx) =>
      settle(tx, { userId, amountMicros: dollars(8), idempotencyKey: key('settle'), reference: 'ORD1' }),
    );
    expect(await holdBalance(userId)).toBe(0n);
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(12));
    // Nothing left on hold to settle twice.
    const again = inTx((tx) =>
      settle(tx, { userId, amountMicros: dollars(1), idempotencyKey: key('settle') }),
    );
    await expect(again).rejects.toMatchObject({ code: ErrorCode.INSUFFICIENT_BALANCE });
    expect((await expectCleanLedger(ctx.database)).transactions).toBeGreaterThan(0);
  });

  it('hold then release gives the money back; a hold beyond the balance is refused', async () => {
    const userId = await customerWith(5);
    const tooMuch = inTx((tx) => hold(tx, { userId, amountMicros: dollars(6), idempotencyKey: key('hold') }));
    await expect(tooMuch).rejects.toMatchObject({ code: ErrorCode.INSUFFICIENT_BALANCE });
    await inTx((tx) => hold(tx, { userId, amountMicros: dollars(5), idempotencyKey: key('hold') }));
    expect(await walletBalance(ctx.db, userId)).toBe(0n);
    await inTx((tx) => release(tx, { userId, amountMicros: dollars(5), idempotencyKey: key('release') }));
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(5));
    expect(await holdBalance(userId)).toBe(0n);
    expect((await expectCleanLedger(ctx.database)).transactions).toBeGreaterThan(0);
  });

  it('refund returns a charge to the wallet once', async () => {
    const userId = await customerWith(10);
    await inTx((tx) =>
      charge(tx, { userId, amountMicros: dollars(7), kind: 'purchase', idempotencyKey: key('buy') }),
    );
    const refundKey = key('refund');
    for (let i = 0; i < 2; i++)
      await inTx((tx) =>
        refund(tx, { userId, amountMicros: dollars(7), idempotencyKey: refundKey, reference: 'ORD2' }),
      );
    expect(await walletBalance(ctx.db, userId)).toBe(dollars(10));
    const [row] = (
      await ctx.db.execute<{ kind: string; reference: string }>(
        sql`SELECT kind, reference FROM ledger_transactions WHERE idempotency_key = ${refundKey}`,
      )
    ).rows;
    expect(row).toEqual({ kind: 'refund', reference: 'ORD2' });
    expect((await expectCleanLedger(ctx.database)).transactions).toBeGreaterThan(0);
  });

  it('GET /api/user reports the wallet balance', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    await inTx((tx) =>
      credit(tx, {
        userId: user.userId,
        amountMicros: 12_345_000n,
        kind: 'topup',
        idempotencyKey: key('topup'),
      }),
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: user.headers });
    expect(res.json().data.balance).toBe('12.35');
  });
});

describe('verifyLedger', () => {
  it('reports a cached balance that disagrees with the entries, and an unbalanced transaction', async () => {
    const userId = await customerWith(2);
    const wallet = await ensureAccount(ctx.db, userId, CUSTOMER_WALLET);
    await ctx.db.execute(
      sql`UPDATE ledger_accounts SET balance_micros = balance_micros + 1 WHERE id = ${wallet}`,
    );
    const report = await verifyLedger(ctx.db);
    expect(report.drifts).toEqual([expect.objectContaining({ kind: 'account', id: wallet })]);
    await ctx.db.execute(
      sql`UPDATE ledger_accounts SET balance_micros = balance_micros - 1 WHERE id = ${wallet}`,
    );
    // A platform entry changed: its account caches nothing, but its transaction no longer sums to 0.
    const platformEntry = sql`(SELECT max(id) FROM ledger_entries WHERE account_id <> ${wallet})`;
    await ctx.db.execute(
      sql`UPDATE ledger_entries SET amount_micros = amount_micros + 1 WHERE id = ${platformEntry}`,
    );
    const unbalanced = await verifyLedger(ctx.db);
    expect(unbalanced.drifts.map((d) => d.kind)).toEqual(['transaction']);
    await ctx.db.execute(
      sql`UPDATE ledger_entries SET amount_micros = amount_micros - 1 WHERE id = ${platformEntry}`,
    );
    expect((await verifyLedger(ctx.db)).drifts).toEqual([]);
  });

  it("reports a wallet entry whose balance_after is not the running sum, and a platform account's cache", async () => {
    const userId = await customerWith(2);
    const wallet = await ensureAccount(ctx.db, userId, CUSTOMER_WALLET);
    const walletEntry = sql`(SELECT max(id) FROM ledger_entries WHERE account_id = ${wallet})`;
    await ctx.db.execute(
      sql`UPDATE ledger_entries SET balance_after_micros = balance_after_micros + 1 WHERE id = ${walletEntry}`,
    );
    expect((await verifyLedger(ctx.db)).drifts).toEqual([
      expect.objectContaining({ kind: 'account', id: wallet }),
    ]);
    await ctx.db.execute(
      sql`UPDATE ledger_entries SET balance_after_micros = balance_after_micros - 1 WHERE id = ${walletEntry}`,
    );
    // Platform accounts may not cache a balance at all (the database refuses it).
    const revenue = await ensureAccount(ctx.db, null, 'platform_revenue');
    await expect(
      ctx.db.execute(sql`UPDATE ledger_accounts SET balance_micros = 1 WHERE id = ${revenue}`),
    ).rejects.toThrow();
    expect((await verifyLedger(ctx.db)).drifts).toEqual([]);
  });
});
