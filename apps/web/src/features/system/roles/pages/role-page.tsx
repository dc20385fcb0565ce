import { useState } from 'react';
import { Button, Dropdown, Flex, Switch, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import type { Role } from '@cloudbay/contracts';
import { ROLE_ADMIN, type StatusFlag } from '@cloudbay/contracts/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { DateRangeField, SelectField, TextField } from '../../../../components/search-form';
import { useAccess } from '../../../../lib/access';
import { toTimeWindow, type PickedRange } from '../../../../lib/date-range';
import { useDict } from '../../../../lib/dict-cache';
import { useListFilter } from '../../../../lib/use-list-filter';
import { useConfirmedAction } from '../../shared/confirm';
import { AdminListEmpty } from '../../shared/list-empty';
import { DeleteLink, PermittedAddButton, PermittedLink } from '../../shared/row-actions';
import {
  useChangeRoleStatus,
  useDeleteRoles,
  useExportRoles,
  useRoles,
  type RoleFilterQuery,
} from '../api/roles';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../../lib/lazy-part';
import { actionsColumn, AdminSearch, timeColumn } from '../../shared/admin-list';

// The dialogs (the menu tree, the department tree) load on demand.
const RoleFormDialog = lazyPart(() => import('../components/role-form-dialog'), 'RoleFormDialog');
const DataScopeDialog = lazyPart(() => import('../components/data-scope-dialog'), 'DataScopeDialog');
const loading = (onCancel: () => void) => <LoadingDialog open onCancel={onCancel} />;

interface RoleSearchValues {
  roleName?: string;
  roleKey?: string;
  status?: StatusFlag;
  range?: PickedRange;
}

function toRoleFilter(values: RoleSearchValues): RoleFilterQuery {
  const filter: RoleFilterQuery = {};
  if (values.roleName?.trim()) filter.roleName = values.roleName.trim();
  if (values.roleKey?.trim()) filter.roleKey = values.roleKey.trim();
  if (values.status) filter.status = values.status;
  return { ...filter, ...toTimeWindow(values.range) };
}

/** The path of a role's accounts page (RuoYi's hidden route). */
export const roleUsersPath = (roleId: number) => `/system/role-auth/user/${roleId}`;

/** /system/role: RuoYi's role management, with menu permissions, data scope and the role's accounts. */
export function RolePage() {
  const { t } = useTranslation('systemRole');
  const navigate = useNavigate();
  const { hasPermi } = useAccess();
  const list = useListFilter<RoleFilterQuery>();
  const roles = useRoles(list.query);
  const dicts = useDict('sys_normal_disable');
  const exporter = useExportRoles();
  const changeStatus = useChangeRoleStatus();
  const remove = useDeleteRoles();
  const confirm = useConfirmedAction();
  const [editing, setEditing] = useState<{ roleId?: number }>();
  const [scoping, setScoping] = useState<Role>();
  const [selected, setSelected] = useState<Role[]>([]);
  usePrefetchWhenIdle(RoleFormDialog, DataScopeDialog);
  const closeEditing = () => setEditing(undefined);
  const closeScoping = () => setScoping(undefined);
  const canEdit = hasPermi('system:role:edit');

  const confirmDelete = (targets: Role[]) =>
    confirm({
      title: t('delete.title'),
      content: t('delete.content', { names: targets.map((r) => r.roleName).join(t('delete.separator')) }),
      done: t('delete.done'),
      run: async () => {
        await remove.mutateAsync(targets.map((r) => r.roleId));
        setSelected([]);
      },
    });

  const columns: TableColumnsType<Role> = [
    { key: 'roleId', title: t('column.roleId'), dataIndex: 'roleId', width: 90 },
    {
      key: 'roleName',
      title: t('column.roleName'),
      render: (_, role) => (
        <Flex gap={6} align="center">
          {role.roleName}
          {role.builtIn ? <Tag>{t('column.builtIn')}</Tag> : null}
        </Flex>
      ),
    },
    { key: 'roleKey', title: t('column.roleKey'), dataIndex: 'roleKey' },
    { key: 'roleSort', title: t('column.roleSort'), dataIndex: 'roleSort', width: 100, responsive: ['xxl'] },
    { key: 'userCount', title: t('column.userCount'), dataIndex: 'userCount', width: 100 },
    {
      key: 'status',
      title: t('column.status'),
      render: (_, role) => (
        <Switch
          checked={role.status === '0'}
          // The built-in roles keep their status (admin: everything; customers: their menus).
          disabled={!canEdit || role.builtIn}
          loading={changeStatus.isPending && changeStatus.variables?.roleId === role.roleId}
          onChange={(on) =>
            confirm({
              title: t('status.title'),
              content: t(on ? 'status.enable' : 'status.disable', { name: role.roleName }),
              done: t('status.done'),
              run: () => changeStatus.mutateAsync({ roleId: role.roleId, status: on ? '0' : '1' }),
            })
          }
          data-testid={`role-status-${role.roleKey}`}
        />
      ),
    },
    timeColumn('createTime', t('column.createTime'), (role) => role.createTime, { secondary: true }),
    actionsColumn(t('column.actions'), (role) =>
      // RuoYi shows no actions on the super administrator's row.
      role.roleKey === ROLE_ADMIN ? null : (
        <Flex gap={4} wrap={false}>
          <PermittedLink
            permission="system:role:edit"
            label={t('action.edit')}
            icon={<EditOutlined />}
            onClick={() => setEditing({ roleId: role.roleId })}
            testId={`role-edit-${role.roleKey}`}
          />
          {role.builtIn ? null : (
            <DeleteLink
              permission="system:role:remove"
              label={t('action.delete')}
              onClick={() => confirmDelete([role])}
              testId={`role-delete-${role.roleKey}`}
            />
          )}
          <HasPermi value={['system:role:edit']}>
            <Dropdown
              // Opened by a click, below the button's right edge: the column sits at the table's
              // right (fixed), where a hover menu opening rightwards would leave the screen.
              trigger={['click']}
              placement="bottomRight"
              menu={{
                items: [
                  { key: 'scope', label: t('action.dataScope') },
                  { key: 'users', label: t('action.users') },
                ],
                onClick: ({ key }) =>
                  key === 'scope' ? setScoping(role) : void navigate(roleUsersPath(role.roleId)),
              }}
            >
              <Button
                type="link"
                size="small"
                icon={<MoreOutlined />}
                data-testid={`role-more-${role.roleKey}`}
              >
                {t('action.more')}
              </Button>
            </Dropdown>
          </HasPermi>
        </Flex>
      ),
    ),
  ];

  return (
    <Flex vertical gap="large" data-testid="page-system-role">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      <RecordList
        search={
          <AdminSearch<RoleSearchValues, RoleFilterQuery>
            list={list}
            toFilter={toRoleFilter}
            testId="role-search"
          >
            <TextField
              name="roleName"
              label={t('column.roleName')}
              placeholder={t('filter.roleName')}
              maxLength={50}
              testId="role-filter-name"
            />
            <TextField
              name="roleKey"
              label={t('column.roleKey')}
              placeholder={t('filter.roleKey')}
              maxLength={50}
              testId="role-filter-key"
            />
            <SelectField
              name="status"
              label={t('column.status')}
              options={dicts.sys_normal_disable}
              testId="role-filter-status"
            />
            <DateRangeField label={t('column.createTime')} testId="role-filter-range" />
          </AdminSearch>
        }
        actions={
          <>
            <PermittedAddButton
              permission="system:role:add"
              label={t('action.add')}
              onClick={() => setEditing({})}
              testId="role-add"
            />
            <HasPermi value={['system:role:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                onClick={() => confirmDelete(selected)}
                data-testid="role-delete-selected"
              >
                {t('action.delete')}
              </Button>
            </HasPermi>
          </>
        }
        query={roles}
        list={list}
        columns={columns}
        rowKey="roleId"
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.roleId),
          onChange: (_, rows) => setSelected(rows),
          getCheckboxProps: (role) => ({ disabled: role.builtIn }),
        }}
        emptyText={
          <AdminListEmpty
            query={roles}
            filter={list.filter}
            text={(key) => t(`page.${key}`)}
            testIdPrefix="roles"
          />
        }
        exporter={hasPermi('system:role:export') ? exporter : undefined}
        tableTestId="roles-table"
        exportTestId="role-export"
      />
      {editing ? (
        <RoleFormDialog
          roleId={editing.roleId}
          open
          onClose={closeEditing}
          fallback={loading(closeEditing)}
        />
      ) : null}
      {scoping ? (
        <DataScopeDialog role={scoping} onClose={closeScoping} fallback={loading(closeScoping)} />
      ) : null}
    </Flex>
  );
}
