import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ownerUserId, serialId, timestamps } from './columns';
import { resources } from './resources';

/**
 * Backups of cloud phones (issue 20; eds-aic BackupFile): the console's record of each, counted
 * against the account's backup space (a `resources` row of kind `backup_space`). A row exists from
 * the request on (status `creating`, `estimate_mib` reserved in the space), so two requests cannot
 * both take the last room; the cloud's object (`instance_id`, `bf-…`) and its real size follow from
 * the backup task. `deleted_at` frees its room.
 */
export const phoneBackups = pgTable(
  'phone_backups',
  {
    id: serialId(),
    /** The public id (`bk-…`). */
    backupId: varchar('backup_id', { length: 40 }).notNull().unique(),
    userId: ownerUserId(),
    /** The backup space it counts against. */
    spaceId: bigint('space_id', { mode: 'number' })
      .notNull()
      .references(() => resources.id),
    /** The phone it was taken of. */
    phoneResourceId: bigint('phone_resource_id', { mode: 'number' })
      .notNull()
      .references(() => resources.id),
    phoneId: varchar('phone_id', { length: 40 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('creating'),
    /** The cloud's size once known; until then the space counts `estimate_mib`. */
    sizeMib: integer('size_mib'),
    estimateMib: integer('estimate_mib').notNull(),
    instanceId: varchar('instance_id', { length: 64 }),
    /** Its latest task (phone_tasks.id): the one that made it, then each restore. */
    taskId: bigint('task_id', { mode: 'number' }),
    ...timestamps(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'phone_backups_status_check',
      sql`${t.status} in ('creating', 'available', 'recovering', 'failed')`,
    ),
    index('phone_backups_user_created_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('phone_backups_space_idx')
      .on(t.spaceId)
      .where(sql`${t.deletedAt} is null`),
    index('phone_backups_phone_idx').on(t.phoneResourceId, t.createdAt.desc()),
    // The backup task's runner finds its backup by the task.
    index('phone_backups_task_idx').on(t.taskId),
  ],
);
export type PhoneBackupRow = typeof phoneBackups.$inferSelect;
