/** Pieces the operators' organisation pages share: status tag, add button, dialogs, empty lists, confirmations. */
import type { ReactNode } from 'react';
import { App, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../components/access-guards';
import { ActionDialog } from '../../components/action-dialog';
import { DialogFooter } from '../../components/dialog-footer';
import { DictTag } from '../../components/dict-tag';
import { RecordListEmpty } from '../../components/list-empty';
import { useDict, type DictOption } from '../../lib/dict-cache';
import { isFiltered } from '../../lib/date-range';

export { RowAction as RowButton } from '../../components/row-action';

/** RuoYi's generic flag ('0' enabled, '1' disabled) with its dictionary's labels and colours. */
export function useStatusOptions(): DictOption[] {
  return useDict('sys_normal_disable').sys_normal_disable;
}

export function StatusTag({ value }: { value: string }) {
  return <DictTag options={useStatusOptions()} value={value} />;
}

/** A page's primary "add" button, shown only with the permission. */
export function PermittedAddButton(props: {
  permission: string;
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <HasPermi value={[props.permission]}>
      <Button type="primary" icon={<PlusOutlined />} onClick={props.onClick} data-testid={props.testId}>
        {props.label}
      </Button>
    </HasPermi>
  );
}

/** A form in a dialog: Cancel and the submit button (`submitTestId`) under it. */
export function FormDialog(props: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  submitText: string;
  loading: boolean;
  disabled?: boolean;
  testId: string;
  submitTestId: string;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      open={props.open}
      title={props.title}
      onClose={props.onClose}
      testId={props.testId}
      width={props.width}
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={props.submitText}
          onCancel={props.onClose}
          onSubmit={props.onSubmit}
          loading={props.loading}
          disabled={props.disabled}
          submitTestId={props.submitTestId}
        />
      }
    >
      {props.children}
    </ActionDialog>
  );
}

type EmptyKey = 'loadFailed' | 'retry' | 'emptyFiltered' | 'empty' | 'emptyHint';

/** A list's empty state from its page's strings (the five keys every list namespace has). */
export function AdminListEmpty(props: {
  query: { isError: boolean; refetch: () => unknown };
  filter: object;
  text: (key: EmptyKey) => string;
  testIdPrefix: string;
}) {
  const { text } = props;
  return (
    <RecordListEmpty
      failed={props.query.isError}
      filtered={isFiltered(props.filter)}
      onRetry={() => void props.query.refetch()}
      testIdPrefix={props.testIdPrefix}
      texts={{
        loadFailed: text('loadFailed'),
        retry: text('retry'),
        emptyFiltered: text('emptyFiltered'),
        empty: text('empty'),
        emptyHint: text('emptyHint'),
      }}
    />
  );
}

/** Asks before something that cannot be undone; `run` rejecting keeps the dialog's button usable. */
export function useConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return (options: { title: string; content: ReactNode; okText: string; run: () => Promise<unknown> }) =>
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      cancelText: t('action.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      onOk: () => options.run(),
    });
}
