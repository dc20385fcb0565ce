import type { ReactNode } from 'react';
import { App, Button, Flex } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../components/access-guards';
import { feedback } from '../../../lib/feedback';

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
    <HasPermi value={[`${permission}:add`]}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {t('add')}
      </Button>
    </HasPermi>
  );
}

/**
 * Confirms, then deletes (nothing deleted can be restored); a refusal (409 built in) is shown
 * translated by the request client, a success as a toast.
 */
export function useConfirmDelete() {
  const { t } = useTranslation('systemShared');
  const { message } = App.useApp();
  return async (what: string, remove: () => Promise<unknown>) => {
    const confirmed = await feedback.confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { what }),
      okText: t('delete'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    await remove();
    void message.success(t('deleted'));
  };
}
