import { useState } from 'react';
import { App, Input } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../../components/action-dialog';
import { DialogFooter } from '../../../../components/dialog-footer';
import { LazyTable } from '../../../../components/lazy-table';
import { ListEmpty } from '../../../../components/list-empty';
import { Pagination } from '../../../../components/pagination';
import { useGrantRoleUsers, useRoleUsers } from '../api/roles';
import { useRoleUserColumns } from './role-user-columns';

/** RuoYi's "选择用户" dialog: the accounts without the role, searched and paged, several at once. */
export function SelectUsersDialog({ roleId, onClose }: { roleId: number; onClose: () => void }) {
  const { t } = useTranslation('systemRole');
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<number[]>([]);
  const users = useRoleUsers('unallocatedList', { roleId, ...page, ...(keyword ? { keyword } : {}) });
  const grant = useGrantRoleUsers();
  const columns = useRoleUserColumns();

  const submit = async () => {
    await grant.mutateAsync({ roleId, userIds: selected });
    void message.success(t('users.added', { count: selected.length }));
    onClose();
  };

  return (
    <ActionDialog
      open
      width={820}
      title={t('users.selectTitle')}
      onClose={onClose}
      testId="select-users"
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={t('users.addSelected', { count: selected.length })}
          onCancel={onClose}
          onSubmit={() => void submit().catch(() => undefined)}
          loading={grant.isPending}
          disabled={selected.length === 0}
          submitTestId="select-users-submit"
        />
      }
    >
      <Input.Search
        allowClear
        maxLength={100}
        placeholder={t('users.keyword')}
        onSearch={(value) => {
          setKeyword(value.trim() || undefined);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        data-testid="select-users-keyword"
      />
      <LazyTable
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={false}
        scroll={{ x: 'max-content', y: 360 }}
        locale={{ emptyText: <ListEmpty description={t('users.noneLeft')} testId="select-users-empty" /> }}
        data-testid="select-users-table"
      />
      <Pagination
        total={users.data?.total ?? 0}
        page={page.page}
        limit={page.limit}
        onChange={(next, limit) => setPage({ page: next, limit })}
        hidden={!users.data?.total}
        autoScroll={false}
      />
    </ActionDialog>
  );
}
