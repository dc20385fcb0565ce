/**
 * Test helpers of the monitor pages' integration tests: the demo operator, and an operator whose
 * only role grants the given menu permissions (to prove a route's 403 for a role lacking it).
 */
import { randomBytes } from 'node:crypto';
import { logIn, loggedInUser } from '../../../test/accounts';
import type { createTestApp } from '../../../test/context';
import { DEMO_ADMIN } from '../identity/reference-data';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

export async function adminHeaders(ctx: Ctx): Promise<Record<string, string>> {
  const res = await logIn(ctx.app, ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { authorization: `Bearer ${res.json().data.access_token}` };
}

/** A signed-in account whose only role holds the seeded menus carrying `permissions`. */
export async function operatorWith(ctx: Ctx, permissions: string[]) {
  const user = await loggedInUser(ctx.app, ctx.db);
  const key = `ops_${randomBytes(4).toString('hex')}`;
  const { pool } = ctx.database;
  const role = await pool.query<{ id: number }>(
    `INSERT INTO roles (key, name) VALUES ($1, $1) RETURNING id`,
    [key],
  );
  const roleId = role.rows[0]!.id;
  await pool.query(
    `INSERT INTO role_menus (role_id, menu_id) SELECT $1, id FROM menus WHERE perms = ANY($2::text[])`,
    [roleId, permissions],
  );
  await pool.query('DELETE FROM user_roles WHERE user_id = $1', [user.userId]);
  await pool.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [user.userId, roleId]);
  return user;
}
