import { useState } from 'react';

/**
 * What a dialog of the page is open for. The target outlives the closing, so the dialog keeps its
 * content while it animates away; each opening gets a new `key`, so it starts from fresh state.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target?: T; open: boolean; round: number }>({
    open: false,
    round: 0,
  });
  return {
    target: state.target,
    open: state.open,
    key: state.round,
    show: (target: T) => setState((previous) => ({ target, open: true, round: previous.round + 1 })),
    close: () => setState((previous) => ({ ...previous, open: false })),
  };
}
