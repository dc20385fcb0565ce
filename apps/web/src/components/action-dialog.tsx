import type { ReactNode } from 'react';
import { Flex, Modal } from 'antd';

export interface ActionDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  footer: ReactNode;
  /** The modal's test id; its body is `<testId>-body`. */
  testId: string;
  width?: number;
  children: ReactNode;
}

/**
 * The frame of a dialog that acts on resources (desktops, phones): not closed by a stray click
 * outside, its state gone once closed.
 */
export function ActionDialog({
  open,
  title,
  onClose,
  footer,
  testId,
  width = 560,
  children,
}: ActionDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      footer={footer}
      width={width}
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
