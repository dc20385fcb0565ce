/** SQL of the operators' account list: one row per account with its department and roles. */
import { ROLE_ADMIN } from '@cloudbay/contracts';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { posts, roles, userPosts, userRoles, users } from '../../../db/schema';
import type { TimeRange } from '../../../lib/time-window';
import { deptSubtreeIds } from '../data-scope';

export interface UserFilter {
  email?: string;
  nickname?: string;
  status?: string;
  deptId?: number;
  created: TimeRange;
}

export interface UserListRow {
  id: number;
  email: string;
  nickname: string;
  deptId: number | null;
  deptName: string | null;
  status: string;
  remark: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  roles: Array<{ roleId: number; roleKey: string; roleName: string; status: string }>;
}

/** The filters and the caller's data scope, on alias `u`. */
function whereOf(filter: UserFilter, scope: SQL): SQL {
  const conditions: SQL[] = [scope];
  if (filter.email) conditions.push(sql`u.email ILIKE ${containsPattern(filter.email)}`);
  if (filter.nickname) conditions.push(sql`u.nickname ILIKE ${containsPattern(filter.nickname)}`);
  if (filter.status) conditions.push(sql`u.status = ${filter.status}`);
  if (filter.deptId) conditions.push(sql`u.dept_id IN (${deptSubtreeIds(filter.deptId)})`);
  if (filter.created.from) conditions.push(sql`u.created_at >= ${filter.created.from.toISOString()}`);
  if (filter.created.before) conditions.push(sql`u.created_at < ${filter.created.before.toISOString()}`);
  return sql.join(conditions, sql` AND `);
}

const SELECT_ROW = sql`
  SELECT u.id, u.email, u.nickname, u.dept_id AS "deptId", d.name AS "deptName", u.status, u.remark,
    u.last_login_at AS "lastLoginAt", u.created_at AS "createdAt",
    coalesce((
      SELECT json_agg(json_build_object('roleId', r.id, 'roleKey', r.key, 'roleName', r.name, 'status', r.status)
        ORDER BY r.sort, r.id)
      FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id
    ), '[]'::json) AS roles
  FROM users u LEFT JOIN depts d ON d.id = u.dept_id`;

function toRow(raw: Record<string, unknown>): UserListRow {
  return {
    ...(raw as unknown as UserListRow),
    id: Number(raw.id),
    lastLoginAt: raw.lastLoginAt ? new Date(raw.lastLoginAt as string) : null,
    createdAt: new Date(raw.createdAt as string),
  };
}

export async function listUserRows(
  db: Db,
  filter: UserFilter,
  scope: SQL,
  page: { page: number; limit: number },
) {
  const where = whereOf(filter, scope);
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`${SELECT_ROW} WHERE ${where} ORDER BY u.id DESC LIMIT ${page.limit} OFFSET ${(page.page - 1) * page.limit}`,
    ),
    db.execute(sql`SELECT count(*)::int AS n FROM users u WHERE ${where}`),
  ]);
  return { rows: rows.rows.map(toRow), total: Number(counted.rows[0]?.n ?? 0) };
}

/** Export: newest first, the next rows below `belowId`. */
export async function findUserBatch(
  db: Db,
  filter: UserFilter,
  scope: SQL,
  belowId: number | undefined,
  limit: number,
) {
  const below = belowId === undefined ? sql`true` : sql`u.id < ${belowId}`;
  const result = await db.execute(
    sql`${SELECT_ROW} WHERE ${whereOf(filter, scope)} AND ${below} ORDER BY u.id DESC LIMIT ${limit}`,
  );
  return result.rows.map(toRow);
}

/** One account, if the scope lets the caller see it. */
export async function findScopedUser(db: Db, id: number, scope: SQL) {
  const result = await db.execute(sql`${SELECT_ROW} WHERE u.id = ${id} AND ${scope}`);
  const raw = result.rows[0];
  return raw ? toRow(raw) : undefined;
}

export async function findPostIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userPosts.postId }).from(userPosts).where(eq(userPosts.userId, userId));
  return rows.map((r) => r.id);
}

export async function allRoles(db: Db) {
  return db.select().from(roles).orderBy(asc(roles.sort), asc(roles.id));
}

export async function countExisting(db: Db, table: 'roles' | 'posts', ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const column = table === 'roles' ? roles.id : posts.id;
  const rows = await db
    .select({ id: column })
    .from(table === 'roles' ? roles : posts)
    .where(inArray(column, ids));
  return rows.length;
}

export async function replaceRoles(db: Db, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function replacePosts(db: Db, userId: number, postIds: number[]) {
  await db.delete(userPosts).where(eq(userPosts.userId, userId));
  if (postIds.length > 0) await db.insert(userPosts).values(postIds.map((postId) => ({ userId, postId })));
}

/** The first operator: the oldest account holding the admin role. */
export async function findBuiltinAdminId(db: Db): Promise<number | undefined> {
  const [row] = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.key, ROLE_ADMIN))
    .orderBy(asc(userRoles.userId))
    .limit(1);
  return row?.id;
}

export async function deleteUserRows(db: Db, ids: number[]) {
  const rows = await db.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
  return rows.length;
}

export async function findUsersByEmails(db: Db, emails: string[]) {
  if (emails.length === 0) return [];
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
}
