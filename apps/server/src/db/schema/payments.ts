import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Top-up orders (spec §3 Top-up order, §4): what a customer asked to pay, the gateway's answer
 * and, once paid, what was credited. Money in integer micro-dollars; the amount in the payment
 * currency stays the gateway's decimal text. Status: 1 pending, 2 paid, 3 timed out, 4 failed.
 */
export const topupOrders = pgTable(
  'topup_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Our order number, sent to the gateway and named by its callbacks. */
    no: varchar('no', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** '1' fiat QR, '2' stablecoin. */
    payType: varchar('pay_type', { length: 1 }).notNull(),
    /** The adapter that created the payment; only its callbacks may complete the order. */
    gateway: varchar('gateway', { length: 20 }).notNull(),
    moneyMicros: bigint('money_micros', { mode: 'bigint' }).notNull(),
    rateAmount: text('rate_amount').notNull().default(''),
    currency: varchar('currency', { length: 8 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    tradeId: varchar('trade_id', { length: 128 }),
    qrcode: text('qrcode').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Why the gateway refused the payment (status 4). */
    failure: text('failure'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What the paid callback said was paid, in the payment currency, as sent. */
    paidAmount: text('paid_amount'),
    /** Credited to the wallet: the order's money plus the bonus. */
    creditedMicros: bigint('credited_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The first-recharge bonus this order earned. */
    bonusMicros: bigint('bonus_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('topup_orders_no_unique').on(t.no),
    // The customer's records, newest first.
    index('topup_orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The operators' list of every top-up, newest first, and its search by the gateway's trade id;
    // also the dashboard's gateway success rate of a range.
    index('topup_orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('topup_orders_trade_id_idx').on(t.tradeId),
    // The expiry sweep looks only at pending orders.
    index('topup_orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 1`),
    check('topup_orders_status_known', sql`${t.status} in (1, 2, 3, 4)`),
    check('topup_orders_money_positive', sql`${t.moneyMicros} > 0`),
  ],
);

/**
 * Every payment callback received, genuine or not, with what was done about it (`verdict`:
 * credited, duplicate, bad_signature, malformed, amount_mismatch, unknown_order, waiting, expired…),
 * so an operator can answer "I paid but got nothing" from the log alone.
 */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gateway: varchar('gateway', { length: 20 }).notNull(),
    /** The order number the callback named (unverified when the verdict says so). */
    orderNo: varchar('order_no', { length: 64 }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    verdict: varchar('verdict', { length: 30 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_callbacks_order_idx').on(t.orderNo, t.id)],
);

/**
 * The sandbox gateway's own books: each payment its payer page took, as the sandbox signed it. A
 * real gateway keeps these on its side; the sandbox keeps them here so that asking it about an
 * order (the operators' reconcile) answers the truth after a restart. Not our ledger: a row says
 * the payer paid at the gateway, whether or not our callback handling credited it.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  /** Our order number; one payment per order (paying twice records the first). */
  no: varchar('no', { length: 32 }).primaryKey(),
  /** '1' fiat, '2' stablecoin: the sandbox instance that took it. */
  payType: varchar('pay_type', { length: 1 }).notNull(),
  tradeId: varchar('trade_id', { length: 64 }).notNull(),
  /** US dollars, exact decimal text, as signed. */
  amount: text('amount').notNull(),
  /** The amount in the payment currency, as signed. */
  paidAmount: text('paid_amount').notNull(),
  signature: text('signature').notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
});
