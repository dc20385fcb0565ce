/**
 * The operators' desktop bundle presets and the families' on-sale switch (issue 18): preset edits
 * validated and reaching the buy page's next quote (the preview equal to it), and a family off sale
 * leaving the buy page, refused for a new purchase in both languages, while the desktops already of
 * it keep renewing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopHarness, type DesktopHarness } from '../../../../test/desktop-fixtures';
import { catalogPut, catalogSaved } from '../../../../test/catalog-operators';
import { lastOperation } from '../../../../test/oper-logs';
import { operatorWith, type TestOperator } from '../../../../test/operators';
import { desktopBundles, desktopBundleTypes } from '../../../db/schema';

const START = Date.UTC(2031, 6, 1, 8, 0);

let h: DesktopHarness;
let ctx: DesktopHarness['ctx'];
let operator: TestOperator;

beforeAll(async () => {
  h = await desktopHarness(START);
  ctx = h.ctx;
  operator = await operatorWith(ctx.app, ctx.db, {
    perms: ['business:catalog:list', 'business:catalog:edit'],
  });
});
afterAll(() => ctx.close());

const put = (path: string, payload: unknown, language?: string) =>
  catalogPut(ctx.app, operator.headers, path, payload, language);
const saved = (path: string, payload: unknown) => catalogSaved(ctx.app, operator.headers, path, payload);
async function operatorList(path: string, query: Record<string, string> = {}) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/business/catalog/${path}/list`,
    headers: operator.headers,
    query: { limit: '50', ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Record<string, unknown>[]; total: number };
}
const customerGet = (url: string, query: Record<string, string> = {}, language = 'en-US') =>
  ctx.app.inject({ method: 'GET', url, query, headers: { 'accept-language': language } });

const presetId = async (bundleId: string) =>
  (await ctx.db.select().from(desktopBundles).where(eq(desktopBundles.bundleId, bundleId)))[0]!.id;
const familyId = async (key: string) =>
  (await ctx.db.select().from(desktopBundleTypes).where(eq(desktopBundleTypes.key, key)))[0]!.id;

/** The buy page's list of presets (GET /describe_bundles) in Hong Kong. */
async function buyPagePresets() {
  const res = await customerGet('/api/describe_bundles', { region_id: String(h.hk) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { bundle_id: string; price: string; system_disk: number; name: string }[];
}
const bundleQuote = async (bundleId: string) => {
  const res = await customerGet('/api/describe_price', {
    region_id: String(h.hk),
    bundle_id: bundleId,
    billing_method: 'subscription',
    period: '1',
    quantity: '1',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { payable_price: string };
};

describe('desktop bundle presets', () => {
  it('lists every preset with its type and family, filtered by family', async () => {
    const all = await operatorList('bundle');
    expect(all.total).toBe(7);
    expect(all.list.find((b) => b.bundleId === 'b-general-2c4g')).toMatchObject({
      desktopType: 'eds.general.2c4g',
      bundleType: 'general',
      defaultImageId: 'img-ws2022-zh',
      defaultSystemDiskGib: 80,
      enabled: true,
    });
    const graphics = await operatorList('bundle', { bundleType: 'graphics' });
    expect(graphics.list.map((b) => b.bundleId)).toEqual(['b-graphics-8c32g']);
  });

  it('refuses an invalid preset edit with a translated message and writes nothing', async () => {
    const id = await presetId('b-general-4c8g');
    for (const disk of [70, 85, 510, -80]) {
      const res = await put(`bundle/${id}`, { defaultSystemDiskGib: disk });
      expect(res.statusCode, String(disk)).toBe(400);
    }
    const type = await put(`bundle/${id}`, { desktopType: 'eds.none.1c1g' });
    expect(type.statusCode).toBe(400);
    expect(type.json().msg).toBe('The chosen desktop type does not exist');
    const zh = await put(`bundle/${id}`, { defaultImageId: 'img-nope' }, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('默认镜像须为系统镜像，且其最小系统盘不超过默认系统盘');
    expect((await put(`bundle/${id}`, {})).statusCode).toBe(400);
    expect((await put('bundle/999999', { enabled: false })).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(desktopBundles).where(eq(desktopBundles.id, id));
    expect(row).toMatchObject({ defaultSystemDiskGib: 80, defaultImageId: 'img-ws2022-zh' });
  });

  it('changes the buy page for new quotes; the preview of the edit equals the next quote', async () => {
    const id = await presetId('b-general-4c8g');
    const before = await bundleQuote('b-general-4c8g');
    const patch = { desktopType: 'eds.general.8c16g', defaultSystemDiskGib: 120, nameEn: 'Team 8 vCPU' };
    const config = {
      product: 'desktop',
      regionId: h.hk,
      bundleId: 'b-general-4c8g',
      billingMethod: 'subscription',
      period: 1,
      quantity: 1,
    };
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/business/catalog/preview',
      headers: operator.headers,
      payload: { config, change: { area: 'bundle', id, patch } },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.current.payable_price).toBe(before.payable_price);
    // The preview saved nothing.
    expect(await bundleQuote('b-general-4c8g')).toEqual(before);

    expect(await saved(`bundle/${id}`, patch)).toMatchObject({
      desktopType: 'eds.general.8c16g',
      defaultSystemDiskGib: 120,
      nameEn: 'Team 8 vCPU',
    });
    const after = await bundleQuote('b-general-4c8g');
    expect(after).toEqual(preview.json().data.pending);
    expect(after.payable_price).not.toBe(before.payable_price);
    expect((await buyPagePresets()).find((b) => b.bundle_id === 'b-general-4c8g')).toMatchObject({
      name: 'Team 8 vCPU',
      system_disk: 120,
    });

    // Off sale, the preset leaves the buy page; the edit is in the operation log.
    await saved(`bundle/${id}`, { enabled: false });
    expect((await buyPagePresets()).map((b) => b.bundle_id)).not.toContain('b-general-4c8g');
    const log = await lastOperation(ctx.db, '/api/business/catalog/bundle/:id');
    expect(log).toMatchObject({ module: 'business.catalog', businessType: 'update' });
    await saved(`bundle/${id}`, { enabled: true });
  });
});

describe('a desktop family off sale', () => {
  it('leaves the buy page and refuses a new purchase; its desktops keep renewing', async () => {
    const customer = await h.customer(1000);
    // Bought while the family is on sale.
    const owned = await h.runningDesktop(customer, { bundle_id: 'b-performance-4c16g' });
    const id = await familyId('performance');

    const families = await operatorList('bundle-type');
    expect(families.list.find((f) => f.key === 'performance')).toMatchObject({ enabled: true, typeCount: 2 });
    expect(await saved(`bundle-type/${id}`, { enabled: false })).toMatchObject({
      key: 'performance',
      enabled: false,
    });

    // Gone from the buy page: the families, the types and the presets.
    const keys = ((await customerGet('/api/bundles_type')).json().data as { key: string }[]).map(
      (f) => f.key,
    );
    expect(keys).toEqual(['general', 'graphics']);
    const types = await customerGet('/api/desktop_types', { region_id: String(h.hk) });
    expect(
      (types.json().data as { bundle_type: string }[]).some((t) => t.bundle_type === 'performance'),
    ).toBe(false);
    expect((await buyPagePresets()).some((b) => b.bundle_id.startsWith('b-performance'))).toBe(false);

    // Refused for a new quote and purchase, by preset or by type, translated.
    const byType = { region_id: String(h.hk), billing_method: 'payg', quantity: '1' };
    const en = await customerGet('/api/describe_price', { ...byType, desktop_type: 'eds.performance.4c16g' });
    expect(en.statusCode).toBe(422);
    expect(en.json().msg).toBe('The desktop family "Performance" is no longer sold: it cannot be bought');
    const zh = await customerGet(
      '/api/describe_price',
      { ...byType, bundle_id: 'b-performance-8c32g' },
      'zh-CN',
    );
    expect(zh.statusCode).toBe(422);
    expect(zh.json().msg).toBe('云电脑套餐系列“性能型”已停售，不能新购');
    const buyer = await h.customer(500);
    const refused = await h.call(
      buyer,
      'POST',
      '/api/user/desktop',
      h.purchaseBody({ bundle_id: 'b-performance-4c16g' }),
      { 'accept-language': 'en-US' },
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().code).toBe(422);

    // The desktop already bought renews at today's price.
    const renewal = await h.call(customer, 'PUT', `/api/user/desktop/${owned.desktopId}/renew`, {
      period: 1,
    });
    expect(renewal.statusCode, renewal.body).toBe(200);
    const renewed = await h.row(owned.desktopId);
    expect(renewed.expiresAt!.getTime()).toBeGreaterThan(owned.desktop.expiresAt!.getTime());

    // Back on sale, it can be bought again.
    await saved(`bundle-type/${id}`, { enabled: true });
    expect((await bundleQuote('b-performance-4c16g')).payable_price).toMatch(/^\d/);
  });
});
