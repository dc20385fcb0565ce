/**
 * The dashboard's daily rollups: once a UTC day is over (and an hour more, for a transaction that
 * was still committing at midnight), its movements per kind and product type (for the whole
 * business, and per customer for scoped operators) and each customer's spend are summed from the
 * ledger into `ledger_daily_totals`, `ledger_daily_customer_totals` and `ledger_daily_spend`, with the day
 * listed in `ledger_rollup_days`, in one transaction. The ledger is append-only, so a rolled day's
 * sums stay true; the dashboard reads those days from here (a handful of rows instead of every
 * entry) and the rest from the ledger. Only the days a range can show are rolled.
 */
import { DASHBOARD_RANGE_DAYS } from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { dayOf, movementsSql, rolledDays, spendSql } from './repo';

const DAY_MS = 86_400_000;
/** A day is rolled this long after its end, so no transaction of it can still commit. */
export const ROLLUP_GRACE_MS = 3_600_000;
const OLDEST_DAYS = Math.max(...Object.values(DASHBOARD_RANGE_DAYS));

/** Rolls up one UTC day; false when another run had rolled it. */
export async function rollUpDay(database: Database, day: Date): Promise<boolean> {
  const next = new Date(day.getTime() + DAY_MS);
  return inTransaction(database.pool, async ({ db }) => {
    // The marker first: a concurrent run of the same day waits here, then finds it taken.
    const claimed = await db.execute(
      sql`insert into ledger_rollup_days (day) values (${dayOf(day)}::date) on conflict do nothing returning day`,
    );
    if (claimed.rows.length === 0) return false;
    await db.execute(sql`
      insert into ledger_daily_totals (day, kind, product_type, amount_micros, movements)
      select ${dayOf(day)}::date, m.kind, m.product_type, m.amount, m.n
      from (${movementsSql(day, undefined, next)}) m`);
    await db.execute(sql`
      insert into ledger_daily_customer_totals (user_id, day, kind, product_type, amount_micros, movements)
      select m.user_id, ${dayOf(day)}::date, m.kind, m.product_type, m.amount, m.n
      from (${movementsSql(day, undefined, next, true)}) m`);
    await db.execute(sql`
      insert into ledger_daily_spend (day, user_id, amount_micros)
      select ${dayOf(day)}::date, s.user_id, s.amount from (${spendSql(day, undefined, next)}) s`);
    return true;
  });
}

/**
 * The oldest day any reader shows: the dashboard's longest range, or the first of last month (the
 * customers' statistics, issue 22, read this and last month from the per-customer rollups).
 */
export function oldestRolledDay(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const lastMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  return new Date(Math.min(today - OLDEST_DAYS * DAY_MS, lastMonth));
}

/** Rolls up every finished day a reader can show that is not rolled yet, oldest first. */
export async function runDashboardRollup(database: Database, now = new Date()): Promise<number> {
  const oldest = oldestRolledDay(now);
  const done = await rolledDays(database.db, oldest);
  let rolled = 0;
  for (let day = oldest.getTime(); day + DAY_MS + ROLLUP_GRACE_MS <= now.getTime(); day += DAY_MS) {
    if (!done.has(dayOf(new Date(day))) && (await rollUpDay(database, new Date(day)))) rolled++;
  }
  return rolled;
}
