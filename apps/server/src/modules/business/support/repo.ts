/** Support sessions and their audit trail (issue 18, part B2). */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prefixPattern } from '../../../db/like';
import { sessions, supportAudits, users } from '../../../db/schema';
import type { TimeRange } from '../../../lib/time-window';

export async function insertSupportAudit(db: Db, values: typeof supportAudits.$inferInsert) {
  await db.insert(supportAudits).values(values);
}

/** Who is viewing in a support session: the operator, the customer and when the session ends. */
export async function findSupportView(db: Db, sessionId: string) {
  const result = await db.execute<{
    operator_email: string;
    operator_nickname: string;
    customer_email: string;
    expires_at: Date | string;
  }>(sql`SELECT o.email AS operator_email, o.nickname AS operator_nickname,
      c.email AS customer_email, s.expires_at
    FROM ${sessions} s JOIN ${users} o ON o.id = s.support_operator_id JOIN ${users} c ON c.id = s.user_id
    WHERE s.id = ${sessionId}`);
  return result.rows[0];
}

export interface SupportAuditFilter {
  email?: string;
  operator?: string;
  created: TimeRange;
}

export type SupportAuditRow = {
  id: string;
  session_id: string;
  operator_email: string;
  customer_email: string;
  method: string;
  path: string;
  status: number;
  created_at: Date | string;
};

const AUDIT_FROM = sql`support_audits a JOIN users o ON o.id = a.operator_id JOIN users u ON u.id = a.customer_id`;

/** A page of support requests (newest first) whose customer is in `scope` (a condition on `u`). */
export async function pageSupportAudits(
  db: Db,
  scope: SQL,
  filter: SupportAuditFilter,
  page: { offset: number; limit: number },
) {
  const clauses: SQL[] = [scope];
  if (filter.email) clauses.push(sql`u.email LIKE ${prefixPattern(filter.email)}`);
  if (filter.operator) clauses.push(sql`o.email LIKE ${prefixPattern(filter.operator)}`);
  if (filter.created.from) clauses.push(sql`a.created_at >= ${filter.created.from.toISOString()}`);
  if (filter.created.before) clauses.push(sql`a.created_at < ${filter.created.before.toISOString()}`);
  const where = sql.join(clauses, sql` AND `);
  const [rows, total] = await Promise.all([
    db.execute<SupportAuditRow>(sql`SELECT a.id, a.session_id, o.email AS operator_email,
        u.email AS customer_email, a.method, a.path, a.status, a.created_at
      FROM ${AUDIT_FROM} WHERE ${where}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ${AUDIT_FROM} WHERE ${where}`),
  ]);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}
