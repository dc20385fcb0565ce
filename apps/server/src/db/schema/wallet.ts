import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  check,
  index,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Ledger accounts. Every customer gets a wallet at sign-up and a hold account on its first hold,
 * each with its balance cached here in integer micro-dollars (1 USD = 1 000 000) and locked by every
 * posting; neither can go below zero, so no bug and no race can spend money a customer does not
 * have. Platform accounts (owner null, one per kind) are the other side of every customer movement.
 * They keep `balance_micros` at 0 and their balance is the sum of their entries: caching it would
 * make every charge of every customer queue on one row (bench/README.md, Ledger).
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
    // NULLs are distinct in the index above, so platform accounts need their own.
    uniqueIndex('ledger_accounts_platform_kind_unique')
      .on(t.kind)
      .where(sql`${t.ownerUserId} is null`),
    check('ledger_accounts_platform_uncached', sql`${t.ownerUserId} is not null or ${t.balanceMicros} = 0`),
    check(
      'ledger_accounts_wallet_not_negative',
      sql`${t.kind} not in ('customer_wallet', 'customer_hold', 'customer_rebate', 'customer_rebate_pending') or ${t.balanceMicros} >= 0`,
    ),
  ],
);

/**
 * One business event that moves money (a top-up, a purchase, a hold…). Its entries sum to zero.
 * `idempotency_key` is unique: the same event posted twice (a retried request, a duplicate
 * gateway callback) finds the first one instead of moving the money again.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    /** What the money is for, e.g. an order number. */
    reference: varchar('reference', { length: 100 }),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    /** The customer concerned, for bills; null for platform-only movements. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    memo: varchar('memo', { length: 500 }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key_unique').on(t.idempotencyKey),
    index('ledger_transactions_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('ledger_transactions_reference_idx').on(t.reference),
    // The operators' dashboard reads one time range of every customer's movements.
    index('ledger_transactions_created_idx').on(t.createdAt),
    check(
      'ledger_transactions_kind_known',
      sql`${t.kind} in ('topup', 'topup_bonus', 'purchase', 'renewal', 'upgrade', 'payg_hourly', 'traffic', 'refund', 'referral_reward', 'withdrawal', 'admin_adjustment', 'gift', 'hold', 'settle', 'release')`,
    ),
  ],
);

/**
 * One signed movement on one account. `balance_after_micros` is a customer account's balance right
 * after it (the bills show it); null on platform accounts, which keep no running balance.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    balanceAfterMicros: bigint('balance_after_micros', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_history_idx').on(t.accountId, t.id.desc()),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_not_zero', sql`${t.amountMicros} <> 0`),
  ],
);
