import type { ReactNode } from 'react';
import { Flex, Modal } from 'antd';

/** The frame of the phone tools' dialogs: not closed by a stray click outside, its state gone once closed. */
export function ToolDialog({
  open,
  title,
  onClose,
  footer,
  testId,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  footer: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      footer={footer}
      width={560}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid={testId}
    >
      <Flex vertical gap="middle" style={{ paddingBlock: 8 }} data-testid={`${testId}-body`}>
        {children}
      </Flex>
    </Modal>
  );
}
