/**
 * `Idempotency-Key`s per user intent (a dialog's payment: a renewal period, a spec change): the
 * same request sent again — Pay pressed after a timeout, even after closing and reopening the
 * dialog — carries the same key, so the server replays the first answer instead of charging twice;
 * another request (another period) gets its own key. The key is kept only while the outcome is
 * unknown (no answer, a 5xx, the first try still running); once the server has answered, success or
 * refusal, the next press is a new attempt: refusals are stored under their key, and a retry after
 * a top-up must be judged afresh. Owned by the list page, so it outlives the dialogs.
 */
import { useMemo, useRef } from 'react';
import { isRequestError } from '../../../lib/request';
import { newIdempotencyKey } from '../../wallet/idempotency-key';
import { isOutcomeUnknown } from '../buy/purchase-outcome';

export interface IntentKeys {
  /** The key of `intent`: the open one when the last try of it has no known outcome, else new. */
  keyFor(intent: unknown): string;
  /** How the try of `intent` ended (`error` undefined: it succeeded). */
  settle(intent: unknown, error?: unknown): void;
}

export function useIntentKeys(): IntentKeys {
  const keys = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      keyFor(intent) {
        const id = JSON.stringify(intent);
        let key = keys.current.get(id);
        if (!key) {
          key = newIdempotencyKey();
          keys.current.set(id, key);
        }
        return key;
      },
      settle(intent, error) {
        // Refused by the duplicate-submission guard: nothing left the browser.
        if (isRequestError(error) && error.kind === 'duplicate') return;
        if (error !== undefined && isOutcomeUnknown(error)) return;
        keys.current.delete(JSON.stringify(intent));
      },
    }),
    [],
  );
}
