import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestamps } from './columns';
import { users } from './identity';
import { ledgerTransactions } from './wallet';

/**
 * Operators' balance adjustments (issue 18, part B2). The money moves only through the ledger
 * (`admin_adjustment`); this row records who asked, who decided and the transaction it posted.
 * One above the approval setting waits `pending` until a second operator approves or rejects it.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: serialId(),
    /** The customer whose wallet moves. */
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    direction: varchar('direction', { length: 6 }).notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    reference: varchar('reference', { length: 100 }).notNull().default(''),
    status: varchar('status', { length: 10 }).notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The requester's Idempotency-Key: a retry finds the row it made instead of adding one. */
    requestKey: varchar('request_key', { length: 200 }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decisionReason: varchar('decision_reason', { length: 500 }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('balance_adjustments_request_key_unique').on(t.requestedBy, t.requestKey),
    index('balance_adjustments_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('balance_adjustments_status_created_idx').on(t.status, t.createdAt.desc()),
    index('balance_adjustments_user_idx').on(t.userId),
    index('balance_adjustments_requested_by_idx').on(t.requestedBy),
    check('balance_adjustments_direction_valid', sql`${t.direction} in ('credit', 'debit')`),
    check('balance_adjustments_status_valid', sql`${t.status} in ('pending', 'posted', 'rejected')`),
    check('balance_adjustments_amount_positive', sql`${t.amountMicros} > 0`),
    check(
      'balance_adjustments_posted_has_transaction',
      sql`(${t.status} = 'posted') = (${t.ledgerTransactionId} is not null)`,
    ),
  ],
);

/**
 * Every request made in a read-only support session (reads too): who looked at whose console and
 * what. Kept apart from `sessions` (no foreign key) so the trail outlives the session's cleanup.
 */
export const supportAudits = pgTable(
  'support_audits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 10 }).notNull(),
    /** The path without its query. */
    path: varchar('path', { length: 500 }).notNull(),
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_audits_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('support_audits_session_idx').on(t.sessionId),
    index('support_audits_operator_idx').on(t.operatorId),
    index('support_audits_customer_idx').on(t.customerId),
  ],
);
