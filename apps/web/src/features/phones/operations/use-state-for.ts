import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * State that starts over whenever `key` changes (a dialog closed and reopened, another phone given),
 * reset while rendering as React recommends for state derived from a prop, not in an effect.
 */
export function useStateFor<T>(key: unknown, initial: () => T): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(() => ({ key, value: initial() }));
  let current = state;
  if (!Object.is(state.key, key)) {
    current = { key, value: initial() };
    setState(current);
  }
  const set = useCallback<Dispatch<SetStateAction<T>>>(
    (action) =>
      setState((previous) => ({
        key: previous.key,
        value: typeof action === 'function' ? (action as (value: T) => T)(previous.value) : action,
      })),
    [],
  );
  return [current.value, set];
}
