import { useEffect, useState } from 'react';
import { paymentDeadline, secondsUntil } from './countdown';

/** Seconds left until the payment QR expires, ticking every second while `running`. */
export function usePaymentCountdown(expiresAt: string, running: boolean): number {
  // Fixed when the dialog opens: re-renders must not move the deadline.
  const [deadline] = useState(() => paymentDeadline(expiresAt, Date.now()));
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(deadline, now);
  const ticking = running && left > 0;
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return left;
}
