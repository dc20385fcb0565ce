/**
 * The money of desktop operations: renewals and configuration changes are charged the figure the
 * price endpoints show, as orders with bills, once per request, and a change the cloud refuses is
 * undone and refunded. The ledger verifies after every test.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EN, desktopHarness, type Customer, type DesktopHarness } from '../../../test/desktop-fixtures';
import { expectCleanLedger } from '../../../test/topups';
import { orders, resources } from '../../db/schema';
import { parseMicros } from '../../lib/money';
import { addMonths } from '../provisioning/service';
import { walletBalance } from '../wallet/service';
import { CloudError, type SimCloudProvider } from '../../providers/cloud';
import { changeDesktopSpec } from './spec-change';

let h: DesktopHarness;

beforeAll(async () => {
  h = await desktopHarness();
});
afterEach(async () => {
  h.cloud.setFaults({ timeout: 0 });
  await expectCleanLedger(h.ctx.database);
});
afterAll(() => h.ctx.close());

type Order = { id: number; no: string; action: string; paid_amount: string; resource_status: string };

/** A price endpoint's answer (as the customer, for the /user/ ones). */
async function quoteOf(who: Customer, url: string, query: Record<string, string>) {
  const res = await h.ctx.app.inject({ method: 'GET', url, query, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { payable_price: string; new_hourly_price?: string };
}
const priceOf = async (who: Customer, url: string, query: Record<string, string>) =>
  (await quoteOf(who, url, query)).payable_price;

async function billsOf(who: Customer, orderId: number): Promise<string[]> {
  const res = await h.call(who, 'GET', `/api/user/order/${orderId}`);
  return (res.json().data.bills as { amount: string }[]).map((bill) => bill.amount);
}

async function upgradeOrders(userId: number) {
  return h.ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.action, 'upgrade')));
}

describe('PUT /user/desktop/{desktop_id}/renew', () => {
  it('charges the /renewal_price figure once per request, as an order with its bill', async () => {
    const customer = await h.customer(300);
    const { desktopId, desktop } = await h.runningDesktop(customer, { system_disk: 120 });
    const payable = await priceOf(customer, '/api/renewal_price', {
      region_id: String(h.hk),
      desktop_type: 'eds.general.2c4g',
      system_disk: '120',
      period: '3',
    });
    const before = await walletBalance(h.ctx.db, customer.userId);
    const key = randomUUID();
    const renew = () =>
      h.call(
        customer,
        'PUT',
        `/api/user/desktop/${desktopId}/renew`,
        { period: 3 },
        { 'idempotency-key': key },
      );
    const first = await renew();
    expect(first.statusCode, first.body).toBe(200);
    const order = first.json().data.order as Order;
    expect(order).toMatchObject({ action: 'renew', paid_amount: payable, resource_status: 'created' });
    expect(first.json().data.desktop).toMatchObject({
      desktop_id: desktopId,
      expire_time: addMonths(desktop.expiresAt!, 3).toISOString(),
    });
    const again = await renew();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    expect(await billsOf(customer, order.id)).toEqual([`-${payable}`]);
    expect(await walletBalance(h.ctx.db, customer.userId)).toBe(before - parseMicros(payable));
  });

  it('refuses gifts and pay-as-you-go with their 422s, charging nothing', async () => {
    const customer = await h.customer(300);
    const gift = await h.runningDesktop(customer);
    await h.ctx.db.update(resources).set({ gift: true }).where(eq(resources.resourceId, gift.desktopId));
    const payg = await h.runningDesktop(customer, { billing_method: 'payg', period: undefined });
    const before = await walletBalance(h.ctx.db, customer.userId);
    const cases: [string, string][] = [
      [gift.desktopId, 'A gifted resource cannot be renewed'],
      [payg.desktopId, 'Pay-as-you-go resources are not renewed'],
    ];
    for (const [desktopId, message] of cases) {
      const res = await h.call(customer, 'PUT', `/api/user/desktop/${desktopId}/renew`, { period: 1 }, EN);
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBe(message);
    }
    const zh = await h.call(customer, 'PUT', `/api/user/desktop/${gift.desktopId}/renew`, { period: 1 });
    expect(zh.json().msg).toBe('赠送的资源不能续费');
    expect(await walletBalance(h.ctx.db, customer.userId)).toBe(before);
  });
});

describe('POST /user/desktop/{desktop_id}/spec: the rules', () => {
  it('needs the desktop shut down (409), a disk that does not shrink and a change (422)', async () => {
    const customer = await h.customer(300);
    const { desktopId } = await h.runningDesktop(customer, { system_disk: 100 });
    const change = (body: Record<string, unknown>) =>
      h.call(customer, 'POST', `/api/user/desktop/${desktopId}/spec`, body, {
        ...EN,
        'idempotency-key': randomUUID(),
      });
    const running = await change({ system_disk: 120 });
    expect(running.statusCode).toBe(409);
    expect(running.json().msg).toBe(
      'This action is not allowed in the current status; refresh and try again',
    );

    await h.runStatus(customer, desktopId, 'stop');
    const shrink = await change({ system_disk: 90 });
    expect(shrink.statusCode).toBe(422);
    expect(shrink.json().msg).toBe(
      'The system disk can only grow; it cannot be smaller than the current 100 GiB',
    );
    for (const body of [{ system_disk: 100 }, { desktop_type: 'eds.general.2c4g', system_disk: 100 }]) {
      const same = await change(body);
      expect(same.statusCode).toBe(422);
      expect(same.json().msg).toBe('The new configuration is the same as the current one');
    }
    expect((await change({})).statusCode).toBe(400);
    expect((await change({ system_disk: 125 })).statusCode).toBe(400);
    expect((await change({ desktop_type: 'eds.none' })).statusCode).toBe(404);
    expect(await upgradeOrders(customer.userId)).toHaveLength(0);
  });
});

describe('POST /user/desktop/{desktop_id}/spec: the charge', () => {
  it('charges a subscription the /user/modify_spec_price figure once, as an upgrade order with its bill', async () => {
    const customer = await h.customer(300);
    const { desktopId, desktop } = await h.shutDownDesktop(customer);
    const payable = await priceOf(customer, '/api/user/modify_spec_price', {
      region_id: String(h.hk),
      desktop_type: 'eds.general.2c4g',
      system_disk: '80',
      new_desktop_type: 'eds.general.4c8g',
      new_system_disk: '120',
      billing_method: 'subscription',
      expire_time: desktop.expiresAt!.toISOString(),
    });
    expect(parseMicros(payable)).toBeGreaterThan(0n);
    const before = await walletBalance(h.ctx.db, customer.userId);
    const key = randomUUID();
    const body = { desktop_type: 'eds.general.4c8g', system_disk: 120 };
    const post = () =>
      h.call(customer, 'POST', `/api/user/desktop/${desktopId}/spec`, body, { 'idempotency-key': key });
    const res = await post();
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data.order as Order;
    expect(order).toMatchObject({ action: 'upgrade', paid_amount: payable, resource_status: 'created' });
    expect(res.json().data.desktop).toMatchObject({
      desktop_type: 'eds.general.4c8g',
      cpu: 4,
      memory: 8,
      system_disk: 120,
      bundle_id: 'b-general-4c8g',
      status: 'shutdown',
    });
    const upstream = (await h.cloud.describe('desktop', [desktop.instanceId!]))[0]!;
    expect(upstream.attributes).toMatchObject({
      cpu: 4,
      memoryGiB: 8,
      systemDiskGiB: 120,
      bundleId: 'b-general-4c8g',
    });

    // The same request again, through HTTP and past it (e.g. after a lost answer): charged once.
    const replay = await post();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const engine = await changeDesktopSpec(h.deps, customer.userId, desktopId, body, key);
    expect(engine.order?.id).toBe(order.id);
    expect(await upgradeOrders(customer.userId)).toHaveLength(1);
    expect(await billsOf(customer, order.id)).toEqual([`-${payable}`]);
    expect(await walletBalance(h.ctx.db, customer.userId)).toBe(before - parseMicros(payable));

    // The changed desktop starts, and a renewal is priced on its new type.
    expect((await h.runStatus(customer, desktopId, 'start')).status).toBe('running');
    const renewal = await priceOf(customer, '/api/renewal_price', {
      region_id: String(h.hk),
      desktop_type: 'eds.general.4c8g',
      system_disk: '120',
      period: '1',
    });
    const renewed = await h.call(customer, 'PUT', `/api/user/desktop/${desktopId}/renew`, { period: 1 });
    expect(renewed.json().data.order.paid_amount).toBe(renewal);
  });

  it('moves a pay-as-you-go desktop to the new hourly price, without an order', async () => {
    const customer = await h.customer(300);
    const { desktopId } = await h.shutDownDesktop(customer, { billing_method: 'payg', period: undefined });
    const { new_hourly_price: hourly } = await quoteOf(customer, '/api/user/modify_spec_price', {
      region_id: String(h.hk),
      desktop_type: 'eds.general.2c4g',
      system_disk: '80',
      new_desktop_type: 'eds.performance.4c16g',
      billing_method: 'payg',
    });
    const before = await walletBalance(h.ctx.db, customer.userId);
    const res = await h.call(customer, 'POST', `/api/user/desktop/${desktopId}/spec`, {
      desktop_type: 'eds.performance.4c16g',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toBeNull();
    expect(res.json().data.desktop).toMatchObject({ hourly_price: hourly, cpu: 4, memory: 16 });
    expect((await h.row(desktopId)).hourlyPriceMicros).toBe(parseMicros(hourly!));
    expect(await walletBalance(h.ctx.db, customer.userId)).toBe(before);
  });

  it('undoes and refunds a change the cloud refuses', async () => {
    const customer = await h.customer(300);
    const { desktopId, desktop } = await h.shutDownDesktop(customer);
    const before = await walletBalance(h.ctx.db, customer.userId);
    // Started upstream behind the console's back: the cloud will refuse to resize it.
    await h.cloud.act('desktop', desktop.instanceId!, 'start', {}, `behind-the-back:${randomUUID()}`);
    const res = await h.call(customer, 'POST', `/api/user/desktop/${desktopId}/spec`, { system_disk: 200 });
    expect(res.statusCode).toBe(409);
    const [order] = await upgradeOrders(customer.userId);
    expect(order).toMatchObject({ resourceStatus: 'refunded' });
    expect(order!.refundedAmountMicros).toBe(order!.paidAmountMicros);
    expect(await walletBalance(h.ctx.db, customer.userId)).toBe(before);
    const after = await h.row(desktopId);
    expect(after.spec.systemDiskGiB).toBe(80);
    expect(after.attributes._engine_pending).toBeUndefined();
    expect(await billsOf(customer, order!.id)).toHaveLength(2);
    await h.runJobs();
  });

  it('undoes and refunds a change the cloud refuses later, when the refresh job repeats the call', async () => {
    const customer = await h.customer(300);
    const { desktopId, desktop } = await h.shutDownDesktop(customer);
    const before = await walletBalance(h.ctx.db, customer.userId);
    // The cloud is down when the customer asks: the change is charged and its call left recorded.
    const down = Object.assign(Object.create(h.cloud) as SimCloudProvider, {
      act: () => Promise.reject(new CloudError('unavailable', 'maintenance')),
    });
    const change = await changeDesktopSpec(
      { ...h.deps, cloud: down },
      customer.userId,
      desktopId,
      {
        system_disk: 160,
      },
      randomUUID(),
    );
    expect(change.order).not.toBeNull();
    expect(change.resource.spec.systemDiskGiB).toBe(160);
    expect(await walletBalance(h.ctx.db, customer.userId)).toBeLessThan(before);
    // Meanwhile it was started upstream; the repeated call is refused.
    await h.cloud.act('desktop', desktop.instanceId!, 'start', {}, `behind-the-back:${randomUUID()}`);
    await h.runJobs();
    const after = await h.row(desktopId);
    expect(after.spec.systemDiskGiB).toBe(80);
    expect(after.attributes._engine_pending).toBeUndefined();
    expect(await walletBalance(h.ctx.db, customer.userId)).toBe(before);
    const [order] = await upgradeOrders(customer.userId);
    expect(order).toMatchObject({ id: change.order!.id, resourceStatus: 'refunded' });
  });

  it('repeats a change whose answer was lost with the same token: one effect, one charge', async () => {
    const customer = await h.customer(300);
    const { desktopId, desktop } = await h.shutDownDesktop(customer);
    const before = await walletBalance(h.ctx.db, customer.userId);
    h.cloud.setFaults({ timeout: 1 });
    const res = await h.call(customer, 'POST', `/api/user/desktop/${desktopId}/spec`, { system_disk: 150 });
    h.cloud.setFaults({ timeout: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.desktop.actions).not.toContain('start');
    expect((await h.row(desktopId)).attributes._engine_pending).toBeDefined();
    await h.runJobs();
    const after = await h.row(desktopId);
    expect(after.attributes._engine_pending).toBeUndefined();
    expect(after.spec.systemDiskGiB).toBe(150);
    const { rows } = await h.ctx.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sim_calls
        WHERE operation = 'act' AND action = 'modify_spec' AND instance_id = $1 AND effect`,
      [desktop.instanceId],
    );
    expect(rows[0]!.n).toBe(1);
    const [order] = await upgradeOrders(customer.userId);
    expect(await walletBalance(h.ctx.db, customer.userId)).toBe(before - order!.paidAmountMicros);
  });
});
