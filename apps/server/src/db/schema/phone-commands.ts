import { bigint, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownerUserId, serialId } from './columns';
import { users } from './identity';
import { resources } from './resources';

/**
 * The audit of shell commands run on cloud phones (POST /user/ph/phone/{id}/run_command): whose
 * phone, who ran it, what, and its exit code. The row is written before the command goes to the
 * cloud, so nothing runs unrecorded; `exit_code` stays null when no answer came back.
 */
export const phoneCommands = pgTable(
  'phone_commands',
  {
    id: serialId(),
    /** The phone's owner. */
    userId: ownerUserId(),
    /** Who ran it: the owner today; a sub-account once sub-accounts exist. */
    actorUserId: bigint('actor_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    resourceId: bigint('resource_id', { mode: 'number' })
      .notNull()
      .references(() => resources.id),
    /** The phone's public id (`ph-…`), as the customer knows it. */
    phoneId: varchar('phone_id', { length: 40 }).notNull(),
    command: text('command').notNull(),
    exitCode: integer('exit_code'),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_commands_resource_created_idx').on(t.resourceId, t.createdAt.desc()),
    index('phone_commands_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);
