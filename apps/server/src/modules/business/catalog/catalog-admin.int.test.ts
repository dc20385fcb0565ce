/**
 * The operators' catalogue (issue 18): every validation rule, edits reaching the customers' next
 * quote, the preview equal to that quote, switches taking rows off sale, and the rule "new quotes
 * only" for what customers already bought (hourly price and traffic rate kept until renewal).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { baseRegion } from '../../../../test/billing-fixtures';
import { desktopHarness, type DesktopHarness } from '../../../../test/desktop-fixtures';
import { catalogPut, catalogSaved } from '../../../../test/catalog-operators';
import { lastOperation } from '../../../../test/oper-logs';
import { operatorWith, type TestOperator } from '../../../../test/operators';
import { dollars } from '../../../../test/topups';
import { desktopImages, desktopTypes, phoneSpecs, regions, unitPrices } from '../../../db/schema';
import { formatDollars, parseMicros } from '../../../lib/money';
import { trafficCharge } from '../../catalog/pricing';
import { renewResource } from '../../billing/renewal';
import { HOUR_MS, hourFloor, runHourlyBilling } from '../../billing/hourly';

const START = Date.UTC(2031, 4, 5, 8, 0);
const TYPE = 'eds.general.2c4g';

let h: DesktopHarness;
let ctx: DesktopHarness['ctx'];
let operator: TestOperator;
let regionId: number;

beforeAll(async () => {
  h = await desktopHarness(START);
  ctx = h.ctx;
  operator = await operatorWith(ctx.app, ctx.db, {
    perms: ['business:catalog:list', 'business:catalog:edit'],
  });
  // Hong Kong: a desktop region at the base factor (100 %).
  regionId = h.hk;
});
afterAll(() => ctx.close());

const idOf = async (
  table: typeof desktopTypes | typeof phoneSpecs,
  column: 'typeId' | 'specId',
  value: string,
) => {
  const t = table as typeof desktopTypes;
  const [row] = await ctx.db
    .select({ id: t.id })
    .from(t)
    .where(eq(column === 'typeId' ? desktopTypes.typeId : phoneSpecs.specId, value));
  return row!.id;
};
const typeId = () => idOf(desktopTypes, 'typeId', TYPE);
const unitPriceId = async (key: string) =>
  (await ctx.db.select({ id: unitPrices.id }).from(unitPrices).where(eq(unitPrices.key, key)))[0]!.id;

const put = (path: string, payload: unknown, language?: string) =>
  catalogPut(ctx.app, operator.headers, path, payload, language);
const saved = (path: string, payload: unknown) => catalogSaved(ctx.app, operator.headers, path, payload);
async function customerGet(url: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, query, headers });
  return res;
}
async function describePrice(billing: 'subscription' | 'payg' = 'subscription') {
  const res = await customerGet('/api/describe_price', {
    region_id: String(regionId),
    desktop_type: TYPE,
    billing_method: billing,
    ...(billing === 'subscription' ? { period: '3' } : {}),
    quantity: '2',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { payable_price: string; unit_price: string; hourly_price: string };
}

describe('validation', () => {
  it('refuses a zero, negative or over-precise price with a translated message', async () => {
    const id = await typeId();
    for (const cost of ['0', '0.000000', '-1', 'abc', '1.1234567']) {
      const res = await put(`desktop-type/${id}`, { monthlyCost: cost });
      expect(res.statusCode, cost).toBe(400);
      expect(res.json().data.fields[0].message).toBe('A price must be more than 0, with at most 6 decimals');
    }
    const zh = await put(`desktop-type/${id}`, { hourlyCost: 0 }, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().data.fields[0].message).toBe('价格必须大于 0，最多 6 位小数');
    const unit = await put(`unit-price/${await unitPriceId('traffic_gb')}`, { cost: '-0.01' });
    expect(unit.statusCode).toBe(400);
    const spec = await idOf(phoneSpecs, 'specId', 'ph.lite.2c2g');
    expect((await put(`phone-spec/${spec}`, { monthlyCost: '0' })).statusCode).toBe(400);
    // Nothing was written.
    const [row] = await ctx.db.select().from(desktopTypes).where(eq(desktopTypes.id, id));
    expect(row!.monthlyCostMicros).toBe(dollars(16));
  });

  it('takes discounts of more than 0 and at most 100 %', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/business/catalog/discount/list',
      headers: operator.headers,
    });
    const twelve = (list.json().data.list as { id: number; period: number }[]).find((d) => d.period === 12)!;
    for (const percent of ['0', '100.01', '101', '-5', '50.555']) {
      const res = await put(`discount/${twelve.id}`, { discountPercent: percent });
      expect(res.statusCode, percent).toBe(400);
      expect(res.json().data.fields[0].message).toContain('A discount must be more than 0%');
    }
    expect(
      await saved(`discount/${twelve.id}`, { discountPercent: '100', phDiscountPercent: '87.5' }),
    ).toMatchObject({
      period: 12,
      discountPercent: '100',
      phDiscountPercent: '87.5',
    });
  });

  it('checks the region factor and the markup ranges, an empty edit and an unknown id', async () => {
    for (const factor of [0, 1001, 1.5, -10]) {
      const res = await put(`region/${regionId}`, { priceFactorPercent: factor });
      expect(res.statusCode, String(factor)).toBe(400);
      expect(res.json().data.fields[0].message).toContain('price factor');
    }
    for (const markup of ['-1', '1000.5', '1001']) {
      const res = await put('markup', { markupPercent: markup });
      expect(res.statusCode, markup).toBe(400);
      expect(res.json().data.fields[0].message).toContain('markup');
    }
    const empty = await put(`region/${regionId}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields[0].message).toBe('There is no change to save');
    const missing = await put('desktop-type/999999', { enabled: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('This catalogue item does not exist');
    const name = await put(`region/${regionId}`, { nameEn: '   ' });
    expect(name.statusCode).toBe(400);
  });

  it('does not reach a customer’s own image', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const [own] = await ctx.db
      .insert(desktopImages)
      .values({
        imageId: `img-own-${randomUUID().slice(0, 8)}`,
        nameZh: '我的镜像',
        nameEn: 'Mine',
        platformType: 'Linux',
        osName: 'Ubuntu',
        sizeGib: 40,
        minSystemDiskGib: 80,
        ownerUserId: customer.userId,
      })
      .returning();
    expect((await put(`image/${own!.id}`, { enabled: false })).statusCode).toBe(404);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/business/catalog/image/list',
      headers: operator.headers,
      query: { limit: '50' },
    });
    expect((list.json().data.list as { id: number }[]).map((i) => i.id)).not.toContain(own!.id);
  });
});

describe('lists', () => {
  it('pages every row, enabled or not, with filters', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/business/catalog/region/list',
      headers: operator.headers,
      query: { kind: 'phone', limit: '10' },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ page: 1, limit: 10, total: 4 });
    expect(page.list.every((r: { kind: string }) => r.kind === 'phone')).toBe(true);
    const types = await ctx.app.inject({
      method: 'GET',
      url: '/api/business/catalog/desktop-type/list',
      headers: operator.headers,
      query: { bundleType: 'general', limit: '10', page: '1' },
    });
    expect(types.json().data.list[0]).toMatchObject({ typeId: TYPE, monthlyCost: '16', hourlyCost: '0.036' });
    const families = await ctx.app.inject({
      method: 'GET',
      url: '/api/business/catalog/bundle-type/list',
      headers: operator.headers,
    });
    expect(families.json().data.list.find((f: { key: string }) => f.key === 'general').typeCount).toBe(4);
  });
});

describe('a change reaches new quotes', () => {
  it('changes the next desktop, phone and network quote; the preview equals it', async () => {
    const before = await describePrice();
    const id = await typeId();
    const config = {
      product: 'desktop',
      regionId,
      desktopType: TYPE,
      billingMethod: 'subscription',
      period: 3,
      quantity: 2,
    };
    const change = { area: 'desktopType', id, patch: { monthlyCost: '20' } };
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/business/catalog/preview',
      headers: operator.headers,
      payload: { config, change },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { current, pending } = preview.json().data;
    expect(current).toEqual({ ...before, ...current });
    expect(current.payable_price).toBe(before.payable_price);
    // The preview saved nothing.
    expect(await describePrice()).toEqual(before);

    expect(await saved(`desktop-type/${id}`, change.patch)).toMatchObject({ monthlyCost: '20' });
    const after = await describePrice();
    expect(after).toEqual(pending);
    expect(after.payable_price).not.toBe(before.payable_price);

    // The markup, previewed and saved the same way.
    const markupPreview = await ctx.app.inject({
      method: 'POST',
      url: '/api/business/catalog/preview',
      headers: operator.headers,
      payload: { config, change: { area: 'markup', patch: { markupPercent: '50' } } },
    });
    expect(await saved('markup', { markupPercent: '50' })).toEqual({ markupPercent: '50' });
    expect(await describePrice()).toEqual(markupPreview.json().data.pending);

    // A phone spec's price reaches GET /ph/ph_price.
    const phoneRegion = (await baseRegion(ctx.db, 'phone')).id;
    const phoneQuote = async () =>
      (
        await customerGet('/api/ph/ph_price', {
          region_id: String(phoneRegion),
          spec_id: 'ph.lite.2c2g',
          billing_method: 'payg',
        })
      ).json().data.hourly_price as string;
    const phoneBefore = await phoneQuote();
    await saved(`phone-spec/${await idOf(phoneSpecs, 'specId', 'ph.lite.2c2g')}`, { hourlyCost: '0.02' });
    expect(await phoneQuote()).not.toBe(phoneBefore);

    // Unit prices reach GET /network_unit_price.
    const unit = async () =>
      (await customerGet('/api/network_unit_price', { region_id: String(regionId) })).json().data;
    const unitBefore = await unit();
    await saved(`unit-price/${await unitPriceId('office_bandwidth_mbps_month')}`, { cost: '3' });
    expect(await unit()).not.toEqual(unitBefore);
  });

  it('answers why a pending change makes the configuration unsellable', async () => {
    const [other] = await ctx.db
      .select()
      .from(regions)
      .where(and(eq(regions.kind, 'desktop'), eq(regions.wyRegionId, 'us-west-1')));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/business/catalog/preview',
      headers: operator.headers,
      payload: {
        config: {
          product: 'desktop',
          regionId: other!.id,
          desktopType: TYPE,
          billingMethod: 'payg',
          quantity: 1,
        },
        change: { area: 'region', id: other!.id, patch: { enabled: false } },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ currentError: null, pending: null });
    expect(res.json().data.pendingError).toMatch(/region/i);
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/business/catalog/preview',
      headers: operator.headers,
      payload: {
        config: { product: 'desktop', regionId, desktopType: TYPE, billingMethod: 'payg', quantity: 1 },
        change: { area: 'desktopType', id: await typeId(), patch: { hourlyCost: '0' } },
      },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('takes a disabled region and a disabled image out of the customer catalogue', async () => {
    const [tokyo] = await ctx.db
      .select()
      .from(regions)
      .where(and(eq(regions.kind, 'desktop'), eq(regions.wyRegionId, 'ap-northeast-1')));
    const regionIds = async () =>
      ((await customerGet('/api/describe_regions', {})).json().data as { id: number }[]).map((r) => r.id);
    expect(await regionIds()).toContain(tokyo!.id);
    expect(await saved(`region/${tokyo!.id}`, { enabled: false })).toMatchObject({ enabled: false });
    expect(await regionIds()).not.toContain(tokyo!.id);
    const price = await customerGet('/api/describe_price', {
      region_id: String(tokyo!.id),
      desktop_type: TYPE,
      billing_method: 'payg',
    });
    expect(price.statusCode).toBe(404);

    const [image] = await ctx.db
      .select()
      .from(desktopImages)
      .where(eq(desktopImages.imageId, 'img-debian-12'));
    const imageIds = async () =>
      ((await customerGet('/api/desktop_image', {})).json().data as { image_id: string }[]).map(
        (i) => i.image_id,
      );
    expect(await imageIds()).toContain('img-debian-12');
    expect(await saved(`image/${image!.id}`, { enabled: false })).toMatchObject({ enabled: false });
    expect(await imageIds()).not.toContain('img-debian-12');
    // Nor can it be bought.
    const buyer = await h.customer(200);
    const refused = await h.call(
      buyer,
      'POST',
      '/api/user/desktop',
      h.purchaseBody({ image_id: 'img-debian-12' }),
    );
    expect(refused.statusCode, refused.body).toBe(404);
    await saved(`image/${image!.id}`, { enabled: true });
    expect(await imageIds()).toContain('img-debian-12');
  });

  it('writes every change to the operation log under the catalogue', async () => {
    await saved(`region/${regionId}`, { sort: 3 });
    const log = await lastOperation(ctx.db, '/api/business/catalog/region/:id');
    expect(log).toMatchObject({ module: 'business.catalog', businessType: 'update' });
  });
});

describe('what a customer already bought keeps its price until renewal', () => {
  it('bills a pay-as-you-go desktop its purchase prices and renews a subscription at today’s', async () => {
    h.clock.set(START + 10 * 86_400_000);
    const customer = await h.customer(500);
    const buy = async (billing: 'payg' | 'subscription') =>
      (
        await h.buy(customer, {
          billing_method: billing,
          period: billing === 'subscription' ? 1 : undefined,
          name: `kept-${billing}`,
        })
      ).desktop_ids[0]!;
    const boughtQuote = await describePrice('payg');
    const payg = await buy('payg');
    const subscription = await buy('subscription');
    await h.runJobs();
    const bought = await h.row(payg);
    expect(bought.hourlyPriceMicros).toBe(parseMicros(boughtQuote.hourly_price));
    const boughtTrafficRate = bought.trafficRateMicros!;
    expect(boughtTrafficRate).toBeGreaterThan(0n);

    // The operator raises the type's hourly cost and the traffic cost.
    await saved(`desktop-type/${await typeId()}`, { hourlyCost: '0.5', monthlyCost: '40' });
    await saved(`unit-price/${await unitPriceId('traffic_gb')}`, { cost: '0.5' });
    const newQuote = await describePrice('payg');
    expect(parseMicros(newQuote.hourly_price)).toBeGreaterThan(bought.hourlyPriceMicros);

    // The next hour of the pay-as-you-go desktop is billed at its purchase prices.
    const hour = hourFloor(h.clock.now());
    const hourEnd = new Date(hour.getTime() + HOUR_MS);
    h.clock.set(hourEnd.getTime() + 5 * 60_000);
    await runHourlyBilling(h.core, hour);
    const traffic = await ctx.cloud.trafficBytes('desktop', [bought.instanceId!], hour, hourEnd);
    const bytes = traffic.get(bought.instanceId!)!.outBytes;
    expect(bytes > 0n).toBe(true);
    const { rows } = await ctx.db.execute<{ run_micros: string; traffic_micros: string }>(
      sql`SELECT run_micros, traffic_micros FROM resource_hour_charges
           WHERE resource_id = ${bought.id} AND hour_start = ${hour.toISOString()}::timestamptz`,
    );
    expect(BigInt(rows[0]!.run_micros)).toBe(bought.hourlyPriceMicros);
    expect(BigInt(rows[0]!.traffic_micros)).toBe(trafficCharge(boughtTrafficRate, bytes));

    // The subscription keeps its paid period; its renewal is charged today's price.
    const sub = await h.row(subscription);
    const renewalQuote = await customerGet('/api/renewal_price', {
      region_id: String(regionId),
      desktop_type: TYPE,
      system_disk: String(sub.spec.systemDiskGiB),
      period: '1',
    });
    const renewal = await renewResource(h.core, customer.userId, subscription, 1, 'kept');
    expect(formatDollars(renewal.order.paidAmountMicros)).toBe(renewalQuote.json().data.payable_price);
    // Renewed: from now on the traffic is billed at today's rate.
    const renewed = await h.row(subscription);
    expect(renewed.trafficRateMicros).toBeGreaterThan(sub.trafficRateMicros!);
  });
});
