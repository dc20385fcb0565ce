import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ownerUserId, serialId, updatedAt } from './columns';
import { regions } from './catalog';

import { ledgerTransactions } from './wallet';

/**
 * Orders (spec §3 Order): one purchase, renewal or configuration change paid from the balance.
 * The provisioning engine inserts the order and its ledger charge in one database transaction and
 * moves `resource_status` as the cloud answers; a failed creation is refunded once and the
 * refund's amount recorded here. Money in integer micro-dollars.
 */
export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    no: varchar('no', { length: 32 }).notNull(),
    userId: ownerUserId(),
    /** ORDER_PRODUCT_TYPES. */
    productType: varchar('product_type', { length: 20 }).notNull(),
    /** ORDER_ACTIONS. */
    action: varchar('action', { length: 10 }).notNull().default('new'),
    /** ORDER_STATUSES. */
    status: varchar('status', { length: 20 }).notNull().default('pending_payment'),
    /** RESOURCE_STATUSES. */
    resourceStatus: varchar('resource_status', { length: 20 }).notNull().default('not_created'),
    quantity: integer('quantity').notNull().default(1),
    regionId: bigint('region_id', { mode: 'number' }).references(() => regions.id),
    /** BILLING_METHODS, or null for what has none (e.g. a bandwidth upgrade). */
    billingMethod: varchar('billing_method', { length: 20 }),
    /** Months bought; null for pay-as-you-go. */
    period: integer('period'),
    originalAmountMicros: bigint('original_amount_micros', { mode: 'bigint' }).notNull(),
    paidAmountMicros: bigint('paid_amount_micros', { mode: 'bigint' }).notNull(),
    refundedAmountMicros: bigint('refunded_amount_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The configuration bought (bundle, image, disk, name…), as the engine needs it to provision. */
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull().default({}),
    /** The resource(s) this order concerns once known (renewals and upgrades name theirs at once). */
    resourceIds: jsonb('resource_ids').$type<string[]>().notNull().default([]),
    /** The charge; null until paid. */
    chargeTransactionId: bigint('charge_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    failure: text('failure'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_no_unique').on(t.no),
    // The customer's list, newest first, and its filters (few rows per customer after the user).
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The operators' list of every customer's orders, newest first (issue 18).
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // A resource's order history (GET /user/resource_order): the orders naming it.
    index('orders_resource_ids_idx').using('gin', t.resourceIds.op('jsonb_path_ops')),
    // The engine's sweep for orders whose resource is still being made.
    index('orders_resource_pending_idx')
      .on(t.resourceStatus)
      .where(sql`${t.resourceStatus} in ('not_created', 'creating')`),
    check(
      'orders_product_type_known',
      sql`${t.productType} in ('desktop', 'phone', 'office_site', 'eip', 'backup_space', 'phone_network', 'proxy')`,
    ),
    check('orders_action_known', sql`${t.action} in ('new', 'renew', 'upgrade')`),
    check(
      'orders_status_known',
      sql`${t.status} in ('pending_payment', 'payment_success', 'payment_failed', 'paid', 'payment_timeout')`,
    ),
    check(
      'orders_resource_status_known',
      sql`${t.resourceStatus} in ('not_created', 'creating', 'created', 'creation_failed', 'refunded')`,
    ),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'orders_amounts_valid',
      sql`${t.paidAmountMicros} >= 0 and ${t.originalAmountMicros} >= ${t.paidAmountMicros} and ${t.refundedAmountMicros} between 0 and ${t.paidAmountMicros}`,
    ),
  ],
);
