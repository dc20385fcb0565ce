import { ROLE_ADMIN, ROLE_DEFAULT } from '@cloudbay/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggedInUser, uniqueEmail } from '../../../../test/accounts';
import { menuIdsWithPerms, operatorApp, operatorViaRolesApi } from '../../../../test/operators';
import { depts, roleDepts, roles, users } from '../../../db/schema';

const env = operatorApp();
const { call } = env;

const roleIdOf = async (key: string) =>
  (await env.ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.key, key)))[0]!.id;

const newKey = () => uniqueEmail('r').replace(/[^A-Za-z0-9]/g, '_');

async function createRole(overrides: Record<string, unknown> = {}) {
  const key = newKey();
  const res = await call('POST', '/api/system/role', env.admin, {
    roleName: key,
    roleKey: key,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { roleId: number; roleKey: string; roleName: string; menuIds: number[] };
}

describe('role CRUD', () => {
  it('creates a role with its menus, lists it with filters and reads it back', async () => {
    const menuIds = await menuIdsWithPerms(env.ctx.db, ['system:user:list']);
    const role = await createRole({ roleSort: 7, remark: 'viewers', menuIds });
    expect(role).toMatchObject({ roleSort: 7, status: '0', dataScope: '1', builtIn: false, menuIds });

    const list = await call('GET', `/api/system/role/list?roleKey=${role.roleKey}&status=0&limit=10`);
    expect(list.json().data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(list.json().data.list[0]).toMatchObject({ roleId: role.roleId, userCount: 0 });
    const none = await call('GET', `/api/system/role/list?roleKey=${role.roleKey}&status=1`);
    expect(none.json().data.total).toBe(0);
    const later = await call('GET', `/api/system/role/list?roleKey=${role.roleKey}&begin_time=2999-01-01`);
    expect(later.json().data.total).toBe(0);

    const read = await call('GET', `/api/system/role/${role.roleId}`);
    expect(read.json().data).toMatchObject({ roleId: role.roleId, remark: 'viewers', menuIds });
  });

  it('refuses a key or a name another role has (409), case-insensitively', async () => {
    const role = await createRole();
    const sameKey = await call('POST', '/api/system/role', env.admin, {
      roleName: 'another',
      roleKey: role.roleKey.toUpperCase(),
    });
    expect(sameKey.statusCode).toBe(409);
    expect(sameKey.json().msg).toContain(role.roleKey.toUpperCase());
    const sameName = await call(
      'POST',
      '/api/system/role',
      { ...env.admin, 'accept-language': 'en' },
      {
        roleName: role.roleName,
        roleKey: newKey(),
      },
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().msg).toMatch(/already exists/);
    const other = await createRole();
    const edit = await call('PUT', '/api/system/role', env.admin, {
      roleId: other.roleId,
      roleName: other.roleName,
      roleKey: role.roleKey,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('edits a role and replaces its menus', async () => {
    const role = await createRole({ menuIds: await menuIdsWithPerms(env.ctx.db, ['system:user:list']) });
    const menuIds = await menuIdsWithPerms(env.ctx.db, ['system:role:list']);
    const res = await call('PUT', '/api/system/role', env.admin, {
      roleId: role.roleId,
      roleName: `${role.roleName}-2`,
      roleKey: role.roleKey,
      menuIds,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ roleName: `${role.roleName}-2`, menuIds });
  });

  it('protects the admin role: no edit, no disabling, no data scope, no deletion (409 translated)', async () => {
    const adminId = await roleIdOf(ROLE_ADMIN);
    const en = { ...env.admin, 'accept-language': 'en' };
    const attempts = [
      call('PUT', '/api/system/role', en, { roleId: adminId, roleName: 'Boss', roleKey: ROLE_ADMIN }),
      call('PUT', '/api/system/role/changeStatus', en, { roleId: adminId, status: '1' }),
      call('PUT', '/api/system/role/dataScope', en, { roleId: adminId, dataScope: '5' }),
      call('DELETE', `/api/system/role/${adminId}`, en),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('The administrator role cannot be edited, disabled or deleted');
    }
    const [row] = await env.ctx.db.select().from(roles).where(eq(roles.id, adminId));
    expect(row).toMatchObject({ name: 'Administrator', status: 'enabled', dataScope: '1' });
  });

  it("keeps the customers' role's key and status and refuses its deletion, but lets its menus change", async () => {
    const id = await roleIdOf(ROLE_DEFAULT);
    const detail = (await call('GET', `/api/system/role/${id}`)).json().data;
    const body = { roleId: id, roleName: detail.roleName, roleKey: ROLE_DEFAULT, menuIds: detail.menuIds };
    expect(
      (await call('PUT', '/api/system/role', env.admin, { ...body, roleKey: 'CUSTOMER' })).statusCode,
    ).toBe(409);
    expect((await call('PUT', '/api/system/role', env.admin, { ...body, status: '1' })).statusCode).toBe(409);
    expect(
      (await call('PUT', '/api/system/role/changeStatus', env.admin, { roleId: id, status: '1' })).statusCode,
    ).toBe(409);
    expect((await call('DELETE', `/api/system/role/${id}`)).statusCode).toBe(409);
    const renamed = await call('PUT', '/api/system/role', env.admin, { ...body, remark: 'all customers' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ remark: 'all customers', menuIds: detail.menuIds });
  });

  it('refuses to delete a role accounts still hold (409), deletes it once they are gone', async () => {
    const operator = await operatorViaRolesApi(env.ctx.app, env.ctx.db, env.admin, ['system:user:list']);
    const inUse = await call('DELETE', `/api/system/role/${operator.roleId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toContain('1');
    const cancel = await call('PUT', '/api/system/role/authUser/cancel', env.admin, {
      roleId: operator.roleId,
      userId: operator.userId,
    });
    expect(cancel.json().data).toEqual({ changed: 1 });
    const spare = await createRole();
    const gone = await call('DELETE', `/api/system/role/${operator.roleId},${spare.roleId}`);
    expect(gone.json().data).toEqual({ deleted: 2 });
    expect((await call('GET', `/api/system/role/${operator.roleId}`)).statusCode).toBe(404);
  });

  it('disabling a role takes its permissions away on the next request', async () => {
    const operator = await operatorViaRolesApi(env.ctx.app, env.ctx.db, env.admin, [
      'system:user:list',
      'system:role:list',
    ]);
    expect((await call('GET', '/api/system/role/list', operator.headers)).statusCode).toBe(200);
    await call('PUT', '/api/system/role/changeStatus', env.admin, { roleId: operator.roleId, status: '1' });
    expect((await call('GET', '/api/system/role/list', operator.headers)).statusCode).toBe(403);
    const info = await call('GET', '/api/getInfo', operator.headers);
    expect(info.json().data.permissions).not.toContain('system:role:list');
  });

  it('answers 403 to an operator without the permission and to a customer', async () => {
    const viewer = await operatorViaRolesApi(env.ctx.app, env.ctx.db, env.admin, ['system:role:list']);
    const customer = await loggedInUser(env.ctx.app, env.ctx.db);
    const adminId = await roleIdOf(ROLE_ADMIN);
    expect((await call('GET', '/api/system/role/list', viewer.headers)).statusCode).toBe(200);
    for (const headers of [viewer.headers, customer.headers]) {
      expect(
        (await call('POST', '/api/system/role', headers, { roleName: 'x', roleKey: 'x' })).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/api/system/role/${viewer.roleId}`, headers)).statusCode).toBe(403);
      expect(
        (await call('PUT', '/api/system/role/authUser/selectAll', headers, { roleId: adminId, userIds: [1] }))
          .statusCode,
      ).toBe(403);
    }
    expect((await call('GET', '/api/system/role/list', customer.headers)).statusCode).toBe(403);
  });
});

describe('data scope', () => {
  it('saves the custom scope with its departments and answers them in the department tree', async () => {
    const [head] = await env.ctx.db
      .insert(depts)
      .values({ name: `HQ ${newKey()}` })
      .returning();
    const [sales] = await env.ctx.db
      .insert(depts)
      .values({ name: 'Sales', parentId: head!.id, ancestors: `0,${head!.id}` })
      .returning();
    const role = await createRole();
    const saved = await call('PUT', '/api/system/role/dataScope', env.admin, {
      roleId: role.roleId,
      dataScope: '2',
      deptIds: [sales!.id, 999_999],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.dataScope).toBe('2');
    const tree = (await call('GET', `/api/system/role/deptTree/${role.roleId}`)).json().data;
    expect(tree.checkedKeys).toEqual([sales!.id]);
    const hq = tree.tree.find((n: { id: number }) => n.id === head!.id);
    expect(hq).toMatchObject({ label: head!.name, children: [{ id: sales!.id, label: 'Sales' }] });

    // Another scope keeps no departments.
    await call('PUT', '/api/system/role/dataScope', env.admin, {
      roleId: role.roleId,
      dataScope: '4',
      deptIds: [head!.id],
    });
    expect(await env.ctx.db.select().from(roleDepts).where(eq(roleDepts.roleId, role.roleId))).toEqual([]);
    const [row] = await env.ctx.db.select().from(roles).where(eq(roles.id, role.roleId));
    expect(row!.dataScope).toBe('4');
  });
});

describe('the accounts of a role', () => {
  it('gives the role to accounts, lists them allocated or not, and takes it away', async () => {
    const role = await createRole({ menuIds: await menuIdsWithPerms(env.ctx.db, ['system:user:list']) });
    const [a, b] = await Promise.all([
      loggedInUser(env.ctx.app, env.ctx.db),
      loggedInUser(env.ctx.app, env.ctx.db),
    ]);
    const before = await call(
      'GET',
      `/api/system/role/authUser/unallocatedList?roleId=${role.roleId}&keyword=${a.email}`,
    );
    expect(before.json().data.list.map((u: { userId: number }) => u.userId)).toEqual([a.userId]);

    const granted = await call('PUT', '/api/system/role/authUser/selectAll', env.admin, {
      roleId: role.roleId,
      userIds: [a.userId, b.userId, a.userId],
    });
    expect(granted.json().data).toEqual({ changed: 2 });
    const allocated = await call('GET', `/api/system/role/authUser/allocatedList?roleId=${role.roleId}`);
    expect(allocated.json().data.total).toBe(2);
    expect(
      allocated
        .json()
        .data.list.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual([a.email, b.email].sort());
    const after = await call(
      'GET',
      `/api/system/role/authUser/unallocatedList?roleId=${role.roleId}&keyword=${a.email}`,
    );
    expect(after.json().data.total).toBe(0);
    // The grant takes effect on the account's next request.
    const info = await call('GET', '/api/getInfo', a.headers);
    expect(info.json().data.permissions).toContain('system:user:list');

    const cancelled = await call('PUT', '/api/system/role/authUser/cancelAll', env.admin, {
      roleId: role.roleId,
      userIds: [a.userId, b.userId],
    });
    expect(cancelled.json().data).toEqual({ changed: 2 });
    expect(
      (await call('GET', `/api/system/role/authUser/allocatedList?roleId=${role.roleId}`)).json().data.total,
    ).toBe(0);
    expect((await call('GET', '/api/getInfo', a.headers)).json().data.permissions).not.toContain(
      'system:user:list',
    );
  });

  it('does not let an operator take the admin role from themselves', async () => {
    const adminId = await roleIdOf(ROLE_ADMIN);
    const [me] = await env.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@cloudbay.local'));
    const res = await call('PUT', '/api/system/role/authUser/cancel', env.admin, {
      roleId: adminId,
      userId: me!.id,
    });
    expect(res.statusCode).toBe(409);
    expect((await call('GET', '/api/getInfo')).json().data.roles).toContain(ROLE_ADMIN);
  });

  it('answers 404 for an unknown role', async () => {
    const res = await call('GET', '/api/system/role/authUser/allocatedList?roleId=999999');
    expect(res.statusCode).toBe(404);
  });
});

describe('export', () => {
  it('writes the filtered roles as CSV with translated titles and statuses', async () => {
    const role = await createRole({ status: '1' });
    const res = await env.ctx.app.inject({
      method: 'POST',
      url: '/api/system/role/export',
      headers: { ...env.admin, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: `roleKey=${role.roleKey}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Role ID,Role name,Role key,Sort,Status,Accounts,Created (UTC)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${role.roleId},${role.roleName},${role.roleKey},0,Disabled,0,`);
  });
});
