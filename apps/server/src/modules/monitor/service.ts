/**
 * Dead letters for operators (issue 6: "dead letters are visible"): the list, and a retry that
 * puts one back in the queue it failed in. Every job handler is idempotent, so a retry repeats no
 * effect that already happened (a create with the same client token creates once).
 */
import { ErrorCode, type DeadLetter, type DeadLetterPage } from '@cloudbay/contracts';
import type { AppDeps } from '../../app-deps';
import { DEAD_LETTER_QUEUE } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import { findDeadLetterSource, findDeadLetters, type DeadLetterRow } from './repo';

function toDeadLetter(row: DeadLetterRow): DeadLetter {
  return {
    id: row.id,
    queue: row.source_name,
    job_id: row.source_id,
    data: row.data,
    last_error: row.last_error,
    retry_count: row.source_retry_count,
    failed_at: row.created_on.toISOString(),
  };
}

export async function listDeadLetters(
  deps: Pick<AppDeps, 'database'>,
  query: { page: number; limit: number; queue?: string },
): Promise<DeadLetterPage> {
  const { rows, total } = await findDeadLetters(deps.database.pool, {
    queue: query.queue,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { list: rows.map(toDeadLetter), total, page: query.page, limit: query.limit };
}

/**
 * Re-enqueues one dead letter in its source queue (pg-boss `redrive`: a new job with the same data
 * and the queue's current retry policy; the dead letter is removed in the same statement, so two
 * retries at once enqueue it once). 404 when it is unknown or already retried; 409 when pg-boss
 * cannot route it (its queue is gone, or a job with its singleton key is in the way).
 */
export async function retryDeadLetter(deps: Pick<AppDeps, 'database' | 'jobs'>, id: string) {
  const source = await findDeadLetterSource(deps.database.pool, id);
  if (!source) throw new AppError('not_found', ErrorCode.DEAD_LETTER_NOT_FOUND);
  const moved = await deps.jobs.boss.redrive(DEAD_LETTER_QUEUE, { ids: [id] });
  if (moved === 1) return { id, queue: source.queue! };
  // A concurrent retry took it first, or pg-boss left it in place.
  if (!(await findDeadLetterSource(deps.database.pool, id)))
    throw new AppError('not_found', ErrorCode.DEAD_LETTER_NOT_FOUND);
  throw new AppError('conflict', ErrorCode.DEAD_LETTER_NOT_RETRYABLE);
}
