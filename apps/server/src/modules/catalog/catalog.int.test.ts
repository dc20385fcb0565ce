import { regionSchema } from '@cloudbay/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../../test/context';
import { regions } from '../../db/schema';
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
  });
});
