/**
 * SQL of the operators' customer list: one row per customer with its wallet, its money totals from
 * the ledger and its live resources, filtered, sorted and paged in SQL.
 *
 * A customer is a main account (`parent_id` null) holding the customer role (`ROLE_DEFAULT`) and
 * no other role: an account given an operator role is an operator, even if it signed up.
 */
import { ROLE_DEFAULT, type CustomerSort } from '@cloudbay/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import type { TimeRange } from '../../../lib/time-window';
import { deptSubtreeIds } from '../../system/data-scope';

/** The customer rule on alias `u`. */
export const IS_CUSTOMER = sql`u.parent_id IS NULL
  AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
    WHERE ur.user_id = u.id AND r.key = ${ROLE_DEFAULT})
  AND NOT EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
    WHERE ur.user_id = u.id AND r.key <> ${ROLE_DEFAULT})`;

/**
 * Ledger kinds that spend a customer's money (charges, and a hold settled into revenue) and the
 * refund that gives it back: spent = minus their sum on the customer's wallet and hold accounts.
 * The database keeps that sum per customer in `customer_spend` (its triggers, migration 0034, list
 * the same kinds: change both together); `ledgerSpentSql` computes it from the ledger, for checks.
 */
export const SPEND_KINDS = sql`('purchase', 'renewal', 'upgrade', 'payg_hourly', 'traffic', 'settle', 'refund')`;
/** Resource kinds counted as networks in the list. */
const NETWORK_KINDS = sql`('office_site', 'eip', 'phone_network')`;

export interface CustomerFilter {
  email?: string;
  nickname?: string;
  status?: string;
  deptId?: number;
  ownerOperatorId?: number;
  balanceMin?: bigint;
  balanceMax?: bigint;
  arrears?: boolean;
  created: TimeRange;
}

export type CustomerSortSpec = { by: CustomerSort; order: 'asc' | 'desc' };

export interface CustomerRow {
  id: number;
  email: string;
  nickname: string;
  status: string;
  phWhiteUser: number;
  deptId: number | null;
  deptName: string | null;
  ownerId: number | null;
  ownerEmail: string | null;
  inviterId: number | null;
  inviterEmail: string | null;
  balanceMicros: bigint;
  holdMicros: bigint;
  topupMicros: bigint;
  spentMonthMicros: bigint;
  spentTotalMicros: bigint;
  desktops: number;
  phones: number;
  networks: number;
  subAccounts: number;
  arrears: boolean;
  createdAt: Date;
}

/** The filters, the customer rule and the caller's scope, on alias `u` (and `w`, the wallet). */
function whereOf(filter: CustomerFilter, scope: SQL): SQL {
  const conditions: SQL[] = [IS_CUSTOMER, scope];
  if (filter.email) conditions.push(sql`u.email ILIKE ${containsPattern(filter.email)}`);
  if (filter.nickname) conditions.push(sql`u.nickname ILIKE ${containsPattern(filter.nickname)}`);
  if (filter.status) conditions.push(sql`u.status = ${filter.status}`);
  if (filter.deptId) conditions.push(sql`u.dept_id IN (${deptSubtreeIds(filter.deptId)})`);
  if (filter.ownerOperatorId) conditions.push(sql`u.owner_operator_id = ${filter.ownerOperatorId}`);
  if (filter.balanceMin !== undefined)
    conditions.push(sql`coalesce(w.balance_micros, 0) >= ${filter.balanceMin.toString()}`);
  if (filter.balanceMax !== undefined)
    conditions.push(sql`coalesce(w.balance_micros, 0) <= ${filter.balanceMax.toString()}`);
  if (filter.arrears) conditions.push(sql`${ARREARS}`);
  if (filter.created.from) conditions.push(sql`u.created_at >= ${filter.created.from.toISOString()}`);
  if (filter.created.before) conditions.push(sql`u.created_at < ${filter.created.before.toISOString()}`);
  return sql.join(conditions, sql` AND `);
}

const ARREARS = sql`EXISTS (SELECT 1 FROM resources ar
  WHERE ar.user_id = u.id AND ar.deleted_at IS NULL AND ar.stop_reason = 'arrears')`;

const FROM = sql`FROM users u
  LEFT JOIN ledger_accounts w ON w.owner_user_id = u.id AND w.kind = 'customer_wallet'`;

/** The first day of the current calendar month, UTC. */
const MONTH_START = sql`(date_trunc('month', now() AT TIME ZONE 'UTC'))::date`;

/** The spent totals of `sp` (`customer_spend`, left-joined): a customer without a row spent nothing. */
const SPENT_TOTAL = sql`coalesce(sp.spent_micros, 0)`;
const SPENT_MONTH = sql`(CASE WHEN sp.month = ${MONTH_START} THEN sp.month_spent_micros ELSE 0 END)`;
const SPENT_JOIN = sql`LEFT JOIN customer_spend sp ON sp.user_id = u.id`;

/**
 * Everything a row shows. The laterals run once per row of the page (each on an index: the
 * customer's ledger entries by account, resources by user, sub-accounts by parent).
 */
const COLUMNS = sql`u.id, u.email, u.nickname, u.status, u.ph_white_user AS "phWhiteUser",
  u.dept_id AS "deptId", d.name AS "deptName",
  u.owner_operator_id AS "ownerId", o.email AS "ownerEmail",
  u.invited_by AS "inviterId", i.email AS "inviterEmail",
  coalesce(w.balance_micros, 0)::text AS "balanceMicros", coalesce(h.balance_micros, 0)::text AS "holdMicros",
  money.topup::text AS "topupMicros", ${SPENT_MONTH}::text AS "spentMonthMicros",
  ${SPENT_TOTAL}::text AS "spentTotalMicros",
  live.desktops, live.phones, live.networks, live.arrears,
  (SELECT count(*)::int FROM users s WHERE s.parent_id = u.id) AS "subAccounts",
  u.created_at AS "createdAt"`;

const JOINS = sql`
  LEFT JOIN ledger_accounts h ON h.owner_user_id = u.id AND h.kind = 'customer_hold'
  LEFT JOIN depts d ON d.id = u.dept_id
  LEFT JOIN users o ON o.id = u.owner_operator_id
  LEFT JOIN users i ON i.id = u.invited_by
  ${SPENT_JOIN}
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(e.amount_micros), 0) AS topup
    FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id AND t.kind = 'topup'
    WHERE e.account_id IN (w.id, h.id)
  ) money
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE r.kind = 'desktop')::int AS desktops,
      count(*) FILTER (WHERE r.kind = 'phone')::int AS phones,
      count(*) FILTER (WHERE r.kind IN ${NETWORK_KINDS})::int AS networks,
      coalesce(bool_or(r.stop_reason = 'arrears'), false) AS arrears
    FROM resources r WHERE r.user_id = u.id AND r.deleted_at IS NULL
  ) live`;

/**
 * What every customer spent, from the ledger itself (a pass over every spending entry): what
 * `customer_spend` must equal, for tests and the benchmark, and the sort the list had before it.
 */
export const ledgerSpentSql = (
  monthOnly = false,
) => sql`SELECT a.owner_user_id AS user_id, -sum(e.amount_micros) AS spent
  FROM ledger_entries e
  JOIN ledger_transactions t ON t.id = e.transaction_id AND t.kind IN ${SPEND_KINDS}
  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('customer_wallet', 'customer_hold')
  ${monthOnly ? sql`WHERE e.created_at >= ${MONTH_START}::timestamp AT TIME ZONE 'UTC'` : sql``}
  GROUP BY a.owner_user_id`;

/** The sort key's expression, on `u`, `w` and `sp`. */
function sortKeyOf(sort: CustomerSortSpec): SQL {
  if (sort.by === 'balance') return sql`coalesce(w.balance_micros, 0)`;
  if (sort.by === 'spent') return SPENT_TOTAL;
  if (sort.by === 'spentMonth') return sql`coalesce(${SPENT_MONTH}, 0)`;
  return sql`u.created_at`;
}

function toRow(raw: Record<string, unknown>): CustomerRow {
  const big = (key: string) => BigInt(raw[key] as string);
  return {
    ...(raw as unknown as CustomerRow),
    id: Number(raw.id),
    deptId: raw.deptId === null ? null : Number(raw.deptId),
    ownerId: raw.ownerId === null ? null : Number(raw.ownerId),
    inviterId: raw.inviterId === null ? null : Number(raw.inviterId),
    balanceMicros: big('balanceMicros'),
    holdMicros: big('holdMicros'),
    topupMicros: big('topupMicros'),
    spentMonthMicros: big('spentMonthMicros'),
    spentTotalMicros: big('spentTotalMicros'),
    createdAt: new Date(raw.createdAt as string),
  };
}

/**
 * One page: the ids of the page are chosen first (filters, scope, sort, on the users and wallet
 * rows alone), then only those rows get their totals and counts.
 */
export async function listCustomerRows(
  db: Db,
  filter: CustomerFilter,
  scope: SQL,
  sort: CustomerSortSpec,
  page: { page: number; limit: number },
) {
  const where = whereOf(filter, scope);
  const spentJoin = sort.by === 'spent' || sort.by === 'spentMonth' ? SPENT_JOIN : sql``;
  const dir = sort.order === 'asc' ? sql`ASC` : sql`DESC`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      WITH page AS (
        SELECT u.id, ${sortKeyOf(sort)} AS sort_key
        ${FROM} ${spentJoin}
        WHERE ${where}
        ORDER BY sort_key ${dir}, u.id ${dir}
        LIMIT ${page.limit} OFFSET ${(page.page - 1) * page.limit}
      )
      SELECT ${COLUMNS} FROM page JOIN users u ON u.id = page.id
        LEFT JOIN ledger_accounts w ON w.owner_user_id = u.id AND w.kind = 'customer_wallet'
        ${JOINS}
      ORDER BY page.sort_key ${dir}, page.id ${dir}`),
    db.execute(sql`SELECT count(*)::int AS n ${FROM} WHERE ${where}`),
  ]);
  return { rows: rows.rows.map(toRow), total: Number(counted.rows[0]?.n ?? 0) };
}

/** Export: newest first, the next rows below `belowId`. */
export async function findCustomerBatch(
  db: Db,
  filter: CustomerFilter,
  scope: SQL,
  belowId: number | undefined,
  limit: number,
) {
  const below = belowId === undefined ? sql`true` : sql`u.id < ${belowId}`;
  const result = await db.execute(
    sql`SELECT ${COLUMNS} ${FROM} ${JOINS} WHERE ${whereOf(filter, scope)} AND ${below} ORDER BY u.id DESC LIMIT ${limit}`,
  );
  return result.rows.map(toRow);
}

/** One customer, if it is one and the scope lets the caller see it. */
export async function findScopedCustomer(db: Db, userId: number, scope: SQL) {
  const result = await db.execute(
    sql`SELECT ${COLUMNS} ${FROM} ${JOINS} WHERE u.id = ${userId} AND ${IS_CUSTOMER} AND ${scope}`,
  );
  const raw = result.rows[0];
  return raw ? toRow(raw) : undefined;
}
