import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ownerUserId, serialId, updatedAt } from './columns';
import { regions } from './catalog';

import { orders } from './orders';

/**
 * Every billable resource a customer owns, whatever its type (spec §3: cloud computer, cloud phone,
 * office network, EIP, backup space, phone network): one table so that provisioning, hourly
 * billing, renewals and the expiry sweep are each one set-based engine over all types. Type-specific
 * fields live in `spec` (what was bought, as the provider's create takes it) and `attributes` (what
 * the cloud reports: IP, sessions…); the type's own module reads them.
 */
export const resources = pgTable(
  'resources',
  {
    id: serialId(),
    /** The public id the API uses (`desktop_id`, `office_site_id`…): a type prefix and random letters. */
    resourceId: varchar('resource_id', { length: 40 }).notNull(),
    userId: ownerUserId(),
    /** ORDER_PRODUCT_TYPES. */
    kind: varchar('kind', { length: 20 }).notNull(),
    regionId: bigint('region_id', { mode: 'number' }).references(() => regions.id),
    /** The order that created it. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    name: varchar('name', { length: 128 }).notNull(),
    /** The type's run status as the cloud last reported it (desktop: DESKTOP_STATUSES…). */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** RESOURCE_STATUSES: how far creation got. */
    resourceStatus: varchar('resource_status', { length: 20 }).notNull().default('not_created'),
    /** The upstream instance id, once the create call answered. */
    instanceId: varchar('instance_id', { length: 64 }),
    /** Sent with the create call: a retried create with it creates once. */
    clientToken: varchar('client_token', { length: 100 }).notNull(),
    /** BILLING_METHODS. */
    billingMethod: varchar('billing_method', { length: 20 }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** Given away (free trial, operator gift): cannot be renewed. */
    gift: boolean('gift').notNull().default(false),
    /** End of the paid subscription; null for pay-as-you-go. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Pay-as-you-go: what one running hour costs (catalogue price at purchase or last change). */
    hourlyPriceMicros: bigint('hourly_price_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * The traffic price per GB at purchase (or last renewal): a catalogue change applies to new
     * quotes only, so the hourly billing charges this rate; null (rows older than it) reads the
     * catalogue's current rate.
     */
    trafficRateMicros: bigint('traffic_rate_micros', { mode: 'bigint' }),
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull().default({}),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    /** Why the engine stopped it (e.g. 'arrears' when the balance ran out), cleared on start. */
    stopReason: varchar('stop_reason', { length: 30 }),
    /** Why creation failed, when it did. */
    failure: text('failure'),
    /** The 3-days-before-expiry notice went out for this `expires_at`. */
    expiryNoticeFor: timestamp('expiry_notice_for', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Released or deleted: kept for the customer's history and the bills that name it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('resources_resource_id_unique').on(t.resourceId),
    uniqueIndex('resources_client_token_unique').on(t.clientToken),
    // A customer's lists per type, newest first.
    index('resources_user_kind_created_idx').on(t.userId, t.kind, t.createdAt.desc(), t.id.desc()),
    index('resources_order_idx').on(t.orderId),
    // The operators' list of every customer's resources, newest first, of all kinds or one.
    index('resources_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('resources_kind_created_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
    // The hourly billing job reads only live pay-as-you-go resources.
    index('resources_payg_live_idx')
      .on(t.id)
      .where(sql`${t.billingMethod} = 'payg' and ${t.deletedAt} is null`),
    // The expiry sweep reads only live subscriptions by their end.
    index('resources_subscription_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.billingMethod} = 'subscription' and ${t.deletedAt} is null`),
    check(
      'resources_kind_known',
      sql`${t.kind} in ('desktop', 'phone', 'office_site', 'eip', 'backup_space', 'phone_network', 'proxy')`,
    ),
    check(
      'resources_resource_status_known',
      sql`${t.resourceStatus} in ('not_created', 'creating', 'created', 'creation_failed', 'refunded')`,
    ),
    check('resources_billing_method_known', sql`${t.billingMethod} in ('payg', 'subscription')`),
    check('resources_subscription_expires', sql`${t.billingMethod} = 'payg' or ${t.expiresAt} is not null`),
    check('resources_payg_no_auto_renew', sql`${t.billingMethod} = 'subscription' or not ${t.autoRenew}`),
    check('resources_hourly_price_not_negative', sql`${t.hourlyPriceMicros} >= 0`),
  ],
);

/**
 * One pay-as-you-go resource-hour charged (or refused for want of balance). The primary key makes
 * a second run of the same hour, or two billing workers at once, charge each resource-hour once.
 */
export const resourceHourCharges = pgTable(
  'resource_hour_charges',
  {
    resourceId: bigint('resource_id', { mode: 'number' })
      .notNull()
      .references(() => resources.id),
    /** The hour's start (UTC, on the hour). */
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    userId: ownerUserId(),
    /** Running time and traffic of the hour, priced. */
    runMicros: bigint('run_micros', { mode: 'bigint' }).notNull(),
    trafficBytes: bigint('traffic_bytes', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    trafficMicros: bigint('traffic_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The ledger transaction that took it; null when the balance could not cover it. */
    transactionId: bigint('transaction_id', { mode: 'number' }),
    /** 'charged' or 'unpaid' (the resource was stopped for arrears). */
    outcome: varchar('outcome', { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('resource_hour_charges_pk').on(t.resourceId, t.hourStart),
    index('resource_hour_charges_user_hour_idx').on(t.userId, t.hourStart),
    // Customers in arrears over a range (the operators' dashboard): unpaid hours are few.
    index('resource_hour_charges_unpaid_idx')
      .on(t.hourStart)
      .where(sql`${t.outcome} = 'unpaid'`),
    check('resource_hour_charges_outcome_known', sql`${t.outcome} in ('charged', 'unpaid')`),
  ],
);

/**
 * The hours a billing run has finished: every resource then billable was billed (or refused) for
 * it. The catch-up bills only hours not listed here, so an hour is judged once, right after it
 * ends; re-judging it later would read run statuses of a later time (a desktop stopped during the
 * hour and started since would be charged for the hours it was stopped).
 */
export const billingHours = pgTable('billing_hours', {
  /** The hour's start (UTC, on the hour). */
  hourStart: timestamp('hour_start', { withTimezone: true }).primaryKey(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});
