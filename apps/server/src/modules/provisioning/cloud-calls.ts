/**
 * How the engine talks to the cloud: retryable failures (timeouts, unavailability) are repeated
 * with the same client token, so the upstream effect happens once however often we ask; the
 * others become the console's errors.
 */
import { ErrorCode } from '@cloudbay/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../lib/errors';
import { isCloudError } from '../../providers/cloud/types';

/**
 * A few quick tries, the delay doubled after every failed attempt: inside a request the caller
 * waits, and a job gets pg-boss's own retries on top.
 */
const RETRY = { attempts: 3, baseDelayMs: 50 } as const;

/** Runs `call` until it succeeds or fails for a reason a retry cannot fix. */
export async function withCloudRetry<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!isCloudError(error) || !error.retryable || attempt >= RETRY.attempts) throw error;
      await sleep(RETRY.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}

/**
 * The console's answer for a cloud refusal: a state the cloud will not act in is the same 409 as
 * our own state machine's; anything else is a rejected request or an outage.
 */
export function cloudErrorToAppError(error: unknown): unknown {
  if (!isCloudError(error)) return error;
  switch (error.code) {
    case 'invalid_state':
      return new AppError('conflict', ErrorCode.RESOURCE_ACTION_FORBIDDEN);
    case 'not_found':
      return new AppError('not_found', ErrorCode.NOT_FOUND);
    case 'invalid_parameter':
    case 'token_conflict':
      return new AppError('business_rule', ErrorCode.CLOUD_REQUEST_REJECTED);
    case 'timeout':
    case 'unavailable':
      return new AppError('unavailable', ErrorCode.CLOUD_UNAVAILABLE);
  }
}
