/**
 * The dashboard's SQL: every figure is read from the ledger, orders, top-up orders, resources and
 * accounts themselves (no copy to drift). Each query reads one range of an indexed time column
 * (migration 0033), so its cost follows the range's rows, not the table's.
 */
import { ROLE_DEFAULT } from '@cloudbay/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { UserIdScope } from '../scope';

/** Ledger kinds a customer pays products with; their positive side is the revenue taken. */
export const CONSUMPTION_KINDS = ['purchase', 'renewal', 'upgrade', 'payg_hourly', 'traffic'] as const;
/** Kinds whose reference is an order number (the others' is the billed resource's id). */
const ORDER_KINDS = ['purchase', 'renewal', 'upgrade', 'refund'];
const MOVEMENT_KINDS = ['topup', 'refund', ...CONSUMPTION_KINDS];

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The customers the operator may see, as a condition on a user id column; undefined when they see
 * everyone (no join at all then: the whole-business figures stay on their indexes).
 */
export type ScopeFilter = UserIdScope;
const scoped = (filter: ScopeFilter, userId: SQL) => (filter ? sql`and ${filter(userId)}` : sql``);
const until = (before: Date | undefined) => (before ? sql`and t.created_at < ${before}` : sql``);
/** A UTC day as its ISO date. */
export const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

export type MovementRow = {
  day: Date;
  kind: string;
  product_type: string;
  n: number;
  amount: bigint;
};

/**
 * Money movements of the range per UTC day, ledger kind and product type. A transaction's amount is
 * the sum of its positive entries (the side money went to): for a top-up the wallet's credit, for
 * a charge the revenue, for a refund the wallet's credit.
 */
export function movementsSql(from: Date, scope: ScopeFilter, before?: Date, perCustomer = false): SQL {
  // Per customer (the rollup of a scoped dashboard): the customer's movements only, by customer.
  const customer = perCustomer ? sql`t.user_id, ` : sql``;
  return sql`
    select ${customer}date_trunc('day', t.created_at, 'UTC') as day, t.kind,
      coalesce(o.product_type, r.kind, 'other') as product_type,
      count(*)::int as n, sum(e.amount_micros)::bigint as amount
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id and e.amount_micros > 0
    left join orders o on t.kind in (${list(ORDER_KINDS)}) and o.no = t.reference
    left join resources r on t.kind in ('payg_hourly', 'traffic') and r.resource_id = t.reference
    where t.created_at >= ${from} ${until(before)} and t.kind in (${list(MOVEMENT_KINDS)})
      ${scoped(scope, sql`t.user_id`)} ${perCustomer ? sql`and t.user_id is not null` : sql``}
    group by ${perCustomer ? sql`1, 2, 3, 4` : sql`1, 2, 3`}`;
}

/**
 * The rolled-up days `[from, before)` from the rollups: the whole business's daily totals, or for a
 * scoped operator the sum of their customers' daily totals (the customers they see now).
 */
function rolledMovementsSql(from: Date, before: Date, scope: ScopeFilter): SQL {
  const range = sql`day >= ${dayOf(from)}::date and day < ${dayOf(before)}::date`;
  if (!scope) {
    return sql`
      select day::timestamp at time zone 'UTC' as day, kind, product_type, movements as n,
        amount_micros as amount
      from ledger_daily_totals where ${range}`;
  }
  return sql`
    select day::timestamp at time zone 'UTC' as day, kind, product_type, sum(movements)::int as n,
      sum(amount_micros)::bigint as amount
    from ledger_daily_customer_totals where ${range} and ${scope(sql`user_id`)}
    group by day, kind, product_type`;
}

/** The live movements from `from` on, and the rolled-up days' before it (from `rolledFrom`). */
export async function movementsByDay(
  db: Db,
  from: Date,
  scope: ScopeFilter,
  rolledFrom: Date = from,
): Promise<MovementRow[]> {
  const [live, rolled] = await Promise.all([
    db.execute<MovementRow>(movementsSql(from, scope)),
    rolledFrom < from ? db.execute<MovementRow>(rolledMovementsSql(rolledFrom, from, scope)) : { rows: [] },
  ]);
  return [...rolled.rows, ...live.rows];
}

/** What each customer spent on products from `from` (until `before`), from the ledger. */
export function spendSql(from: Date, scope: ScopeFilter, before?: Date): SQL {
  return sql`
    select t.user_id, sum(e.amount_micros)::bigint as amount
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id and e.amount_micros > 0
    where t.created_at >= ${from} ${until(before)} and t.kind in (${list(CONSUMPTION_KINDS)})
      and t.user_id is not null ${scoped(scope, sql`t.user_id`)}
    group by t.user_id`;
}

/** The customers who spent most: the rolled-up days from `rolledFrom`, the ledger from `from`. */
export function topSpendersSql(from: Date, limit: number, scope: ScopeFilter, rolledFrom: Date = from): SQL {
  return sql`
    select s.user_id, u.email, u.nickname, s.amount
    from (
      select user_id, sum(amount)::bigint as amount
      from (
        select user_id, amount_micros as amount from ledger_daily_spend
        where day >= ${dayOf(rolledFrom)}::date and day < ${dayOf(from)}::date ${scoped(scope, sql`user_id`)}
        union all
        ${spendSql(from, scope)}
      ) spent
      group by user_id
      order by amount desc, user_id
      limit ${limit}
    ) s
    join users u on u.id = s.user_id
    order by s.amount desc, s.user_id`;
}

export async function topSpenders(
  db: Db,
  from: Date,
  limit: number,
  scope: ScopeFilter,
  rolledFrom: Date = from,
) {
  const result = await db.execute<{ user_id: number; email: string; nickname: string; amount: bigint }>(
    topSpendersSql(from, limit, scope, rolledFrom),
  );
  return result.rows.map((row) => ({ ...row, user_id: Number(row.user_id) }));
}

/** The days of `[from, …)` already rolled up (ISO dates). */
export async function rolledDays(db: Db, from: Date): Promise<Set<string>> {
  const result = await db.execute<{ day: string }>(
    sql`select day::text as day from ledger_rollup_days where day >= ${dayOf(from)}::date`,
  );
  return new Set(result.rows.map((row) => row.day));
}

/** Main customer accounts (the customer role, not a sub-account) created per UTC day of the range. */
export async function newCustomersByDay(db: Db, from: Date, scope: ScopeFilter) {
  const result = await db.execute<{ day: Date; n: number }>(sql`
    select date_trunc('day', u.created_at, 'UTC') as day, count(*)::int as n
    from users u
    where u.created_at >= ${from} and u.parent_id is null
      and exists (
        select 1 from user_roles ur join roles ro on ro.id = ur.role_id
        where ur.user_id = u.id and ro.key = ${ROLE_DEFAULT}
      )
      ${scoped(scope, sql`u.id`)}
    group by 1`);
  return result.rows;
}

/** Resources created and not deleted, per kind. */
export async function liveResources(db: Db, scope: ScopeFilter) {
  const result = await db.execute<{ kind: string; n: number }>(sql`
    select r.kind, count(*)::int as n from resources r
    where r.deleted_at is null and r.resource_status = 'created' ${scoped(scope, sql`r.user_id`)}
    group by r.kind order by r.kind`);
  return result.rows;
}

/** Customers with a resource-hour their balance could not pay in the range. */
export async function customersInArrears(db: Db, from: Date, scope: ScopeFilter): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(distinct c.user_id)::int as n from resource_hour_charges c
    where c.outcome = 'unpaid' and c.hour_start >= ${from} ${scoped(scope, sql`c.user_id`)}`);
  return result.rows[0]?.n ?? 0;
}

/**
 * What customers hold: the cached balances of their wallets and holds (ledger:verify checks each
 * against its entries, so this is the entries' sum without reading them).
 */
export async function customerBalances(db: Db, scope: ScopeFilter): Promise<bigint> {
  const result = await db.execute<{ total: bigint }>(sql`
    select coalesce(sum(a.balance_micros), 0)::bigint as total from ledger_accounts a
    where a.kind in ('customer_wallet', 'customer_hold') and a.owner_user_id is not null
      ${scoped(scope, sql`a.owner_user_id`)}`);
  return BigInt(result.rows[0]?.total ?? 0);
}

/** Top-up orders of the range by verdict: paid (2), and timed out (3) or refused (4). */
export async function topupVerdicts(db: Db, from: Date, scope: ScopeFilter) {
  const result = await db.execute<{ paid: number; unpaid: number }>(sql`
    select count(*) filter (where o.status = 2)::int as paid,
      count(*) filter (where o.status in (3, 4))::int as unpaid
    from topup_orders o
    where o.created_at >= ${from} ${scoped(scope, sql`o.user_id`)}`);
  return result.rows[0] ?? { paid: 0, unpaid: 0 };
}
