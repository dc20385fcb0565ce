/**
 * `config: { idempotent: true }` is the single source of which routes need `Idempotency-Key`: this
 * walks the app's route table and calls every flagged route without the header, so a route added
 * later is covered without being named here.
 */
import { ErrorCode } from '@cloudbay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, loggedInUser } from '../../test/accounts';
import { createTestApp } from '../../test/context';
import { routeTable } from '../app';
import { DEMO_ADMIN } from '../modules/identity/reference-data';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let user: Awaited<ReturnType<typeof loggedInUser>>;
/** The operator: every permission, so every flagged route (customers' and operators') is reached. */
let operator: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  user = await loggedInUser(ctx.app, ctx.db);
  const res = await logIn(ctx.app, ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  operator = { authorization: `Bearer ${res.json().data.access_token}` };
});
afterAll(() => ctx.close());

const flagged = () => routeTable(ctx.app).filter((route) => route.config.idempotent);
/** A concrete URL for a route pattern: the key is checked before the parameters are. */
const concrete = (url: string) => url.replace(/:[a-z_]+/gi, '1');

/** Rows that a flagged route would have written had it run. */
async function writes() {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM topup_orders)
       + (SELECT count(*) FROM ledger_transactions) + (SELECT count(*) FROM resources)
       + (SELECT count(*) FROM idempotency_keys) + (SELECT count(*) FROM desktop_policies)
       + (SELECT count(*) FROM sys_notices) + (SELECT count(*) FROM user_notices)
       + (SELECT count(*) FROM sys_dict_data) AS n`,
  );
  return Number(rows[0]!.n);
}

describe('routes that move money or create resources', () => {
  it('are the flagged ones, and they include every known purchase, renewal, upgrade and creation', () => {
    const names = flagged().map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/user/desktop',
        'PUT /api/user/desktop/:desktop_id/renew',
        'POST /api/user/desktop/:desktop_id/spec',
        'POST /api/user/office_site',
        'PUT /api/user/office_site/:id/upgrade',
        'POST /api/user/policy',
        'POST /api/user/ph/phone',
        'POST /api/user/ph/phone/:id/renew',
        'POST /api/user/ph/phone/:id/upgrade',
        'POST /api/user/ph/phone_data/group',
        'POST /api/user/ph/adb/key_pair',
        'POST /api/orders',
        // Operators' creations: announcements, notifications to customers, dictionary entries.
        'POST /api/system/notice',
        'POST /api/system/user_notice',
        'POST /api/system/dict/data',
      ]),
    );
    // No public route is flagged: keys are kept per user.
    expect(flagged().filter((route) => route.config.public)).toEqual([]);
  });

  it('each answers 400 IDEMPOTENCY_KEY_REQUIRED without the header, translated, and does nothing', async () => {
    const before = await writes();
    for (const route of flagged()) {
      const call = (language: string) =>
        ctx.app.inject({
          method: route.method as 'POST' | 'PUT',
          url: concrete(route.url),
          headers: { ...operator, 'accept-language': language },
          payload: {},
        });
      const en = await call('en-US');
      const where = `${route.method} ${route.url}: ${en.body}`;
      expect(en.statusCode, where).toBe(400);
      expect(en.json(), where).toMatchObject({
        code: 400,
        success: false,
        msg: 'This request needs an Idempotency-Key header (a new random value for each new operation)',
        data: { error_code: ErrorCode.IDEMPOTENCY_KEY_REQUIRED },
      });
      const zh = await call('zh-CN');
      expect(zh.statusCode, where).toBe(400);
      expect(zh.json().msg, where).toBe('此请求须带 Idempotency-Key 请求头（每次新操作使用一个新的随机值）');
    }
    expect(await writes()).toBe(before);
  });

  it('a valid top-up order without the header is refused, not run', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: user.headers,
        payload: { money: 10, pay_type: 2 },
      });
    expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(400);
    const { rows } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM topup_orders');
    expect(rows[0].n).toBe(0);
  });

  it('are documented as requiring the header, from the flag', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const route of flagged()) {
      const path = route.url.replace(/:([a-z_]+)/gi, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect(operation?.description, `${route.method} ${route.url}`).toContain('IDEMPOTENCY_KEY_REQUIRED');
    }
  });

  it('still asks for the session first', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/desktop', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('an empty key is refused like a malformed one', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/policy',
      headers: { ...user.headers, 'idempotency-key': '' },
      payload: { name: 'Empty key' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.error_code).toBe(ErrorCode.IDEMPOTENCY_KEY_INVALID);
    const { rows } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM desktop_policies');
    expect(rows[0].n).toBe(0);
  });
});
