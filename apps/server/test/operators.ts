/**
 * Operator fixtures of the server tests: the demo operator's headers, a role with chosen permissions
 * and data scope, an operator account holding one (its grants replaceable mid-test), and a test
 * file's app with the demo operator signed in.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from './context';
import type { Db } from '../src/db/client';
import { menus, roleDepts, roleMenus, roles, userRoles, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/identity/passwords';
import type { App } from '../src/app';
import { DEMO_ADMIN } from '../src/modules/identity/reference-data';
import { loggedInUser, logIn, PASSWORD, uniqueEmail } from './accounts';

type DataScope = '1' | '2' | '3' | '4' | '5';
let roleCounter = 0;

/**
 * Makes the role hold exactly the menus carrying `perms`. A permission no seeded menu carries gets
 * a button menu of its own, so a route whose string the seed lacks can still be granted.
 */
async function setRolePermissions(db: Db, roleId: number, perms: readonly string[]) {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (perms.length === 0) return;
  const seeded = new Set(
    (
      await db
        .select({ perms: menus.perms })
        .from(menus)
        .where(inArray(menus.perms, [...perms]))
    ).map((m) => m.perms),
  );
  const missing = perms.filter((perm) => !seeded.has(perm));
  if (missing.length) {
    await db
      .insert(menus)
      .values(missing.map((perm) => ({ key: `test:${perm}`, menuType: 'F', titleKey: perm, perms: perm })))
      .onConflictDoNothing();
  }
  const held = await menuIdsWithPerms(db, [...perms]);
  await db.insert(roleMenus).values(held.map((menuId) => ({ roleId, menuId })));
}

/** A role holding the menus with these permission strings, its data scope and custom departments. */
export async function roleWith(
  db: Db,
  options: { perms: string[]; dataScope?: DataScope; deptIds?: number[] },
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
  await setRolePermissions(db, role!.id, options.perms);
  if (options.deptIds?.length) {
    await db.insert(roleDepts).values(options.deptIds.map((deptId) => ({ roleId: role!.id, deptId })));
  }
  return role!;
}

export type TestOperator = Awaited<ReturnType<typeof operatorWith>>;

/**
 * An operator account (in `deptId`) whose only role is a fresh one holding `perms`, signed in and
 * answering in English. `grant` replaces the role's permissions; grants are read on every request,
 * so it takes effect at once.
 */
export async function operatorWith(
  app: App,
  db: Db,
  options: { perms: string[]; dataScope?: DataScope; deptId?: number | null; deptIds?: number[] },
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
    roleId: role.id,
    headers: { authorization: `Bearer ${res.json().data.access_token}`, 'accept-language': 'en-US' },
    grant: (perms: readonly string[]) => setRolePermissions(db, role.id, perms),
  };
}

/** The demo operator (admin role) signed in, answering in English: the headers to send. */
export async function demoOperatorHeaders(app: App, db: Db): Promise<Record<string, string>> {
  const res = await logIn(app, db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { authorization: `Bearer ${res.json().data.access_token}`, 'accept-language': 'en-US' };
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
    admin = await demoOperatorHeaders(ctx.app, ctx.db);
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
