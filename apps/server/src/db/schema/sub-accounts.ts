/**
 * Sub-accounts (issue 21): the phones a sub-account is bound to (desktops: `sub_account_desktops`
 * in desktop-access.ts), each binding's permissions, and the renewals a sub-account charged to its
 * main account, which its monthly spend cap is counted against.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { resources } from './resources';

/** A binding's permissions (SUB_ACCOUNT_PERMISSIONS); new bindings default to connect, start/stop, restart. */
export const subAccountPermissions = () =>
  varchar('permissions', { length: 20 })
    .array()
    .notNull()
    .default(sql`'{connect,start_stop,restart}'::varchar[]`);

/** Which sub-accounts may use which of their main account's phones. */
export const subAccountPhones = pgTable(
  'sub_account_phones',
  {
    subUserId: bigint('sub_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** `resources.id` of a phone. */
    resourceId: bigint('resource_id', { mode: 'number' })
      .notNull()
      .references(() => resources.id),
    permissions: subAccountPermissions(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subUserId, t.resourceId] }),
    index('sub_account_phones_resource_idx').on(t.resourceId),
  ],
);

/**
 * Each renewal a sub-account paid from its main account's wallet: the spend cap sums this
 * month's rows (under a lock on the sub-account's row) in the transaction that charges.
 */
export const subAccountCharges = pgTable(
  'sub_account_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subUserId: bigint('sub_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The order that charged (its ledger movement names the sub-account in the memo). */
    orderNo: varchar('order_no', { length: 40 }).notNull().unique(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sub_account_charges_sub_created_idx').on(t.subUserId, t.createdAt)],
);
