import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ownerUserId, serialId, timestamps } from './columns';
import { regions } from './catalog';
import { users } from './identity';
import { resources } from './resources';

/**
 * Free 24-hour trial applications (issue 22, part G2). One trial per account is the database's
 * rule: a partial unique index lets an account hold at most one application that is pending or
 * approved (a rejected one may be followed by a new application). The applicant's IP and e-mail
 * domain are kept for the operators' anti-abuse signals.
 */
export const freeResourceApplications = pgTable(
  'free_resource_applications',
  {
    id: serialId(),
    userId: ownerUserId(),
    regionId: bigint('region_id', { mode: 'number' })
      .notNull()
      .references(() => regions.id),
    contactType: varchar('contact_type', { length: 20 }).notNull(),
    contact: varchar('contact', { length: 100 }).notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** The operator's reason, shown to the customer on a rejection. */
    reason: varchar('reason', { length: 500 }),
    ip: varchar('ip', { length: 64 }).notNull(),
    /** The part of the applicant's e-mail after '@', lower case. */
    emailDomain: varchar('email_domain', { length: 254 }).notNull(),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The trial desktop the approval made. */
    resourceId: bigint('resource_id', { mode: 'number' }).references(() => resources.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('free_resource_applications_one_per_account')
      .on(t.userId)
      .where(sql`${t.status} <> 'rejected'`),
    index('free_resource_applications_user_idx').on(t.userId, t.createdAt.desc()),
    index('free_resource_applications_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('free_resource_applications_ip_idx').on(t.ip),
    index('free_resource_applications_domain_idx').on(t.emailDomain),
    check('free_resource_applications_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'free_resource_applications_rejected_has_reason',
      sql`(${t.status} = 'rejected') = (${t.reason} is not null)`,
    ),
    check(
      'free_resource_applications_approved_has_resource',
      sql`(${t.status} = 'approved') = (${t.resourceId} is not null)`,
    ),
  ],
);
