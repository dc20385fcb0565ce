/** Operator fixtures: the demo operator's headers, and accounts holding a role made for the test. */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../src/app';
import type { Db } from '../src/db/client';
import { menus } from '../src/db/schema';
import { DEMO_ADMIN } from '../src/modules/identity/reference-data';
import { logIn, loggedInUser, uniqueEmail } from './accounts';
import { createTestApp } from './context';

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
export async function operatorWith(app: App, db: Db, admin: Record<string, string>, perms: string[]) {
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
