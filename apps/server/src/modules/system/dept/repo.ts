/** SQL of the departments: the tree rows, and the subtree rewrite when one moves. */
import { and, asc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern, prefixPattern } from '../../../db/like';
import { depts, users } from '../../../db/schema';

export type DeptRow = typeof depts.$inferSelect;
export type DeptValues = Omit<typeof depts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The `ancestors` its children carry: '0,1' for department 4 under 1 gives '0,1,4'. */
export const childAncestors = (dept: Pick<DeptRow, 'id' | 'ancestors'>) => `${dept.ancestors},${dept.id}`;

/** The department itself and every one below it (a prefix match on `ancestors`). */
export function subtreeCondition(dept: Pick<DeptRow, 'id' | 'ancestors'>): SQL {
  const prefix = childAncestors(dept);
  return or(
    eq(depts.id, dept.id),
    eq(depts.ancestors, prefix),
    like(depts.ancestors, prefixPattern(`${prefix},`)),
  )!;
}

/** `scope`: the caller's data scope on `depts` (`deptScopeSql`); omitted, every department. */
export async function listDeptRows(db: Db, filter: { deptName?: string; status?: string } = {}, scope?: SQL) {
  const conditions: SQL[] = scope ? [scope] : [];
  if (filter.deptName) conditions.push(ilike(depts.name, containsPattern(filter.deptName)));
  if (filter.status) conditions.push(eq(depts.status, filter.status));
  return db
    .select()
    .from(depts)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(depts.parentId), asc(depts.sort), asc(depts.id));
}

export async function findDept(db: Db, id: number, scope?: SQL) {
  const [row] = await db
    .select()
    .from(depts)
    .where(scope ? and(eq(depts.id, id), scope) : eq(depts.id, id));
  return row;
}

export async function findSubtreeIds(db: Db, dept: DeptRow): Promise<number[]> {
  const rows = await db.select({ id: depts.id }).from(depts).where(subtreeCondition(dept));
  return rows.map((r) => r.id);
}

export async function insertDept(db: Db, values: DeptValues) {
  const [row] = await db.insert(depts).values(values).returning();
  return row!;
}

export async function updateDeptRow(db: Db, id: number, values: DeptValues) {
  const [row] = await db
    .update(depts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(depts.id, id))
    .returning();
  return row;
}

/** After a move: every descendant's `ancestors` swaps the old prefix for the new one. */
export async function rewriteDescendantAncestors(db: Db, oldPrefix: string, newPrefix: string) {
  await db
    .update(depts)
    .set({
      ancestors: sql`${newPrefix}::text || substring(${depts.ancestors} from ${oldPrefix.length + 1}::int)`,
    })
    .where(or(eq(depts.ancestors, oldPrefix), like(depts.ancestors, prefixPattern(`${oldPrefix},`))));
}

export async function hasChildDepts(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: depts.id }).from(depts).where(eq(depts.parentId, id)).limit(1);
  return !!row;
}

export async function hasDeptUsers(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.deptId, id)).limit(1);
  return !!row;
}

/** Deletes a department that has neither children nor users, checked in the same statement. */
export async function deleteEmptyDept(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(depts)
    .where(
      and(
        eq(depts.id, id),
        sql`NOT EXISTS (SELECT 1 FROM ${depts} c WHERE c.parent_id = ${id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${users} u WHERE u.dept_id = ${id})`,
      ),
    )
    .returning({ id: depts.id });
  return rows.length > 0;
}
