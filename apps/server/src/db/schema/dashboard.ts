import { bigint, date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The operators' dashboard's daily rollups of the ledger (modules/business/dashboard/rollup.ts):
 * derived data, rebuilt from the ledger for any day, never a second source of truth. A day is
 * rolled up once it is over (the ledger is append-only, so its figures no longer change) and is
 * listed in `ledger_rollup_days` in the same transaction as its rows; the dashboard reads rolled
 * days from here and the rest (today) from the ledger itself.
 */
export const ledgerRollupDays = pgTable('ledger_rollup_days', {
  /** A UTC day. */
  day: date('day', { mode: 'string' }).primaryKey(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Money movements of a day per ledger kind and product type (the positive side of each transaction). */
export const ledgerDailyTotals = pgTable(
  'ledger_daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    productType: varchar('product_type', { length: 20 }).notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    movements: integer('movements').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.productType] })],
);

/** What each customer spent on products in a day (the consumption kinds). */
export const ledgerDailySpend = pgTable(
  'ledger_daily_spend',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/**
 * The same movements per customer (`ledger_transactions.user_id`): what a scoped operator's
 * dashboard sums over the customers of their scope, joined to `users` when read, so a customer
 * moved to another department counts where they are now, exactly as the ledger query would.
 */
export const ledgerDailyCustomerTotals = pgTable(
  'ledger_daily_customer_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    productType: varchar('product_type', { length: 20 }).notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    movements: integer('movements').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.kind, t.productType] }),
    index('ledger_daily_customer_totals_day_idx').on(t.day),
  ],
);
