import type { ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../components/access-guards';

export { RowAction as RowButton } from '../../../components/row-action';

export interface RowActionsProps {
  /** `<prefix>:edit` and `<prefix>:remove` gate the buttons, e.g. 'system:config'. */
  permission: string;
  onEdit: () => void;
  /** Absent: the record cannot be deleted (built in), so no button is shown. */
  onDelete?: () => void;
  testId: string;
  /** More links before Edit (e.g. the readers of an announcement). */
  children?: ReactNode;
}

/** A row's Edit and Delete links, each shown only with its permission. */
export function RowActions({ permission, onEdit, onDelete, testId, children }: RowActionsProps) {
  const { t } = useTranslation('systemShared');
  return (
    <Flex gap={4} wrap={false}>
      {children}
      <HasPermi value={[`${permission}:edit`]}>
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={onEdit}
          data-testid={`${testId}-edit`}
        >
          {t('edit')}
        </Button>
      </HasPermi>
      {onDelete ? (
        <HasPermi value={[`${permission}:remove`]}>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={onDelete}
            data-testid={`${testId}-delete`}
          >
            {t('delete')}
          </Button>
        </HasPermi>
      ) : null}
    </Flex>
  );
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

/** The list's Add button, shown with `<permission>:add`. */
export function AddRecordButton({
  permission,
  onClick,
  testId,
}: {
  permission: string;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation('systemShared');
  return (
    <PermittedAddButton permission={`${permission}:add`} label={t('add')} onClick={onClick} testId={testId} />
  );
}
