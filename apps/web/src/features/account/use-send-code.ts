import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_CODE_RESEND_SECONDS } from '@cloudbay/contracts/core';

/** Whole seconds left of a countdown, and its start. */
function useCountdown(): [number, (seconds: number) => void] {
  const [clock, setClock] = useState({ until: 0, now: 0 });
  const running = clock.until > clock.now;
  useEffect(() => {
    if (!running) return;
    // Reads the clock rather than counting ticks, so a throttled background tab stays right.
    const timer = setInterval(() => setClock((current) => ({ ...current, now: Date.now() })), 250);
    return () => clearInterval(timer);
  }, [running]);
  const start = (seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  };
  return [Math.max(0, Math.ceil((clock.until - clock.now) / 1000)), start];
}

/**
 * The state of a send-code button (the console's antd one and the sign-in pages' plain one): busy
 * while asking, then disabled with a "60 s" countdown, then "send again".
 *
 * `onSend` asks the server to mail a code; it resolves with the seconds until the next send is
 * allowed, or null when nothing was sent (invalid input), and rejects when the server refused (the
 * request client has told the user).
 */
export function useSendCode(onSend: () => Promise<number | null>) {
  const { t } = useTranslation('account');
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const [seconds, startCountdown] = useCountdown();

  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) {
        setSentOnce(true);
        startCountdown(wait > 0 ? wait : EMAIL_CODE_RESEND_SECONDS);
      }
    } catch {
      // The request client has told the user; the button is ready for another try.
    } finally {
      setSending(false);
    }
  };

  let label = t(sentOnce ? 'sendCode.resend' : 'sendCode.send');
  if (seconds > 0) label = t('sendCode.wait', { seconds });
  return { label, sending, waiting: seconds > 0, send: () => void send() };
}
