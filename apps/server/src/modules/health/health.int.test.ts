import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../test/context';
import { build } from '../../app';
import { createCoreDeps } from '../../app-deps';
import { createDatabase } from '../../db/client';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('health', () => {
  it('/api/healthz answers while the process is up', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, success: true, data: { status: 'up' } });
  });

  it('/api/readyz answers 200 when the database does', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ready');
    expect(res.json().data.database_ms).toBeGreaterThanOrEqual(0);
  });

  it('/api/readyz answers 503 when the database does not', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const unreachable = createDatabase('postgres://nobody:x@127.0.0.1:1/none', { max: 1 });
    const app = await build({
      ...createCoreDeps(testConfig(), unreachable),
      jobs: ctx.jobs,
      logger: false,
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/readyz',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 503,
      success: false,
      msg: 'The database is unavailable, please try again later',
    });
    await app.close();
    await unreachable.close();
  });
});
