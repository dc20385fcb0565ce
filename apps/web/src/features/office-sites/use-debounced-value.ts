import { useEffect, useState } from 'react';

/** How long a dragged slider or typed number rests before its price is asked for. */
export const PRICE_DEBOUNCE_MS = 300;

/** `value` once it has not changed for `delay` ms: one price request per setting, not per slider step. */
export function useDebouncedValue<T>(value: T, delay = PRICE_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
