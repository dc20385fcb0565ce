import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
  char,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Ledger accounts with their cached balance in integer micro-dollars (1 USD = 1 000 000).
 * Every customer gets a wallet at sign-up; the wallet can never go below zero. Transactions and
 * entries join with the wallet work.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id),
    kind: varchar('kind', { length: 30 }).notNull(),
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    balanceMicros: bigint('balance_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_kind_unique').on(t.ownerUserId, t.kind),
    check(
      'ledger_accounts_wallet_not_negative',
      sql`${t.kind} <> 'customer_wallet' or ${t.balanceMicros} >= 0`,
    ),
  ],
);
