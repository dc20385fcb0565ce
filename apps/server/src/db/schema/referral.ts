import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownerUserId, serialId, timestamps } from './columns';
import { users } from './identity';
import { ledgerTransactions } from './wallet';

/**
 * One row per invitee who ever spent (issue 22): what the inviter has accrued from this invitee's
 * resource spend in exact micro-dollars (percent of each spend, net of refunds) and what of it the
 * ledger has credited in whole cents. `accrued − paid` is the carried remainder, so many small
 * charges lose nothing. Locked by every spend of the invitee after the invitee's wallet.
 */
export const referralCarries = pgTable('referral_carries', {
  inviteeUserId: bigint('invitee_user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  inviterUserId: bigint('inviter_user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  /** Resource spend of the invitee, net of refunds. */
  spentMicros: bigint('spent_micros', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  accruedMicros: bigint('accrued_micros', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** Credited to the inviter's rebate account: whole cents (a multiple of 10 000). */
  paidMicros: bigint('paid_micros', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One spend (or refund of one) by an invitee and what it earned: the source ledger transaction is
 * unique, so a spend earns once. `reward_micros` is what was credited now (negative: a refund's
 * reversal); `reward_transaction_id` the `referral_reward` posting, null when it rounded to no cent.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: serialId(),
    inviterUserId: bigint('inviter_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    inviteeUserId: bigint('invitee_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    sourceTransactionId: bigint('source_transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    /** The spend's ledger kind, or `refund`. */
    sourceKind: varchar('source_kind', { length: 30 }).notNull(),
    /** The spend's reference (an order number, a resource id): a refund finds its spend by it. */
    reference: varchar('reference', { length: 100 }),
    /** Signed: negative for a refund. */
    spendMicros: bigint('spend_micros', { mode: 'bigint' }).notNull(),
    /** The reward percentage in basis points (500 = 5 %) at the time of the spend. */
    percentBp: integer('percent_bp').notNull(),
    accruedMicros: bigint('accrued_micros', { mode: 'bigint' }).notNull(),
    rewardMicros: bigint('reward_micros', { mode: 'bigint' }).notNull(),
    rewardTransactionId: bigint('reward_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_rewards_source_unique').on(t.sourceTransactionId),
    index('referral_rewards_inviter_idx').on(t.inviterUserId, t.createdAt.desc(), t.id.desc()),
    index('referral_rewards_invitee_reference_idx').on(t.inviteeUserId, t.reference),
  ],
);

/**
 * A withdrawal of referral rebate (issue 22). `balance`: rebate → wallet at once (success);
 * `address`: rebate → in-withdrawal account (processing) until an operator approves it with the
 * transfer's hash (→ platform cash, success) or rejects it with a reason (back to the rebate
 * account, failed). `request_key` is the customer's Idempotency-Key: a retry finds its row.
 */
export const referralWithdrawals = pgTable(
  'referral_withdrawals',
  {
    id: serialId(),
    userId: ownerUserId(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    address: varchar('address', { length: 64 }).notNull().default(''),
    status: varchar('status', { length: 12 }).notNull(),
    txHash: varchar('tx_hash', { length: 100 }).notNull().default(''),
    failureReason: varchar('failure_reason', { length: 500 }).notNull().default(''),
    requestKey: varchar('request_key', { length: 200 }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('referral_withdrawals_request_unique').on(t.userId, t.requestKey),
    index('referral_withdrawals_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('referral_withdrawals_status_idx').on(t.status, t.createdAt.desc()),
    check('referral_withdrawals_amount_positive', sql`${t.amountMicros} > 0`),
    check('referral_withdrawals_channel_valid', sql`${t.channel} in ('balance', 'address')`),
    check('referral_withdrawals_status_valid', sql`${t.status} in ('processing', 'success', 'failed')`),
  ],
);
