/**
 * One `Idempotency-Key` per user intent (a purchase or an upgrade the user means once), bound to
 * the request's contents: the same request sent again while the outcome of its last send is
 * unknown (no answer: the network failed or timed out; a 5xx; the first try still running, 409
 * IDEMPOTENCY_KEY_IN_FLIGHT) reuses the key, so the server runs it once; another request gets its
 * own key. After a final answer — a success, or any other refusal, which the server stores under
 * the key (409 RESOURCE_ACTION_FORBIDDEN as much as 422 'insufficient balance') — the next send is
 * a new intent with a new key, so a retry is judged afresh instead of replaying the stored answer.
 * The rule is the desktop purchase's (`isOutcomeUnknown`).
 */
import { useMemo, useRef } from 'react';
import { isRequestError } from '../../lib/request';
import { isOutcomeUnknown } from '../desktops/buy/purchase-outcome';
import { newIdempotencyKey } from '../wallet/idempotency-key';

/** What a dialog says under its failure title: the server's reason; nothing for a send the guard stopped. */
export function failureReason(error: unknown): string | undefined {
  if (isRequestError(error) && (error.kind === 'duplicate' || error.kind === 'canceled')) return undefined;
  return error instanceof Error ? error.message : undefined;
}

export interface IntentKey {
  /** The key to send `request` with: its open intent's, else a new one. */
  keyFor(request: unknown): string;
  /** How the send of `request` ended (`error` undefined: it succeeded); a known outcome retires its key. */
  settle(request: unknown, error?: unknown): void;
}

/**
 * The keys of a component's intents. Owned by what outlives the attempts: the page for a purchase,
 * so closing and reopening the dialog after an unknown outcome still sends the same key.
 */
export function useIntentKey(): IntentKey {
  const keys = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      keyFor(request) {
        const fingerprint = JSON.stringify(request);
        let key = keys.current.get(fingerprint);
        if (key === undefined) {
          key = newIdempotencyKey();
          keys.current.set(fingerprint, key);
        }
        return key;
      },
      settle(request, error) {
        // Refused by the duplicate-submission guard: nothing left the browser, nothing changes.
        if (isRequestError(error) && error.kind === 'duplicate') return;
        if (error !== undefined && isOutcomeUnknown(error)) return;
        keys.current.delete(JSON.stringify(request));
      },
    }),
    [],
  );
}
