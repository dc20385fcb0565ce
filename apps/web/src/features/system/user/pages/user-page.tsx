import { useState } from 'react';
import { App, Button, Flex, Skeleton, Space, Switch, Tag, type TableColumnsType } from 'antd';
import {
  ApartmentOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  SafetyOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { SysUser } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../components/access-guards';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { DateRangeField, SelectField, TextField } from '../../../../components/search-form';
import { useAccess } from '../../../../lib/access';
import { toTimeWindow, type PickedRange } from '../../../../lib/date-range';
import { lazyPart } from '../../../../lib/lazy-part';
import { useCurrentUser } from '../../../../lib/session';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { useListFilter } from '../../../../lib/use-list-filter';
import { useConfirm } from '../../shared/confirm';
import { AdminListEmpty } from '../../shared/list-empty';
import { IconLink, PermittedAddButton } from '../../shared/row-actions';
import { StatusTag, useStatusOptions } from '../../shared/status';
import { findDeptLabel, useDeptTree } from '../../dept/api/depts';
import { useChangeStatus, useDeleteUsers, useExportUsers, useUsers, type UserFilter } from '../api/users';
import styles from './user-page.module.css';
import { actionsColumn, AdminSearch, timeColumn } from '../../shared/admin-list';

// The department pane (antd's Tree and search box, about 30 KB gzip) loads from the page's mount on,
// a skeleton in its place meanwhile: the list does not wait for it. The dialogs load on demand.
const DeptTreePane = lazyPart(() => import('../components/dept-tree-pane'), 'DeptTreePane');
const DeptTreeDrawer = lazyPart(() => import('../components/dept-tree-drawer'), 'DeptTreeDrawer');
const UserDialog = lazyPart(() => import('../components/user-dialog'), 'UserDialog');
const ResetPasswordDialog = lazyPart(
  () => import('../components/reset-password-dialog'),
  'ResetPasswordDialog',
);
const ImportDialog = lazyPart(() => import('../components/import-dialog'), 'ImportDialog');

interface SearchValues {
  email?: string;
  nickname?: string;
  status?: string;
  range?: PickedRange;
}

/** The role page's path for one account (a hidden menu page, RuoYi's /system/user-auth/role/{id}). */
export const authRolePath = (userId: number) => `/system/user-auth/role/${userId}`;

/**
 * /system/user (RuoYi): every account the caller's data scope reaches, the department tree at the
 * left filtering the table; add, edit, enable/disable, reset password, roles, delete, import, export.
 */
export function UserPage() {
  const { t } = useTranslation('systemUser');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { hasPermi } = useAccess();
  const me = useCurrentUser();
  const list = useListFilter<UserFilter>();
  const users = useUsers(list.query);
  const changeStatus = useChangeStatus();
  const remove = useDeleteUsers();
  const exporter = useExportUsers();
  const confirm = useConfirm();
  const statuses = useStatusOptions();
  const [editing, setEditing] = useState<{ open: boolean; user?: SysUser }>({ open: false });
  const [resetting, setResetting] = useState<SysUser>();
  const [importing, setImporting] = useState(false);
  const myId = me.data?.userId;
  // Below 992 px the department tree would push the list a screen down: it opens in a drawer.
  const mobile = useIsMobile();
  const [treeOpen, setTreeOpen] = useState(false);
  const depts = useDeptTree();
  const selectDept = (deptId?: number) => {
    list.applyFilter({ ...list.filter, deptId });
    setTreeOpen(false);
  };
  const deptPane = (
    <DeptTreePane
      fallback={<Skeleton active paragraph={{ rows: 6 }} />}
      selected={list.filter.deptId}
      onSelect={selectDept}
    />
  );

  // The department chosen in the tree stays through a search and a reset.
  const toFilter = (values: SearchValues): Partial<UserFilter> => ({
    deptId: list.filter.deptId,
    email: values.email?.trim() || undefined,
    nickname: values.nickname?.trim() || undefined,
    status: values.status,
    ...toTimeWindow(values.range),
  });

  const toggle = (user: SysUser, enable: boolean) =>
    confirm({
      title: enable ? t('enableTitle') : t('disableTitle'),
      content: enable
        ? t('enableConfirm', { email: user.email })
        : t('disableConfirm', { email: user.email }),
      okText: enable ? t('enable') : t('disable'),
      run: () =>
        changeStatus
          .mutateAsync({ userId: user.userId, status: enable ? '0' : '1' })
          .then(() => void message.success(enable ? t('enabled') : t('disabled'))),
    });

  const askDelete = (user: SysUser) =>
    confirm({
      title: t('deleteTitle'),
      content: t('deleteConfirm', { email: user.email }),
      okText: t('delete'),
      run: () => remove.mutateAsync([user.userId]).then(() => void message.success(t('deleted'))),
    });

  const columns: TableColumnsType<SysUser> = [
    // Beside the sidebar and the department tree a 1280 px screen leaves the table about 750 px:
    // the id and the creation time show from xxl (1600 px) on, the department from lg; long e-mails
    // and nicknames end in an ellipsis (the tooltip shows them whole).
    { key: 'id', title: t('id'), dataIndex: 'userId', width: 72, responsive: ['xxl'] },
    { key: 'email', title: t('email'), dataIndex: 'email', ellipsis: { showTitle: true } },
    {
      key: 'nickname',
      title: t('nickname'),
      ellipsis: { showTitle: true },
      render: (_, u) => (
        <Space size={4}>
          {u.nickname}
          {u.customer ? <Tag color="blue">{t('customer')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'dept', title: t('dept'), responsive: ['lg'], render: (_, u) => u.deptName || '—' },
    {
      key: 'roles',
      title: t('roles'),
      responsive: ['sm'],
      render: (_, u) => (
        <Space size={[4, 4]} wrap>
          {u.roles.map((r) => (
            <Tag key={r.roleId}>{r.roleName}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('status'),
      render: (_, u) =>
        hasPermi('system:user:edit') && u.userId !== myId ? (
          <Switch
            checked={u.status === '0'}
            onChange={(on) => toggle(u, on)}
            aria-label={t('statusSwitch', { email: u.email })}
            data-testid={`user-status-${u.userId}`}
          />
        ) : (
          <StatusTag value={u.status} />
        ),
    },
    timeColumn('created', t('created'), (u) => u.createTime, { secondary: true }),
    actionsColumn(t('actions'), (u) => (
      <Flex gap={4} wrap={false}>
        <HasPermi value={['system:user:edit']}>
          <IconLink
            icon={<EditOutlined />}
            label={t('edit')}
            onClick={() => setEditing({ open: true, user: u })}
            testId="user-edit"
          />
        </HasPermi>
        {u.userId !== myId && !u.customer ? (
          <HasPermi value={['system:user:remove']}>
            <IconLink
              icon={<DeleteOutlined />}
              label={t('delete')}
              danger
              onClick={() => askDelete(u)}
              testId="user-delete"
            />
          </HasPermi>
        ) : null}
        <HasPermi value={['system:user:resetPwd']}>
          <IconLink
            icon={<KeyOutlined />}
            label={t('resetPassword')}
            onClick={() => setResetting(u)}
            testId="user-reset"
          />
        </HasPermi>
        <HasPermi value={['system:user:edit']}>
          <IconLink
            icon={<SafetyOutlined />}
            label={t('assignRoles')}
            onClick={() => void navigate(authRolePath(u.userId))}
            testId="user-auth-role"
          />
        </HasPermi>
      </Flex>
    )),
  ];

  return (
    <Flex vertical gap="large" data-testid="page-system-user">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <div className={styles.layout}>
        {mobile ? null : <div>{deptPane}</div>}
        <div>
          <Flex vertical gap="large">
            {mobile ? (
              <div>
                <Button
                  icon={<ApartmentOutlined />}
                  onClick={() => setTreeOpen(true)}
                  data-testid="user-dept-open"
                >
                  {t('dept')}: {findDeptLabel(depts.data, list.filter.deptId) ?? t('allDepts')}
                </Button>
                <DeptTreeDrawer
                  when={treeOpen}
                  open={treeOpen}
                  onClose={() => setTreeOpen(false)}
                  title={t('deptFilter')}
                >
                  {deptPane}
                </DeptTreeDrawer>
              </div>
            ) : null}
            <RecordList
              search={
                <AdminSearch<SearchValues, UserFilter>
                  list={list}
                  toFilter={toFilter}
                  resetTo={{ deptId: list.filter.deptId }}
                  testId="user-search"
                >
                  <TextField
                    name="email"
                    label={t('email')}
                    placeholder={t('emailPlaceholder')}
                    maxLength={254}
                    testId="user-search-email"
                  />
                  <TextField
                    name="nickname"
                    label={t('nickname')}
                    placeholder={t('nicknamePlaceholder')}
                    maxLength={30}
                    testId="user-search-nickname"
                  />
                  <SelectField
                    name="status"
                    label={t('status')}
                    options={statuses}
                    testId="user-search-status"
                  />
                  <DateRangeField label={t('created')} testId="user-search-range" />
                </AdminSearch>
              }
              query={users}
              list={list}
              columns={columns}
              rowKey="userId"
              actions={
                <>
                  <PermittedAddButton
                    permission="system:user:add"
                    label={t('add')}
                    onClick={() => setEditing({ open: true })}
                    testId="user-add"
                  />
                  <HasPermi value={['system:user:import']}>
                    <Button
                      icon={<UploadOutlined />}
                      onClick={() => setImporting(true)}
                      data-testid="user-import"
                    >
                      {t('import')}
                    </Button>
                  </HasPermi>
                  <HasPermi value={['system:user:export']}>
                    <Button
                      disabled={!users.data?.total}
                      loading={exporter.exporting}
                      onClick={() => void exporter.exportAs(list.filter, 'csv')}
                      data-testid="user-export-csv"
                    >
                      {t('exportCsv')}
                    </Button>
                  </HasPermi>
                </>
              }
              exporter={hasPermi('system:user:export') ? exporter : undefined}
              exportTestId="user-export"
              tableTestId="user-table"
              emptyText={
                <AdminListEmpty
                  query={users}
                  filter={list.filter}
                  text={(key) => t(key)}
                  testIdPrefix="user"
                />
              }
            />
          </Flex>
        </div>
      </div>
      <UserDialog
        when={editing.open}
        open={editing.open}
        user={editing.user}
        deptId={list.filter.deptId}
        onClose={() => setEditing({ open: false })}
      />
      <ResetPasswordDialog
        when={Boolean(resetting)}
        user={resetting}
        onClose={() => setResetting(undefined)}
      />
      <ImportDialog when={importing} open={importing} onClose={() => setImporting(false)} />
    </Flex>
  );
}
