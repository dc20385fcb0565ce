/**
 * The dead-letter queue as pg-boss keeps it (`pgboss.job`, name `dead-letter`): every job that
 * failed after its retries is copied there with where it came from (`source_name`, `source_id`,
 * `source_retry_count`) and its last output (`source_output`: the serialised error). Nothing works
 * that queue, so its rows stay until an operator retries them or its retention (30 days) ends.
 */
import type { Pool } from 'pg';
import { DEAD_LETTER_QUEUE } from '../../jobs/queue';

export interface DeadLetterRow {
  id: string;
  source_name: string | null;
  source_id: string | null;
  data: unknown;
  last_error: string | null;
  source_retry_count: number | null;
  created_on: Date;
}

/** A page of dead letters, newest first, optionally of one source queue. */
export async function findDeadLetters(
  pool: Pool,
  filter: { queue?: string; offset: number; limit: number },
): Promise<{ rows: DeadLetterRow[]; total: number }> {
  const where = `name = $1 AND ($2::text IS NULL OR source_name = $2)`;
  const params = [DEAD_LETTER_QUEUE, filter.queue ?? null];
  const [page, count] = await Promise.all([
    pool.query<DeadLetterRow>(
      `SELECT id, source_name, source_id, data, source_retry_count, created_on,
              -- serialize-error's shape; anything else is shown as it was stored
              coalesce(source_output ->> 'message', source_output::text) AS last_error
         FROM pgboss.job WHERE ${where}
        ORDER BY created_on DESC, id DESC OFFSET $3 LIMIT $4`,
      [...params, filter.offset, filter.limit],
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE ${where}`, params),
  ]);
  return { rows: page.rows, total: count.rows[0]!.n };
}

/** One dead letter's source queue, or undefined when there is no such dead letter. */
export async function findDeadLetterSource(
  pool: Pool,
  id: string,
): Promise<{ queue: string | null } | undefined> {
  const { rows } = await pool.query<{ source_name: string | null }>(
    'SELECT source_name FROM pgboss.job WHERE name = $1 AND id = $2',
    [DEAD_LETTER_QUEUE, id],
  );
  return rows[0] && { queue: rows[0].source_name };
}
