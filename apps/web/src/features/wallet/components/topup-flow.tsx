import { useState } from 'react';
import { LoadingDialog, lazyPart } from '../../../lib/lazy-part';

// The top-up and payment dialogs (QR code, amount inputs, result) load on demand: the top-up
// button sits in every page's header, the dialogs open only when it is used.
const TopupFlow = lazyPart(() => import('./topup-flow-dialogs'), 'TopupFlow');

/**
 * Opens the top-up flow: `start()` from any button, `flow` rendered once where the dialogs live;
 * `prefetch` for the button's hover and focus.
 */
export function useTopupFlow() {
  const [open, setOpen] = useState(false);
  // Each opening starts afresh from the defaults (100 dollars, stablecoin).
  const [round, setRound] = useState(0);
  const start = () => {
    setRound((value) => value + 1);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const flow = (
    <TopupFlow
      key={round}
      when={open}
      open={open}
      onClose={close}
      fallback={<LoadingDialog open={open} onCancel={close} />}
    />
  );
  return { start, flow, prefetch: TopupFlow.prefetch };
}
