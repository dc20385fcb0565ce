import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { insertResource } from '../../../../test/billing-fixtures';
import { operatorApp, operatorWith } from '../../../../test/operators';
import { depts, orders, users } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import { parseMicros } from '../../../lib/money';
import { charge, credit } from '../../wallet/ledger';
import { runDashboardRollup } from './rollup';
import { dashboard } from './service';

/**
 * A department-scoped operator's dashboard reads finished days from the per-customer rollups
 * (`ledger_daily_customer_totals`, summed over the customers of the scope) and equals the same
 * dashboard computed from the ledger alone.
 */
const env = operatorApp();
const DAY_MS = 86_400_000;
let deptId: number;
let operator: Awaited<ReturnType<typeof operatorWith>>;
let x: number;
let y: number;
let outsider: number;

/** A top-up and, if given, a charge of `userId`, posted together and moved `days` back. */
async function movedDaysAgo(
  days: number,
  userId: number,
  topUp: string,
  spend?: { kind: 'purchase' | 'payg_hourly'; amount: string; reference: string },
) {
  const keys = [randomUUID(), randomUUID()];
  await inTransaction(env.ctx.database.pool, async (tx) => {
    await credit(tx, { kind: 'topup', userId, amountMicros: parseMicros(topUp), idempotencyKey: keys[0]! });
    if (!spend) return;
    const { kind, amount, reference } = spend;
    await charge(tx, {
      kind,
      userId,
      amountMicros: parseMicros(amount),
      idempotencyKey: keys[1]!,
      reference,
    });
  });
  if (days === 0) return;
  const at = new Date(Date.now() - days * DAY_MS);
  await env.ctx.db.execute(sql`
    with moved as (
      update ledger_transactions set created_at = ${at}
      where idempotency_key in (${keys[0]!}, ${keys[1]!}) returning id
    )
    update ledger_entries set created_at = ${at} where transaction_id in (select id from moved)`);
}

beforeAll(async () => {
  const [dept] = await env.ctx.db
    .insert(depts)
    .values({ name: `Sales ${Date.now().toString(36)}`, ancestors: '0' })
    .returning();
  deptId = dept!.id;
  operator = await operatorWith(env.ctx.app, env.ctx.db, {
    perms: ['business:dashboard:view'],
    dataScope: '3',
    deptId,
  });
  const ids = await Promise.all(
    [0, 1, 2].map(async () => (await loggedInUser(env.ctx.app, env.ctx.db)).userId),
  );
  [x, y, outsider] = ids as [number, number, number];
  await env.ctx.db
    .update(users)
    .set({ deptId })
    .where(sql`${users.id} in (${x}, ${y})`);
  const orderNo = `ODSCOPE${Date.now()}`;
  await env.ctx.db.insert(orders).values({
    no: orderNo,
    userId: x,
    productType: 'desktop',
    status: 'paid',
    originalAmountMicros: parseMicros('7.00'),
    paidAmountMicros: parseMicros('7.00'),
  });
  const phone = await insertResource(env.ctx.db, {
    userId: y,
    kind: 'phone',
    billingMethod: 'payg',
    createdAt: new Date(),
  });
  // x: a $40 top-up and a $7 desktop two days ago, a $3 top-up today; y: a $10 top-up and a $0.50
  // phone hour four days ago; the outsider's $99 top-up stays out of the scope.
  await movedDaysAgo(2, x, '40.00', { kind: 'purchase', amount: '7.00', reference: orderNo });
  await movedDaysAgo(0, x, '3.00');
  await movedDaysAgo(4, y, '10.00', { kind: 'payg_hourly', amount: '0.50', reference: phone.resourceId });
  await movedDaysAgo(2, outsider, '99.00');
});

const board = (ledgerOnly = false) =>
  dashboard(env.ctx.db, operator.userId, '7d', new Date(), { ledgerOnly });
const withoutTime = (value: Awaited<ReturnType<typeof board>>) => ({ ...value, to: '' });

describe('a department-scoped dashboard', () => {
  it('reads the per-customer rollups and equals the ledger', async () => {
    const fromLedger = await board(true);
    expect(fromLedger.topups).toEqual({ amount: '53.00', count: 3 });
    expect(fromLedger.consumption).toEqual({ amount: '7.50', count: 2 });
    expect(fromLedger.consumptionByType.map((row) => [row.productType, row.amount])).toEqual([
      ['desktop', '7.00'],
      ['phone', '0.50'],
    ]);
    expect(fromLedger.topCustomers.map((row) => [row.userId, row.amount])).toEqual([
      [x, '7.00'],
      [y, '0.50'],
    ]);

    expect(await runDashboardRollup(env.ctx.database)).toBeGreaterThanOrEqual(30);
    const rolled = await board();
    expect(withoutTime(rolled)).toEqual(withoutTime(fromLedger));
    // The finished days really come from the per-customer rollups: a dollar added to x's shows.
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS).toISOString().slice(0, 10);
    await env.ctx.db
      .execute(sql`update ledger_daily_customer_totals set amount_micros = amount_micros + 1000000
      where user_id = ${x} and day = ${twoDaysAgo}::date and kind = 'topup'`);
    expect((await board()).topups.amount).toBe('54.00');
    await env.ctx.db
      .execute(sql`update ledger_daily_customer_totals set amount_micros = amount_micros - 1000000
      where user_id = ${x} and day = ${twoDaysAgo}::date and kind = 'topup'`);
  });

  it('follows a customer moved out of the department, as the ledger does', async () => {
    await env.ctx.db.update(users).set({ deptId: null }).where(eq(users.id, y));
    const rolled = await board();
    expect(rolled.topups.amount).toBe('43.00');
    expect(rolled.topCustomers.map((row) => row.userId)).toEqual([x]);
    expect(withoutTime(rolled)).toEqual(withoutTime(await board(true)));
  });
});
