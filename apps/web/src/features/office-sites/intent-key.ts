/**
 * One `Idempotency-Key` per user intent (a purchase or an upgrade the user means once). The same
 * request sent again after it got no final answer (the network failed, the server failed with a
 * 5xx and forgot the key, or the first try is still running: 409) reuses the key, so the server
 * runs it once. After a final answer (a success, or a refusal the server keeps for the key) or
 * when the request changes, the next send is a new intent with a new key: a retry after topping
 * up must not replay the stored 'insufficient balance'.
 */
import { useRef } from 'react';
import { isRequestError } from '../../lib/request';
import { newIdempotencyKey } from '../wallet/idempotency-key';

/** Whether the server may not have settled the request under its key: then a retry must reuse it. */
export function isUnsettled(error: unknown): boolean {
  if (!isRequestError(error)) return false;
  if (error.kind !== 'answer' && error.kind !== 'http' && error.kind !== 'session') return true;
  const status = error.status ?? error.code ?? 0;
  return status >= 500 || status === 409;
}

/** What a dialog says under its failure title: the server's reason; nothing for a send the guard stopped. */
export function failureReason(error: unknown): string | undefined {
  if (isRequestError(error) && (error.kind === 'duplicate' || error.kind === 'canceled')) return undefined;
  return error instanceof Error ? error.message : undefined;
}

export interface IntentKey {
  /** The key to send `request` with. */
  keyFor(request: unknown): string;
  /** The send ended (`error` undefined: it succeeded); a settled one retires the key. */
  settle(error?: unknown): void;
}

export function useIntentKey(): IntentKey {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(request) {
      const fingerprint = JSON.stringify(request);
      if (current.current?.fingerprint !== fingerprint) {
        current.current = { fingerprint, key: newIdempotencyKey() };
      }
      return current.current.key;
    },
    settle(error) {
      if (error === undefined || !isUnsettled(error)) current.current = null;
    },
  };
}
