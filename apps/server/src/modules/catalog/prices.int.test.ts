import {
  modifySpecQuoteSchema,
  networkCostSchema,
  networkUnitPriceSchema,
  phoneSpecSchema,
  phoneUnitPriceSchema,
  priceQuoteSchema,
  SECONDS_PER_BILLING_MONTH,
} from '@cloudbay/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { desktopTypes, regions, sysConfigs, unitPrices } from '../../db/schema';
import { quoteDesktop, type Charge } from './pricing';
import { quoteDesktopPurchase, toPriceQuote } from './service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof loggedInUser>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await loggedInUser(ctx.app, ctx.db);
  for (const row of await ctx.db.select().from(regions))
    ids[`${row.kind}:${row.wyRegionId}`] = String(row.id);
});
afterAll(() => ctx.close());

const HK = () => ids['desktop:cn-hongkong']!;
const FRANKFURT = () => ids['desktop:eu-central-1']!;
const PHONE_HK = () => ids['phone:cn-hongkong']!;
const EN = { 'accept-language': 'en-US' };

function get(url: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, query, headers });
}

async function getData<T extends z.ZodType>(
  schema: T,
  url: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<z.infer<T>> {
  const res = await get(url, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json().data);
}

/** A 400 naming `field`, with `message` as its translated text. */
async function expectFieldError(
  url: string,
  query: Record<string, string>,
  field: string,
  message: string,
  headers = {},
) {
  const res = await get(url, query, headers);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().data.fields).toContainEqual({ field, message });
}

async function setMarkup(value: string) {
  await ctx.db.update(sysConfigs).set({ value }).where(eq(sysConfigs.key, 'PRICE_MARKUP_PERCENT'));
}

describe('GET /api/describe_price', () => {
  it('quotes a bundle by subscription: unit × months × quantity, then the period discount', async () => {
    const quote = await getData(priceQuoteSchema, '/api/describe_price', {
      region_id: HK(),
      bundle_id: 'b-general-2c4g',
      billing_method: 'subscription',
      period: '12',
      quantity: '2',
    });
    expect(quote).toEqual({
      billing_method: 'subscription',
      period: 12,
      quantity: 2,
      unit_price: '26.88',
      hourly_price: '0.057',
      original_price: '645.12',
      discount: 0.85,
      discount_amount: '96.77',
      payable_price: '548.35',
      min_balance: '548.35',
    });
  });

  it('quotes a desktop type pay-as-you-go: nothing up front, one hour of each as the minimum balance', async () => {
    const quote = await getData(priceQuoteSchema, '/api/describe_price', {
      region_id: HK(),
      desktop_type: 'eds.general.4c8g',
      system_disk: '100',
      billing_method: 'payg',
      quantity: '5',
    });
    expect(quote).toMatchObject({
      billing_method: 'payg',
      period: null,
      hourly_price: '0.109',
      original_price: '0.00',
      payable_price: '0.00',
      discount: 1,
      min_balance: '0.545',
    });
  });

  it('answers what the pricing module computes from the catalogue, in every region and for every charge', async () => {
    const [type] = await ctx.db
      .select()
      .from(desktopTypes)
      .where(eq(desktopTypes.typeId, 'eds.general.8c16g'));
    const costs = new Map((await ctx.db.select().from(unitPrices)).map((u) => [u.key, u.costMicros]));
    const disk = {
      gibMonthMicros: costs.get('system_disk_gib_month')!,
      gibHourMicros: costs.get('system_disk_gib_hour')!,
    };
    const cases: [string, number, Charge, string, number][] = [
      ['cn-hongkong', 100, { billingMethod: 'subscription', months: 3, discountBp: 9500 }, '3', 3],
      ['eu-central-1', 110, { billingMethod: 'subscription', months: 36, discountBp: 7500 }, '36', 7],
      ['cn-shanghai', 90, { billingMethod: 'payg' }, '', 4],
    ];
    for (const [wyRegionId, factor, charge, period, quantity] of cases) {
      const regionId = ids[`desktop:${wyRegionId}`]!;
      const expected = quoteDesktop({
        type: type!,
        disk,
        systemDiskGib: 250,
        basis: { markupPercentMicros: 40_000_000n, regionFactorPercent: factor },
        charge,
        quantity,
      });
      const query = {
        region_id: regionId,
        desktop_type: 'eds.general.8c16g',
        system_disk: '250',
        billing_method: charge.billingMethod,
        period,
        quantity: String(quantity),
      };
      const answered = await getData(priceQuoteSchema, '/api/describe_price', query);
      expect(answered).toEqual(toPriceQuote(expected));
      // The purchase engine's entry point gives the same figures.
      const engine = await quoteDesktopPurchase(ctx.db, {
        regionId: Number(regionId),
        desktopType: 'eds.general.8c16g',
        systemDiskGib: 250,
        billingMethod: charge.billingMethod,
        period: period ? Number(period) : undefined,
        quantity,
      });
      expect(engine.quote).toEqual(expected);
    }
  });

  it('follows the markup setting, and falls back to 40 % when it is unreadable', async () => {
    const query = { region_id: HK(), bundle_id: 'b-general-2c4g', period: '1' };
    try {
      await setMarkup('50');
      // 19.20 × 1.5
      expect((await getData(priceQuoteSchema, '/api/describe_price', query)).unit_price).toBe('28.80');
      await setMarkup('12.5%');
      expect((await getData(priceQuoteSchema, '/api/describe_price', query)).unit_price).toBe('26.88');
    } finally {
      await setMarkup('40');
    }
  });

  it('refuses invalid figures with 400s naming each field, in both languages', async () => {
    const base = { region_id: HK(), bundle_id: 'b-general-2c4g', period: '1' };
    const url = '/api/describe_price';
    await expectFieldError(
      url,
      { ...base, system_disk: '85' },
      'querystring.system_disk',
      '系统盘容量需为 80–500 GiB，且为 10 的倍数',
    );
    await expectFieldError(
      url,
      { ...base, system_disk: '510' },
      'querystring.system_disk',
      'The system disk must be 80–500 GiB in steps of 10',
      EN,
    );
    await expectFieldError(
      url,
      { ...base, quantity: '0' },
      'querystring.quantity',
      '购买数量需为 1–100 的整数',
    );
    await expectFieldError(
      url,
      { region_id: HK(), bundle_id: 'b-general-2c4g' },
      'querystring.period',
      'Choose a purchase period for a subscription',
      EN,
    );
    await expectFieldError(
      url,
      { region_id: HK(), period: '1' },
      'querystring.bundle_id',
      '请选择套餐或云电脑规格',
    );
    const noRegion = await get(url, { bundle_id: 'b-general-2c4g', period: '1' });
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json().data.fields[0].field).toBe('querystring.region_id');
  });

  it('refuses periods that are not sold and things that are not on sale', async () => {
    const notSold = await get(
      '/api/describe_price',
      { region_id: HK(), bundle_id: 'b-general-2c4g', period: '5' },
      EN,
    );
    expect(notSold.statusCode).toBe(400);
    expect(notSold.json().msg).toBe(
      'A period of 5 months cannot be bought; choose one of 1, 2, 3, 6, 12, 24, 36',
    );
    const unknownType = await get('/api/describe_price', {
      region_id: HK(),
      desktop_type: 'eds.nope',
      period: '1',
    });
    expect(unknownType.statusCode).toBe(404);
    expect(unknownType.json().msg).toBe('云电脑规格不存在或已下架');
    const phoneRegion = await get('/api/describe_price', {
      region_id: PHONE_HK(),
      bundle_id: 'b-general-2c4g',
      period: '1',
    });
    expect(phoneRegion.statusCode).toBe(404);
  });
});

describe('GET /api/renewal_price', () => {
  it('renews at the spec’s current monthly price × months × discount', async () => {
    const quote = await getData(priceQuoteSchema, '/api/renewal_price', {
      region_id: HK(),
      desktop_type: 'eds.general.2c4g',
      system_disk: '80',
      period: '6',
    });
    expect(quote).toMatchObject({
      unit_price: '26.88',
      original_price: '161.28',
      discount: 0.9,
      payable_price: '145.15',
    });
    const frankfurt = await getData(priceQuoteSchema, '/api/renewal_price', {
      region_id: FRANKFURT(),
      desktop_type: 'eds.general.2c4g',
      system_disk: '80',
      period: '1',
      quantity: '3',
    });
    expect(frankfurt).toMatchObject({ unit_price: '29.57', original_price: '88.71', payable_price: '88.71' });
  });

  it('needs the spec and a period', async () => {
    const res = await get('/api/renewal_price', {
      region_id: HK(),
      desktop_type: 'eds.general.2c4g',
      system_disk: '80',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toEqual(['querystring.period']);
  });
});

describe('GET /api/user/modify_spec_price', () => {
  const url = '/api/user/modify_spec_price';
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  it('prorates the monthly difference to the expiry', async () => {
    const quote = await getData(
      modifySpecQuoteSchema,
      url,
      {
        region_id: HK(),
        desktop_type: 'eds.general.2c4g',
        system_disk: '80',
        new_desktop_type: 'eds.general.4c8g',
        new_system_disk: '120',
        expire_time: inDays(10),
      },
      customer.headers,
    );
    // (51.52 − 26.88) × 10 / 30 = 8.2133…
    expect(quote).toMatchObject({
      billing_method: 'subscription',
      old_unit_price: '26.88',
      new_unit_price: '51.52',
      new_hourly_price: '0.111',
      payable_price: '8.21',
    });
    expect(quote.remaining_seconds).toBeGreaterThan(10 * 86_400 - 30);
    expect(quote.remaining_seconds).toBeLessThanOrEqual(10 * 86_400);
  });

  it('charges nothing for a downgrade or pay-as-you-go, and a year left costs twelve months', async () => {
    const downgrade = await getData(
      modifySpecQuoteSchema,
      url,
      {
        region_id: HK(),
        desktop_type: 'eds.general.4c8g',
        system_disk: '80',
        new_desktop_type: 'eds.general.2c4g',
        expire_time: inDays(20),
      },
      customer.headers,
    );
    expect(downgrade.payable_price).toBe('0.00');
    const payg = await getData(
      modifySpecQuoteSchema,
      url,
      {
        region_id: HK(),
        desktop_type: 'eds.general.2c4g',
        system_disk: '80',
        new_system_disk: '200',
        billing_method: 'payg',
      },
      customer.headers,
    );
    expect(payg).toMatchObject({ payable_price: '0.00', new_hourly_price: '0.067', remaining_seconds: 0 });
    const year = await getData(
      modifySpecQuoteSchema,
      url,
      {
        region_id: HK(),
        desktop_type: 'eds.general.2c4g',
        system_disk: '80',
        new_system_disk: '90',
        expire_time: new Date(Date.now() + 12 * SECONDS_PER_BILLING_MONTH * 1000 + 60_000).toISOString(),
      },
      customer.headers,
    );
    // 10 GiB × 0.056 = 0.56 a month → 6.72 for twelve
    expect(year.payable_price).toBe('6.72');
  });

  it('only lets the system disk grow, needs an expiry for subscriptions, and a session', async () => {
    const shrink = await get(
      url,
      {
        region_id: HK(),
        desktop_type: 'eds.general.2c4g',
        system_disk: '120',
        new_system_disk: '100',
        expire_time: inDays(5),
      },
      { ...customer.headers, ...EN },
    );
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().msg).toBe(
      'The system disk can only grow; it cannot be smaller than the current 120 GiB',
    );
    await expectFieldError(
      url,
      { region_id: HK(), desktop_type: 'eds.general.2c4g', system_disk: '80' },
      'querystring.expire_time',
      '包年包月资源须提供到期时间',
      customer.headers,
    );
    const anonymous = await get(url, {
      region_id: HK(),
      desktop_type: 'eds.general.2c4g',
      system_disk: '80',
      billing_method: 'payg',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('network prices', () => {
  it('GET /api/network_unit_price answers bandwidth, traffic and EIP prices of the region', async () => {
    expect(await getData(networkUnitPriceSchema, '/api/network_unit_price', { region_id: HK() })).toEqual({
      bandwidth_price: '2.100',
      traffic_price: '0.077',
      eip_bandwidth_price: '2.800',
      min_bandwidth: 10,
      max_bandwidth: 200,
    });
    expect(
      await getData(networkUnitPriceSchema, '/api/network_unit_price', { region_id: FRANKFURT() }),
    ).toMatchObject({
      bandwidth_price: '2.310',
      traffic_price: '0.085',
    });
  });

  it('GET /api/user/network_cost prices an office network of a bandwidth for months', async () => {
    const cost = await getData(
      networkCostSchema,
      '/api/user/network_cost',
      { region_id: HK(), bandwidth: '10', period: '3' },
      customer.headers,
    );
    expect(cost).toMatchObject({
      bandwidth: 10,
      unit_price: '21.00',
      original_price: '63.00',
      discount: 0.95,
      payable_price: '59.85',
      traffic_price: '0.077',
    });
    const oneMonth = await getData(
      networkCostSchema,
      '/api/user/network_cost',
      { region_id: HK(), bandwidth: '200' },
      customer.headers,
    );
    expect(oneMonth).toMatchObject({ period: 1, payable_price: '420.00' });
    await expectFieldError(
      '/api/user/network_cost',
      { region_id: HK(), bandwidth: '5' },
      'querystring.bandwidth',
      'Office network bandwidth must be a whole number from 10 to 200 Mbps',
      { ...customer.headers, ...EN },
    );
    expect((await get('/api/user/network_cost', { region_id: HK(), bandwidth: '10' })).statusCode).toBe(401);
  });
});

describe('cloud phone prices', () => {
  it('GET /api/ph/spec lists the specs with prices in the phone region, in the caller’s language', async () => {
    const specs = await getData(z.array(phoneSpecSchema), '/api/ph/spec', { region_id: PHONE_HK() }, EN);
    expect(specs.map((s) => [s.spec_id, s.name, s.price, s.hourly_price])).toEqual([
      ['ph.lite.2c2g', 'Lite 2 cores 2 GiB', '5.60', '0.011'],
      ['ph.basic.2c4g', 'Basic 2 cores 4 GiB', '8.40', '0.017'],
      ['ph.standard.4c8g', 'Standard 4 cores 8 GiB', '14.00', '0.028'],
      ['ph.pro.8c16g', 'Pro 8 cores 16 GiB', '25.20', '0.050'],
    ]);
    const tokyo = await getData(z.array(phoneSpecSchema), '/api/ph/spec', {
      region_id: ids['phone:ap-northeast-1']!,
    });
    // 6 × 1.4 × 1.05 = 8.82
    expect(tokyo[1]).toMatchObject({ name: '基础型 2核4G', price: '8.82', resolution: '720x1280' });
    // A desktop region is not a phone region.
    expect((await get('/api/ph/spec', { region_id: HK() })).statusCode).toBe(404);
  });

  it('GET /api/ph/unit_price answers EIP, phone network, backup space and traffic prices', async () => {
    const prices = await getData(phoneUnitPriceSchema, '/api/ph/unit_price', { region_id: PHONE_HK() }, EN);
    expect(prices).toMatchObject({
      eip_bandwidth_price: '2.800',
      phone_network_price: '7.000',
      backup_space_price: '0.028',
      traffic_price: '0.077',
    });
    expect(prices.items.map((i) => i.unit)).toEqual(['Mbps/month', 'network/month', 'GiB/month', 'GB']);
    const zh = await getData(phoneUnitPriceSchema, '/api/ph/unit_price', { region_id: PHONE_HK() });
    expect(zh.items[0]!.unit).toBe('Mbps/月');
  });

  it('GET /api/ph/ph_price quotes phones with the ph_discount, or by the hour', async () => {
    const monthly = await getData(priceQuoteSchema, '/api/ph/ph_price', {
      region_id: PHONE_HK(),
      spec_id: 'ph.standard.4c8g',
      period: '3',
      quantity: '4',
    });
    expect(monthly).toMatchObject({
      unit_price: '14.00',
      original_price: '168.00',
      discount: 0.93,
      payable_price: '156.24',
    });
    const hourly = await getData(priceQuoteSchema, '/api/ph/ph_price', {
      region_id: PHONE_HK(),
      spec_id: 'ph.standard.4c8g',
      billing_method: 'payg',
      quantity: '4',
    });
    expect(hourly).toMatchObject({ hourly_price: '0.028', min_balance: '0.112', payable_price: '0.00' });
    const unknown = await get(
      '/api/ph/ph_price',
      { region_id: PHONE_HK(), spec_id: 'ph.none', period: '1' },
      EN,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('The cloud phone spec does not exist or is no longer sold');
    await expectFieldError(
      '/api/ph/ph_price',
      { region_id: PHONE_HK(), spec_id: 'ph.standard.4c8g' },
      'querystring.period',
      '包年包月请选择购买时长',
    );
  });

  it('a region switched off stops selling', async () => {
    const phoneHk = and(eq(regions.kind, 'phone'), eq(regions.wyRegionId, 'cn-hongkong'));
    await ctx.db.update(regions).set({ enabled: false }).where(phoneHk);
    try {
      const res = await get(
        '/api/ph/ph_price',
        { region_id: PHONE_HK(), spec_id: 'ph.standard.4c8g', period: '1' },
        EN,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('The region does not exist or is not open');
    } finally {
      await ctx.db.update(regions).set({ enabled: true }).where(phoneHk);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every price call with its query fields', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, { get: { parameters?: { name: string }[] } }>;
    const params = (path: string) => paths[path]!.get.parameters?.map((p) => p.name) ?? [];
    expect(params('/api/describe_price')).toEqual(
      expect.arrayContaining([
        'region_id',
        'bundle_id',
        'desktop_type',
        'system_disk',
        'billing_method',
        'period',
        'quantity',
      ]),
    );
    expect(params('/api/user/modify_spec_price')).toEqual(
      expect.arrayContaining(['new_desktop_type', 'expire_time']),
    );
    for (const path of [
      '/api/renewal_price',
      '/api/network_unit_price',
      '/api/user/network_cost',
      '/api/ph/ph_price',
    ]) {
      expect(params(path)).toContain('region_id');
    }
  });
});
