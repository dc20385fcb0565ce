import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ownerUserId, serialId, updatedAt } from './columns';
import { users } from './identity';
import { resources } from './resources';

/**
 * The task centre (issue 20): one row per phone per long operation (install, backup, reset, a
 * command …). The row is written in the transaction that enqueues its `phone.task.run` job and
 * only that job moves it on (pending → running → success | failed), so the list is exact after a
 * worker crash: the row is the truth, a retried job resumes it.
 */
export const phoneTasks = pgTable(
  'phone_tasks',
  {
    id: serialId(),
    /** The phone's owner. */
    userId: ownerUserId(),
    /** Who started it (the owner today; a sub-account once they exist). */
    actorUserId: bigint('actor_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    resourceId: bigint('resource_id', { mode: 'number' })
      .notNull()
      .references(() => resources.id),
    /** The phone's public id (`ph-…`), as the customer knows it. */
    phoneId: varchar('phone_id', { length: 40 }).notNull(),
    /** PHONE_TASK_TYPES (contracts). */
    type: varchar('type', { length: 20 }).notNull(),
    /** pending, running, success, failed. */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** What the runner needs (an app id, a backup name, a command …). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** The outcome's message code, translated when read (an ErrorCode or a task message). */
    resultCode: varchar('result_code', { length: 64 }),
    resultParams: jsonb('result_params').$type<Record<string, string | number>>(),
    /** A command's output (kept as the cloud answered it, at most the runner's limit). */
    output: text('output'),
    /** How often the runner said 'running' (its polls). */
    polls: integer('polls').notNull().default(0),
    /** The failed task this one retries. */
    retryOf: bigint('retry_of', { mode: 'number' }).references((): AnyPgColumn => phoneTasks.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('phone_tasks_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('phone_tasks_resource_created_idx').on(t.resourceId, t.createdAt.desc()),
    index('phone_tasks_retry_of_idx').on(t.retryOf),
  ],
);
