import { Button } from 'antd';
import { useSendCode } from '../use-send-code';

interface SendCodeButtonProps {
  /** See useSendCode. */
  onSend: () => Promise<number | null>;
  testId?: string;
  size?: 'middle' | 'large';
}

/** The send-code button: busy while asking, then disabled with a "60 s" countdown. */
export function SendCodeButton({ onSend, testId = 'send-code', size }: SendCodeButtonProps) {
  const { label, sending, waiting, send } = useSendCode(onSend);
  return (
    <Button
      size={size}
      onClick={send}
      loading={sending}
      disabled={waiting}
      data-testid={testId}
      style={{ flex: 'none', minWidth: 116 }}
    >
      {label}
    </Button>
  );
}
