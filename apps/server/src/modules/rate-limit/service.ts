import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/**
 * Counts one hit on `key` in the current fixed window of `windowSeconds` and says whether it stays
 * within `limit`. Counters live in Postgres, so every API process shares them.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  windowSeconds: number,
  limit: number,
): Promise<RateLimitResult> {
  const result = await db.execute<{ hits: number; retry_after: number }>(sql`
    INSERT INTO rate_limit_buckets (key, window_start, hits)
    VALUES (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_buckets.hits + 1
    RETURNING hits,
      greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int AS retry_after`);
  const row = result.rows[0]!;
  return { allowed: row.hits <= limit, hits: row.hits, retryAfterSeconds: row.retry_after };
}

/** Drops windows that ended more than a day ago (the cleanup job). */
export async function pruneRateLimits(db: Db): Promise<number> {
  const result = await db.execute(
    sql`DELETE FROM rate_limit_buckets WHERE window_start < now() - interval '1 day'`,
  );
  return result.rowCount ?? 0;
}
