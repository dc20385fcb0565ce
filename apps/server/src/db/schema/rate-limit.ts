import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Fixed-window hit counters shared by every API process (login and code-sending throttles). */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: varchar('key', { length: 200 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
