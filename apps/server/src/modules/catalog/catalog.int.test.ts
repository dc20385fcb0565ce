import {
  bundleDetailSchema,
  bundleSchema,
  bundleTypeSchema,
  desktopImagePageSchema,
  desktopImageSchema,
  desktopTypeSchema,
  periodDiscountSchema,
  regionSchema,
} from '@cloudbay/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import {
  desktopBundles,
  desktopImages,
  desktopTypes,
  periodDiscounts,
  regions,
  sysConfigs,
} from '../../db/schema';
import { seedCatalogReferenceData } from './reference-data';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function regionList(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return z.array(regionSchema).parse(res.json().data);
}

describe('regions', () => {
  it('GET /api/describe_regions answers the desktop regions without a login, in either language', async () => {
    const zh = await regionList('/api/describe_regions');
    expect(zh.map((r) => r.wy_region_id)).toEqual([
      'cn-hongkong',
      'ap-southeast-1',
      'ap-northeast-1',
      'us-west-1',
      'eu-central-1',
      'cn-shanghai',
    ]);
    expect(zh[1]).toMatchObject({ name: '新加坡', name_zh: '新加坡', name_en: 'Singapore' });
    const en = await regionList('/api/describe_regions', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en[2]!.name).toBe('Japan (Tokyo)');
  });

  it('GET /api/ph/regions answers the phone regions only', async () => {
    const phones = await regionList('/api/ph/regions', { 'accept-language': 'en' });
    expect(phones.map((r) => r.name)).toEqual([
      'China (Hong Kong)',
      'Singapore',
      'Japan (Tokyo)',
      'US (Silicon Valley)',
    ]);
    const desktopIds = (await regionList('/api/describe_regions')).map((r) => r.id);
    expect(phones.some((r) => desktopIds.includes(r.id))).toBe(false);
  });

  it('leaves out disabled regions and keeps operators’ changes when seeded again', async () => {
    const frankfurt = and(eq(regions.kind, 'desktop'), eq(regions.wyRegionId, 'eu-central-1'));
    await ctx.db.update(regions).set({ enabled: false }).where(frankfurt);
    await ctx.db
      .update(regions)
      .set({ nameEn: 'Singapore (SG1)' })
      .where(and(eq(regions.kind, 'desktop'), eq(regions.wyRegionId, 'ap-southeast-1')));
    await seedCatalogReferenceData(ctx.db);
    const en = await regionList('/api/describe_regions', { 'accept-language': 'en-US' });
    expect(en.map((r) => r.wy_region_id)).not.toContain('eu-central-1');
    expect(en.find((r) => r.wy_region_id === 'ap-southeast-1')!.name).toBe('Singapore (SG1)');
    expect(await ctx.db.select().from(regions).where(frankfurt)).toHaveLength(1);
    await ctx.db.update(regions).set({ enabled: true }).where(frankfurt);
  });
});

const EN = { 'accept-language': 'en-US,en;q=0.9' };

async function getData<T extends z.ZodType>(
  schema: T,
  url: string,
  headers: Record<string, string> = {},
  query: Record<string, string> = {},
): Promise<z.infer<T>> {
  const res = await ctx.app.inject({ method: 'GET', url, headers, query });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json().data);
}

async function regionId(wyRegionId: string, kind: 'desktop' | 'phone' = 'desktop') {
  const [row] = await ctx.db
    .select()
    .from(regions)
    .where(and(eq(regions.kind, kind), eq(regions.wyRegionId, wyRegionId)));
  return String(row!.id);
}

describe('bundles and types', () => {
  it('GET /api/bundles_type names the families in the caller’s language', async () => {
    const zh = await getData(z.array(bundleTypeSchema), '/api/bundles_type');
    expect(zh.map((t) => [t.key, t.name])).toEqual([
      ['general', '通用型'],
      ['performance', '性能型'],
      ['graphics', '图形型'],
    ]);
    const en = await getData(z.array(bundleTypeSchema), '/api/bundles_type', EN);
    expect(en.map((t) => t.name)).toEqual(['General purpose', 'Performance', 'Graphics']);
  });

  it('GET /api/describe_bundles lists 2c4g to 16c32g with prices per region, filtered by family', async () => {
    const all = await getData(z.array(bundleSchema), '/api/describe_bundles', EN, {
      region_id: await regionId('cn-hongkong'),
    });
    expect(all.map((b) => `${b.cpu}c${b.memory}g`)).toEqual([
      '2c4g',
      '4c8g',
      '8c16g',
      '16c32g',
      '4c16g',
      '8c32g',
      '8c32g',
    ]);
    expect(all[0]).toMatchObject({
      bundle_id: 'b-general-2c4g',
      name: 'General 2 vCPU 4 GiB',
      name_zh: '通用型 2核4G',
      bundle_type_name: 'General purpose',
      desktop_type: 'eds.general.2c4g',
      system_disk: 80,
      default_image_id: 'img-ws2022-zh',
      gpu: null,
      price: '26.88',
      hourly_price: '0.057',
    });
    const graphics = await getData(
      z.array(bundleSchema),
      '/api/describe_bundles',
      {},
      { bundle_type: 'graphics' },
    );
    expect(graphics).toHaveLength(1);
    expect(graphics[0]).toMatchObject({ gpu: 8, name: '图形型 8核32G 8G显存', bundle_type_name: '图形型' });
    // Frankfurt's factor 110 %: (16 + 80 × 0.04) × 1.4 × 1.1 = 29.568
    const frankfurt = await getData(
      z.array(bundleSchema),
      '/api/describe_bundles',
      {},
      {
        region_id: await regionId('eu-central-1'),
      },
    );
    expect(frankfurt[0]).toMatchObject({ price: '29.57', hourly_price: '0.063' });
  });

  it('hides disabled bundles and bundles of disabled types', async () => {
    await ctx.db
      .update(desktopBundles)
      .set({ enabled: false })
      .where(eq(desktopBundles.bundleId, 'b-general-4c8g'));
    await ctx.db
      .update(desktopTypes)
      .set({ enabled: false })
      .where(eq(desktopTypes.typeId, 'eds.general.8c16g'));
    try {
      const ids = (await getData(z.array(bundleSchema), '/api/describe_bundles')).map((b) => b.bundle_id);
      expect(ids).not.toContain('b-general-4c8g');
      expect(ids).not.toContain('b-general-8c16g');
      expect(ids).toContain('b-general-2c4g');
      const types = (await getData(z.array(desktopTypeSchema), '/api/desktop_types')).map(
        (t) => t.desktop_type,
      );
      expect(types).not.toContain('eds.general.8c16g');
      const customer = await loggedInUser(ctx.app, ctx.db);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/bundles/details',
        query: { bundle_id: 'b-general-4c8g' },
        headers: { ...customer.headers, ...EN },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('The bundle does not exist or is no longer sold');
    } finally {
      await ctx.db
        .update(desktopBundles)
        .set({ enabled: true })
        .where(eq(desktopBundles.bundleId, 'b-general-4c8g'));
      await ctx.db
        .update(desktopTypes)
        .set({ enabled: true })
        .where(eq(desktopTypes.typeId, 'eds.general.8c16g'));
    }
  });

  it('GET /api/desktop_types answers each type’s own price (no disk), by family', async () => {
    const types = await getData(
      z.array(desktopTypeSchema),
      '/api/desktop_types',
      {},
      { bundle_type: 'performance' },
    );
    expect(types).toEqual([
      expect.objectContaining({
        desktop_type: 'eds.performance.4c16g',
        cpu: 4,
        memory: 16,
        price: '64.40',
        hourly_price: '0.140',
      }),
      expect.objectContaining({
        desktop_type: 'eds.performance.8c32g',
        cpu: 8,
        memory: 32,
        price: '128.80',
        hourly_price: '0.280',
      }),
    ]);
  });

  it('GET /api/user/bundles/details needs a session and answers the bundle with its default image', async () => {
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/bundles/details?bundle_id=b-general-2c4g',
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await loggedInUser(ctx.app, ctx.db);
    const detail = await getData(
      bundleDetailSchema,
      '/api/user/bundles/details',
      { ...customer.headers, ...EN },
      {
        bundle_id: 'b-general-2c4g',
      },
    );
    expect(detail).toMatchObject({
      description: 'Office work, browsing and light apps',
      description_zh: '日常办公、网页与轻量应用',
      default_image: { image_id: 'img-ws2022-zh', platform_type: 'Windows', is_custom: false },
    });
  });

  it('an unknown or phone region answers 404 and a bad id 400, translated', async () => {
    const phoneRegion = await regionId('cn-hongkong', 'phone');
    const zh = await ctx.app.inject({ method: 'GET', url: `/api/describe_bundles?region_id=${phoneRegion}` });
    expect(zh.statusCode).toBe(404);
    expect(zh.json().msg).toBe('地域不存在或暂未开放');
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/desktop_types?region_id=abc', headers: EN });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('querystring.region_id');
  });
});

describe('images', () => {
  let owner: Awaited<ReturnType<typeof loggedInUser>>;
  let stranger: Awaited<ReturnType<typeof loggedInUser>>;

  beforeAll(async () => {
    owner = await loggedInUser(ctx.app, ctx.db);
    stranger = await loggedInUser(ctx.app, ctx.db);
    const own = (n: number, userId: number, platformType: 'Windows' | 'Linux') => ({
      imageId: `m-own-${userId}-${n}`,
      nameZh: `我的镜像 ${n}`,
      nameEn: `My image ${n}`,
      platformType,
      osName: platformType === 'Windows' ? 'Windows Server 2022' : 'Ubuntu 22.04',
      sizeGib: 60,
      minSystemDiskGib: 80,
      ownerUserId: userId,
      createdAt: new Date(Date.UTC(2026, 10, n)),
    });
    await ctx.db
      .insert(desktopImages)
      .values([
        own(1, owner.userId, 'Windows'),
        own(2, owner.userId, 'Linux'),
        own(3, owner.userId, 'Windows'),
        own(1, stranger.userId, 'Windows'),
      ]);
  });

  it('GET /api/desktop_image answers the system images, by platform', async () => {
    const all = await getData(z.array(desktopImageSchema), '/api/desktop_image', EN);
    expect(all.map((i) => i.image_id)).toEqual([
      'img-ws2022-zh',
      'img-ws2022-en',
      'img-ws2019-zh',
      'img-win11-style',
      'img-win10-style',
      'img-ubuntu-2204',
      'img-debian-12',
    ]);
    expect(all.every((i) => !i.is_custom)).toBe(true);
    expect(all[5]).toMatchObject({
      name: 'Ubuntu 22.04 LTS Desktop',
      platform_type: 'Linux',
      min_system_disk: 80,
    });
    const linux = await getData(
      z.array(desktopImageSchema),
      '/api/desktop_image',
      {},
      { platform_type: 'Linux' },
    );
    expect(linux.map((i) => i.name)).toEqual(['Ubuntu 22.04 LTS 桌面版', 'Debian 12 桌面版（GNOME）']);
  });

  it('keeps images of one region to that region', async () => {
    const tokyo = await regionId('ap-northeast-1');
    const [image] = await ctx.db
      .insert(desktopImages)
      .values({
        imageId: 'img-tokyo-only',
        nameZh: '东京专用',
        nameEn: 'Tokyo only',
        platformType: 'Linux',
        osName: 'Debian 12',
        sizeGib: 20,
        minSystemDiskGib: 80,
        regionId: Number(tokyo),
        sort: 99,
      })
      .returning();
    try {
      const inTokyo = await getData(
        z.array(desktopImageSchema),
        '/api/desktop_image',
        {},
        { region_id: tokyo },
      );
      expect(inTokyo.map((i) => i.image_id)).toContain('img-tokyo-only');
      const elsewhere = await getData(
        z.array(desktopImageSchema),
        '/api/desktop_image',
        {},
        {
          region_id: await regionId('cn-hongkong'),
        },
      );
      expect(elsewhere.map((i) => i.image_id)).not.toContain('img-tokyo-only');
      expect(elsewhere).toHaveLength(7);
    } finally {
      await ctx.db.delete(desktopImages).where(eq(desktopImages.id, image!.id));
    }
  });

  it('GET /api/user/desktop_image pages the caller’s own images only, newest first', async () => {
    const page = await getData(desktopImagePageSchema, '/api/user/desktop_image', owner.headers, {
      limit: '10',
    });
    expect(page.total).toBe(3);
    expect(page.list.map((i) => i.name)).toEqual(['我的镜像 3', '我的镜像 2', '我的镜像 1']);
    expect(page.list.every((i) => i.is_custom)).toBe(true);
    const windows = await getData(
      desktopImagePageSchema,
      '/api/user/desktop_image',
      { ...owner.headers, ...EN },
      {
        platform_type: 'Windows',
        page: '2',
        limit: '10',
      },
    );
    expect(windows).toMatchObject({ total: 2, page: 2, list: [] });
    const strangers = await getData(desktopImagePageSchema, '/api/user/desktop_image', stranger.headers);
    expect(strangers.list.map((i) => i.image_id)).toEqual([`m-own-${stranger.userId}-1`]);
  });

  it('GET /api/user/desktop_image/v2 answers system images, then the caller’s own', async () => {
    const picker = await getData(z.array(desktopImageSchema), '/api/user/desktop_image/v2', owner.headers, {
      platform_type: 'Windows',
    });
    expect(picker.map((i) => i.image_id)).toEqual([
      'img-ws2022-zh',
      'img-ws2022-en',
      'img-ws2019-zh',
      'img-win11-style',
      'img-win10-style',
      `m-own-${owner.userId}-3`,
      `m-own-${owner.userId}-1`,
    ]);
  });

  it('GET /api/user/desktop_image/platform_type answers { value, label }; /user/* needs a session', async () => {
    const options = await getData(
      z.array(z.object({ value: z.string(), label: z.string() })),
      '/api/user/desktop_image/platform_type',
      owner.headers,
    );
    expect(options).toEqual([
      { value: 'Windows', label: 'Windows' },
      { value: 'Linux', label: 'Linux' },
    ]);
    for (const url of [
      '/api/user/desktop_image',
      '/api/user/desktop_image/v2',
      '/api/user/desktop_image/platform_type',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('refuses an unknown platform with a translated 400', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/desktop_image?platform_type=Mac',
      headers: EN,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe('querystring.platform_type');
    expect(res.json().msg).toMatch(/^Invalid request: querystring\.platform_type/);
  });
});

describe('period discounts and the seed', () => {
  it('GET /api/user/u_period_discount answers the discounts as decimals', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const list = await getData(
      z.array(periodDiscountSchema),
      '/api/user/u_period_discount',
      customer.headers,
    );
    expect(list.map(({ period, discount, ph_discount }) => [period, discount, ph_discount])).toEqual([
      [1, 1, 1],
      [2, 0.98, 0.97],
      [3, 0.95, 0.93],
      [6, 0.9, 0.88],
      [12, 0.85, 0.8],
      [24, 0.8, 0.75],
      [36, 0.75, 0.7],
    ]);
    expect(list.every((d) => d.unit === 'month')).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/u_period_discount' })).statusCode).toBe(
      401,
    );
  });

  it('seeding again keeps the operators’ prices, discounts and markup', async () => {
    await ctx.db.update(periodDiscounts).set({ discountBp: 9200 }).where(eq(periodDiscounts.period, 3));
    await ctx.db
      .update(desktopTypes)
      .set({ monthlyCostMicros: 17_000_000n })
      .where(eq(desktopTypes.typeId, 'eds.general.2c4g'));
    await ctx.db.update(sysConfigs).set({ value: '50' }).where(eq(sysConfigs.key, 'PRICE_MARKUP_PERCENT'));
    await seedCatalogReferenceData(ctx.db);
    await seedCatalogReferenceData(ctx.db);
    const [discount] = await ctx.db.select().from(periodDiscounts).where(eq(periodDiscounts.period, 3));
    expect(discount!.discountBp).toBe(9200);
    const [type] = await ctx.db
      .select()
      .from(desktopTypes)
      .where(eq(desktopTypes.typeId, 'eds.general.2c4g'));
    expect(type!.monthlyCostMicros).toBe(17_000_000n);
    expect(await ctx.db.select().from(desktopBundles)).toHaveLength(7);
    // (17 + 3.20) × 1.5 = 30.30 with the operator's cost and markup
    const [bundle] = await getData(z.array(bundleSchema), '/api/describe_bundles');
    expect(bundle!.price).toBe('30.30');
    await ctx.db.update(periodDiscounts).set({ discountBp: 9500 }).where(eq(periodDiscounts.period, 3));
    await ctx.db
      .update(desktopTypes)
      .set({ monthlyCostMicros: 16_000_000n })
      .where(eq(desktopTypes.typeId, 'eds.general.2c4g'));
    await ctx.db.update(sysConfigs).set({ value: '40' }).where(eq(sysConfigs.key, 'PRICE_MARKUP_PERCENT'));
  });
});
