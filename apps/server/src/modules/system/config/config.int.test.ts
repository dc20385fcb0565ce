import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, loggedInUser } from '../../../../test/accounts';
import { createTestApp } from '../../../../test/context';
import { withIdempotencyKey } from '../../../../test/idempotency';
import { operatorWith } from '../../../../test/operators';
import { DEMO_ADMIN } from '../../identity/reference-data';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await logIn(ctx.app, ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  admin = { authorization: `Bearer ${res.json().data.access_token}` };
  customer = (await loggedInUser(ctx.app, ctx.db)).headers;
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers: withIdempotencyKey(method, headers), payload });

const newConfig = (overrides: Record<string, unknown> = {}) => ({
  configName: '客服电话',
  configKey: 'support.phone',
  configValue: '400-000-0000',
  isPublic: true,
  remark: 'shown on the help page',
  ...overrides,
});

async function configByKey(key: string) {
  const res = await call('GET', `/api/system/config/list?configKey=${key}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list.find((row: { configKey: string }) => row.configKey === key);
}

describe('operators maintain settings (RuoYi /system/config)', () => {
  it('lists the settings with their built-in flag, filtered and paged in SQL', async () => {
    const builtin = await call('GET', '/api/system/config/list?configType=Y&limit=50', admin);
    const rows = builtin.json().data.list as Array<{ configKey: string; configType: string }>;
    expect(rows.map((row) => row.configKey)).toContain('SITE_NAME');
    expect(rows.every((row) => row.configType === 'Y')).toBe(true);
    const page = (await call('GET', '/api/system/config/list?limit=10&page=1', admin)).json().data;
    expect(page).toMatchObject({ page: 1, limit: 10 });
    expect(page.total).toBeGreaterThanOrEqual(rows.length);
    expect(await configByKey('SITE_NAME')).toMatchObject({ configValue: 'Cloudbay', isPublic: true });
    const old = await call('GET', '/api/system/config/list?end_time=2020-01-01', admin);
    expect(old.json().data.total).toBe(0);
  });

  it('creates a setting that GET /config/{key} serves at once, edits it, deletes it', async () => {
    const created = await call('POST', '/api/system/config', admin, newConfig());
    expect(created.statusCode, created.body).toBe(200);
    const { configId } = created.json().data as { configId: number };
    expect(created.json().data).toMatchObject({ configType: 'N', configKey: 'support.phone' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config/support.phone' })).json().data).toEqual({
      key: 'support.phone',
      value: '400-000-0000',
    });

    const edited = await call('PUT', '/api/system/config', admin, {
      ...newConfig({ configValue: '400-111-1111', isPublic: false }),
      configId,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const byKey = await call('GET', '/api/system/config/configKey/support.phone', admin);
    expect(byKey.json().data).toEqual({ key: 'support.phone', value: '400-111-1111' });
    // No longer public: the anonymous read answers 404 from the next request on (nothing cached).
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config/support.phone' })).statusCode).toBe(404);

    const removed = await call('DELETE', `/api/system/config/${configId}`, admin);
    expect(removed.json().data).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/system/config/${configId}`, admin)).statusCode).toBe(404);
  });

  it('keeps keys unique (409, translated)', async () => {
    const taken = await call(
      'POST',
      '/api/system/config',
      { ...admin, 'accept-language': 'en' },
      newConfig({ configKey: 'SITE_NAME' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('The setting key SITE_NAME already exists');
    const mine = (await call('POST', '/api/system/config', admin, newConfig({ configKey: 'my.key' }))).json()
      .data;
    const clash = await call('PUT', '/api/system/config', admin, {
      ...newConfig({ configKey: 'SITE_NAME' }),
      configId: mine.configId,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toBe('参数键名 SITE_NAME 已存在');
  });

  it('lets a built-in setting be edited but neither deleted nor re-keyed (409)', async () => {
    const site = await configByKey('SITE_NAME');
    const mine = (
      await call('POST', '/api/system/config', admin, newConfig({ configKey: 'other.key' }))
    ).json().data;
    const removed = await call('DELETE', `/api/system/config/${mine.configId},${site.configId}`, admin);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().msg).toBe('内置参数 SITE_NAME 不能删除或修改键名');
    // Refused whole: the other setting is still there.
    expect((await call('GET', `/api/system/config/${mine.configId}`, admin)).statusCode).toBe(200);

    const body = { configId: site.configId, configName: site.configName, isPublic: true, remark: '' };
    const rekeyed = await call('PUT', '/api/system/config', admin, {
      ...body,
      configKey: 'SITE_TITLE',
      configValue: 'x',
    });
    expect(rekeyed.statusCode).toBe(409);
    const edited = await call('PUT', '/api/system/config', admin, {
      ...body,
      configKey: 'SITE_NAME',
      configValue: 'Cloudbay Pro',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config/SITE_NAME' })).json().data.value).toBe(
      'Cloudbay Pro',
    );
  });

  it('answers 404 for unknown ids and keys, 400 for a malformed key', async () => {
    expect((await call('GET', '/api/system/config/999999', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/system/config/configKey/NOPE', admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/system/config/999999', admin)).statusCode).toBe(404);
    const bad = await call('POST', '/api/system/config', admin, newConfig({ configKey: 'a b' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('body.configKey');
  });

  it('answers 403 without the permission, to customers and to an operator whose role lacks it', async () => {
    const viewer = (await operatorWith(ctx.app, ctx.db, { perms: ['system:config:list'] })).headers;
    expect((await call('GET', '/api/system/config/list', viewer)).statusCode).toBe(200);
    const attempts = [
      call('GET', '/api/system/config/1', viewer),
      call('GET', '/api/system/config/configKey/SITE_NAME', viewer),
      call('POST', '/api/system/config', viewer, newConfig({ configKey: 'x403' })),
      call('PUT', '/api/system/config', viewer, { ...newConfig(), configId: 1 }),
      call('DELETE', '/api/system/config/1', viewer),
      call('GET', '/api/system/config/list', customer),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(403);
  });
});
