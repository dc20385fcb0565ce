/**
 * Cloud phones, first slice (issue 16): the phone flag, the operator's switch, the purchase and
 * its money, provisioning to running, the list, run actions, editing, renewal and upgrade, all
 * through app.inject against a real PostgreSQL. The ledger verifies after every test.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../../../test/accounts';
import { EN, type Customer } from '../../../test/desktop-fixtures';
import { phoneHarness, type PhoneHarness } from '../../../test/phone-fixtures';
import { expectCleanLedger } from '../../../test/topups';
import { routeTable } from '../../app';
import { orders, users } from '../../db/schema';
import { parseMicros } from '../../lib/money';
import { DEMO_ADMIN } from '../identity/reference-data';
import { addMonths } from '../provisioning/service';
import { walletBalance } from '../wallet/service';

let h: PhoneHarness;
let admin: Record<string, string>;

beforeAll(async () => {
  h = await phoneHarness();
  const res = await logIn(h.ctx.app, h.ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  admin = { authorization: `Bearer ${res.json().data.access_token}` };
});
afterEach(() => expectCleanLedger(h.ctx.database));
afterAll(() => h.ctx.close());

/** Every route of the phone module, with a path that names a phone where it takes one. */
const phoneRoutes = () =>
  routeTable(h.ctx.app)
    .filter((route) => route.url.startsWith('/api/user/ph/') && route.method !== 'HEAD')
    .map((route) => ({ method: route.method, url: route.url }));

const fill = (url: string, phoneId: string) => url.replace(':id', phoneId);

async function priceOf(who: Customer, url: string, query: Record<string, string>) {
  const res = await h.ctx.app.inject({ method: 'GET', url, query, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { payable_price: string; min_balance: string; new_hourly_price?: string };
}

describe('the phone flag', () => {
  it('refuses every /user/ph route with a translated 403 until the flag is set', async () => {
    const customer = await h.customer(100);
    const routes = phoneRoutes();
    // The slice's routes are all there (a route added later is walked too).
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const res = await h.ctx.app.inject({
        method: route.method as 'GET',
        url: fill(route.url, 'ph-anything'),
        headers: { ...customer.headers, ...EN, 'idempotency-key': randomUUID() },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, data: { error_code: 'PHONE_ACCESS_DENIED' } });
      expect(res.json().msg).toMatch(/Cloud phones are not open to your account/);
    }
    const zh = await h.call(customer, 'GET', '/api/user/ph/ph_image');
    expect(zh.json().msg).toBe('云手机功能暂未对您的账户开放，请联系客服开通');
  });

  it('is set by an operator with the permission, not by a customer', async () => {
    const customer = await h.customer(0);
    const url = `/api/system/customer/${customer.userId}/ph_white_user`;
    const put = (headers: Record<string, string>, value: number) =>
      h.ctx.app.inject({ method: 'PUT', url, headers, payload: { value } });

    expect((await put(customer.headers, 1)).statusCode).toBe(403);
    expect((await h.call(customer, 'GET', '/api/user/ph/ph_image')).statusCode).toBe(403);

    const opened = await put(admin, 1);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toEqual({ user_id: customer.userId, ph_white_user: 1 });
    const images = await h.call(customer, 'GET', '/api/user/ph/ph_image', undefined, EN);
    expect(images.statusCode, images.body).toBe(200);
    expect(images.json().data).toContainEqual({
      image_id: 'ph-img-android13',
      name: 'Android 13 standard',
      android_version: '13',
    });
    // The profile says so too (the web greys the phone menu from it).
    const [user] = await h.ctx.db.select().from(users).where(eq(users.id, customer.userId));
    expect(user!.phWhiteUser).toBe(1);

    expect((await put(admin, 0)).statusCode).toBe(200);
    expect((await h.call(customer, 'GET', '/api/user/ph/phone')).statusCode).toBe(403);
    expect((await put(admin, 2)).statusCode).toBe(400);
    const nobody = await h.ctx.app.inject({
      method: 'PUT',
      url: '/api/system/customer/999999/ph_white_user',
      headers: admin,
      payload: { value: 1 },
    });
    expect(nobody.statusCode).toBe(404);
  });
});

describe('POST /user/ph/phone', () => {
  it('charges the /ph/ph_price figure once per key and makes the phones running', async () => {
    const customer = await h.phoneCustomer(200);
    const quote = await priceOf(customer, '/api/ph/ph_price', {
      region_id: String(h.phk),
      spec_id: 'ph.basic.2c4g',
      billing_method: 'subscription',
      period: '3',
      quantity: '2',
    });
    const before = await walletBalance(h.ctx.db, customer.userId);
    const body = h.phoneBody({ period: 3, quantity: 2, name: 'farm' });

    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/user/ph/phone',
      headers: customer.headers,
      payload: body,
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().data.error_code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const key = randomUUID();
    const first = await h.buyPhones(customer, { period: 3, quantity: 2, name: 'farm' }, key);
    const again = await h.buyPhones(customer, { period: 3, quantity: 2, name: 'farm' }, key);
    expect(again).toEqual(first);
    expect(first.order).toMatchObject({ type: 'phone', action: 'new', paid_amount: quote.payable_price });
    expect(first.phone_ids).toHaveLength(2);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(parseMicros(quote.payable_price));
    expect(await h.ctx.db.select().from(orders).where(eq(orders.userId, customer.userId))).toHaveLength(1);

    const made = await h.row(first.phone_ids[1]!);
    expect(made).toMatchObject({
      name: 'farm-2',
      kind: 'phone',
      status: 'creating',
      resourceStatus: 'not_created',
    });
    await h.runJobs();
    const list = await h.call(customer, 'GET', '/api/user/ph/phone');
    const phones = list.json().data.list as Record<string, unknown>[];
    expect(phones.map((p) => p.name).sort()).toEqual(['farm-1', 'farm-2']);
    const upstream = (await h.cloud.describe('phone', [phones[0]!.instance_id as string]))[0]!;
    expect(phones[0]).toMatchObject({
      status: 'running',
      region_id: h.phk,
      spec_id: 'ph.basic.2c4g',
      cpu: 2,
      memory: 4,
      disk: 32,
      billing_method: 'subscription',
      expired_at: addMonths(made.createdAt, 3).toISOString(),
      order_id: first.order.id,
      network_type: 'default',
      resolution: upstream.attributes.resolution,
      private_ip: upstream.attributes.privateIp,
      image_id: 'ph-img-android13',
      display_name: null,
      auto_renew: false,
    });
    expect(phones[0]!.actions).toEqual([
      'stop',
      'restart',
      'reset',
      'rename',
      'renew',
      'auto_renew',
      'upgrade',
      'run_command',
      'import_contacts',
    ]);
  });

  it('needs one hour of every pay-as-you-go phone in the balance, and charges nothing now', async () => {
    const poor = await h.phoneCustomer(0);
    const body = h.phoneBody({ billing_method: 'payg', period: undefined, quantity: 3 });
    const refused = await h.call(poor, 'POST', '/api/user/ph/phone', body, EN);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.error_code).toBe('INSUFFICIENT_BALANCE');

    const quote = await priceOf(poor, '/api/ph/ph_price', {
      region_id: String(h.phk),
      spec_id: 'ph.basic.2c4g',
      billing_method: 'payg',
      quantity: '3',
    });
    const rich = await h.phoneCustomer(1);
    const bought = await h.buyPhones(rich, { billing_method: 'payg', period: undefined, quantity: 3 });
    expect(bought.order.paid_amount).toBe('0.00');
    expect(await walletBalance(h.ctx.db, rich.userId)).toBe(1_000_000n);
    expect(parseMicros(quote.min_balance)).toBeLessThanOrEqual(1_000_000n);
  });

  it('refuses a name of 1 or 31 characters and a purchase without the disclaimer', async () => {
    const customer = await h.phoneCustomer(50);
    for (const extra of [{ name: 'x' }, { name: 'x'.repeat(31) }, { agreed: false }]) {
      const res = await h.call(customer, 'POST', '/api/user/ph/phone', h.phoneBody(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const unknown = await h.call(customer, 'POST', '/api/user/ph/phone', h.phoneBody({ image_id: 'nope' }));
    expect(unknown.statusCode).toBe(404);
    expect(await walletBalance(h.ctx.db, customer.userId)).toBe(50_000_000n);
  });
});

describe('GET /user/ph/phone', () => {
  it('filters in SQL, pages and shows only the caller’s phones', async () => {
    const customer = await h.phoneCustomer(300);
    const other = await h.phoneCustomer(50);
    await h.runningPhone(other, { name: 'not-mine' });
    const alpha = await h.runningPhone(customer, { name: 'Alpha_1' });
    await h.runningPhone(customer, {
      name: 'beta',
      billing_method: 'payg',
      period: undefined,
      region_id: h.psg,
    });
    await h.buyPhones(customer, { name: 'gamma', period: 3 });

    const names = async (query: Record<string, string>) =>
      (await h.listPage(customer, '/api/user/ph/phone', query)).list.map((p) => p.name);
    expect(await names({})).toEqual(['gamma', 'beta', 'Alpha_1']);
    expect(await names({ name: 'alpha' })).toEqual(['Alpha_1']);
    expect(await names({ name: '_' })).toEqual(['Alpha_1']);
    expect(await names({ status: 'creating' })).toEqual(['gamma']);
    expect(await names({ region_id: String(h.psg) })).toEqual(['beta']);
    expect(await names({ billing_method: 'payg' })).toEqual(['beta']);
    const end = alpha.phone.expiresAt!.toISOString();
    expect(await names({ expire_from: end, expire_to: end })).toEqual(['Alpha_1']);
    const page = await h.listPage(customer, '/api/user/ph/phone', { page: '2', limit: '10' });
    expect(page).toMatchObject({ list: [], total: 3, page: 2, limit: 10 });
  });
});

describe('POST /user/ph/phone/action', () => {
  it('runs allowed transitions and answers forbidden ones per phone with a translated 409 code', async () => {
    const customer = await h.phoneCustomer(200);
    const other = await h.phoneCustomer(50);
    const { phoneId } = await h.runningPhone(customer);
    const { phoneId: theirs } = await h.runningPhone(other);

    const started = await h.act(customer, 'start', [phoneId, theirs], { force: true });
    expect(started).toEqual([
      {
        phone_id: phoneId,
        ok: false,
        status: null,
        code: 'RESOURCE_ACTION_FORBIDDEN',
        message: '当前状态不允许执行该操作，请刷新后重试',
      },
      { phone_id: theirs, ok: false, status: null, code: 'PHONE_NOT_FOUND', message: '云手机不存在' },
    ]);

    const [stopped] = await h.act(customer, 'stop', [phoneId], { force: true });
    expect(stopped).toMatchObject({ ok: true, status: 'stopping' });
    // The force went to the cloud with the stop.
    const { rows } = await h.ctx.database.pool.query<{ params: Record<string, unknown> }>(
      `SELECT params FROM sim_calls WHERE operation = 'act' AND action = 'stop' AND instance_id = $1 AND effect`,
      [(await h.row(phoneId)).instanceId],
    );
    expect(rows.map((row) => row.params)).toEqual([{ force: true }]);
    await h.runJobs();
    expect((await h.row(phoneId)).status).toBe('stopped');
    expect((await h.act(customer, 'restart', [phoneId]))[0]!.code).toBe('RESOURCE_ACTION_FORBIDDEN');

    const [reset] = await h.act(customer, 'reset', [phoneId]);
    expect(reset).toMatchObject({ ok: true, status: 'resetting' });
    await h.runJobs();
    expect((await h.row(phoneId)).status).toBe('running');
    const [restarted] = await h.act(customer, 'restart', [phoneId]);
    expect(restarted).toMatchObject({ ok: true, status: 'rebooting' });
    await h.runJobs();
    expect((await h.row(phoneId)).status).toBe('running');
    expect((await h.row(theirs)).status).toBe('running');
  });
});

describe('editing', () => {
  it('renames within 2–30 characters, sets the display name, refuses auto-renew on pay-as-you-go', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId } = await h.runningPhone(customer);
    const put = (body: unknown) => h.call(customer, 'PUT', `/api/user/ph/phone/${phoneId}`, body, EN);
    expect((await put({ name: 'x' })).statusCode).toBe(400);
    expect((await put({ name: 'x'.repeat(31) })).statusCode).toBe(400);
    const renamed = await put({ name: 'y'.repeat(30), display_name: 'Shop front', auto_renew: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'y'.repeat(30),
      display_name: 'Shop front',
      auto_renew: true,
    });
    const row = await h.row(phoneId);
    expect((await h.cloud.describe('phone', [row.instanceId!]))[0]!.attributes.name).toBe('y'.repeat(30));
    expect((await put({ display_name: '' })).json().data.display_name).toBeNull();

    const { phoneId: payg } = await h.runningPhone(customer, { billing_method: 'payg', period: undefined });
    for (const [method, url, body] of [
      ['PUT', `/api/user/ph/phone/${payg}/auto_renew`, { auto_renew: true }],
      ['PUT', `/api/user/ph/phone/${payg}`, { auto_renew: true, name: 'never-renamed' }],
    ] as const) {
      const res = await h.call(customer, method, url, body, EN);
      expect(res.statusCode).toBe(422);
      expect(res.json().data.error_code).toBe('AUTO_RENEW_REFUSED');
    }
    expect(await h.row(payg)).toMatchObject({ autoRenew: false, name: 'phone' });
    const off = await h.call(customer, 'PUT', `/api/user/ph/phone/${phoneId}/auto_renew`, {
      auto_renew: false,
    });
    expect(off.json().data.auto_renew).toBe(false);
  });
});

describe('money', () => {
  it('renews at the /renew_price figure once per key, as an order with its bill', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId, phone } = await h.runningPhone(customer);
    const price = await priceOf(customer, `/api/user/ph/phone/${phoneId}/renew_price`, { period: '6' });
    const before = await walletBalance(h.ctx.db, customer.userId);
    const key = randomUUID();
    const renew = () =>
      h.call(
        customer,
        'POST',
        `/api/user/ph/phone/${phoneId}/renew`,
        { period: 6 },
        { 'idempotency-key': key },
      );
    const first = await renew();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.order).toMatchObject({
      action: 'renew',
      type: 'phone',
      paid_amount: price.payable_price,
    });
    expect(first.json().data.phone.expired_at).toBe(addMonths(phone.expiresAt!, 6).toISOString());
    expect((await renew()).json().data.order.id).toBe(first.json().data.order.id);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(parseMicros(price.payable_price));

    const phoneOrders = await h.call(customer, 'GET', '/api/user/ph/order');
    expect(phoneOrders.json().data.list.map((o: { action: string }) => o.action)).toEqual(['renew', 'new']);
  });

  it('upgrades at the prorated /upgrade_price figure once per key; refuses the same spec and less storage', async () => {
    const customer = await h.phoneCustomer(300);
    const { phoneId } = await h.runningPhone(customer);
    h.clock.advance(10 * 24 * 3600 * 1000);
    const base = `/api/user/ph/phone/${phoneId}`;
    const price = await priceOf(customer, `${base}/upgrade_price`, { spec_id: 'ph.standard.4c8g' });
    const payable = parseMicros(price.payable_price);
    expect(payable).toBeGreaterThan(0n);

    const same = await h.call(customer, 'POST', `${base}/upgrade`, { spec_id: 'ph.basic.2c4g' });
    expect(same.json().data.error_code).toBe('SPEC_UNCHANGED');
    const smaller = await h.call(customer, 'POST', `${base}/upgrade`, { spec_id: 'ph.lite.2c2g' });
    expect(smaller.statusCode).toBe(422);
    expect(smaller.json().data.error_code).toBe('PHONE_DISK_SHRINK');

    const before = await walletBalance(h.ctx.db, customer.userId);
    const key = randomUUID();
    const upgrade = () =>
      h.call(
        customer,
        'POST',
        `${base}/upgrade`,
        { spec_id: 'ph.standard.4c8g' },
        { 'idempotency-key': key },
      );
    const first = await upgrade();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.order).toMatchObject({ action: 'upgrade', paid_amount: price.payable_price });
    expect(first.json().data.phone).toMatchObject({
      spec_id: 'ph.standard.4c8g',
      cpu: 4,
      memory: 8,
      disk: 64,
    });
    expect((await upgrade()).json().data.order.id).toBe(first.json().data.order.id);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(payable);
    const upgrades = await h.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, customer.userId), eq(orders.action, 'upgrade')));
    expect(upgrades).toHaveLength(1);
    const upstream = (await h.cloud.describe('phone', [(await h.row(phoneId)).instanceId!]))[0]!;
    expect(upstream.attributes).toMatchObject({
      specId: 'ph.standard.4c8g',
      cpu: 4,
      memoryGiB: 8,
      diskGiB: 64,
    });
  });
});

describe("another customer's phone", () => {
  it('answers 404 on every per-phone route, changing nothing', async () => {
    const owner = await h.phoneCustomer(100);
    const stranger = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(owner);
    const perPhone = phoneRoutes().filter((route) => route.url.startsWith('/api/user/ph/phone/:id'));
    expect(perPhone.length).toBeGreaterThanOrEqual(6);
    const bodies: Record<string, Record<string, unknown>> = {
      '/api/user/ph/phone/:id': { name: 'taken-over' },
      '/api/user/ph/phone/:id/auto_renew': { auto_renew: true },
      '/api/user/ph/phone/:id/renew': { period: 1 },
      '/api/user/ph/phone/:id/upgrade': { spec_id: 'ph.standard.4c8g' },
      '/api/user/ph/phone/:id/run_command': { command: 'getprop' },
      '/api/user/ph/phone/:id/import_contacts': { file: 'contacts.vcf' },
    };
    const queries: Record<string, Record<string, string>> = {
      '/api/user/ph/phone/:id/renew_price': { period: '1' },
      '/api/user/ph/phone/:id/upgrade_price': { spec_id: 'ph.standard.4c8g' },
    };
    const before = await walletBalance(h.ctx.db, stranger.userId);
    for (const route of perPhone) {
      const res = await h.ctx.app.inject({
        method: route.method as 'GET',
        url: fill(route.url, phoneId),
        headers: { ...stranger.headers, 'idempotency-key': randomUUID() },
        ...(route.method === 'GET' ? { query: queries[route.url] } : { payload: bodies[route.url] }),
      });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(404);
      expect(res.json().data.error_code).toBe('PHONE_NOT_FOUND');
    }
    expect(await h.row(phoneId)).toMatchObject({
      name: 'phone',
      autoRenew: false,
      spec: expect.objectContaining({ specId: 'ph.basic.2c4g' }),
    });
    expect(await walletBalance(h.ctx.db, stranger.userId)).toBe(before);
  });
});
