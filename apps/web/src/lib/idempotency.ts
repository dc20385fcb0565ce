/**
 * `Idempotency-Key`s for the console's money-moving and resource-creating calls (a purchase, a
 * renewal, an upgrade, a new policy). One key per user intent, bound to the request's contents: the
 * same request sent again while the outcome of its last send is unknown (no answer: the network
 * failed or timed out; a 5xx; the first try still running, 409 IDEMPOTENCY_KEY_IN_FLIGHT) reuses
 * the key, so the server runs it once and answers the retry with the first result; another request
 * gets its own key. After a final answer — a success, or any refusal, which the server stores under
 * the key (409 as much as 422 'insufficient balance') — the next send is a new intent with a new
 * key, so a retry after a top-up is judged afresh instead of replaying the stored refusal.
 */
import { useState } from 'react';
import type { ErrorCode } from '@cloudbay/contracts/core';
import { errorCodeOf, isRequestError } from './request/request-error';

// Where it lives now (with RequestError, so the light sign-in pages need not load this module).
export { errorCodeOf };

/**
 * A fresh key. `crypto.randomUUID` exists only in secure contexts (https, localhost); plain-http
 * deployments still have `getRandomValues`, which gives the same 122 random bits formatted as a
 * version-4 UUID.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// A typed literal, not `ErrorCode.X`: the ErrorCode object (1.4 KB gzip) would ride along with every
// page that sends a keyed call.
const KEY_IN_FLIGHT: ErrorCode = 'IDEMPOTENCY_KEY_IN_FLIGHT';

/** True when the server may have done (or be doing) the call without the page having its answer. */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!isRequestError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  if (errorCodeOf(error) === KEY_IN_FLIGHT) return true;
  return (error.status ?? 0) >= 500;
}

export interface IntentKeys {
  /** The key to send `request` with: its open intent's, else a new one. */
  keyFor(request: unknown): string;
  /** How the send of `request` ended (`error` undefined: it succeeded); a known outcome retires its key. */
  settle(request: unknown, error?: unknown): void;
}

/** The keys of a set of intents (see the top); `newKey` is for tests. */
export function createIntentKeys(newKey: () => string = newIdempotencyKey): IntentKeys {
  const keys = new Map<string, string>();
  return {
    keyFor(request) {
      const fingerprint = JSON.stringify(request);
      let key = keys.get(fingerprint);
      if (key === undefined) {
        key = newKey();
        keys.set(fingerprint, key);
      }
      return key;
    },
    settle(request, error) {
      // Refused by the duplicate-submission guard: nothing left the browser, nothing changes.
      if (isRequestError(error) && error.kind === 'duplicate') return;
      if (error !== undefined && isOutcomeUnknown(error)) return;
      keys.delete(JSON.stringify(request));
    },
  };
}

/**
 * A component's intent keys, kept across renders. Owned by what outlives the attempts: the page
 * for a dialog's payment, so closing and reopening the dialog after an unknown outcome still sends
 * the same key.
 */
export function useIntentKeys(): IntentKeys {
  const [keys] = useState(() => createIntentKeys());
  return keys;
}
