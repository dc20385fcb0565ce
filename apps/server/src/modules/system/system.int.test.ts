import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/context';
import { sysConfigs } from '../../db/schema';
import { prepareDatabase } from '../../db/migrate';
import { testConfig } from '../../../test/context';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/config/{key}', () => {
  it('answers a public setting from the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config/SITE_NAME' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ key: 'SITE_NAME', value: 'Cloudbay' });
  });

  it('answers 404 for private and unknown settings alike', async () => {
    await ctx.db.insert(sysConfigs).values({ key: 'SECRET_KEY', name: 'secret', value: 's3cret' });
    for (const key of ['SECRET_KEY', 'NOPE']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/config/${key}`,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(`No such setting: ${key}`);
      expect(res.body).not.toContain('s3cret');
    }
  });

  it('refuses malformed keys with a 400 naming the field', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/config/${encodeURIComponent('a b;')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe('params.key');
  });
});

describe('migrations and reference data', () => {
  it('preparing runs again (and concurrently) without harm', async () => {
    await Promise.all([
      prepareDatabase(ctx.database, testConfig()),
      prepareDatabase(ctx.database, testConfig()),
    ]);
    const rows = await ctx.db.select().from(sysConfigs);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('seed is idempotent and keeps what an operator changed', async () => {
    await ctx.db
      .update(sysConfigs)
      .set({ value: 'https://downloads.example/x.exe' })
      .where(eq(sysConfigs.key, 'EXE_URL'));
    await prepareDatabase(ctx.database, testConfig());
    await prepareDatabase(ctx.database, testConfig());
    const rows = await ctx.db.select().from(sysConfigs).where(eq(sysConfigs.key, 'EXE_URL'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toBe('https://downloads.example/x.exe');
  });
});
