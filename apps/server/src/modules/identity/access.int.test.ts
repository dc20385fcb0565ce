import { ALL_PERMISSIONS } from '@cloudbay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { ok } from '../../lib/reply';
import { registerAuth } from './auth-hook';
import { DEMO_ADMIN } from './reference-data';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  // Routes that declare what they need, as admin pages will, behind the same hook as every /api route.
  await ctx.app.register(
    async (api) => {
      registerAuth(api, ctx);
      api.get('/guarded/permission', { config: { permission: 'system:user:edit' } }, async () =>
        ok('permitted'),
      );
      api.get('/guarded/role', { config: { role: 'ROLE_DEFAULT' } }, async () => ok('role'));
    },
    { prefix: '/api' },
  );
  // The template database holds the demo operator (tests run outside production).
  const res = await logIn(ctx.app, ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  adminHeaders = { authorization: `Bearer ${res.json().data.access_token}` };
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

describe('GET /api/getInfo', () => {
  it('a customer has ROLE_DEFAULT', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const res = await get('/api/getInfo', user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user: { email: user.email },
      roles: ['ROLE_DEFAULT'],
      permissions: [],
    });
  });

  it('a user with no role still gets ROLE_DEFAULT', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    await ctx.database.pool.query('DELETE FROM user_roles WHERE user_id = $1', [user.userId]);
    expect((await get('/api/getInfo', user.headers)).json().data.roles).toEqual(['ROLE_DEFAULT']);
  });

  it('the seeded operator has admin and every permission', async () => {
    const res = await get('/api/getInfo', adminHeaders);
    expect(res.json().data).toMatchObject({ roles: ['admin'], permissions: [ALL_PERMISSIONS] });
  });
});

describe('GET /api/getRouters', () => {
  it('gives a customer the customer console only', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const tree = (await get('/api/getRouters', user.headers)).json().data as Array<{
      path: string;
      component: string;
      redirect?: string;
      children?: Array<{ path: string; component: string }>;
    }>;
    expect(tree.map((n) => n.path)).toEqual(['/cloud', '/phone', '/zqgl', '/mesceter', '/user']);
    const cloud = tree[0]!;
    expect(cloud.component).toBe('Layout');
    expect(cloud.redirect).toBe('/cloud/buy');
    expect(cloud.children!.map((c) => c.path)).toEqual([
      'buy',
      'cloudLis',
      'log',
      'strategy',
      'notice',
      'sonacc',
    ]);
    expect(cloud.children![0]).toMatchObject({
      component: 'cloud/buy',
      meta: { title: 'route.cloudBuy', noCache: true },
    });
    const profile = tree[4]!.children!.find((c) => c.path === 'profile');
    expect(profile).toMatchObject({ component: 'user/profile', hidden: true });
  });

  it('gives the operator the admin menus too, without buttons', async () => {
    const tree = (await get('/api/getRouters', adminHeaders)).json().data as Array<{
      path: string;
      children?: Array<{ path: string; children?: unknown[] }>;
    }>;
    expect(tree.map((n) => n.path)).toEqual(expect.arrayContaining(['/cloud', '/system', '/monitor']));
    const users = tree.find((n) => n.path === '/system')!.children!.find((c) => c.path === 'user')!;
    expect(users.children ?? []).toEqual([]);
  });

  it('gives the operator the API documentation as an inner link under the system tools', async () => {
    const tree = (await get('/api/getRouters', adminHeaders)).json().data as Array<{
      path: string;
      meta: { icon: string | null };
      children?: Array<{ path: string; component: string; meta: { title: string; link: string | null } }>;
    }>;
    const tool = tree.find((n) => n.path === '/tool')!;
    expect(tool.meta.icon).toBe('tool');
    expect(tool.children).toEqual([
      expect.objectContaining({
        path: 'swagger',
        component: 'InnerLink',
        meta: expect.objectContaining({ title: 'route.toolSwagger', link: '/api/docs' }),
      }),
    ]);
  });
});

describe('route permissions', () => {
  it('a route needing a permission answers 403 to a customer and 200 to the operator', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const denied = await get('/api/guarded/permission', { ...user.headers, 'accept-language': 'en-US' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('No permission for this operation');
    expect((await get('/api/guarded/permission', adminHeaders)).statusCode).toBe(200);
  });

  it('a route needing a role passes the role and admin', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    expect((await get('/api/guarded/role', user.headers)).statusCode).toBe(200);
    expect((await get('/api/guarded/role', adminHeaders)).statusCode).toBe(200);
  });

  it('private by default: no token, 401', async () => {
    expect((await get('/api/guarded/role', {})).statusCode).toBe(401);
  });
});
