/** Operator fixtures: a role with chosen permissions and data scope, and an account holding it. */
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from './context';
import type { Db } from '../src/db/client';
import { menus, roleDepts, roleMenus, roles, userRoles, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/identity/passwords';
import type { App } from '../src/app';
import { DEMO_ADMIN } from '../src/modules/identity/reference-data';
import { loggedInUser, logIn, PASSWORD, uniqueEmail } from './accounts';

let roleCounter = 0;

/** A role holding the seeded menus with these permission strings. */
export async function roleWith(
  db: Db,
  options: { perms: string[]; dataScope?: '1' | '2' | '3' | '4' | '5'; deptIds?: number[] },
) {
  roleCounter += 1;
  const [role] = await db
    .insert(roles)
    .values({
      key: `test_role_${Date.now().toString(36)}_${roleCounter}`,
      name: `Role ${roleCounter}`,
      dataScope: options.dataScope ?? '1',
    })
    .returning();
  const menuRows = options.perms.length
    ? await db
        .select({ id: menus.id, perms: menus.perms })
        .from(menus)
        .where(inArray(menus.perms, options.perms))
    : [];
  const found = new Set(menuRows.map((m) => m.perms));
  if (options.perms.some((perm) => !found.has(perm)))
    throw new Error(`unseeded permission in ${options.perms}`);
  if (menuRows.length)
    await db.insert(roleMenus).values(menuRows.map((m) => ({ roleId: role!.id, menuId: m.id })));
  if (options.deptIds?.length) {
    await db.insert(roleDepts).values(options.deptIds.map((deptId) => ({ roleId: role!.id, deptId })));
  }
  return role!;
}

/** An operator account in `deptId` with a fresh role, logged in; answers its id and headers. */
export async function operatorWith(
  app: App,
  db: Db,
  options: {
    perms: string[];
    dataScope?: '1' | '2' | '3' | '4' | '5';
    deptId?: number | null;
    deptIds?: number[];
  },
) {
  const role = await roleWith(db, options);
  const email = uniqueEmail('operator');
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      nickname: 'Operator',
      inviteCode: `T${Date.now().toString(36).slice(-6)}${roleCounter}`.slice(0, 16),
      deptId: options.deptId ?? null,
    })
    .returning();
  await db.insert(userRoles).values({ userId: user!.id, roleId: role.id });
  const res = await logIn(app, db, email);
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.body}`);
  return {
    userId: user!.id,
    email,
    role,
    headers: { authorization: `Bearer ${res.json().data.access_token}`, 'accept-language': 'en-US' },
  };
}

/** The demo operator (admin role) signed in, answering in English: the headers to send. */
export async function demoOperatorHeaders(app: App, db: Db): Promise<Record<string, string>> {
  const res = await logIn(app, db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { authorization: `Bearer ${res.json().data.access_token}`, 'accept-language': 'en-US' };
}

export type TestOperator = Awaited<ReturnType<typeof operatorWithRole>>;

/**
 * An account whose only role is its own (`roleKey`), granted exactly the permissions the test
 * names through `grant`. Grants are read on every request, so `grant` takes effect at once.
 */
export async function operatorWithRole(app: App, db: Db, roleKey: string) {
  const account = await loggedInUser(app, db);
  const [role] = await db.insert(roles).values({ key: roleKey, name: roleKey }).returning({ id: roles.id });
  const roleId = role!.id;
  await db.delete(userRoles).where(sql`${userRoles.userId} = ${account.userId}`);
  await db.insert(userRoles).values({ userId: account.userId, roleId });

  /** The role holds exactly `permissions` (a button menu is made for one the seed lacks). */
  async function grant(permissions: readonly string[]) {
    await db.delete(roleMenus).where(sql`${roleMenus.roleId} = ${roleId}`);
    if (permissions.length === 0) return;
    await db
      .insert(menus)
      .values(permissions.map((perms) => ({ key: `test:${perms}`, menuType: 'F', titleKey: perms, perms })))
      .onConflictDoNothing();
    const held = await db
      .select({ id: menus.id })
      .from(menus)
      .where(inArray(menus.perms, [...permissions]));
    await db.insert(roleMenus).values(held.map((menu) => ({ roleId, menuId: menu.id })));
  }

  return { ...account, roleId, grant };
}

export async function adminHeaders(app: App, db: Db): Promise<Record<string, string>> {
  const res = await logIn(app, db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { authorization: `Bearer ${res.json().data.access_token}` };
}

/** The ids of the menus carrying these permission strings. */
export async function menuIdsWithPerms(db: Db, perms: string[]): Promise<number[]> {
  const rows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.perms, perms));
  return rows.map((r) => r.id);
}

/**
 * A signed-up account holding a new role with the menus of `perms` (made through the roles API, as
 * an operator would): answers its headers, user id and role id.
 */
export async function operatorViaRolesApi(app: App, db: Db, admin: Record<string, string>, perms: string[]) {
  const key = uniqueEmail('role').replace(/[^A-Za-z0-9]/g, '_');
  const created = await app.inject({
    method: 'POST',
    url: '/api/system/role',
    headers: admin,
    payload: { roleName: key, roleKey: key, menuIds: await menuIdsWithPerms(db, perms) },
  });
  if (created.statusCode !== 200) throw new Error(`role creation failed: ${created.body}`);
  const roleId = created.json().data.roleId as number;
  const user = await loggedInUser(app, db);
  const granted = await app.inject({
    method: 'PUT',
    url: '/api/system/role/authUser/selectAll',
    headers: admin,
    payload: { roleId, userIds: [user.userId] },
  });
  if (granted.statusCode !== 200) throw new Error(`role grant failed: ${granted.body}`);
  return { headers: user.headers, userId: user.userId, roleId, roleKey: key };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A test file's app with the demo operator signed in (started before its tests, closed after):
 * `call` sends as the operator unless other headers are given.
 */
export function operatorApp() {
  let ctx: Awaited<ReturnType<typeof createTestApp>> | undefined;
  let admin: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminHeaders(ctx.app, ctx.db);
  });
  afterAll(() => ctx?.close());
  const env = {
    get ctx() {
      if (!ctx) throw new Error('operatorApp() is used outside its tests');
      return ctx;
    },
    get admin() {
      return admin;
    },
    call: (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
      env.ctx.app.inject({ method, url, headers: headers ?? admin, payload }),
  };
  return env;
}
