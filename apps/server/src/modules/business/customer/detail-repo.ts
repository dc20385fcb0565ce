/** SQL of one customer's detail tabs that no customer-side module already pages: resources, sub-accounts, notes. */
import { ROLE_DEFAULT } from '@cloudbay/contracts';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { customerNotes, depts, regions, resources, users } from '../../../db/schema';
import { offsetOf, type Slice } from '../../../lib/paging';

/** One page of `rows` with the count of every row of `table` matching `where`, read together. */
async function withTotal<R>(db: Db, rows: Promise<R[]>, table: PgTable, where: SQL | undefined) {
  const [list, [counted]] = await Promise.all([rows, db.select({ n: count() }).from(table).where(where)]);
  return { rows: list, total: counted?.n ?? 0 };
}

export async function pageResources(
  db: Db,
  userId: number,
  filter: { kind?: string; withDeleted: boolean },
  slice: Slice,
) {
  const conditions: SQL[] = [eq(resources.userId, userId)];
  if (filter.kind) conditions.push(eq(resources.kind, filter.kind));
  if (!filter.withDeleted) conditions.push(isNull(resources.deletedAt));
  const where = and(...conditions);
  const rows = db
    .select({
      resourceId: resources.resourceId,
      kind: resources.kind,
      name: resources.name,
      status: resources.status,
      regionZh: regions.nameZh,
      regionEn: regions.nameEn,
      billingMethod: resources.billingMethod,
      expiresAt: resources.expiresAt,
      createdAt: resources.createdAt,
      deletedAt: resources.deletedAt,
    })
    .from(resources)
    .leftJoin(regions, eq(regions.id, resources.regionId))
    .where(where)
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .limit(slice.limit)
    .offset(offsetOf(slice));
  return withTotal(db, rows, resources, where);
}

export async function pageSubAccounts(db: Db, userId: number, slice: Slice) {
  const where = eq(users.parentId, userId);
  const rows = db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      status: users.status,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(slice.limit)
    .offset(offsetOf(slice));
  return withTotal(db, rows, users, where);
}

export async function pageNotes(db: Db, userId: number, slice: Slice) {
  const where = eq(customerNotes.userId, userId);
  const rows = db
    .select({
      id: customerNotes.id,
      body: customerNotes.body,
      authorId: customerNotes.authorId,
      authorEmail: users.email,
      createdAt: customerNotes.createdAt,
    })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.authorId))
    .where(where)
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
    .limit(slice.limit)
    .offset(offsetOf(slice));
  return withTotal(db, rows, customerNotes, where);
}

export async function insertNote(db: Db, values: { userId: number; authorId: number; body: string }) {
  const [row] = await db.insert(customerNotes).values(values).returning();
  return row!;
}

/** Operators (an account holding a role other than the customer role), inside `scope` on alias `u`. */
export async function findOperators(db: Db, scope: SQL, id?: number) {
  const result = await db.execute(sql`
    SELECT u.id, u.email, u.nickname FROM users u
    WHERE u.status = 'enabled' AND ${scope} ${id === undefined ? sql`` : sql`AND u.id = ${id}`}
      AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
        WHERE ur.user_id = u.id AND r.key <> ${ROLE_DEFAULT})
    ORDER BY u.email LIMIT 500`);
  return result.rows.map((row) => ({
    userId: Number(row.id),
    email: String(row.email),
    nickname: String(row.nickname),
  }));
}

/** Departments reached by `scope` (a condition on `depts`). */
export async function findDepts(db: Db, scope: SQL, id?: number) {
  return db
    .select({ deptId: depts.id, deptName: depts.name, parentId: depts.parentId })
    .from(depts)
    .where(and(scope, id === undefined ? undefined : eq(depts.id, id)))
    .orderBy(depts.parentId, depts.sort, depts.id);
}
