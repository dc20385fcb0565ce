/**
 * What a failed purchase call means for the page: no answer, so it may have gone through (say so;
 * the same form retried reuses its key), not enough balance (offer a top-up), invalid input (point
 * at the fields), or another refusal (say so with the server's message).
 */
import { ErrorCode } from '@cloudbay/contracts/core';
import { isRequestError } from '../../../lib/request';

export type PurchaseFailure =
  { kind: 'unknown' } | { kind: 'insufficient' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

/** The server's ErrorCode of a refusal (envelope `data.error_code`), when it named one. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!isRequestError(error)) return undefined;
  const data = error.envelope?.data as { error_code?: unknown } | null | undefined;
  return typeof data?.error_code === 'string' ? data.error_code : undefined;
}

/** True when the server may have bought (or be buying) without the page having its answer. */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!isRequestError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  if (errorCodeOf(error) === ErrorCode.IDEMPOTENCY_KEY_IN_FLIGHT) return true;
  return (error.status ?? 0) >= 500;
}

export function classifyPurchaseError(error: unknown): PurchaseFailure {
  if (isOutcomeUnknown(error)) return { kind: 'unknown' };
  const code = errorCodeOf(error);
  if (code === ErrorCode.INSUFFICIENT_BALANCE) return { kind: 'insufficient' };
  if (isRequestError(error) && error.status === 400) return { kind: 'invalid' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}
