import { bigint, bigserial, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

// Column builders shared by the tables: each call makes a fresh builder, as every table needs its own.

/** `id bigserial primary key`: the surrogate key of most tables. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()` (the writer sets it on every update). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, to spread into a table's columns. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** `user_id bigint not null references users(id)`: the customer a row belongs to. */
export const ownerUserId = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id);
