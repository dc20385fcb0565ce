import { bigint, bigserial, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity';

/** Uploaded files; the bytes live under DATA_DIR/uploads/{file_name}. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Generated: yyyy/mm/dd/{uuid}.{ext}; never the client's name. */
    fileName: varchar('file_name', { length: 80 }).notNull().unique(),
    originalName: text('original_name').notNull(),
    extension: varchar('extension', { length: 5 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_files_owner_idx').on(t.ownerId)],
);
