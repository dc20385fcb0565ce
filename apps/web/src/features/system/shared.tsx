/** Pieces the operators' organisation pages share: the status tag, row buttons, delete confirmation. */
import type { ReactNode } from 'react';
import { App, Button } from 'antd';
import { DictTag } from '../../components/dict-tag';
import { useDict, type DictOption } from '../../lib/dict-cache';

/** RuoYi's generic flag ('0' enabled, '1' disabled) with its dictionary's labels and colours. */
export function useStatusOptions(): DictOption[] {
  return useDict('sys_normal_disable').sys_normal_disable;
}

export function StatusTag({ value }: { value: string }) {
  return <DictTag options={useStatusOptions()} value={value} />;
}

/** A row's action: a small link button. */
export function RowButton({
  icon,
  label,
  onClick,
  danger,
  testId,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  danger?: boolean;
  testId: string;
}) {
  return (
    <Button
      type="link"
      size="small"
      icon={icon}
      danger={danger}
      onClick={onClick}
      style={{ paddingInline: 0 }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

/** Asks before something that cannot be undone; `run` rejecting keeps the dialog's button usable. */
export function useConfirm() {
  const { modal } = App.useApp();
  return (options: {
    title: string;
    content: ReactNode;
    okText: string;
    cancelText: string;
    run: () => Promise<unknown>;
  }) =>
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      cancelText: options.cancelText,
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      onOk: () => options.run(),
    });
}
