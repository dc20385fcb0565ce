/** Balance adjustments and the customers an operator may adjust (issue 18, part B2). */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prefixPattern } from '../../../db/like';
import { balanceAdjustments } from '../../../db/schema';
import type { TimeRange } from '../../../lib/time-window';

export type AdjustmentInsert = typeof balanceAdjustments.$inferInsert;
export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

/** Inserts the adjustment unless the requester already made one under `requestKey` (then undefined). */
export async function insertAdjustment(db: Db, values: AdjustmentInsert): Promise<AdjustmentRow | undefined> {
  const [row] = await db
    .insert(balanceAdjustments)
    .values(values)
    .onConflictDoNothing({ target: [balanceAdjustments.requestedBy, balanceAdjustments.requestKey] })
    .returning();
  return row;
}

export async function findAdjustmentByRequestKey(db: Db, requestedBy: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(balanceAdjustments)
    .where(
      and(eq(balanceAdjustments.requestedBy, requestedBy), eq(balanceAdjustments.requestKey, requestKey)),
    );
  return row;
}

/** The adjustment, locked for the caller's transaction (approve and reject race on this lock). */
export async function lockAdjustment(db: Db, id: number): Promise<AdjustmentRow | undefined> {
  const [row] = await db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).for('update');
  return row;
}

export async function updateAdjustment(db: Db, id: number, values: Partial<AdjustmentInsert>) {
  await db
    .update(balanceAdjustments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(balanceAdjustments.id, id));
}

export interface AdjustmentFilter {
  status?: string;
  email?: string;
  operator?: string;
  created: TimeRange;
}

/** One adjustment as the list shows it, with the e-mails of the customer and both operators. */
export type AdjustmentListRow = {
  id: number;
  user_id: string;
  customer_email: string;
  direction: string;
  amount_micros: string;
  reason: string;
  reference: string;
  status: string;
  requested_by: string;
  requested_by_email: string;
  decided_by: string | null;
  decided_by_email: string | null;
  decision_reason: string | null;
  decided_at: Date | string | null;
  ledger_transaction_id: string | null;
  created_at: Date | string;
};

const LIST_COLUMNS = sql`a.id, a.user_id, u.email AS customer_email, a.direction, a.amount_micros, a.reason,
  a.reference, a.status, a.requested_by, rq.email AS requested_by_email, a.decided_by,
  dc.email AS decided_by_email, a.decision_reason, a.decided_at, a.ledger_transaction_id, a.created_at`;
const LIST_FROM = sql`balance_adjustments a
  JOIN users u ON u.id = a.user_id
  JOIN users rq ON rq.id = a.requested_by
  LEFT JOIN users dc ON dc.id = a.decided_by`;

function listWhere(scope: SQL, filter: AdjustmentFilter): SQL {
  const clauses: SQL[] = [scope];
  if (filter.status) clauses.push(sql`a.status = ${filter.status}`);
  if (filter.email) clauses.push(sql`u.email LIKE ${prefixPattern(filter.email)}`);
  if (filter.operator) clauses.push(sql`rq.email LIKE ${prefixPattern(filter.operator)}`);
  if (filter.created.from) clauses.push(sql`a.created_at >= ${filter.created.from.toISOString()}`);
  if (filter.created.before) clauses.push(sql`a.created_at < ${filter.created.before.toISOString()}`);
  return sql.join(clauses, sql` AND `);
}

/** A page of adjustments (newest first) whose customer is in `scope`. */
export async function pageAdjustments(
  db: Db,
  scope: SQL,
  filter: AdjustmentFilter,
  page: { offset: number; limit: number },
) {
  const where = listWhere(scope, filter);
  const [rows, total] = await Promise.all([
    db.execute<AdjustmentListRow>(sql`SELECT ${LIST_COLUMNS} FROM ${LIST_FROM} WHERE ${where}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ${LIST_FROM} WHERE ${where}`),
  ]);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}

/** One adjustment of a customer in `scope`, as the list shows it. */
export async function findAdjustmentView(db: Db, scope: SQL, id: number) {
  const result = await db.execute<AdjustmentListRow>(
    sql`SELECT ${LIST_COLUMNS} FROM ${LIST_FROM} WHERE a.id = ${id} AND ${scope}`,
  );
  return result.rows[0];
}
