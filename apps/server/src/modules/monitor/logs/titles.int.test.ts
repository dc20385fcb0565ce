/**
 * Every route's operation-log title (RuoYi's @Log): a known module and a business type for every
 * /api route of the app's own route table (so a route added later is covered without an edit),
 * and the entries the recorder writes carry them.
 */
import { OPER_BUSINESS_TYPES, OPER_MODULES } from '@cloudbay/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, PASSWORD } from '../../../../test/accounts';
import { withIdempotencyKey } from '../../../../test/idempotency';
import { operatorApp } from '../../../../test/operators';
import { build, routeTable } from '../../../app';
import { operLogs } from '../../../db/schema';

const env = operatorApp();
const apiRoutes = () =>
  routeTable(env.ctx.app).filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'),
  );
const titleOf = (method: string, url: string) => {
  const route = apiRoutes().find((r) => r.method === method && r.url === url);
  if (!route) throw new Error(`no route ${method} ${url}`);
  return route.config.log;
};

describe('operation-log titles', () => {
  it('every route has a known module and business type', () => {
    const modules = new Set<string>(OPER_MODULES);
    const types = new Set<string>(OPER_BUSINESS_TYPES);
    const untitled = apiRoutes()
      .filter((r) => !modules.has(r.config.log?.title ?? '') || !types.has(r.config.log?.businessType ?? ''))
      .map(
        (r) =>
          `${r.method} ${r.url} (${r.config.log?.title}/${r.config.log?.businessType}): add its family ` +
          'to FAMILIES in monitor/logs/titles.ts (or config.log on the route)',
      );
    expect(untitled).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(200);
  });

  it('a route no family claims gets no title, which the check above refuses', async () => {
    const fresh = await build({ ...env.ctx.deps, logger: false });
    try {
      fresh.get('/api/unclaimed/thing', { config: { public: true } }, async () => 'x');
      fresh.post('/api/user/profile/avatar', { config: { owner: true } }, async () => 'x');
      await fresh.ready();
      const of = (url: string) => routeTable(fresh).find((r) => r.url === url)!.config.log;
      expect(of('/api/unclaimed/thing')?.title).toBeUndefined();
      // A new route under a claimed family takes the family's module at once.
      expect(of('/api/user/profile/avatar')).toEqual({ title: 'account', businessType: 'insert' });
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ['POST', '/api/system/user', 'system.user', 'insert'],
    ['PUT', '/api/system/user/authRole', 'system.user', 'grant'],
    ['POST', '/api/system/user/export', 'system.user', 'export'],
    ['POST', '/api/system/user/importData', 'system.user', 'import'],
    ['GET', '/api/system/user/deptTree', 'system.dept', 'other'],
    ['PUT', '/api/system/role/authUser/selectAll', 'system.role', 'grant'],
    ['PUT', '/api/system/role/dataScope', 'system.role', 'grant'],
    ['POST', '/api/system/user_notice', 'system.notice', 'insert'],
    ['DELETE', '/api/monitor/online/:sessionId', 'monitor.online', 'force'],
    ['DELETE', '/api/monitor/operlog/clean', 'monitor.operlog', 'clean'],
    ['DELETE', '/api/monitor/jobLog/clean', 'monitor.jobLog', 'clean'],
    ['POST', '/api/user/login', 'auth', 'other'],
    ['PUT', '/api/user/password', 'account', 'update'],
    ['POST', '/api/orders', 'wallet', 'insert'],
    ['PUT', '/api/user/desktop/:desktop_id', 'desktop', 'update'],
    ['GET', '/api/user/desktop_image', 'catalog', 'other'],
    ['DELETE', '/api/user/ph/adb/key_pair/:id', 'phone', 'delete'],
    ['PUT', '/api/user/user_notice/:notice_id', 'notice', 'update'],
  ])('%s %s is %s / %s', (method, url, title, businessType) => {
    expect(titleOf(method, url)).toEqual({ title, businessType });
  });

  it('the recorded entries carry the route’s module and type', async () => {
    const created = await env.ctx.app.inject({
      method: 'POST',
      url: '/api/system/user',
      headers: withIdempotencyKey('POST', env.admin),
      payload: { email: uniqueEmail('titled'), nickname: 'Titled', password: PASSWORD, deptId: null },
    });
    expect(created.statusCode, created.body).toBe(200);
    const userId = created.json().data.userId as number;
    const granted = await env.call('PUT', '/api/system/user/authRole', env.admin, { userId, roleIds: [] });
    expect(granted.statusCode, granted.body).toBe(200);
    // Written after the answer: wait for both.
    const entry = async (method: string, route: string) => {
      for (let i = 0; i < 50; i += 1) {
        const [row] = await env.ctx.db
          .select()
          .from(operLogs)
          .where(and(eq(operLogs.method, method), eq(operLogs.route, route)))
          .orderBy(desc(operLogs.id))
          .limit(1);
        if (row) return row;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no entry for ${method} ${route}`);
    };
    expect(await entry('POST', '/api/system/user')).toMatchObject({
      module: 'system.user',
      businessType: 'insert',
    });
    expect(await entry('PUT', '/api/system/user/authRole')).toMatchObject({
      module: 'system.user',
      businessType: 'grant',
    });
  });
});
