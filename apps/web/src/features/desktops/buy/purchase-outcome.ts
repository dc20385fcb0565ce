/**
 * What a refused purchase means for the page: not enough balance (offer a top-up), invalid input
 * (point at the fields), or another failure (say so with the server's message).
 */
import { ErrorCode } from '@cloudbay/contracts/core';
import { isRequestError } from '../../../lib/request';

export type PurchaseFailure =
  { kind: 'insufficient' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

/** The server's ErrorCode of a refusal (envelope `data.error_code`), when it named one. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!isRequestError(error)) return undefined;
  const data = error.envelope?.data as { error_code?: unknown } | null | undefined;
  return typeof data?.error_code === 'string' ? data.error_code : undefined;
}

export function classifyPurchaseError(error: unknown): PurchaseFailure {
  const code = errorCodeOf(error);
  if (code === ErrorCode.INSUFFICIENT_BALANCE) return { kind: 'insufficient' };
  if (isRequestError(error) && error.status === 400) return { kind: 'invalid' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}
