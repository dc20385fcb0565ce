import type { ComponentProps, ReactNode } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../components/access-guards';

import { RowAction } from '../../../components/row-action';

export { RowAction as RowButton };

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

/** A row's link button, shown only with `permission` (none: shown to everyone who sees the list). */
export function PermittedLink({
  permission,
  ...action
}: { permission?: string } & ComponentProps<typeof RowAction>) {
  const button = <RowAction {...action} />;
  return permission ? <HasPermi value={[permission]}>{button}</HasPermi> : button;
}

/** A row's Delete link (red, with the bin), shown only with `permission`. */
export function DeleteLink(props: {
  permission: string;
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return <PermittedLink {...props} icon={<DeleteOutlined />} danger />;
}

/**
 * A row's action as its icon alone, named by a tooltip and for screen readers (RuoYi-Vue3's user
 * list): four of them fit where four labelled links would push the table sideways.
 */
export function IconLink({
  label,
  icon,
  onClick,
  danger,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="link"
        size="small"
        danger={danger}
        icon={icon}
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/** A row's Edit and Delete links, each shown only with its permission. */
export function RowActions({ permission, onEdit, onDelete, testId, children }: RowActionsProps) {
  const { t } = useTranslation('systemShared');
  return (
    <Flex gap="small" wrap={false}>
      {children}
      <PermittedLink
        permission={`${permission}:edit`}
        label={t('edit')}
        icon={<EditOutlined />}
        onClick={onEdit}
        testId={`${testId}-edit`}
      />
      {onDelete ? (
        <DeleteLink
          permission={`${permission}:remove`}
          label={t('delete')}
          onClick={onDelete}
          testId={`${testId}-delete`}
        />
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
