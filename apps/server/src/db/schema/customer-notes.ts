import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns';
import { users } from './identity';

/** Operators' notes on a customer (issue 18): timestamped, with their author; never edited. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serialId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The operator who wrote it; kept as null if that account is deleted. */
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);
