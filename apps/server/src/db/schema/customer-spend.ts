import { bigint, date, index, pgTable } from 'drizzle-orm/pg-core';

/**
 * What each customer has spent, kept by the database itself: triggers on `ledger_entries`
 * (migration 0034, `customer_spend_*` functions) add every new spending entry of a customer's wallet
 * or hold in the statement that inserts it, set-based, so the figure equals the ledger's at every
 * commit (an updated or deleted entry, which the append-only ledger never has outside tests,
 * recomputes its customers from the ledger). Spent is minus the sum of the spending kinds' entries
 * (charges, settled holds and refunds), as the customer list defines it (business/customer/repo.ts);
 * `month` is the latest UTC month with such an entry and `month_spent_micros` that month's part,
 * so "this month" reads 0 once a new month starts. The operators' customer list sorts by these
 * instead of summing the ledger per request.
 */
export const customerSpend = pgTable(
  'customer_spend',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    spentMicros: bigint('spent_micros', { mode: 'bigint' }).notNull(),
    /** The first day of the latest UTC month with a spending entry. */
    month: date('month', { mode: 'string' }).notNull(),
    monthSpentMicros: bigint('month_spent_micros', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('customer_spend_spent_idx').on(t.spentMicros),
    index('customer_spend_month_idx').on(t.month, t.monthSpentMicros),
  ],
);
