/** SQL of referral rebates and withdrawals (issue 22). */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prefixPattern } from '../../db/like';
import { referralWithdrawals } from '../../db/schema';
import type { TimeRange } from '../../lib/time-window';
import { CUSTOMER_REBATE, CUSTOMER_REBATE_PENDING } from '../wallet/referral-earning';

export type WithdrawalRow = typeof referralWithdrawals.$inferSelect;

/** The figures of the referral page, in micro-dollars, in one statement. */
export async function referralFigures(db: Db, userId: number) {
  const { rows } = await db.execute<{
    invitees: string;
    earned: string;
    withdrawable: string;
    in_withdrawal: string;
    withdrawn: string;
  }>(sql`SELECT
    (SELECT count(*) FROM users WHERE invited_by = ${userId} AND parent_id IS NULL AND id <> ${userId}) AS invitees,
    (SELECT coalesce(sum(reward_micros), 0) FROM referral_rewards WHERE inviter_user_id = ${userId}) AS earned,
    (SELECT coalesce(max(balance_micros), 0) FROM ledger_accounts
      WHERE owner_user_id = ${userId} AND kind = ${CUSTOMER_REBATE}) AS withdrawable,
    (SELECT coalesce(max(balance_micros), 0) FROM ledger_accounts
      WHERE owner_user_id = ${userId} AND kind = ${CUSTOMER_REBATE_PENDING}) AS in_withdrawal,
    (SELECT coalesce(sum(amount_micros), 0) FROM referral_withdrawals
      WHERE user_id = ${userId} AND status = 'success') AS withdrawn`);
  const row = rows[0]!;
  return {
    invitees: Number(row.invitees),
    earned: BigInt(row.earned),
    withdrawable: BigInt(row.withdrawable),
    inWithdrawal: BigInt(row.in_withdrawal),
    withdrawn: BigInt(row.withdrawn),
  };
}

export interface Paging {
  offset: number;
  limit: number;
}

async function paged<Row extends Record<string, unknown>>(
  db: Db,
  select: SQL,
  from: SQL,
  order: SQL,
  page: Paging,
) {
  const [rows, total] = await Promise.all([
    db.execute<Row>(
      sql`SELECT ${select} FROM ${from} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ${from}`),
  ]);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}

export const pageInvitees = (db: Db, userId: number, page: Paging) =>
  paged<{ email: string; created_at: Date | string; spent: string }>(
    db,
    sql`u.email, u.created_at, coalesce(c.spent_micros, 0) AS spent`,
    sql`users u LEFT JOIN referral_carries c ON c.invitee_user_id = u.id
      WHERE u.invited_by = ${userId} AND u.parent_id IS NULL AND u.id <> ${userId}`,
    sql`u.created_at DESC, u.id DESC`,
    page,
  );

export const pageRewards = (db: Db, userId: number, page: Paging) =>
  paged<{
    id: string;
    email: string;
    source_kind: string;
    spend_micros: string;
    percent_bp: number;
    reward_micros: string;
    created_at: Date | string;
  }>(
    db,
    sql`r.id, u.email, r.source_kind, r.spend_micros, r.percent_bp, r.reward_micros, r.created_at`,
    sql`referral_rewards r JOIN users u ON u.id = r.invitee_user_id WHERE r.inviter_user_id = ${userId}`,
    sql`r.created_at DESC, r.id DESC`,
    page,
  );

export const pageWithdrawals = (db: Db, userId: number, page: Paging) =>
  paged<WithdrawalListRow>(db, LIST_COLUMNS, sql`${LIST_FROM} WHERE w.user_id = ${userId}`, LIST_ORDER, page);

/** One withdrawal as the lists show it (the operators' with the customer's and decider's e-mails). */
export type WithdrawalListRow = {
  id: string;
  user_id: string;
  customer_email: string;
  amount_micros: string;
  channel: string;
  address: string;
  status: string;
  tx_hash: string;
  failure_reason: string;
  decided_by_email: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
};

const LIST_COLUMNS = sql`w.id, w.user_id, u.email AS customer_email, w.amount_micros, w.channel, w.address,
  w.status, w.tx_hash, w.failure_reason, d.email AS decided_by_email, w.decided_at, w.created_at`;
const LIST_FROM = sql`referral_withdrawals w JOIN users u ON u.id = w.user_id LEFT JOIN users d ON d.id = w.decided_by`;
const LIST_ORDER = sql`w.created_at DESC, w.id DESC`;

export interface AdminWithdrawalFilter {
  status?: string;
  channel?: string;
  email?: string;
  created: TimeRange;
}

/** A page of every customer's withdrawals within `scope` (a condition on the customer `u`). */
export function pageAdminWithdrawals(db: Db, scope: SQL, filter: AdminWithdrawalFilter, page: Paging) {
  const clauses: SQL[] = [scope];
  if (filter.status) clauses.push(sql`w.status = ${filter.status}`);
  if (filter.channel) clauses.push(sql`w.channel = ${filter.channel}`);
  if (filter.email) clauses.push(sql`u.email LIKE ${prefixPattern(filter.email)}`);
  if (filter.created.from) clauses.push(sql`w.created_at >= ${filter.created.from.toISOString()}`);
  if (filter.created.before) clauses.push(sql`w.created_at < ${filter.created.before.toISOString()}`);
  return paged<WithdrawalListRow>(
    db,
    LIST_COLUMNS,
    sql`${LIST_FROM} WHERE ${sql.join(clauses, sql` AND `)}`,
    LIST_ORDER,
    page,
  );
}

/** One withdrawal whose customer is in `scope`. */
export async function findWithdrawalView(db: Db, scope: SQL, id: number) {
  const { rows } = await db.execute<WithdrawalListRow>(
    sql`SELECT ${LIST_COLUMNS} FROM ${LIST_FROM} WHERE w.id = ${id} AND ${scope}`,
  );
  return rows[0];
}

/** Inserts the withdrawal unless the customer already made one under `requestKey` (then undefined). */
export async function insertWithdrawal(db: Db, values: typeof referralWithdrawals.$inferInsert) {
  const [row] = await db
    .insert(referralWithdrawals)
    .values(values)
    .onConflictDoNothing({ target: [referralWithdrawals.userId, referralWithdrawals.requestKey] })
    .returning();
  return row;
}

export async function findWithdrawalByKey(db: Db, userId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(referralWithdrawals)
    .where(and(eq(referralWithdrawals.userId, userId), eq(referralWithdrawals.requestKey, requestKey)));
  return row;
}

/** The withdrawal, locked for the caller's transaction (approve and reject race on this lock). */
export async function lockWithdrawal(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(referralWithdrawals)
    .where(eq(referralWithdrawals.id, id))
    .for('update');
  return row;
}

export async function updateWithdrawal(
  db: Db,
  id: number,
  values: Partial<typeof referralWithdrawals.$inferInsert>,
) {
  await db
    .update(referralWithdrawals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(referralWithdrawals.id, id));
}
