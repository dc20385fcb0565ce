import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser, uniqueEmail } from '../../../../test/accounts';
import { createTestApp } from '../../../../test/context';
import { demoOperatorHeaders } from '../../../../test/operators';
import { inTransaction } from '../../../db/transaction';
import { chargeMany } from '../../wallet/ledger-bulk';
import { charge, credit, hold, refund, release, settle } from '../../wallet/ledger';
import { verifyLedger } from '../../wallet/verify-ledger';
import { ledgerSpentSql } from './repo';

/**
 * `customer_spend` (kept by triggers on the ledger's entries, migration 0034) against the ledger:
 * every way money is spent or given back, through each posting path, equals what the customer
 * list used to sum from the entries per request, and the list sorts by it.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
const PREFIX = `bs${Date.now().toString(36)}`;
const dollars = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const key = (what: string) => `test:${what}:${randomBytes(6).toString('hex')}`;
const post = <T>(work: Parameters<typeof inTransaction<T>>[1]) => inTransaction(ctx.database.pool, work);

let a: number;
let b: number;
let c: number;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
  [a, b, c] = (await Promise.all(
    ['a', 'b', 'c'].map(
      async (name) => (await loggedInUser(ctx.app, ctx.db, uniqueEmail(`${PREFIX}-${name}`))).userId,
    ),
  )) as [number, number, number];
  const movement = (userId: number, amount: number, what: string) => ({
    userId,
    amountMicros: dollars(amount),
    idempotencyKey: key(what),
  });
  // a: +30 purchase, -5 refund, +15 settled of a 20 hold (5 released), +2 hourly through the bulk
  // path, a 1 admin debit (not spending) and a 10 renewal moved to an earlier month: 42 this month, 52 in all.
  await post((tx) => credit(tx, { ...movement(a, 100, 'topup'), kind: 'topup' }));
  await post((tx) => charge(tx, { ...movement(a, 30, 'purchase'), kind: 'purchase' }));
  await post((tx) => refund(tx, movement(a, 5, 'refund')));
  await post(async (tx) => {
    await hold(tx, movement(a, 20, 'hold'));
    await settle(tx, movement(a, 15, 'settle'));
    await release(tx, movement(a, 5, 'release'));
  });
  await post((tx) => chargeMany(tx, [{ ...movement(a, 2, 'hourly'), kind: 'payg_hourly' }]));
  await post((tx) => charge(tx, { ...movement(a, 1, 'adjust'), kind: 'admin_adjustment' }));
  const renewal = await post((tx) => charge(tx, { ...movement(a, 10, 'renewal'), kind: 'renewal' }));
  // Back-dated as an entry of last month (the ledger never updates one; tests do, and it recounts).
  const lastMonth = sql`date_trunc('month', now()) - interval '3 days'`;
  await ctx.db.execute(
    sql`UPDATE ledger_entries SET created_at = ${lastMonth} WHERE transaction_id = ${renewal.transaction.id}`,
  );
  // b: 45 this month, 45 in all; c spent nothing.
  await post((tx) => credit(tx, { ...movement(b, 50, 'topup'), kind: 'topup' }));
  await post((tx) => charge(tx, { ...movement(b, 45, 'purchase'), kind: 'purchase' }));
});
afterAll(() => ctx.close());

async function maintained(ids: number[]) {
  const month = sql`date_trunc('month', now() AT TIME ZONE 'UTC')::date`;
  const { rows } = await ctx.db.execute<{ user_id: string; spent: string; month_spent: string }>(sql`
    SELECT user_id, spent_micros AS spent,
      CASE WHEN month = ${month} THEN month_spent_micros ELSE 0 END AS month_spent
    FROM customer_spend WHERE user_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(
    rows.map((row) => [Number(row.user_id), { spent: BigInt(row.spent), month: BigInt(row.month_spent) }]),
  );
}

async function fromLedger(ids: number[]) {
  const only = sql`WHERE s.user_id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const read = async (monthOnly: boolean) => {
    const { rows } = await ctx.db.execute<{ user_id: string; spent: string }>(
      sql`SELECT s.user_id, s.spent FROM (${ledgerSpentSql(monthOnly)}) s ${only}`,
    );
    return new Map(rows.map((row) => [Number(row.user_id), BigInt(row.spent)]));
  };
  const [all, month] = await Promise.all([read(false), read(true)]);
  return new Map(ids.map((id) => [id, { spent: all.get(id) ?? 0n, month: month.get(id) ?? 0n }]));
}

describe('customer_spend', () => {
  it('equals the ledger for every posting path, back-dated entries included', async () => {
    const kept = await maintained([a, b, c]);
    expect(kept.get(a)).toEqual({ spent: dollars(52), month: dollars(42) });
    expect(kept.get(b)).toEqual({ spent: dollars(45), month: dollars(45) });
    expect(kept.has(c)).toBe(false);
    const ledger = await fromLedger([a, b, c]);
    for (const id of [a, b]) expect(kept.get(id)).toEqual(ledger.get(id));
    expect(ledger.get(c)).toEqual({ spent: 0n, month: 0n });
    expect((await verifyLedger(ctx.db)).drifts).toEqual([]);
  });

  it('adds an entry committed late with an earlier month to the total only', async () => {
    // Inside a transaction rolled back at the end: a raw entry dated last month, inserted after
    // this month's, as a transaction that began before midnight and committed after would be.
    const client = await ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO ledger_transactions (kind, idempotency_key, user_id) VALUES ('purchase', $1, $2) RETURNING id`,
        [key('late'), b],
      );
      await client.query(
        `INSERT INTO ledger_entries (transaction_id, account_id, amount_micros, created_at)
         SELECT $1, id, -7000000, date_trunc('month', now()) - interval '1 day'
         FROM ledger_accounts WHERE owner_user_id = $2 AND kind = 'customer_wallet'`,
        [rows[0]!.id, b],
      );
      const { rows: spend } = await client.query<{ spent_micros: bigint; month_spent_micros: bigint }>(
        'SELECT spent_micros, month_spent_micros FROM customer_spend WHERE user_id = $1',
        [b],
      );
      expect(spend[0]).toEqual({
        spent_micros: dollars(52),
        month_spent_micros: dollars(45),
      });
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect((await maintained([b])).get(b)).toEqual({ spent: dollars(45), month: dollars(45) });
  });

  it('sorts the customer list by spent this month and in all', async () => {
    const order = async (sort: string, dir: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/business/customer?email=${PREFIX}&sort=${sort}&order=${dir}&limit=10`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.list as { userId: number; spentMonth: string; spentTotal: string }[]).map(
        (row) => [row.userId, row.spentMonth, row.spentTotal],
      );
    };
    expect(await order('spent', 'desc')).toEqual([
      [a, '42.00', '52.00'],
      [b, '45.00', '45.00'],
      [c, '0.00', '0.00'],
    ]);
    expect((await order('spentMonth', 'desc')).map(([id]) => id)).toEqual([b, a, c]);
    expect((await order('spentMonth', 'asc')).map(([id]) => id)).toEqual([c, a, b]);
  });
});
