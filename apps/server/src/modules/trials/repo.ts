/** SQL of free trial applications (issue 22, part G2): the customer's and the operators' reads. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prefixPattern } from '../../db/like';
import { freeResourceApplications, resources } from '../../db/schema';
import type { TimeRange } from '../../lib/time-window';

export type TrialRow = typeof freeResourceApplications.$inferSelect;
export type TrialInsert = typeof freeResourceApplications.$inferInsert;

/** Inserts an application; the partial unique index refuses a second live one of the account. */
export async function insertTrial(db: Db, values: TrialInsert): Promise<TrialRow> {
  const [row] = await db.insert(freeResourceApplications).values(values).returning();
  return row!;
}

/** The customer's latest application, with its trial desktop's id and end once approved. */
export async function findLatestTrial(db: Db, userId: number) {
  const [row] = await db
    .select({
      trial: freeResourceApplications,
      desktopId: resources.resourceId,
      expiresAt: resources.expiresAt,
    })
    .from(freeResourceApplications)
    .leftJoin(resources, eq(resources.id, freeResourceApplications.resourceId))
    .where(eq(freeResourceApplications.userId, userId))
    .orderBy(desc(freeResourceApplications.createdAt), desc(freeResourceApplications.id))
    .limit(1);
  return row;
}

/** The application, locked for the caller's transaction (approve and reject race on this lock). */
export async function lockTrial(db: Db, id: number): Promise<TrialRow | undefined> {
  const [row] = await db
    .select()
    .from(freeResourceApplications)
    .where(eq(freeResourceApplications.id, id))
    .for('update');
  return row;
}

export async function updateTrial(db: Db, id: number, values: Partial<TrialInsert>) {
  await db
    .update(freeResourceApplications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(freeResourceApplications.id, id)));
}

export interface TrialFilter {
  status?: string;
  email?: string;
  ip?: string;
  created: TimeRange;
}

export interface RelatedRow {
  id: number;
  email: string;
  ip: string;
  status: string;
  created_at: string;
}

export type TrialListRow = {
  id: string;
  user_id: string;
  email: string;
  region_id: string;
  region_zh: string;
  region_en: string;
  contact_type: string;
  contact: string;
  remark: string;
  status: string;
  reason: string | null;
  ip: string;
  email_domain: string;
  reviewed_by_email: string | null;
  reviewed_at: Date | string | null;
  desktop_id: string | null;
  created_at: Date | string;
  same_ip: RelatedRow[];
  same_domain: RelatedRow[];
};

/** How many other applications each anti-abuse list shows (newest first). */
const RELATED_LIMIT = 10;

/**
 * Other accounts' applications sharing `column` with `a`, in the operator's scope (`otherScope`,
 * a condition on the alias `ou`), newest first, as a JSON array.
 */
function related(column: 'ip' | 'email_domain', otherScope: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(x ORDER BY x.created_at DESC, x.id DESC), '[]'::json) FROM (
      SELECT o.id, ou.email, o.ip, o.status, o.created_at
        FROM free_resource_applications o JOIN users ou ON ou.id = o.user_id
       WHERE o.${sql.raw(column)} = a.${sql.raw(column)} AND o.user_id <> a.user_id AND ${otherScope}
       ORDER BY o.created_at DESC, o.id DESC LIMIT ${RELATED_LIMIT}) x)`;
}

const listColumns = (otherScope: SQL) => sql`a.id, a.user_id, u.email, a.region_id, rg.name_zh AS region_zh,
  rg.name_en AS region_en, a.contact_type, a.contact, a.remark, a.status, a.reason, a.ip, a.email_domain,
  rv.email AS reviewed_by_email, a.reviewed_at, res.resource_id AS desktop_id, a.created_at,
  ${related('ip', otherScope)} AS same_ip, ${related('email_domain', otherScope)} AS same_domain`;
const LIST_FROM = sql`free_resource_applications a
  JOIN users u ON u.id = a.user_id
  JOIN regions rg ON rg.id = a.region_id
  LEFT JOIN users rv ON rv.id = a.reviewed_by
  LEFT JOIN resources res ON res.id = a.resource_id`;

function listWhere(scope: SQL, filter: TrialFilter): SQL {
  const clauses: SQL[] = [scope];
  if (filter.status) clauses.push(sql`a.status = ${filter.status}`);
  if (filter.email) clauses.push(sql`u.email LIKE ${prefixPattern(filter.email)}`);
  if (filter.ip) clauses.push(sql`a.ip = ${filter.ip}`);
  if (filter.created.from) clauses.push(sql`a.created_at >= ${filter.created.from.toISOString()}`);
  if (filter.created.before) clauses.push(sql`a.created_at < ${filter.created.before.toISOString()}`);
  return sql.join(clauses, sql` AND `);
}

/** A page of applications (newest first) whose customer is in `scope` (a condition on `u`). */
export async function pageTrials(
  db: Db,
  scopes: { scope: SQL; otherScope: SQL },
  filter: TrialFilter,
  page: { offset: number; limit: number },
) {
  const where = listWhere(scopes.scope, filter);
  const [rows, total] = await Promise.all([
    db.execute<TrialListRow>(sql`SELECT ${listColumns(scopes.otherScope)} FROM ${LIST_FROM} WHERE ${where}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ${LIST_FROM} WHERE ${where}`),
  ]);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}

/** One application of a customer in `scope`, as the list shows it. */
export async function findTrialView(db: Db, scopes: { scope: SQL; otherScope: SQL }, id: number) {
  const result = await db.execute<TrialListRow>(
    sql`SELECT ${listColumns(scopes.otherScope)} FROM ${LIST_FROM} WHERE a.id = ${id} AND ${scopes.scope}`,
  );
  return result.rows[0];
}
