/** SQL of the roles page: roles, their menus and departments, and the accounts holding them. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { depts, menus, roleDepts, roleMenus, roles, userRoles, users } from '../../../db/schema';

export type RoleRow = typeof roles.$inferSelect & { userCount: number };
export type RoleValues = Pick<typeof roles.$inferInsert, 'name' | 'key' | 'sort' | 'status' | 'remark'>;

export interface RoleFilter {
  page: number;
  limit: number;
  name?: string;
  key?: string;
  status?: string;
  from?: Date;
  before?: Date;
}

const userCount = sql<number>`(select count(*) from ${userRoles} where ${userRoles.roleId} = ${roles.id})::int`;
const roleColumns = { role: roles, userCount };
const withCount = (rows: Array<{ role: typeof roles.$inferSelect; userCount: number }>): RoleRow[] =>
  rows.map((r) => ({ ...r.role, userCount: r.userCount }));

export async function listRoles(db: Db, filter: RoleFilter) {
  const conditions: SQL[] = [];
  if (filter.name) conditions.push(ilike(roles.name, containsPattern(filter.name)));
  if (filter.key) conditions.push(ilike(roles.key, containsPattern(filter.key)));
  if (filter.status) conditions.push(eq(roles.status, filter.status));
  if (filter.from) conditions.push(gte(roles.createdAt, filter.from));
  if (filter.before) conditions.push(lt(roles.createdAt, filter.before));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(roleColumns)
      .from(roles)
      .where(where)
      .orderBy(asc(roles.sort), asc(roles.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return { rows: withCount(rows), total: total!.n };
}

/** Every role matching the filter, for the export (a handful of rows: no paging needed). */
export async function allRoles(db: Db, filter: Omit<RoleFilter, 'page' | 'limit'>) {
  return (await listRoles(db, { ...filter, page: 1, limit: 10_000 })).rows;
}

export async function findRole(db: Db, id: number): Promise<RoleRow | undefined> {
  return withCount(await db.select(roleColumns).from(roles).where(eq(roles.id, id)))[0];
}

export async function findRolesByIds(db: Db, ids: number[]): Promise<RoleRow[]> {
  return withCount(await db.select(roleColumns).from(roles).where(inArray(roles.id, ids)));
}

/** Another role (not `exceptId`) with this key or name, case-insensitively. */
export async function findClash(db: Db, values: { key: string; name: string }, exceptId?: number) {
  const [row] = await db
    .select({ key: roles.key, name: roles.name })
    .from(roles)
    .where(
      and(
        or(
          sql`lower(${roles.key}) = lower(${values.key})`,
          sql`lower(${roles.name}) = lower(${values.name})`,
        ),
        exceptId === undefined ? undefined : sql`${roles.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertRole(db: Db, values: RoleValues) {
  const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
  return row!.id;
}

export async function updateRole(db: Db, id: number, values: Partial<typeof roles.$inferInsert>) {
  await db
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(roles.id, id));
}

export async function deleteRoles(db: Db, ids: number[]) {
  const deleted = await db.delete(roles).where(inArray(roles.id, ids)).returning({ id: roles.id });
  return deleted.length;
}

export async function findRoleMenuIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(roleMenus.menuId));
  return rows.map((r) => r.id);
}

/** Replaces the role's menus with the existing ones among `menuIds`. */
export async function replaceRoleMenus(db: Db, roleId: number, menuIds: number[]) {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length === 0) return;
  await db.execute(sql`
    INSERT INTO role_menus (role_id, menu_id)
    SELECT ${roleId}, id FROM ${menus} WHERE id = ANY(${sql.param(menuIds)}::int[])
    ON CONFLICT DO NOTHING`);
}

export async function findRoleDeptIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: roleDepts.deptId })
    .from(roleDepts)
    .where(eq(roleDepts.roleId, roleId))
    .orderBy(asc(roleDepts.deptId));
  return rows.map((r) => r.id);
}

/** Replaces the role's departments with the existing ones among `deptIds`. */
export async function replaceRoleDepts(db: Db, roleId: number, deptIds: number[]) {
  await db.delete(roleDepts).where(eq(roleDepts.roleId, roleId));
  if (deptIds.length === 0) return;
  await db.execute(sql`
    INSERT INTO role_depts (role_id, dept_id)
    SELECT ${roleId}, id FROM ${depts} WHERE id = ANY(${sql.param(deptIds)}::int[])
    ON CONFLICT DO NOTHING`);
}

export async function allDepts(db: Db) {
  return db
    .select({ id: depts.id, parentId: depts.parentId, name: depts.name, status: depts.status })
    .from(depts)
    .orderBy(asc(depts.sort), asc(depts.id));
}

// The accounts of a role

export interface RoleUserFilter {
  roleId: number;
  page: number;
  limit: number;
  keyword?: string;
}

const holdsRole = (roleId: number) =>
  sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${roleId})`;

/**
 * Accounts holding the role (`allocated`) or not holding it, newest first, inside `scope` (the
 * caller's data scope on `users`).
 */
export async function listRoleUsers(db: Db, filter: RoleUserFilter, allocated: boolean, scope: SQL) {
  const conditions: SQL[] = [
    scope,
    allocated
      ? holdsRole(filter.roleId)
      : notExists(
          db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, filter.roleId))),
        ),
  ];
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    conditions.push(or(ilike(users.email, pattern), ilike(users.nickname, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        nickname: users.nickname,
        status: users.status,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total!.n };
}

/**
 * Gives the role to the existing accounts among `userIds` inside `scope` (on `users`); answers how
 * many newly hold it.
 */
export async function addRoleUsers(db: Db, roleId: number, userIds: number[], scope: SQL) {
  const result = await db.execute(sql`
    INSERT INTO user_roles (user_id, role_id)
    SELECT id, ${roleId} FROM ${users} WHERE id = ANY(${sql.param(userIds)}::bigint[]) AND ${scope}
    ON CONFLICT DO NOTHING`);
  return result.rowCount ?? 0;
}

/** Takes the role from the accounts among `userIds` inside `scope` (on `users`). */
export async function removeRoleUsers(db: Db, roleId: number, userIds: number[], scope: SQL) {
  const inScope = db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), scope));
  const deleted = await db
    .delete(userRoles)
    .where(and(eq(userRoles.roleId, roleId), inArray(userRoles.userId, inScope)))
    .returning({ userId: userRoles.userId });
  return deleted.length;
}
