import { randomUUID } from 'node:crypto';
import type { Dashboard } from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { operatorApp, operatorWith } from '../../../../test/operators';
import { orders, resourceHourCharges, resources, topupOrders } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import { parseMicros } from '../../../lib/money';
import { charge, credit, refund } from '../../wallet/ledger';
import { runDashboardRollup } from './rollup';

const env = operatorApp();

async function dashboardOf(headers: Record<string, string>, range = 'today'): Promise<Dashboard> {
  const res = await env.ctx.app.inject({
    method: 'GET',
    url: `/api/business/dashboard?range=${range}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const micros = (dollars: string) => parseMicros(dollars);
const plus = (a: string, b: string) => ((Number(micros(a)) + Number(micros(b))) / 1e6).toFixed(2);
const typeAmount = (board: Dashboard, type: string) =>
  board.consumptionByType.find((row) => row.productType === type)?.amount ?? '0.00';
const liveCount = (board: Dashboard, kind: string) =>
  board.liveResources.find((row) => row.kind === kind)?.count ?? 0;

describe('GET /api/business/dashboard', () => {
  it('each figure moves by exactly the hand-made fixture', async () => {
    const before = await dashboardOf(env.admin);
    const alice = await loggedInUser(env.ctx.app, env.ctx.db);
    const bob = await loggedInUser(env.ctx.app, env.ctx.db);
    const base = await dashboardOf(env.admin);
    expect(base.newCustomers).toBe(before.newCustomers + 2);

    // A desktop order and a pay-as-you-go phone, as the ledger references them.
    const orderNo = `ODTEST${Date.now()}`;
    await env.ctx.db.insert(orders).values({
      no: orderNo,
      userId: alice.userId,
      productType: 'desktop',
      status: 'paid',
      originalAmountMicros: micros('30.00'),
      paidAmountMicros: micros('30.00'),
    });
    const [phone] = await env.ctx.db
      .insert(resources)
      .values({
        resourceId: `ph-test-${Date.now()}`,
        userId: bob.userId,
        kind: 'phone',
        name: 'phone',
        status: 'running',
        resourceStatus: 'created',
        clientToken: randomUUID(),
        billingMethod: 'payg',
      })
      .returning();
    const key = () => randomUUID();
    await inTransaction(env.ctx.database.pool, async (tx) => {
      await credit(tx, {
        kind: 'topup',
        userId: alice.userId,
        amountMicros: micros('100.00'),
        idempotencyKey: key(),
      });
      await credit(tx, {
        kind: 'topup',
        userId: bob.userId,
        amountMicros: micros('50.00'),
        idempotencyKey: key(),
      });
      await charge(tx, {
        kind: 'purchase',
        userId: alice.userId,
        amountMicros: micros('30.00'),
        idempotencyKey: key(),
        reference: orderNo,
      });
      await charge(tx, {
        kind: 'payg_hourly',
        userId: bob.userId,
        amountMicros: micros('1.25'),
        idempotencyKey: key(),
        reference: phone!.resourceId,
      });
      await refund(tx, {
        userId: alice.userId,
        amountMicros: micros('5.00'),
        idempotencyKey: key(),
        reference: orderNo,
      });
    });
    // Bob could not pay an hour; three of Alice's four top-up orders were paid.
    await env.ctx.db.insert(resourceHourCharges).values({
      resourceId: phone!.id,
      hourStart: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000),
      userId: bob.userId,
      runMicros: micros('1.25'),
      outcome: 'unpaid',
    });
    await env.ctx.db.insert(topupOrders).values(
      [2, 2, 2, 3].map((status, i) => ({
        no: `TT${Date.now()}${i}`,
        userId: alice.userId,
        payType: '1',
        gateway: 'sandbox',
        moneyMicros: micros('10.00'),
        status,
        expiresAt: new Date(Date.now() + 600_000),
      })),
    );

    const after = await dashboardOf(env.admin);
    expect(after.topups).toEqual({
      amount: plus(base.topups.amount, '150.00'),
      count: base.topups.count + 2,
    });
    expect(after.consumption).toEqual({
      amount: plus(base.consumption.amount, '31.25'),
      count: base.consumption.count + 2,
    });
    expect(after.refunds.amount).toBe(plus(base.refunds.amount, '5.00'));
    expect(typeAmount(after, 'desktop')).toBe(plus(typeAmount(base, 'desktop'), '30.00'));
    expect(typeAmount(after, 'phone')).toBe(plus(typeAmount(base, 'phone'), '1.25'));
    expect(after.customersInArrears).toBe(base.customersInArrears + 1);
    expect(liveCount(after, 'phone')).toBe(liveCount(base, 'phone') + 1);
    // 100 + 50 − 30 − 1.25 + 5 stayed with the customers.
    expect(after.liability).toBe(plus(base.liability, '123.75'));
    const wallets = await env.ctx.db.execute<{ total: string }>(
      sql`select (sum(balance_micros) / 1e6)::numeric(20, 2)::text as total from ledger_accounts
          where kind in ('customer_wallet', 'customer_hold')`,
    );
    expect(after.liability).toBe(wallets.rows[0]!.total);
    expect(after.gateway.paid).toBe(base.gateway.paid + 3);
    expect(after.gateway.unpaid).toBe(base.gateway.unpaid + 1);
    if (base.gateway.paid + base.gateway.unpaid === 0) expect(after.gateway.successRate).toBe(75);

    const today = after.daily.at(-1)!;
    expect(after.daily).toHaveLength(1);
    expect(today.topups).toBe(plus(base.daily.at(-1)!.topups, '150.00'));
    expect(today.newCustomers).toBe(after.newCustomers);
    const top = after.topCustomers.map((row) => [row.userId, row.amount]);
    expect(top).toContainEqual([alice.userId, '30.00']);
    expect(top).toContainEqual([bob.userId, '1.25']);
    const rank = (id: number) => after.topCustomers.findIndex((row) => row.userId === id);
    expect(rank(alice.userId)).toBeLessThan(rank(bob.userId));
  });

  it('answers one point per day for 7 and 30 days, oldest first, today last', async () => {
    for (const [range, days] of [
      ['7d', 7],
      ['30d', 30],
    ] as const) {
      const board = await dashboardOf(env.admin, range);
      expect(board.daily).toHaveLength(days);
      expect(board.daily.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
      expect(board.from.slice(0, 10)).toBe(board.daily[0]!.day);
      expect(board.topups.amount).toBe(
        (board.daily.reduce((sum, point) => sum + Number(micros(point.topups)), 0) / 1e6).toFixed(2),
      );
    }
    expect(
      (
        await env.ctx.app.inject({
          method: 'GET',
          url: '/api/business/dashboard?range=1y',
          headers: env.admin,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('finished days read from the rollups give the same figures as the ledger itself', async () => {
    // Movements three days ago: a top-up and a purchase of a desktop order.
    const carol = await loggedInUser(env.ctx.app, env.ctx.db);
    const orderNo = `ODROLL${Date.now()}`;
    await env.ctx.db.insert(orders).values({
      no: orderNo,
      userId: carol.userId,
      productType: 'office_site',
      status: 'paid',
      originalAmountMicros: micros('7.00'),
      paidAmountMicros: micros('7.00'),
    });
    const keys = [randomUUID(), randomUUID()];
    await inTransaction(env.ctx.database.pool, async (tx) => {
      await credit(tx, {
        kind: 'topup',
        userId: carol.userId,
        amountMicros: micros('40.00'),
        idempotencyKey: keys[0]!,
      });
      await charge(tx, {
        kind: 'purchase',
        userId: carol.userId,
        amountMicros: micros('7.00'),
        idempotencyKey: keys[1]!,
        reference: orderNo,
      });
    });
    await env.ctx.db.execute(sql`
      with moved as (
        update ledger_transactions set created_at = now() - interval '3 days'
        where idempotency_key in (${keys[0]!}, ${keys[1]!}) returning id
      )
      update ledger_entries set created_at = now() - interval '3 days'
      where transaction_id in (select id from moved)`);

    const live = await dashboardOf(env.admin, '7d');
    expect(await runDashboardRollup(env.ctx.database)).toBeGreaterThanOrEqual(3);
    const rolled = await env.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_rollup_days`,
    );
    expect(rolled.rows[0]!.n).toBeGreaterThanOrEqual(30);
    // A second run finds every finished day taken.
    expect(await runDashboardRollup(env.ctx.database)).toBe(0);
    const fromRollups = await dashboardOf(env.admin, '7d');
    expect({ ...fromRollups, to: '' }).toEqual({ ...live, to: '' });
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(fromRollups.daily.find((point) => point.day === threeDaysAgo)!.topups).not.toBe('0.00');
    expect(fromRollups.topCustomers.map((row) => row.userId)).toContain(carol.userId);
    expect(typeAmount(fromRollups, 'office_site')).not.toBe('0.00');
    // The finished days really come from the rollups: a dollar added there shows.
    const bump = (dollars: number) =>
      env.ctx.db
        .execute(sql`update ledger_daily_totals set amount_micros = amount_micros + ${dollars * 1_000_000}
        where day = ${threeDaysAgo}::date and kind = 'topup'`);
    await bump(1);
    expect((await dashboardOf(env.admin, '7d')).topups.amount).toBe(plus(live.topups.amount, '1.00'));
    await bump(-1);
  });

  it('an operator who sees only themselves sees no customer’s money', async () => {
    const own = await operatorWith(env.ctx.app, env.ctx.db, {
      perms: ['business:dashboard:view'],
      dataScope: '5',
    });
    const board = await dashboardOf(own.headers);
    expect(board.topups.amount).toBe('0.00');
    expect(board.liability).toBe('0.00');
    expect(board.topCustomers).toEqual([]);
    expect(Number((await dashboardOf(env.admin)).liability)).toBeGreaterThan(0);
  });
});
