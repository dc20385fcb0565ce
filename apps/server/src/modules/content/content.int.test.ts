import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeTableEntrySchema, supportChannelSchema } from '@cloudbay/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../../test/context';
import { adPopups, banners, hotGoods } from '../../db/schema';
import { seedContentReferenceData } from './reference-data';

const WEB_PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let webDist: string;
beforeAll(async () => {
  // A web build as `vite build` leaves it: index.html plus a copy of public/.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudbay-web-'));
  fs.cpSync(WEB_PUBLIC, webDist, { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  ctx = await createTestApp({ webDist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});
const EN = { 'accept-language': 'en-US' };

async function data(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('GET /api/banner', () => {
  it('answers the carousel without a login, in either language', async () => {
    const zh = await data('/api/banner');
    const en = await data('/api/banner', EN);
    expect(zh.map((b: { link: string }) => b.link)).toEqual([
      '/cloud/buy',
      '/phone/buyph',
      '/zqgl/officenetwork',
    ]);
    expect(zh[0]).toMatchObject({ title: '云电脑，随时随地高效办公', image: '/content/banner-desktop.svg' });
    expect(en[0]).toMatchObject({ title: 'Cloud desktops, ready wherever you work' });
    expect(en[0].subtitle).toMatch(/vCPU/);
  });

  it('leaves out disabled banners and follows the operators’ order', async () => {
    await ctx.db.update(banners).set({ enabled: false }).where(eq(banners.key, 'cloud-phones'));
    await ctx.db.update(banners).set({ sort: 99 }).where(eq(banners.key, 'cloud-desktops'));
    const links = (await data('/api/banner')).map((b: { link: string }) => b.link);
    expect(links).toEqual(['/zqgl/officenetwork', '/cloud/buy']);
    await seedContentReferenceData(ctx.db);
    expect((await data('/api/banner')).map((b: { link: string }) => b.link)).toEqual(links);
  });
});

describe('GET /api/hot_goods', () => {
  it('answers dollar prices and translated price units', async () => {
    const zh = await data('/api/hot_goods');
    const en = await data('/api/hot_goods', EN);
    expect(zh).toHaveLength(4);
    expect(zh[0]).toMatchObject({ name: '云电脑 · 办公型', price_unit: '月', tag: '热销' });
    expect(en[0]).toMatchObject({ name: 'Cloud desktop · Office', price_unit: 'month' });
    // Items without a catalogue bundle keep their stored price.
    expect(zh[2]).toMatchObject({ price: '8.90' });
    expect(en.map((g: { link: string }) => g.link)).toEqual([
      '/cloud/buy',
      '/cloud/buy',
      '/phone/buyph',
      '/zqgl/buyIP',
    ]);
  });

  /** The lowest monthly price of a bundle over the regions, as the purchase page's catalogue quotes it. */
  async function lowestCataloguePrice(bundleId: string): Promise<string> {
    const regions: { id: number }[] = await data('/api/describe_regions');
    const prices = await Promise.all(
      regions.map(async (region) => {
        const bundles: { bundle_id: string; price: string }[] = await data(
          `/api/describe_bundles?region_id=${region.id}`,
        );
        return Number(bundles.find((bundle) => bundle.bundle_id === bundleId)!.price);
      }),
    );
    return Math.min(...prices).toFixed(2);
  }

  it('prices desktop items from the catalogue: the cheapest region of their bundle', async () => {
    const goods: { price: string }[] = await data('/api/hot_goods');
    expect(goods[0]!.price).toBe(await lowestCataloguePrice('b-general-2c4g'));
    expect(goods[1]!.price).toBe(await lowestCataloguePrice('b-general-8c16g'));
    expect(goods[0]!.price).not.toBe('19.90');
  });

  it('follows catalogue changes and leaves out an item whose bundle is off sale', async () => {
    const cheapest = await ctx.db.execute<{ id: number }>(
      sql`select id from regions where kind = 'desktop' and enabled order by price_factor_percent limit 1`,
    );
    const before = (await data('/api/hot_goods'))[0].price;
    await ctx.db.execute(sql`update regions set enabled = false where id = ${cheapest.rows[0]!.id}`);
    try {
      const after = (await data('/api/hot_goods'))[0].price;
      expect(after).toBe(await lowestCataloguePrice('b-general-2c4g'));
      expect(Number(after)).toBeGreaterThanOrEqual(Number(before));
      await ctx.db.execute(
        sql`update desktop_bundles set enabled = false where bundle_id = 'b-general-2c4g'`,
      );
      const names = (await data('/api/hot_goods')).map((g: { name: string }) => g.name);
      expect(names).not.toContain('云电脑 · 办公型');
    } finally {
      await ctx.db.execute(sql`update regions set enabled = true where id = ${cheapest.rows[0]!.id}`);
      await ctx.db.execute(sql`update desktop_bundles set enabled = true where bundle_id = 'b-general-2c4g'`);
    }
  });
});

describe('GET /api/ad_popup', () => {
  it('answers the running pop-up in either language', async () => {
    expect(await data('/api/ad_popup')).toMatchObject({ version: '2026-11', title: '首充加赠 10%' });
    expect((await data('/api/ad_popup', EN)).title).toBe('A 10% bonus on your first top-up');
  });

  it('answers the newest one inside its window, or null', async () => {
    const window = (startsIn: string, endsIn: string | null) => ({
      startsAt: sql`now() + ${startsIn}::interval`,
      endsAt: endsIn === null ? null : sql`now() + ${endsIn}::interval`,
    });
    await ctx.db.insert(adPopups).values([
      { version: 'future', titleZh: '未来', titleEn: 'Future', ...window('1 day', null) },
      { version: 'over', titleZh: '已结束', titleEn: 'Over', ...window('-2 days', '-1 day') },
      { version: 'newer', titleZh: '新活动', titleEn: 'Newer', ...window('0 seconds', '1 day') },
    ]);
    expect((await data('/api/ad_popup')).version).toBe('newer');
    await ctx.db.update(adPopups).set({ enabled: false }).where(eq(adPopups.version, 'newer'));
    expect((await data('/api/ad_popup')).version).toBe('2026-11');
    await ctx.db.update(adPopups).set({ enabled: false });
    expect(await data('/api/ad_popup')).toBeNull();
  });
});

describe('GET /api/code_table', () => {
  it('answers every entry with both labels', async () => {
    const entries = z.array(codeTableEntrySchema).parse(await data('/api/code_table'));
    const byKey = new Map(entries.map((e) => [e.key, e]));
    expect(byKey.get('pay_type.1')).toEqual({
      key: 'pay_type.1',
      'zh-cn': '法币扫码支付',
      'en-us': 'Fiat QR payment',
    });
    expect(byKey.get('pay_type.2')!['en-us']).toBe('USDT stablecoin');
    for (const key of [
      'unit.hour',
      'unit.day',
      'unit.week',
      'unit.month',
      'unit.year',
      'billing_method.payg',
      'billing_method.subscription',
      'product_type.desktop',
      'product_type.phone',
      'product_type.office_site',
      'product_type.eip',
      'product_type.proxy',
      'product_type.backup_space',
    ]) {
      expect(byKey.get(key)?.['zh-cn'], key).toBeTruthy();
      expect(byKey.get(key)?.['en-us'], key).toBeTruthy();
    }
  });
});

describe('reference content', () => {
  it('every seeded image is a bundled illustration that exists', async () => {
    const rows = [
      ...(await ctx.db.select({ image: banners.image }).from(banners)),
      ...(await ctx.db.select({ image: hotGoods.image }).from(hotGoods)),
      ...(await ctx.db
        .select({ image: adPopups.image })
        .from(adPopups)
        .where(eq(adPopups.version, '2026-11'))),
    ];
    expect(rows).toHaveLength(8);
    for (const { image } of rows) {
      expect(image).toMatch(/^\/content\/[a-z-]+\.svg$/);
      expect(fs.existsSync(path.join(WEB_PUBLIC, image)), image).toBe(true);
    }
  });

  it('the web app serves the illustrations as images its CSP allows', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/content/banner-desktop.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self'/);
    expect((await ctx.app.inject({ method: 'GET', url: '/content/nope.svg' })).statusCode).toBe(404);
  });

  it('the support widget reads its channels from GET /api/config/SUPPORT_CHANNELS', async () => {
    const { value } = await data('/api/config/SUPPORT_CHANNELS');
    const channels = z.array(supportChannelSchema).parse(JSON.parse(value));
    expect(channels.filter((c) => c.kind === 'qr').map((c) => c.icon)).toEqual(['wechat', 'whatsapp']);
    expect(channels.filter((c) => c.kind === 'link')).toHaveLength(3);
    for (const channel of channels) {
      expect(channel.url).toMatch(/^(https:\/\/|mailto:)/);
      expect(
        channel.label_zh && channel.label_en && channel.description_zh && channel.description_en,
      ).toBeTruthy();
    }
  });
});
