import type { RouterNode } from '@cloudbay/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { menuIdsWithPerms, operatorApp, operatorViaRolesApi } from '../../../../test/operators';
import { menus } from '../../../db/schema';
import { seedIdentityReferenceData } from '../../identity/reference-data';

const env = operatorApp();
const { call } = env;

const menuIdOf = async (key: string) =>
  (await env.ctx.db.select({ id: menus.id }).from(menus).where(eq(menus.key, key)))[0]!.id;

async function createMenu(body: Record<string, unknown>) {
  const res = await call('POST', '/api/system/menu', env.admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { menuId: number; builtIn: boolean };
}

const flatten = (nodes: RouterNode[]): RouterNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('menus', () => {
  it('lists the seeded tree with RuoYi flags, filtered by status', async () => {
    const list = (await call('GET', '/api/system/menu/list')).json().data;
    const role = list.find((m: { perms: string }) => m.perms === 'system:role:list');
    expect(role).toMatchObject({
      menuType: 'C',
      component: 'system/role',
      titleKey: 'route.systemRole',
      menuName: '',
      visible: '0',
      status: '0',
      builtIn: true,
    });
    const system = list.find((m: { menuId: number }) => m.menuId === role.parentId);
    expect(system).toMatchObject({ menuType: 'M', path: '/system', parentId: 0 });
    expect((await call('GET', '/api/system/menu/list?status=1')).json().data).toEqual([]);
  });

  it('a new page under a directory, given to a role, shows in getRouters and getInfo at once', async () => {
    const tool = await menuIdOf('tool');
    const partners = {
      parentId: tool,
      menuName: '合作伙伴',
      menuType: 'C',
      path: 'partners',
      component: 'system/notice',
      perms: 'tool:partner:list',
      icon: 'peoples',
      orderNum: 5,
    };
    const page = await createMenu(partners);
    const button = await createMenu({
      parentId: page.menuId,
      menuName: 'Partner export',
      menuType: 'F',
      perms: 'tool:partner:export',
    });
    expect(page.builtIn).toBe(false);

    // The demo operator (admin) sees every menu without a restart.
    const adminNodes = flatten((await call('GET', '/api/getRouters')).json().data);
    expect(adminNodes.find((n) => n.path === 'partners')).toMatchObject({
      component: 'system/notice',
      meta: { label: '合作伙伴', icon: 'peoples', permissions: ['tool:partner:list'] },
    });

    const operator = await operatorViaRolesApi(env.ctx.app, env.ctx.db, env.admin, ['system:user:list']);
    const detail = (await call('GET', `/api/system/role/${operator.roleId}`)).json().data;
    const res = await call('PUT', '/api/system/role', env.admin, {
      roleId: operator.roleId,
      roleName: detail.roleName,
      roleKey: detail.roleKey,
      menuIds: [...detail.menuIds, tool, page.menuId, button.menuId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const nodes = flatten((await call('GET', '/api/getRouters', operator.headers)).json().data);
    expect(nodes.map((n) => n.path)).toContain('partners');
    const info = (await call('GET', '/api/getInfo', operator.headers)).json().data;
    expect(info.permissions).toEqual(
      expect.arrayContaining(['system:user:list', 'tool:partner:list', 'tool:partner:export']),
    );

    // Hidden, then disabled: the next requests follow.
    const edit = (changes: Record<string, unknown>) =>
      call('PUT', '/api/system/menu', env.admin, { ...partners, menuId: page.menuId, ...changes });
    expect((await edit({ visible: '1' })).statusCode).toBe(200);
    const hidden = flatten((await call('GET', '/api/getRouters', operator.headers)).json().data);
    expect(hidden.find((n) => n.path === 'partners')?.hidden).toBe(true);
    expect((await edit({ status: '1' })).statusCode).toBe(200);
    const gone = flatten((await call('GET', '/api/getRouters', operator.headers)).json().data);
    expect(gone.map((n) => n.path)).not.toContain('partners');
    const after = (await call('GET', '/api/getInfo', operator.headers)).json().data;
    expect(after.permissions).not.toContain('tool:partner:list');

    // The role's menu tree shows what it holds.
    const tree = (await call('GET', `/api/system/menu/roleMenuTreeselect/${operator.roleId}`)).json().data;
    expect(tree.checkedKeys).toEqual(expect.arrayContaining([page.menuId, button.menuId]));
  });

  it('refuses to delete a menu with sub-menus (409), then deletes it and its grants', async () => {
    const dir = await createMenu({ menuName: 'Temp', menuType: 'M', path: '/temp' });
    const child = await createMenu({
      parentId: dir.menuId,
      menuName: 'Child',
      menuType: 'C',
      path: 'child',
      component: 'system/role',
    });
    const refused = await call('DELETE', `/api/system/menu/${dir.menuId}`, {
      ...env.admin,
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('The menu has sub-menus and cannot be deleted');
    expect((await call('DELETE', `/api/system/menu/${child.menuId}`)).json().data).toEqual({ deleted: 1 });
    expect((await call('DELETE', `/api/system/menu/${dir.menuId}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/system/menu/${dir.menuId}`)).statusCode).toBe(404);
  });

  it('keeps seeded menus: not deletable (409), and a restart re-seeds nothing an operator changed', async () => {
    const button = await menuIdOf('system-menu-remove');
    const refused = await call('DELETE', `/api/system/menu/${button}`);
    expect(refused.statusCode).toBe(409);
    // An operator renames and hides a seeded page; the seed at the next start keeps that.
    const notice = (await call('GET', `/api/system/menu/${await menuIdOf('system-notice')}`)).json().data;
    const renamed = await call('PUT', '/api/system/menu', env.admin, {
      ...notice,
      menuName: 'Bulletins',
      visible: '1',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await seedIdentityReferenceData(env.ctx.db, { NODE_ENV: 'test' });
    const [row] = await env.ctx.db.select().from(menus).where(eq(menus.key, 'system-notice'));
    expect(row).toMatchObject({ name: 'Bulletins', hidden: true, titleKey: 'route.systemNotice' });
    expect(await env.ctx.db.select().from(menus).where(eq(menus.key, 'system-menu-remove'))).toHaveLength(1);
  });

  it('validates names and parents', async () => {
    const button = await menuIdOf('system-menu-add');
    const page = await menuIdOf('system-menu');
    const noName = await call('POST', '/api/system/menu', env.admin, { menuType: 'M', path: '/x' });
    expect(noName.statusCode).toBe(400);
    const noPath = await call(
      'POST',
      '/api/system/menu',
      { ...env.admin, 'accept-language': 'en' },
      {
        menuName: 'x',
        menuType: 'C',
      },
    );
    expect(noPath.json().msg).toBe('Directories and pages need a route path');
    const underButton = await call('POST', '/api/system/menu', env.admin, {
      parentId: button,
      menuName: 'x',
      menuType: 'F',
    });
    expect(underButton.statusCode).toBe(400);
    const system = await menuIdOf('system');
    const cycle = await call('PUT', '/api/system/menu', env.admin, {
      menuId: system,
      parentId: page,
      menuName: '',
      menuType: 'M',
      path: '/system',
    });
    expect(cycle.statusCode).toBe(400);
  });

  it("carries a page's route parameters (RuoYi query) into getRouters, and refuses bad JSON", async () => {
    const page = {
      parentId: await menuIdOf('tool'),
      menuName: 'Open invoices',
      menuType: 'C',
      path: 'open-invoices',
      component: 'system/notice',
      query: '{"status": "open", "page": 2}',
    };
    const created = await createMenu(page);
    expect((await call('GET', `/api/system/menu/${created.menuId}`)).json().data.query).toBe(page.query);
    const node = flatten((await call('GET', '/api/getRouters')).json().data).find(
      (n) => n.path === 'open-invoices',
    );
    expect(node?.query).toEqual({ status: 'open', page: 2 });

    const en = { ...env.admin, 'accept-language': 'en' };
    for (const query of ['{"status": ', '[1, 2]', '"open"', '{"nested": {"a": 1}}', '{"flag": true}']) {
      const refused = await call('PUT', '/api/system/menu', en, { ...page, menuId: created.menuId, query });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().msg, query).toContain(
        'Route parameters must be a JSON object of strings or numbers',
      );
    }
    // Cleared: the route carries none; a directory keeps none even when one is sent.
    const cleared = await call('PUT', '/api/system/menu', env.admin, {
      ...page,
      menuId: created.menuId,
      query: '',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = flatten((await call('GET', '/api/getRouters')).json().data);
    expect(after.find((n) => n.path === 'open-invoices')).not.toHaveProperty('query');
    const dir = await createMenu({ menuName: 'Dir', menuType: 'M', path: '/dir-q', query: '{"a": 1}' });
    expect((await call('GET', `/api/system/menu/${dir.menuId}`)).json().data.query).toBe('');
  });

  it('answers 403 without the permission', async () => {
    const viewer = await operatorViaRolesApi(env.ctx.app, env.ctx.db, env.admin, ['system:menu:list']);
    const customer = await loggedInUser(env.ctx.app, env.ctx.db);
    expect((await call('GET', '/api/system/menu/list', viewer.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/system/menu/list', customer.headers)).statusCode).toBe(403);
    const id = await menuIdOf('system-menu');
    for (const headers of [viewer.headers, customer.headers]) {
      expect((await call('GET', `/api/system/menu/${id}`, headers)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/system/menu', headers, { menuName: 'x', menuType: 'M' })).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/api/system/menu/${id}`, headers)).statusCode).toBe(403);
    }
    expect(await menuIdsWithPerms(env.ctx.db, ['system:menu:list'])).toHaveLength(1);
  });
});
