/**
 * One `Idempotency-Key` per purchase intent. A retry of the same form after an answer that never
 * arrived (network failure, timeout, a 5xx, the first try still running) sends the same key, so a
 * purchase that did go through is answered again instead of charged twice. Once the server has
 * answered (success or refusal), the next click is a new intent with a new key: a refusal is
 * stored under its key for a day, and a top-up in between must not be met by that old refusal.
 */
import { isRequestError } from '../../../lib/request';
import { newIdempotencyKey } from '../../wallet/idempotency-key';
import { isOutcomeUnknown } from './purchase-outcome';

export interface PurchaseIntent {
  /** The key for submitting `body`: the open intent's when it is the same body, else a new one. */
  keyFor(body: unknown): string;
  /** Records how the submission ended: the intent stays open only when the outcome is unknown. */
  settle(error?: unknown): void;
}

export function createPurchaseIntent(newKey: () => string = newIdempotencyKey): PurchaseIntent {
  let open: { fingerprint: string; key: string } | undefined;
  let last: typeof open;
  return {
    keyFor(body) {
      const fingerprint = JSON.stringify(body);
      last = open?.fingerprint === fingerprint ? open : { fingerprint, key: newKey() };
      return last.key;
    },
    settle(error) {
      // Refused by the duplicate-submission guard: nothing left the browser, nothing changes.
      if (isRequestError(error) && error.kind === 'duplicate') return;
      open = error !== undefined && isOutcomeUnknown(error) ? last : undefined;
    },
  };
}
