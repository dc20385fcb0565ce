import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { withIdempotencyKey } from '../../../test/idempotency';
import { orderSettlement } from '../../../test/orders';
import { runQueuedJobs } from '../../../test/run-jobs';
import { dollars, expectCleanLedger } from '../../../test/topups';
import type { CoreDeps } from '../../app-deps';
import { regions } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { ManualClock } from '../../lib/clock';
import { formatDollars, parseMicros } from '../../lib/money';
import type { SimCloudProvider } from '../../providers/cloud';
import { CloudError } from '../../providers/cloud/types';
import { HOUR_MS, hourFloor, runHourlyBilling, trafficChargeKey } from '../billing/hourly';
import { trafficCharge } from '../catalog/pricing';
import { provisioningJobs } from '../provisioning/jobs';
import { findResourceByPublicId, type ResourceRow } from '../provisioning/repo';
import { addMonths } from '../provisioning/service';
import { credit } from '../wallet/ledger';
import { walletBalance } from '../wallet/service';
import { purchaseOfficeSite, upgradeOfficeSite } from './service';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
type Customer = Awaited<ReturnType<typeof loggedInUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const DAY = 86_400_000;
/** The seed's traffic price at the base region factor (spec §9: $0.077/GB). */
const TRAFFIC_RATE_MICROS = 77_000n;

let ctx: Ctx;
let clock: ManualClock;
let cloud: SimCloudProvider;
let core: CoreDeps;
let hk: number;
let singapore: number;

beforeAll(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 1));
  ctx = await createTestApp({ clock });
  cloud = ctx.cloud as SimCloudProvider;
  core = { config: ctx.config, database: ctx.database, clock, cloud };
  const rows = await ctx.db.select().from(regions);
  const desktopRegion = (wy: string) =>
    rows.find((row) => row.kind === 'desktop' && row.wyRegionId === wy)!.id;
  hk = desktopRegion('cn-hongkong');
  singapore = desktopRegion('ap-southeast-1');
});
afterAll(() => ctx.close());

const EN = { 'accept-language': 'en-US' };

async function customerWith(amount: number): Promise<Customer> {
  const customer = await loggedInUser(ctx.app, ctx.db);
  if (amount > 0) {
    await inTransaction(ctx.database.pool, (tx) =>
      credit(tx, {
        userId: customer.userId,
        amountMicros: dollars(amount),
        kind: 'topup',
        idempotencyKey: `topup:${randomUUID()}`,
      }),
    );
  }
  return customer;
}

function call(
  customer: Customer,
  method: Method,
  url: string,
  options: { payload?: object; query?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...customer.headers, ...withIdempotencyKey(method, options.headers) },
    payload: options.payload,
    query: options.query,
  });
}

const runJobs = (deps: CoreDeps = core) =>
  runQueuedJobs({ database: ctx.database, clock, queue: ctx.jobs, definitions: provisioningJobs(deps) });

const resource = async (resourceId: string): Promise<ResourceRow> =>
  (await findResourceByPublicId(ctx.db, resourceId))!;

interface SiteAnswer {
  office_site_id: string;
  name: string;
  region_id: number;
  bandwidth: number;
  status: string;
  resource_status: string;
  is_default: boolean;
  ip: string | null;
  auto_renew: boolean;
  expire_time: string | null;
  desktop_count: number;
  traffic_price: string | null;
}

interface OrderAnswer {
  id: number;
  no: string;
  type: string;
  action: string;
  paid_amount: string;
  refunded_amount: string;
  resource_status: string;
}

const purchaseBody = (extra: Record<string, unknown> = {}) => ({
  region_id: hk,
  name: 'Head office',
  bandwidth: 20,
  period: 1,
  auto_renew: false,
  agreed: true,
  ...extra,
});

async function networkCost(query: Record<string, string>, customer: Customer) {
  const res = await call(customer, 'GET', '/user/network_cost', { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { payable_price: string; traffic_price: string };
}

async function buySite(customer: Customer, extra: Record<string, unknown> = {}, key = randomUUID()) {
  const res = await call(customer, 'POST', '/user/office_site', {
    payload: purchaseBody(extra),
    headers: { 'idempotency-key': key },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { order: OrderAnswer; office_site: SiteAnswer };
}

/** A customer with a paid network made by the engine's jobs. */
async function withPaidSite(balance = 300, extra: Record<string, unknown> = {}) {
  const customer = await customerWith(balance);
  const bought = await buySite(customer, extra);
  await runJobs();
  return { customer, site: bought.office_site, order: bought.order };
}

function postDesktop(customer: Customer, officeSiteId?: string, headers: Record<string, string> = {}) {
  return call(customer, 'POST', '/user/desktop', {
    payload: {
      region_id: hk,
      ...(officeSiteId ? { office_site_id: officeSiteId } : {}),
      bundle_id: 'b-general-2c4g',
      image_id: 'img-ubuntu-2204',
      billing_method: 'subscription',
      period: 1,
      quantity: 1,
      name: 'pc',
      agreed: true,
    },
    headers: { 'idempotency-key': randomUUID(), ...headers },
  });
}

async function buyDesktop(customer: Customer, officeSiteId?: string) {
  const res = await postDesktop(customer, officeSiteId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { desktop_ids: string[]; office_site_id: string };
}

/** The desktops (deleted or not) whose spec names the network. */
async function desktopsOn(officeSiteId: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM resources WHERE kind = 'desktop' AND spec ->> 'officeSiteId' = $1`,
    [officeSiteId],
  );
  return rows[0]!.n;
}

/** Waits until `count` sessions of the test database wait for a lock; false when none came in `ms`. */
async function lockWaiters(count: number, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= count) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

async function listOf(customer: Customer, query: Record<string, string> = {}) {
  const res = await call(customer, 'GET', '/user/office_site', { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: SiteAnswer[]; total: number };
}

async function siteOf(customer: Customer, officeSiteId: string, query: Record<string, string> = {}) {
  return (await listOf(customer, { limit: '50', ...query })).list.find(
    (s) => s.office_site_id === officeSiteId,
  );
}

async function upstream(siteId: string) {
  const row = await resource(siteId);
  const [described] = await ctx.cloud.describe('office_site', [row.instanceId!]);
  return described!;
}

async function billsOf(customer: Customer) {
  const res = await call(customer, 'GET', '/user/user_transactions', { query: { limit: '50' } });
  return res.json().data.list as { expense_type: string; amount: string; related_no: string | null }[];
}

describe('buying an office network', () => {
  it('charges the GET /user/network_cost price once; the engine makes it', async () => {
    const customer = await customerWith(500);
    const cost = await networkCost({ region_id: String(hk), bandwidth: '20', period: '3' }, customer);
    const key = randomUUID();
    const first = await buySite(customer, { period: 3, auto_renew: true }, key);
    expect(first.order).toMatchObject({
      type: 'office_site',
      action: 'new',
      paid_amount: cost.payable_price,
    });
    expect(first.office_site).toMatchObject({
      name: 'Head office',
      region_id: hk,
      bandwidth: 20,
      status: 'creating',
      resource_status: 'not_created',
      is_default: false,
      ip: null,
      auto_renew: true,
      expire_time: addMonths(clock.now(), 3).toISOString(),
      desktop_count: 0,
      traffic_price: cost.traffic_price,
    });
    expect(first.office_site.traffic_price).toBe('0.077');

    // The same key: the same answer, charged once (the HTTP layer, then the engine's own replay).
    const again = await call(customer, 'POST', '/user/office_site', {
      payload: purchaseBody({ period: 3, auto_renew: true }),
      headers: { 'idempotency-key': key },
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first);
    const request = { ...purchaseBody({ period: 3, auto_renew: true }), agreed: true as const };
    const engine = await purchaseOfficeSite({ ...core, jobs: ctx.jobs }, customer.userId, request, 'engine');
    const replay = await purchaseOfficeSite({ ...core, jobs: ctx.jobs }, customer.userId, request, 'engine');
    expect(replay).toMatchObject({
      replayed: true,
      order: { id: engine.order.id },
      site: { id: engine.site.id },
    });
    const paid = parseMicros(cost.payable_price);
    expect(await walletBalance(ctx.db, customer.userId)).toBe(dollars(500) - 2n * paid);

    // In the orders and the bills.
    const orders = await call(customer, 'GET', '/user/order', { query: { type: 'office_site' } });
    expect(orders.json().data.list.map((o: OrderAnswer) => o.no)).toContain(first.order.no);
    const bill = (await billsOf(customer)).find((b) => b.related_no === first.order.no);
    expect(bill).toMatchObject({ expense_type: 'purchase', amount: formatDollars(-paid) });

    await runJobs();
    const made = await siteOf(customer, first.office_site.office_site_id);
    expect(made).toMatchObject({ status: 'normal', resource_status: 'created' });
    expect(made!.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(made!.ip).toBe((await upstream(made!.office_site_id)).attributes.publicIp);
    expect((await upstream(made!.office_site_id)).attributes).toMatchObject({
      bandwidthMbps: 20,
      free: false,
    });
    await expectCleanLedger(ctx.database);
  });

  it('refuses without the balance, the agreement or a bandwidth of 10–200 Mbps', async () => {
    const poor = await customerWith(1);
    const zh = await call(poor, 'POST', '/user/office_site', { payload: purchaseBody() });
    expect(zh.statusCode).toBe(422);
    expect(zh.json().msg).toBe('当前账户余额不足');
    expect((await listOf(poor)).total).toBe(0);
    for (const extra of [{ agreed: false }, { bandwidth: 9 }, { bandwidth: 201 }]) {
      expect(
        (await call(poor, 'POST', '/user/office_site', { payload: purchaseBody(extra) })).statusCode,
      ).toBe(400);
    }
    expect(await walletBalance(ctx.db, poor.userId)).toBe(dollars(1));
  });
});

describe('the free network', () => {
  it('is the default one: no IP, no traffic, not released, re-sized or auto-renewed', async () => {
    const customer = await customerWith(200);
    const { office_site_id: siteId } = await buyDesktop(customer);
    await runJobs();
    const list = await listOf(customer);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      office_site_id: siteId,
      is_default: true,
      status: 'normal',
      ip: null,
      traffic_price: null,
      billing_method: 'payg',
      desktop_count: 1,
      name: '免费办公网络',
    });
    const english = await call(customer, 'GET', '/user/office_site', { headers: EN });
    expect(english.json().data.list[0].name).toBe('Free network');

    const locked = '默认办公网络不能释放或变更带宽';
    const refusals: [Method, string, object | undefined, Record<string, string> | undefined, string][] = [
      ['DELETE', `/user/office_site/${siteId}`, undefined, undefined, locked],
      ['PUT', `/user/office_site/${siteId}/upgrade`, { bandwidth: 50 }, undefined, locked],
      ['GET', `/user/office_site/${siteId}/upgrade_price`, undefined, { bandwidth: '50' }, locked],
      [
        'PUT',
        `/user/office_site/${siteId}`,
        { auto_renew: true },
        undefined,
        '按量付费或赠送的资源不支持自动续费',
      ],
      ['GET', `/user/office_site/${siteId}/network_flow`, undefined, undefined, '免费办公网络不提供流量查询'],
    ];
    for (const [method, url, payload, query, message] of refusals) {
      const res = await call(customer, method, url, { payload, query });
      expect(res.statusCode, `${method} ${url}`).toBe(422);
      expect(res.json().msg).toBe(message);
    }
    expect((await resource(siteId)).status).toBe('normal');

    // Renaming is allowed, upstream too.
    const renamed = await call(customer, 'PUT', `/user/office_site/${siteId}`, {
      payload: { name: 'Shared line' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Shared line', is_default: true, ip: null });
    expect((await upstream(siteId)).attributes.name).toBe('Shared line');
  });
});

describe('upgrading the bandwidth', () => {
  it('charges the prorated difference GET upgrade_price quotes, once, and raises the line', async () => {
    const { customer, site } = await withPaidSite(300, { bandwidth: 10 });
    clock.advance(10 * DAY);
    const url = `/user/office_site/${site.office_site_id}`;
    const price = await call(customer, 'GET', `${url}/upgrade_price`, { query: { bandwidth: '30' } });
    expect(price.statusCode, price.body).toBe(200);
    const quote = price.json().data as { payable_price: string; remaining_seconds: number };
    expect(price.json().data).toMatchObject({ bandwidth: 10, new_bandwidth: 30 });
    const remaining = Math.floor((Date.parse(site.expire_time!) - clock.now().getTime()) / 1000);
    expect(quote.remaining_seconds).toBe(remaining);
    const payable = parseMicros(quote.payable_price);
    // Less than a whole month of the difference, more than nothing.
    const month = await networkCost({ region_id: String(hk), bandwidth: '20', period: '1' }, customer);
    expect(payable > 0n && payable < parseMicros(month.payable_price)).toBe(true);

    const before = await walletBalance(ctx.db, customer.userId);
    const key = randomUUID();
    const put = () =>
      call(customer, 'PUT', `${url}/upgrade`, {
        payload: { bandwidth: 30 },
        headers: { 'idempotency-key': key },
      });
    const res = await put();
    expect(res.statusCode, res.body).toBe(200);
    const { order, office_site: upgraded } = res.json().data as {
      order: OrderAnswer;
      office_site: SiteAnswer;
    };
    expect(order).toMatchObject({ type: 'office_site', action: 'upgrade', paid_amount: quote.payable_price });
    expect(upgraded).toMatchObject({ bandwidth: 30, status: 'normal' });
    expect((await upstream(site.office_site_id)).attributes.bandwidthMbps).toBe(30);
    expect((await put()).json().data.order.no).toBe(order.no);
    expect(await walletBalance(ctx.db, customer.userId)).toBe(before - payable);
    const detail = await call(customer, 'GET', `/user/order/${order.id}`);
    expect(detail.json().data.bills.map((b: { amount: string }) => b.amount)).toEqual([
      formatDollars(-payable),
    ]);
    expect((await billsOf(customer)).find((b) => b.related_no === order.no)).toMatchObject({
      expense_type: 'upgrade',
    });

    for (const bandwidth of [30, 20]) {
      const lower = await call(customer, 'PUT', `${url}/upgrade`, { payload: { bandwidth }, headers: EN });
      expect(lower.statusCode).toBe(422);
      expect(lower.json().msg).toBe('The new bandwidth must be above the current 30 Mbps');
    }
    expect((await call(customer, 'PUT', `${url}/upgrade`, { payload: { bandwidth: 500 } })).statusCode).toBe(
      400,
    );
    // The renewal now prices the new bandwidth.
    const renewal = await networkCost({ region_id: String(hk), bandwidth: '30', period: '1' }, customer);
    expect(renewal.payable_price).not.toBe(month.payable_price);
    await expectCleanLedger(ctx.database);
  });

  it('gives the money back and keeps the old bandwidth when the cloud refuses', async () => {
    const { customer, site } = await withPaidSite(300, { bandwidth: 10 });
    clock.advance(DAY);
    const before = await walletBalance(ctx.db, customer.userId);
    const refusing: CoreDeps = {
      ...core,
      cloud: Object.assign(Object.create(cloud) as SimCloudProvider, {
        act: async () => {
          throw new CloudError('invalid_parameter', 'the package cannot be resized now');
        },
      }),
    };
    await expect(
      upgradeOfficeSite(refusing, customer.userId, site.office_site_id, 40, 'refused'),
    ).rejects.toMatchObject({ status: 422, code: 'CLOUD_REQUEST_REJECTED' });
    const row = await resource(site.office_site_id);
    expect(row.spec.bandwidthMbps).toBe(10);
    expect(row.attributes._engine_pending).toBeUndefined();
    const { rows } = await ctx.database.pool.query<{ no: string }>(
      `SELECT no FROM orders WHERE user_id = $1 AND action = 'upgrade'`,
      [customer.userId],
    );
    const order = await orderSettlement(ctx.database, rows[0]!.no);
    expect(order.resource_status).toBe('refunded');
    expect(order.paid_amount_micros > 0n).toBe(true);
    expect(order.refunded_amount_micros).toBe(order.paid_amount_micros);
    expect(await walletBalance(ctx.db, customer.userId)).toBe(before);
    expect((await upstream(site.office_site_id)).attributes.bandwidthMbps).toBe(10);
    await expectCleanLedger(ctx.database);
  });

  it('finishes a call the cloud did not answer, with one effect and one charge', async () => {
    const { customer, site } = await withPaidSite(300, { bandwidth: 10 });
    const before = await walletBalance(ctx.db, customer.userId);
    cloud.setFaults({ timeout: 1 });
    let res;
    try {
      res = await call(customer, 'PUT', `/user/office_site/${site.office_site_id}/upgrade`, {
        payload: { bandwidth: 15 },
        headers: { 'idempotency-key': randomUUID() },
      });
    } finally {
      cloud.setFaults({ timeout: 0 });
    }
    expect(res.statusCode, res.body).toBe(200);
    const paid = parseMicros(res.json().data.order.paid_amount);
    expect(paid > 0n).toBe(true);
    expect((await resource(site.office_site_id)).attributes._engine_pending).toBeDefined();
    await runJobs();
    const row = await resource(site.office_site_id);
    expect(row.attributes._engine_pending).toBeUndefined();
    expect((await upstream(site.office_site_id)).attributes.bandwidthMbps).toBe(15);
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sim_calls WHERE operation = 'act' AND action = 'modify_bandwidth'
          AND instance_id = $1 AND effect`,
      [row.instanceId],
    );
    expect(rows[0]!.n).toBe(1);
    expect(await walletBalance(ctx.db, customer.userId)).toBe(before - paid);
    await expectCleanLedger(ctx.database);
  });
});

describe('upgrading an expired network', () => {
  it('is refused, and so is its price, until the network is renewed (409, nothing charged)', async () => {
    const { customer, site } = await withPaidSite(300, { bandwidth: 10 });
    const url = `/user/office_site/${site.office_site_id}`;
    const before = await walletBalance(ctx.db, customer.userId);
    clock.set(Date.parse(site.expire_time!));

    const price = await call(customer, 'GET', `${url}/upgrade_price`, { query: { bandwidth: '50' } });
    expect(price.statusCode, price.body).toBe(409);
    expect(price.json().msg).toBe('办公网络已到期，请先续费再升级带宽');
    const put = await call(customer, 'PUT', `${url}/upgrade`, {
      payload: { bandwidth: 50 },
      headers: { ...EN, 'idempotency-key': randomUUID() },
    });
    expect(put.statusCode, put.body).toBe(409);
    expect(put.json().msg).toBe('The office network has expired; renew it before upgrading its bandwidth');

    expect((await resource(site.office_site_id)).spec.bandwidthMbps).toBe(10);
    expect(await walletBalance(ctx.db, customer.userId)).toBe(before);
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND action = 'upgrade'`,
      [customer.userId],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('rename, auto-renew and release', () => {
  it('renames upstream and switches auto-renew', async () => {
    const { customer, site } = await withPaidSite();
    const url = `/user/office_site/${site.office_site_id}`;
    const res = await call(customer, 'PUT', url, { payload: { name: 'Branch', auto_renew: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Branch', auto_renew: true });
    expect((await upstream(site.office_site_id)).attributes.name).toBe('Branch');
    const off = await call(customer, 'PUT', url, { payload: { auto_renew: false } });
    expect(off.json().data).toMatchObject({ name: 'Branch', auto_renew: false });
    expect((await call(customer, 'PUT', url, { payload: {} })).statusCode).toBe(400);
  });

  it('refuses to release a network live desktops use; releases an unused one without refund', async () => {
    const { customer, site } = await withPaidSite(400);
    await buyDesktop(customer, site.office_site_id);
    await runJobs();
    expect((await siteOf(customer, site.office_site_id))!.desktop_count).toBe(1);
    const inUse = await call(customer, 'DELETE', `/user/office_site/${site.office_site_id}`);
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json().msg).toBe('该办公网络仍有 1 台云电脑在使用，请先迁移或释放它们');

    const spare = (await buySite(customer, { name: 'Spare' })).office_site;
    await runJobs();
    const before = await walletBalance(ctx.db, customer.userId);
    const res = await call(customer, 'DELETE', `/user/office_site/${spare.office_site_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ office_site_id: spare.office_site_id, status: 'releasing' });
    clock.advance(60_000);
    await runJobs();
    expect((await resource(spare.office_site_id)).status).toBe('released');
    expect(await walletBalance(ctx.db, customer.userId)).toBe(before);
    // Listed only when asked for; its routes answer 404 now.
    expect(await siteOf(customer, spare.office_site_id)).toBeUndefined();
    expect(await siteOf(customer, spare.office_site_id, { status: 'released' })).toMatchObject({
      status: 'released',
    });
    expect((await call(customer, 'DELETE', `/user/office_site/${spare.office_site_id}`)).statusCode).toBe(
      404,
    );
    await expectCleanLedger(ctx.database);
  });
});

describe('a release and desktop purchases onto the network', () => {
  it('refuses a desktop bought onto a network being released (409, translated), charging nothing', async () => {
    const { customer, site } = await withPaidSite(400);
    const released = await call(customer, 'DELETE', `/user/office_site/${site.office_site_id}`);
    expect(released.statusCode, released.body).toBe(200);
    expect((await resource(site.office_site_id)).status).toBe('releasing');
    const before = await walletBalance(ctx.db, customer.userId);

    const zh = await postDesktop(customer, site.office_site_id);
    expect(zh.statusCode, zh.body).toBe(409);
    expect(zh.json().msg).toBe('该办公网络正在释放或已释放，不能再加入云电脑');
    const en = await postDesktop(customer, site.office_site_id, EN);
    expect(en.statusCode).toBe(409);
    expect(en.json().msg).toBe('This office network is being released; cloud computers cannot join it');

    expect(await desktopsOn(site.office_site_id)).toBe(0);
    expect(await walletBalance(ctx.db, customer.userId)).toBe(before);
    await expectCleanLedger(ctx.database);
  });

  it('serialises a release with a purchase onto the network: no desktop is left on a released one', async () => {
    const { customer, site } = await withPaidSite(400);
    const before = await walletBalance(ctx.db, customer.userId);
    // Another transaction holds the network's row (as an upgrade being recorded would), so the
    // release and the purchase are both in flight when it lets go.
    const blocker = new pg.Client({ connectionString: ctx.url });
    await blocker.connect();
    let release: Awaited<ReturnType<typeof call>>;
    let purchase: Awaited<ReturnType<typeof call>>;
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM resources WHERE resource_id = $1 FOR UPDATE', [
        site.office_site_id,
      ]);
      const releasing = call(customer, 'DELETE', `/user/office_site/${site.office_site_id}`);
      // The release has got as far as it can without the row.
      expect(await lockWaiters(1)).toBe(true);
      const buying = postDesktop(customer, site.office_site_id);
      // The purchase either waits for the row too or (not serialised) gets through at once.
      await Promise.race([buying, lockWaiters(2)]);
      await blocker.query('COMMIT');
      [release, purchase] = await Promise.all([releasing, buying]);
    } finally {
      await blocker.end();
    }

    const outcome = [release.statusCode, purchase.statusCode];
    // The release went first: the purchase reads the network as releasing. Or the purchase went
    // first: the release counts its desktop. Never both.
    expect([
      [200, 409],
      [422, 200],
    ]).toContainEqual(outcome);
    clock.advance(60_000);
    await runJobs();
    if (release.statusCode === 200) {
      expect(purchase.json().msg).toBe('该办公网络正在释放或已释放，不能再加入云电脑');
      expect((await resource(site.office_site_id)).status).toBe('released');
      expect(await desktopsOn(site.office_site_id)).toBe(0);
      expect(await walletBalance(ctx.db, customer.userId)).toBe(before);
    } else {
      expect(release.json().msg).toBe('该办公网络仍有 1 台云电脑在使用，请先迁移或释放它们');
      expect(await siteOf(customer, site.office_site_id)).toMatchObject({
        status: 'normal',
        desktop_count: 1,
      });
    }
    await expectCleanLedger(ctx.database);
  });

  it('serialises a release with a desktop moving onto the network: none is moved onto a released one', async () => {
    const { customer, site } = await withPaidSite(400);
    const { desktop_ids } = await buyDesktop(customer);
    clock.advance(60_000);
    await runJobs();
    const desktopId = desktop_ids[0]!;
    expect((await resource(desktopId)).status).toBe('running');
    // Another transaction holds the desktop's row, so the move stops after it has checked the
    // network and before it is recorded: the window in which a release could count no desktop.
    const blocker = new pg.Client({ connectionString: ctx.url });
    await blocker.connect();
    let release: Awaited<ReturnType<typeof call>>;
    let move: Awaited<ReturnType<typeof call>>;
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM resources WHERE resource_id = $1 FOR UPDATE', [desktopId]);
      const moving = call(customer, 'POST', `/user/desktop/${desktopId}/migrate`, {
        payload: { office_site_id: site.office_site_id },
      });
      expect(await lockWaiters(1)).toBe(true);
      const releasing = call(customer, 'DELETE', `/user/office_site/${site.office_site_id}`);
      // The release either waits for the move (serialised) or (not serialised) gets through at once.
      await Promise.race([releasing, lockWaiters(2)]);
      await blocker.query('COMMIT');
      [release, move] = await Promise.all([releasing, moving]);
    } finally {
      await blocker.end();
    }
    // The release went first: the move finds the network releasing. Or the move went first: the
    // release counts the desktop. Never both.
    expect([
      [200, 422],
      [422, 200],
    ]).toContainEqual([release.statusCode, move.statusCode]);
    clock.advance(60_000);
    await runJobs();
    if (release.statusCode === 200) {
      expect((await resource(site.office_site_id)).status).toBe('released');
      expect(await desktopsOn(site.office_site_id)).toBe(0);
    } else {
      expect(release.json().msg).toBe('该办公网络仍有 1 台云电脑在使用，请先迁移或释放它们');
      expect(await desktopsOn(site.office_site_id)).toBe(1);
    }
  });
});

describe('the list', () => {
  it('filters by name, region and status in SQL and counts networks per region', async () => {
    const { customer, site } = await withPaidSite(600, { name: 'Alpha line' });
    await buySite(customer, { name: 'Beta line', region_id: singapore });
    await buyDesktop(customer);
    await runJobs();
    const names = async (query: Record<string, string>) =>
      (await listOf(customer, query)).list.map((s) => s.name).sort();
    expect(await names({})).toEqual(['Alpha line', 'Beta line', '免费办公网络']);
    expect(await names({ name: 'LINE' })).toEqual(['Alpha line', 'Beta line']);
    expect(await names({ name: '%' })).toEqual([]);
    expect(await names({ region_id: String(singapore) })).toEqual(['Beta line']);
    expect(await names({ status: 'normal', region_id: String(hk) })).toEqual(['Alpha line', '免费办公网络']);
    expect(await names({ status: 'releasing' })).toEqual([]);
    const page = await listOf(customer, { limit: '10', page: '1' });
    expect(page.total).toBe(3);
    expect(page.list[0]!.name).toBe('免费办公网络');
    expect((await siteOf(customer, site.office_site_id))!.desktop_count).toBe(0);

    const counts = await call(customer, 'GET', '/user/office_site/region_count');
    expect(counts.json().data).toEqual(
      [
        { region_id: hk, count: 2 },
        { region_id: singapore, count: 1 },
      ].sort((a, b) => a.region_id - b.region_id),
    );
  });
});

describe('traffic', () => {
  it('answers the line’s traffic, and the hourly billing charges it (not the free network’s)', async () => {
    const { customer, site } = await withPaidSite(300);
    const { office_site_id: freeId } = await buyDesktop(customer);
    await runJobs();
    clock.advance(2 * HOUR_MS);
    const res = await call(customer, 'GET', `/user/office_site/${site.office_site_id}/network_flow`, {
      query: { interval: '15m' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const flow = res.json().data as {
      interval: string;
      points: { time: string; out_bytes: number }[];
      total_out_bytes: number;
      traffic_price: string;
    };
    expect(flow.interval).toBe('15m');
    expect(flow.points.length).toBeGreaterThanOrEqual(4);
    expect(flow.total_out_bytes).toBe(flow.points.reduce((sum, p) => sum + p.out_bytes, 0));
    expect(flow.traffic_price).toMatch(/^\d+\.\d{3}$/);

    const hour = hourFloor(new Date(clock.now().getTime() - HOUR_MS));
    const before = await walletBalance(ctx.db, customer.userId);
    clock.set(hour.getTime() + HOUR_MS + 5 * 60_000);
    await runHourlyBilling(core, hour);
    const row = await resource(site.office_site_id);
    const traffic = await ctx.cloud.trafficBytes(
      'office_site',
      [row.instanceId!],
      hour,
      new Date(hour.getTime() + HOUR_MS),
    );
    const expected = trafficCharge(TRAFFIC_RATE_MICROS, traffic.get(row.instanceId!)!.outBytes);
    expect(expected > 0n).toBe(true);
    const { rows } = await ctx.database.pool.query<{ idempotency_key: string; kind: string }>(
      `SELECT idempotency_key, kind FROM ledger_transactions WHERE user_id = $1 AND kind = 'traffic'`,
      [customer.userId],
    );
    expect(rows).toEqual([{ idempotency_key: trafficChargeKey(site.office_site_id, hour), kind: 'traffic' }]);
    expect(rows.some((r) => r.idempotency_key.includes(freeId))).toBe(false);
    expect(await walletBalance(ctx.db, customer.userId)).toBe(before - expected);
    expect((await billsOf(customer)).some((b) => b.expense_type === 'traffic')).toBe(true);
    await expectCleanLedger(ctx.database);
  });
});

describe("another customer's network", () => {
  it('answers 404 OFFICE_SITE_NOT_FOUND on every route, and changes nothing', async () => {
    const { site } = await withPaidSite();
    const stranger = await customerWith(300);
    const url = `/user/office_site/${site.office_site_id}`;
    const routes: [Method, string, { payload?: object; query?: Record<string, string> }][] = [
      ['GET', `${url}/upgrade_price`, { query: { bandwidth: '50' } }],
      ['PUT', `${url}/upgrade`, { payload: { bandwidth: 50 } }],
      ['PUT', url, { payload: { name: 'Mine now' } }],
      ['PUT', url, { payload: { auto_renew: true } }],
      ['DELETE', url, {}],
      ['GET', `${url}/network_flow`, {}],
    ];
    for (const [method, path, options] of routes) {
      const res = await call(stranger, method, path, options);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().msg).toBe('办公网络不存在');
    }
    // Nor can a desktop be bought onto it.
    const desktop = await call(stranger, 'POST', '/user/desktop', {
      payload: {
        region_id: hk,
        office_site_id: site.office_site_id,
        bundle_id: 'b-general-2c4g',
        image_id: 'img-ubuntu-2204',
        billing_method: 'subscription',
        period: 1,
        name: 'pc',
        agreed: true,
      },
    });
    expect(desktop.statusCode).toBe(404);
    const row = await resource(site.office_site_id);
    expect(row).toMatchObject({ name: site.name, status: 'normal', autoRenew: false });
    expect(row.spec.bandwidthMbps).toBe(20);
    expect(await walletBalance(ctx.db, stranger.userId)).toBe(dollars(300));
    expect((await listOf(stranger)).total).toBe(0);
  });
});
