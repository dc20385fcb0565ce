import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { resources } from './resources';
import { subAccountPermissions } from './sub-accounts';

/**
 * Cloud strategy (spec §3 Policy): what a desktop's user may carry across the connection. Each
 * customer has exactly one default policy (made on first use, given to new desktops, never edited
 * or deleted); the others are theirs to manage. Upstream each is an ECD policy group
 * (`instance_id`); desktops name theirs in `resources.spec.policyId` (the public `policy_id`).
 */
export const desktopPolicies = pgTable(
  'desktop_policies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The public id (`pl-…`). */
    policyId: varchar('policy_id', { length: 40 }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 64 }).notNull(),
    /** POLICY_CLIPBOARD_MODES. */
    clipboard: varchar('clipboard', { length: 10 }).notNull(),
    /** POLICY_LOCAL_DRIVE_MODES. */
    localDrive: varchar('local_drive', { length: 10 }).notNull(),
    usbRedirect: boolean('usb_redirect').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** The upstream policy group, once created. */
    instanceId: varchar('instance_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('desktop_policies_policy_id_unique').on(t.policyId),
    uniqueIndex('desktop_policies_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    // One default per customer, so concurrent first uses cannot make two.
    uniqueIndex('desktop_policies_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    index('desktop_policies_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('desktop_policies_clipboard_known', sql`${t.clipboard} in ('off', 'read', 'write', 'readwrite')`),
    check('desktop_policies_local_drive_known', sql`${t.localDrive} in ('off', 'read', 'readwrite')`),
  ],
);

/**
 * Which sub-accounts may use which of their main account's desktops (spec §6: sub-accounts use
 * bound cloud computers). Binding is the sub-account management's; the desktop page lists them.
 */
export const subAccountDesktops = pgTable(
  'sub_account_desktops',
  {
    subUserId: bigint('sub_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** `resources.id` of a desktop. */
    resourceId: bigint('resource_id', { mode: 'number' })
      .notNull()
      .references(() => resources.id),
    /** What the sub-account may do with the desktop (SUB_ACCOUNT_PERMISSIONS; issue 21). */
    permissions: subAccountPermissions(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subUserId, t.resourceId] }),
    index('sub_account_desktops_resource_idx').on(t.resourceId),
  ],
);
