/**
 * `Idempotency-Key`s per user intent (a dialog's payment): the same request sent again — the user
 * pressing Pay after a timeout — carries the same key, so the server replays the first answer
 * instead of charging twice; another request (another period) gets its own key. A request the
 * server answered with an error forgets its key: the server stores 4xx answers under the key, and
 * the retry after a top-up must be judged afresh.
 */
import { useRef } from 'react';
import { newIdempotencyKey } from '../../wallet/idempotency-key';

export function useIntentKeys() {
  const keys = useRef(new Map<string, string>());
  const keyFor = (intent: unknown): string => {
    const id = JSON.stringify(intent);
    let key = keys.current.get(id);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(id, key);
    }
    return key;
  };
  const forget = (intent: unknown) => keys.current.delete(JSON.stringify(intent));
  return { keyFor, forget };
}
