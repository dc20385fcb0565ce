import { bigint, index, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns';
import { users } from './identity';
import { resources } from './resources';

/**
 * What operators did to customers' resources (issue 18, `/business/resource`): start, stop, force
 * stop, release with its refund, free extension, reconcile — each with the operator's reason and
 * what it did, shown as the resource's action history (the operation log keeps the request too).
 */
export const resourceOperatorActions = pgTable(
  'resource_operator_actions',
  {
    id: serialId(),
    resourceId: bigint('resource_id', { mode: 'number' })
      .notNull()
      .references(() => resources.id),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => users.id),
    /** OPERATOR_RESOURCE_ACTIONS. */
    action: varchar('action', { length: 20 }).notNull(),
    reason: text('reason').notNull(),
    /** The refund rule and amount, the days and new expiry, the cloud's status before and after. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('resource_operator_actions_resource_idx').on(t.resourceId, t.createdAt.desc(), t.id.desc())],
);
