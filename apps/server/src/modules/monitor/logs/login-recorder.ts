/**
 * The login log's recorder: wraps the login so every attempt that reaches it (right or wrong
 * password, locked, bad captcha, unknown e-mail) is written to `login_logs`, without changing its
 * answer or its timing: the row is written after the outcome is known, for every outcome alike,
 * and not awaited; a failed insert is only logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { browserAndOs } from '../../identity/sessions';
import { insertLoginLog } from './repo';

export interface LoginAttempt {
  email: string;
  ip: string;
  userAgent?: string;
}

export async function withLoginLog<T>(
  db: Db,
  log: FastifyBaseLogger,
  attempt: LoginAttempt,
  login: () => Promise<T>,
): Promise<T> {
  const record = (reason: string | null) => {
    insertLoginLog(db, {
      email: attempt.email.slice(0, 254),
      ip: attempt.ip.slice(0, 64),
      ...browserAndOs(attempt.userAgent),
      status: reason === null ? 'success' : 'failure',
      reason,
    }).catch((error: unknown) => log.error({ err: error }, 'login log: the entry could not be written'));
  };
  try {
    const answer = await login();
    record(null);
    return answer;
  } catch (error) {
    record(error instanceof AppError ? error.code.slice(0, 64) : 'INTERNAL_ERROR');
    throw error;
  }
}
