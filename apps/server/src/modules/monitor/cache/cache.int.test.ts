import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { createTestApp } from '../../../../test/context';
import { demoOperatorHeaders, operatorWith } from '../../../../test/operators';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let customerId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
  customerId = (await loggedInUser(ctx.app, ctx.db)).userId;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'DELETE', url: string, headers = admin) =>
  ctx.app.inject({ method, url: `/api/monitor/cache${url}`, headers });
const sql = (text: string, params: unknown[] = []) => ctx.database.pool.query(text, params);

async function seedRecords() {
  await sql(
    `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ('login:198.51.100.7', now(), 3)`,
  );
  await sql(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response_body, created_at, completed_at)
     VALUES ($1, 'live-key', repeat('a', 64), 200, '{"token":"secret"}', now(), now()),
            ($1, 'old-key', repeat('b', 64), 200, '{}', now() - interval '25 hours', now() - interval '25 hours')
     ON CONFLICT DO NOTHING`,
    [customerId],
  );
  await sql(
    `INSERT INTO captchas (id, answer_hash, expires_at) VALUES ($1, repeat('c', 64), now() + interval '2 minutes')`,
    [randomUUID()],
  );
}

describe('cache monitor', () => {
  it('lists the caches with their sizes, the keys of one and the masked value of a key', async () => {
    await seedRecords();
    const overview = await call('GET', '');
    expect(overview.statusCode, overview.body).toBe(200);
    const caches = overview.json().data.caches as { cache_name: string; keys: number; clear_scope: string }[];
    expect(caches.map((c) => c.cache_name)).toEqual(['rate_limit', 'idempotency', 'captcha', 'email_code']);
    expect(caches.find((c) => c.cache_name === 'idempotency')).toMatchObject({
      keys: 2,
      clear_scope: 'expired',
    });
    expect(overview.json().data.database.total_keys).toBeGreaterThanOrEqual(4);
    expect((await call('GET', '/getNames')).json().data).toHaveLength(4);

    const keys = (await call('GET', '/getKeys/idempotency')).json().data;
    expect(keys).toEqual({
      keys: [`idempotency:${customerId}:live-key`, `idempotency:${customerId}:old-key`],
      truncated: false,
    });
    expect((await call('GET', '/getKeys/rate_limit')).json().data.keys).toContain(
      'rate_limit:login:198.51.100.7',
    );
    expect((await call('GET', '/getKeys/nothing')).statusCode).toBe(400);

    const value = await call(
      'GET',
      `/getValue/idempotency/${encodeURIComponent(`idempotency:${customerId}:live-key`)}`,
    );
    expect(value.statusCode, value.body).toBe(200);
    const text = value.json().data.cache_value as string;
    expect(JSON.parse(text)).toMatchObject({ response_body: '******', request_hash: '******' });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('aaaa');
    const missing = await call('GET', `/getValue/captcha/${encodeURIComponent(`captcha:${randomUUID()}`)}`);
    expect(missing.statusCode).toBe(404);
  });

  it('clears one key; an idempotency key still in its 24 h is refused (409)', async () => {
    const live = await call(
      'DELETE',
      `/clearCacheKey/${encodeURIComponent(`idempotency:${customerId}:live-key`)}`,
    );
    expect(live.statusCode).toBe(409);
    const old = await call(
      'DELETE',
      `/clearCacheKey/${encodeURIComponent(`idempotency:${customerId}:old-key`)}`,
    );
    expect(old.json().data).toEqual({ deleted: 1 });
    const rate = await call(
      'DELETE',
      `/clearCacheKey/${encodeURIComponent('rate_limit:login:198.51.100.7')}`,
    );
    expect(rate.json().data).toEqual({ deleted: 1 });
    expect(
      (await call('DELETE', `/clearCacheKey/${encodeURIComponent('rate_limit:login:198.51.100.7')}`))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/clearCacheKey/nonsense')).statusCode).toBe(404);
  });

  it('clears a cache and all caches, keeping the idempotency keys that still protect a request', async () => {
    await seedRecords();
    const idempotency = await call('DELETE', '/clearCacheName/idempotency');
    expect(idempotency.json().data).toEqual({ deleted: 1 });
    const captchas = await call('DELETE', '/clearCacheName/captcha');
    expect(captchas.json().data.deleted).toBeGreaterThanOrEqual(1);
    const all = await call('DELETE', '/clearCacheAll');
    expect(all.statusCode).toBe(200);
    const { rows } = await sql('SELECT key FROM idempotency_keys WHERE user_id = $1', [customerId]);
    expect(rows.map((r) => r.key)).toEqual(['live-key']);
    expect((await sql('SELECT 1 FROM rate_limit_buckets')).rowCount).toBe(0);
  });

  it('refuses customers; listing and clearing are separate permissions', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const viewer = await operatorWith(ctx.app, ctx.db, { perms: ['monitor:cache:list'] });
    expect((await call('GET', '', customer.headers)).statusCode).toBe(403);
    expect((await call('GET', '', viewer.headers)).statusCode).toBe(200);
    expect((await call('DELETE', '/clearCacheAll', viewer.headers)).statusCode).toBe(403);
    expect((await call('DELETE', '/clearCacheName/captcha', viewer.headers)).statusCode).toBe(403);
  });
});
