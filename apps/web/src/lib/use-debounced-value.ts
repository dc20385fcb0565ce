import { useEffect, useState } from 'react';

/** How long a form must rest before it is priced again: one quote per setting, not per keystroke or slider step. */
export const PRICE_DEBOUNCE_MS = 300;

/** `value` once it has stayed the same for `delayMs` (compared as JSON, so equal objects do not restart the wait). */
export function useDebouncedValue<T>(value: T, delayMs = PRICE_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  const fingerprint = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
    // `value` is read through its fingerprint: a new object with the same content is the same value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fingerprint, delayMs]);
  return settled;
}
