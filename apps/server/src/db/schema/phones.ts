import { sql } from 'drizzle-orm';
import { bigint, bigserial, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * A customer's phone groups (spec §3 Phone group): the console's own labels, unknown upstream.
 * A phone names its group in `resources.spec.groupId` (this row's id); no group is ungrouped.
 */
export const phoneGroups = pgTable(
  'phone_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 30 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Case-insensitive, so two racing creates of "Farm" and "farm" cannot both win.
  (t) => [uniqueIndex('phone_groups_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);
