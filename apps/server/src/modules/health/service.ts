import { ErrorCode } from '@cloudbay/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';

const READINESS_TIMEOUT_MS = 2_000;

/** Round-trips the database; answers the latency in ms or throws 503 when it does not answer in time. */
export async function checkDatabase(database: Database): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.pool.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('readiness timeout')), READINESS_TIMEOUT_MS);
      }),
    ]);
  } catch {
    throw new AppError('unavailable', ErrorCode.DATABASE_UNAVAILABLE);
  } finally {
    clearTimeout(timer);
  }
  return Math.round((performance.now() - started) * 10) / 10;
}
