import { useEffect, useState } from 'react';
import { Button } from 'antd';
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

interface SendCodeButtonProps {
  /**
   * Asks the server to mail a code; resolves with the seconds until the next send is allowed, or
   * null when nothing was sent (invalid input). Rejects when the server refused (it told the user).
   */
  onSend: () => Promise<number | null>;
  testId?: string;
  size?: 'middle' | 'large';
}

/** The send-code button: busy while asking, then disabled with a "60 s" countdown. */
export function SendCodeButton({ onSend, testId = 'send-code', size }: SendCodeButtonProps) {
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
  return (
    <Button
      size={size}
      onClick={() => void send()}
      loading={sending}
      disabled={seconds > 0}
      data-testid={testId}
      style={{ flex: 'none', minWidth: 116 }}
    >
      {label}
    </Button>
  );
}
