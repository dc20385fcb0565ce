import { bigserial, timestamp } from 'drizzle-orm/pg-core';

// Column builders shared by the tables: each call makes a fresh builder, as every table needs its own.

/** `id bigserial primary key`: the surrogate key of most tables. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()` (the writer sets it on every update). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, to spread into a table's columns. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
