import type { ReactNode } from 'react';
import { Button, Flex, Modal } from 'antd';

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

/** A plain modal that ends in a `PayFooter` (the phones' renew and upgrade dialogs). */
export function PayModal({
  title,
  testId,
  children,
  ...footer
}: PayFooterProps & { title: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Modal
      open
      title={title}
      onCancel={footer.onCancel}
      destroyOnHidden
      data-testid={testId}
      footer={<PayFooter {...footer} />}
    >
      {children}
    </Modal>
  );
}
