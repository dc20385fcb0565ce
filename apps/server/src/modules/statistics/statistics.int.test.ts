/**
 * Issue 22: the spending statistics equal the bills, across two months on a manual clock, and a
 * resource's order history. Everything is bought, renewed, billed and refunded by the engine
 * through the routes and job handlers; the ledger's times are the database's, so the first
 * month's movements are dated back into last month once made (as the clock was then).
 */
import { randomUUID } from 'node:crypto';
import type { MonthFlow, RegionNetworkCost, ResourceOrderPage, Statistics } from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopHarness, EN, type Customer, type DesktopHarness } from '../../../test/desktop-fixtures';
import { createSubAccount, subAccountSession } from '../../../test/sub-account-fixtures';
import { formatDollars, parseMicros } from '../../lib/money';
import { runDashboardRollup } from '../business/dashboard/rollup';
import { HOUR_MS, hourFloor, runHourlyBilling } from '../billing/hourly';
import { verifyLedger } from '../wallet/verify-ledger';
import { monthOf, monthStart, statistics } from './service';

const CONSUMPTION = ['purchase', 'renewal', 'upgrade', 'payg_hourly', 'traffic'];
const DAY = 86_400_000;

let h: DesktopHarness;
/** "Now": this month, in the real month (the ledger's times are the database's). */
const now = new Date(
  Math.max(hourFloor(new Date()).getTime(), monthStart(new Date()).getTime() + 2 * HOUR_MS),
);
/** A day of last month, where the first half of the story happens. */
const then = new Date(monthStart(now, -1).getTime() + 9 * DAY + 8 * HOUR_MS);

beforeAll(async () => {
  h = await desktopHarness(then.getTime());
});
afterAll(() => h.ctx.close());

async function get<T>(who: Customer, url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await h.ctx.app.inject({ method: 'GET', url, headers: { ...who.headers, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

/**
 * Every wallet movement of the customer, from the bills route, with its exact amount: the bills
 * show cents, so each one's micro-dollars are read from the ledger entry it shows.
 */
async function allBills(who: Customer) {
  const bills: { id: number; amount: string; expense_type: string; created_at: string }[] = [];
  for (let page = 1; page < 50; page++) {
    const data = await get<{ list: typeof bills; total: number }>(
      who,
      `/api/user/user_transactions?limit=50&page=${page}`,
    );
    bills.push(...data.list);
    if (bills.length >= data.total) break;
  }
  const exact = await h.ctx.db.execute<{ id: number; micros: string }>(sql`
    select id, amount_micros::text as micros from ledger_entries
    where id in (${sql.join(
      bills.map((bill) => sql`${bill.id}`),
      sql`, `,
    )})`);
  const micros = new Map(exact.rows.map((row) => [Number(row.id), BigInt(row.micros)]));
  return bills.map((bill) => {
    const amount = micros.get(bill.id)!;
    // The exact figure is the one the bill shows, before its rounding to the cent.
    expect(formatDollars(amount)).toBe(bill.amount);
    return { ...bill, micros: amount };
  });
}

/** What the bills say of one month: charges for products and refunds. */
function billsOfMonth(bills: Awaited<ReturnType<typeof allBills>>, month: string) {
  const inMonth = bills.filter((bill) => bill.created_at.slice(0, 7) === month);
  const sum = (kinds: string[]) =>
    inMonth.filter((bill) => kinds.includes(bill.expense_type)).reduce((s, b) => s + b.micros, 0n);
  const spent = -sum(CONSUMPTION);
  const refunded = sum(['refund']);
  return {
    spent: formatDollars(spent),
    refunded: formatDollars(refunded),
    net: formatDollars(spent - refunded),
  };
}

/** Bills the pay-as-you-go hour `hour` once it is over (the clock moved past it). */
async function billHour(hour: Date) {
  h.clock.set(hour.getTime() + HOUR_MS + 5 * 60_000);
  await runHourlyBilling({ ...h.core, clock: h.clock }, hour);
}

/** The ledger rows of the customer dated `at` (what the clock said when they were made). */
async function dateBack(userId: number, at: Date) {
  await h.ctx.db.execute(sql`
    update ledger_entries set created_at = ${at}
    where transaction_id in (select id from ledger_transactions where user_id = ${userId})`);
  await h.ctx.db.execute(sql`update ledger_transactions set created_at = ${at} where user_id = ${userId}`);
  await h.ctx.db.execute(
    sql`update orders set created_at = ${at}, paid_at = ${at} where user_id = ${userId}`,
  );
}

describe('GET /api/user/statistics and its sub-paths', () => {
  let alice: Customer;
  let subscription: string;
  let paygHk: string;
  let failed: string;

  it('equal the bills over two months: purchase, renewal, pay-as-you-go, traffic and a refund', async () => {
    alice = await h.customer(2000);
    // Last month: a subscription bought and renewed, a pay-as-you-go desktop billed one hour, and a
    // purchase the cloud refused (refunded).
    subscription = (await h.runningDesktop(alice)).desktopId;
    const renew = await h.call(alice, 'PUT', `/api/user/desktop/${subscription}/renew`, { period: 1 });
    expect(renew.statusCode, renew.body).toBe(200);
    const payg = await h.runningDesktop(alice, { billing_method: 'payg', name: 'hourly-pc' });
    paygHk = payg.desktopId;
    await billHour(hourFloor(payg.desktop.createdAt));
    const cloud = h.cloud;
    cloud.setFaults({ createFail: 1 });
    const refused = await h.buy(alice, { name: 'refused-pc' });
    await h.runJobs();
    cloud.setFaults({ createFail: 0 });
    failed = refused.desktop_ids[0]!;
    expect((await h.row(failed)).resourceStatus).toBe('refunded');
    await dateBack(alice.userId, then);

    // This month: the subscription renewed again, a second pay-as-you-go desktop in another region,
    // and one hour of both billed.
    h.clock.set(now.getTime() - 3 * HOUR_MS);
    const again = await h.call(alice, 'PUT', `/api/user/desktop/${subscription}/renew`, { period: 1 });
    expect(again.statusCode, again.body).toBe(200);
    await h.runningDesktop(alice, { billing_method: 'payg', name: 'sg-pc', region_id: h.sg });
    await billHour(hourFloor(h.clock.now()));
    h.clock.set(now);

    const bills = await allBills(alice);
    const stats = await get<Statistics>(alice, '/api/user/statistics');
    const thisMonth = monthOf(now);
    const lastMonth = monthOf(monthStart(now, -1));
    expect(stats.this_month.month).toBe(thisMonth);
    expect(stats.last_month.month).toBe(lastMonth);
    for (const [shown, month] of [
      [stats.this_month, thisMonth],
      [stats.last_month, lastMonth],
    ] as const) {
      const expected = billsOfMonth(bills, month);
      expect({ spent: shown.spent, refunded: shown.refunded, net: shown.net }, month).toEqual(expected);
      // Everything here is a desktop's.
      expect(shown.by_type.map((row) => [row.product_type, row.spent, row.refunded, row.net])).toEqual([
        ['desktop', expected.spent, expected.refunded, expected.net],
      ]);
    }
    expect(parseMicros(stats.last_month.refunded)).toBeGreaterThan(0n);
    expect(parseMicros(stats.this_month.spent)).toBeGreaterThan(0n);

    // The same figures once last month's days are rolled up (they are then read from the rollups),
    // and from the ledger alone.
    await runDashboardRollup(h.ctx.database, new Date());
    const rolled = await h.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_daily_customer_totals where user_id = ${alice.userId}`,
    );
    expect(rolled.rows[0]!.n).toBeGreaterThan(0);
    expect(await get<Statistics>(alice, '/api/user/statistics')).toEqual(stats);
    expect(await statistics(h.ctx.db, alice.userId, now, { ledgerOnly: true })).toEqual(stats);
    expect((await verifyLedger(h.ctx.db)).drifts).toEqual([]);
  });

  it('month_flow_metric and region_network_cost equal the metered hours and the hourly bills', async () => {
    const hours = await h.ctx.db.execute<{
      month: string;
      region_id: number;
      bytes: string;
      traffic: string;
      run: string;
    }>(sql`
      select to_char(c.hour_start at time zone 'UTC', 'YYYY-MM') as month, r.region_id,
        sum(c.traffic_bytes)::text as bytes, sum(c.traffic_micros)::text as traffic,
        sum(c.run_micros)::text as run
      from resource_hour_charges c join resources r on r.id = c.resource_id
      where c.user_id = ${alice.userId} and c.outcome = 'charged'
      group by 1, 2`);
    expect(hours.rows.length).toBe(3);
    const bills = await allBills(alice);
    const flow = await get<MonthFlow[]>(alice, '/api/user/statistics/month_flow_metric');
    expect(flow).toHaveLength(12);
    expect(flow.at(-1)!.month).toBe(monthOf(now));
    expect(flow.at(-2)!.month).toBe(monthOf(monthStart(now, -1)));
    expect(flow.slice(0, 10).every((m) => m.traffic_bytes === 0 && m.traffic_cost === '0.00')).toBe(true);
    for (const point of flow.slice(10)) {
      const rows = hours.rows.filter((row) => row.month === point.month);
      const bytes = rows.reduce((s, r) => s + BigInt(r.bytes), 0n);
      const traffic = rows.reduce((s, r) => s + BigInt(r.traffic), 0n);
      const run = rows.reduce((s, r) => s + BigInt(r.run), 0n);
      expect(bytes).toBeGreaterThan(0n);
      expect(point).toEqual({
        month: point.month,
        traffic_bytes: Number(bytes),
        traffic_cost: formatDollars(traffic),
      });
      // The month's hourly bills are exactly its hours' running time plus this traffic.
      const hourly = bills
        .filter((bill) => bill.expense_type === 'payg_hourly' && bill.created_at.slice(0, 7) === point.month)
        .reduce((s, b) => s - b.micros, 0n);
      expect(hourly).toBe(run + traffic);
    }

    const cost = await get<RegionNetworkCost>(alice, '/api/user/statistics/region_network_cost', EN);
    expect(cost.month).toBe(monthOf(now));
    const thisMonth = hours.rows.filter((row) => row.month === monthOf(now));
    expect(cost.regions.map((r) => r.region_id).sort()).toEqual([h.hk, h.sg].sort());
    for (const region of cost.regions) {
      const row = thisMonth.find((r) => Number(r.region_id) === region.region_id)!;
      expect(region).toMatchObject({
        traffic_bytes: Number(row.bytes),
        traffic_cost: formatDollars(BigInt(row.traffic)),
      });
    }
    expect(cost.regions.find((r) => r.region_id === h.sg)!.region_name).toMatch(/[A-Za-z]/);
    const last = await get<RegionNetworkCost>(
      alice,
      `/api/user/statistics/region_network_cost?month=${monthOf(monthStart(now, -1))}`,
    );
    expect(last.regions.map((r) => r.region_id)).toEqual([h.hk]);

    // Another customer sees nothing of Alice's.
    const bob = await h.customer(0);
    expect((await get<Statistics>(bob, '/api/user/statistics')).this_month).toMatchObject({
      spent: '0.00',
      by_type: [],
    });
    expect(
      (await get<MonthFlow[]>(bob, '/api/user/statistics/month_flow_metric')).every(
        (m) => m.traffic_bytes === 0,
      ),
    ).toBe(true);
    expect((await get<RegionNetworkCost>(bob, '/api/user/statistics/region_network_cost')).regions).toEqual(
      [],
    );
  });

  it('GET /api/user/resource_order lists every order of one resource, scoped to its owner', async () => {
    const history = await get<ResourceOrderPage>(
      alice,
      `/api/user/resource_order?resource_type=desktop&resource_id=${subscription}`,
    );
    expect(history.total).toBe(3);
    expect(history.list.map((row) => row.type)).toEqual(['renew', 'renew', 'new']);
    const orders = await h.ctx.db.execute<{ no: string; paid: string }>(sql`
      select no, paid_amount_micros::text as paid from orders
      where resource_ids @> ${JSON.stringify([subscription])}::jsonb order by created_at desc, id desc`);
    expect(history.list.map((row) => [row.order_no, row.amount])).toEqual(
      orders.rows.map((row) => [row.no, formatDollars(BigInt(row.paid))]),
    );
    const page2 = await get<ResourceOrderPage>(
      alice,
      `/api/user/resource_order?resource_type=desktop&resource_id=${subscription}&limit=10&page=2`,
    );
    expect(page2).toMatchObject({ list: [], total: 3, page: 2 });

    // The refused purchase: the order and its refund.
    const refunded = await get<ResourceOrderPage>(
      alice,
      `/api/user/resource_order?resource_type=desktop&resource_id=${failed}`,
    );
    expect(refunded.list.map((row) => row.type)).toEqual(['refund', 'new']);
    expect(refunded.list[0]!.amount).toBe(refunded.list[1]!.amount);
    expect(refunded.list[0]!.order_no).toBe(refunded.list[1]!.order_no);

    // Another customer's resource, an unknown one and the wrong type: 404.
    const bob = await h.customer(0);
    for (const url of [
      `/api/user/resource_order?resource_type=desktop&resource_id=${subscription}`,
      `/api/user/resource_order?resource_type=desktop&resource_id=nope-${randomUUID().slice(0, 8)}`,
    ]) {
      const res = await h.call(bob, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().data.error_code).toBe('RESOURCE_NOT_FOUND');
    }
    const wrongType = await h.call(
      alice,
      'GET',
      `/api/user/resource_order?resource_type=phone&resource_id=${subscription}`,
    );
    expect(wrongType.statusCode).toBe(404);
  });

  it('a sub-account reads its bound resources’ history without amounts, and no statistics', async () => {
    const sub = await createSubAccount(h.ctx.app, alice);
    const bind = await h.call(alice, 'POST', `/api/user/son_account/${sub.accountId}/desktop`, {
      desktop_ids: [subscription],
    });
    expect(bind.statusCode, bind.body).toBe(200);
    const session = await subAccountSession(h.ctx.app, h.ctx.db, alice, sub);
    const bound = await get<ResourceOrderPage>(
      session,
      `/api/user/resource_order?resource_type=desktop&resource_id=${subscription}`,
    );
    expect(bound.list.map((row) => [row.type, row.amount])).toEqual([
      ['renew', null],
      ['renew', null],
      ['new', null],
    ]);
    const unbound = await h.call(
      session,
      'GET',
      `/api/user/resource_order?resource_type=desktop&resource_id=${paygHk}`,
    );
    expect(unbound.statusCode).toBe(404);
    for (const url of [
      '/api/user/statistics',
      '/api/user/statistics/month_flow_metric',
      '/api/user/statistics/region_network_cost',
    ]) {
      const res = await h.call(session, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().data.error_code).toBe('SUB_ACCOUNT_NOT_ALLOWED');
    }
  });
});
