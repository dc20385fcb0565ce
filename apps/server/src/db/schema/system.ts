import { boolean, pgTable, text, timestamp, varchar, bigserial } from 'drizzle-orm/pg-core';

/** System settings (spec: admin "config" page; `GET /api/config/{key}` answers the public ones). */
export const sysConfigs = pgTable('sys_configs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  key: varchar('key', { length: 100 }).notNull().unique(),
  value: text('value').notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** Public settings may be read without logging in (e.g. the client download URL). */
  isPublic: boolean('is_public').notNull().default(false),
  /** Built-in settings cannot be deleted from the admin page. */
  isBuiltin: boolean('is_builtin').notNull().default(false),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
