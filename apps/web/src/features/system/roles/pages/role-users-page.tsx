import { useState } from 'react';
import { Button, Flex, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, CloseCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { RoleUser } from '@cloudbay/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { LazyInputSearch } from '../../../../components/lazy-input-search';
import { RecordListEmpty } from '../../../../components/list-empty';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { useAccess } from '../../../../lib/access';
import { useListFilter } from '../../../../lib/use-list-filter';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../../lib/lazy-part';
import { useConfirmedAction } from '../../shared/confirm';
import { listEmptyTexts } from '../../shared/list-empty';
import { getRole, rolesKey, useRevokeRoleUsers, useRoleUsers } from '../api/roles';
import { useRoleUserColumns } from '../components/role-user-columns';

// The picker of accounts to add, and the not-found page (antd's Result) of a malformed id, load on demand.
const NotFoundPage = lazyPart(() => import('../../../errors/pages/not-found-page'), 'NotFoundPage');
const SelectUsersDialog = lazyPart(() => import('../components/select-users-dialog'), 'SelectUsersDialog');

/** /system/role-auth/user/{roleId}: the accounts holding a role (RuoYi's authUser page). */
export function RoleUsersPage() {
  const { roleId: param = '' } = useParams();
  // Digits only, as RuoYi's route: anything else is no page.
  if (!/^\d{1,9}$/.test(param)) return <NotFoundPage />;
  return <RoleUsers roleId={Number(param)} />;
}

function RoleUsers({ roleId }: { roleId: number }) {
  const { t } = useTranslation('systemRole');
  const navigate = useNavigate();
  const { hasPermi } = useAccess();
  const list = useListFilter<{ keyword: string }>();
  const users = useRoleUsers('allocatedList', { roleId, ...list.query });
  const role = useQuery({
    queryKey: [...rolesKey, 'detail', roleId],
    queryFn: () => getRole(roleId),
    enabled: hasPermi('system:role:query'),
  });
  const revoke = useRevokeRoleUsers();
  const confirm = useConfirmedAction();
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  usePrefetchWhenIdle(SelectUsersDialog);
  const userColumns = useRoleUserColumns();

  const confirmCancel = (targets: RoleUser[]) =>
    confirm({
      title: t('users.cancelTitle'),
      content: t('users.cancelContent', { names: targets.map((u) => u.email).join(t('delete.separator')) }),
      done: t('users.cancelled'),
      run: async () => {
        await revoke.mutateAsync({ roleId, userIds: targets.map((u) => u.userId) });
        setSelected([]);
      },
    });

  const columns: TableColumnsType<RoleUser> = [
    ...userColumns,
    {
      key: 'actions',
      title: t('column.actions'),
      render: (_, user) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<CloseCircleOutlined />}
          onClick={() => confirmCancel([user])}
          data-testid={`role-user-cancel-${user.userId}`}
        >
          {t('users.cancel')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap="large" data-testid="page-role-users">
      <PageHeading
        title={role.data ? t('users.titleOf', { name: role.data.roleName }) : t('users.title')}
        subtitle={role.data ? `${t('field.roleKey')}: ${role.data.roleKey}` : t('users.subtitle')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/system/role')}>
            {t('users.back')}
          </Button>
        }
      />
      <RecordList
        search={
          <LazyInputSearch
            allowClear
            maxLength={100}
            style={{ width: '100%', maxWidth: 360 }}
            placeholder={t('users.keyword')}
            onSearch={(value) => list.applyFilter(value.trim() ? { keyword: value.trim() } : {})}
            data-testid="role-users-keyword"
          />
        }
        actions={
          <HasPermi value={['system:role:edit']}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding(true)}
              data-testid="role-users-add"
            >
              {t('users.add')}
            </Button>
            <Button
              danger
              icon={<CloseCircleOutlined />}
              disabled={selected.length === 0}
              onClick={() => {
                const rows = users.data?.list.filter((u) => selected.includes(u.userId)) ?? [];
                confirmCancel(rows);
              }}
              data-testid="role-users-cancel-selected"
            >
              {t('users.cancelSelected')}
            </Button>
          </HasPermi>
        }
        query={users}
        list={list}
        columns={columns}
        rowKey="userId"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        emptyText={
          <RecordListEmpty
            failed={users.isError}
            filtered={Boolean(list.filter.keyword)}
            onRetry={() => void users.refetch()}
            testIdPrefix="role-users"
            texts={{
              ...listEmptyTexts((key) => t(`page.${key}`)),
              empty: t('users.empty'),
              emptyHint: t('users.emptyHint'),
            }}
          />
        }
        tableTestId="role-users-table"
      />
      {adding ? (
        <SelectUsersDialog
          roleId={roleId}
          onClose={() => setAdding(false)}
          fallback={<LoadingDialog open onCancel={() => setAdding(false)} />}
        />
      ) : null}
    </Flex>
  );
}
