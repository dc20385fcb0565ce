/**
 * What a failed purchase call means for the page: no answer, so it may have gone through (say so;
 * the same form retried reuses its key), not enough balance (offer a top-up), invalid input (point
 * at the fields), or another refusal (say so with the server's message).
 */
import { ErrorCode } from '@cloudbay/contracts/core';
import { errorCodeOf, isOutcomeUnknown } from '../../lib/idempotency';
import { isRequestError } from '../../lib/request';

export type PurchaseFailure =
  { kind: 'unknown' } | { kind: 'insufficient' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

export function classifyPurchaseError(error: unknown): PurchaseFailure {
  if (isOutcomeUnknown(error)) return { kind: 'unknown' };
  const code = errorCodeOf(error);
  if (code === ErrorCode.INSUFFICIENT_BALANCE) return { kind: 'insufficient' };
  if (isRequestError(error) && error.status === 400) return { kind: 'invalid' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}
