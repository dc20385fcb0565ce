import { Button, Flex } from 'antd';

export interface PayFooterProps {
  cancelText: string;
  onCancel: () => void;
  /** The pay button's text ("支付 $10.00"); null leaves the button out (nothing to pay here). */
  payText: string | null;
  onPay: () => void;
  paying: boolean;
  /** No price on screen yet, or the balance does not cover it. */
  disabled: boolean;
  payTestId: string;
}

/** A paying dialog's footer: Cancel, and Pay with the amount it charges. */
export function PayFooter({
  cancelText,
  onCancel,
  payText,
  onPay,
  paying,
  disabled,
  payTestId,
}: PayFooterProps) {
  return (
    <Flex justify="end" gap="small">
      <Button onClick={onCancel}>{cancelText}</Button>
      {payText === null ? null : (
        <Button type="primary" onClick={onPay} loading={paying} disabled={disabled} data-testid={payTestId}>
          {payText}
        </Button>
      )}
    </Flex>
  );
}
