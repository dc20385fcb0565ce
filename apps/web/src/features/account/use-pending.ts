import { useState } from 'react';

/**
 * Runs an async form action and says whether it is still running, for the submit button's loading
 * state. The action handles its own failures.
 */
export function usePending<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
): [run: (...args: A) => void, pending: boolean] {
  const [pending, setPending] = useState(false);
  const run = (...args: A) => {
    setPending(true);
    void action(...args).finally(() => setPending(false));
  };
  return [run, pending];
}
