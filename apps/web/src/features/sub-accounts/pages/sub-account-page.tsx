import { useState } from 'react';
import { App, Badge, Button, Flex, Switch, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  LinkOutlined,
  LoginOutlined,
  PlusOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { SubAccountItem, SubAccountStatus } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { confirmOk } from '../components/confirm-ok';
import { RecordListEmpty, recordListTexts } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { RowAction } from '../../../components/row-action';
import { SearchForm, SelectField, TextField } from '../../../components/search-form';
import { useDict } from '../../../lib/dict-cache';
import { DictTag } from '../../../components/dict-tag';
import { formatDateTime } from '../../../lib/format-time';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { formatDollars } from '../../../lib/money';
import { useCurrentUser } from '../../../lib/session';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useListFilter } from '../../../lib/use-list-filter';
import {
  enterSubAccount,
  useBatchEditSubAccounts,
  useDeleteSubAccounts,
  useSubAccounts,
  type SubAccountFilter,
} from '../api/sub-accounts';
import { handoverAddress, loadConsolePage } from '../session/sub-account-session';
import { RankCard } from '../components/rank-card';

// Dialogs and the drawer load on demand (prefetched once the page is idle).
const CreateSubAccountDialog = lazyPart(
  () => import('../components/create-dialog'),
  'CreateSubAccountDialog',
);
const SubAccountEditDialog = lazyPart(() => import('../components/edit-dialog'), 'SubAccountEditDialog');
const SubAccountPasswordDialog = lazyPart(
  () => import('../components/password-dialog'),
  'SubAccountPasswordDialog',
);
const ResourcesDrawer = lazyPart(() => import('../components/resources-drawer'), 'ResourcesDrawer');

interface SearchValues {
  nickname?: string;
  status?: SubAccountStatus;
}

const toFilter = (values: SearchValues): Partial<SubAccountFilter> => ({
  nickname: values.nickname?.trim() || undefined,
  status: values.status,
});

/** Names of the bound resources in a tooltip over their count. */
function BoundCount({ names, count, testId }: { names: string[]; count: number; testId: string }) {
  if (!count) return <Typography.Text type="secondary">0</Typography.Text>;
  return (
    <Tooltip title={names.join('、')}>
      <Tag style={{ cursor: 'default' }} data-testid={testId}>
        {count}
      </Tag>
    </Tooltip>
  );
}

/**
 * /cloud/sonacc (issue 21): the main account's sub-accounts as an IAM users page — search, the
 * toolbar's add and batch enable / disable / edit / delete over a selection, the status switch,
 * and per row the bound resources with their permissions, "enter as", password and delete; the
 * month's ranking under the list.
 */
export function SubAccountPage() {
  const { t } = useTranslation('subAccounts');
  // Narrow: the actions wrap under each other and scroll with the row, so the name stays in view.
  const isMobile = useIsMobile();
  const { modal, message } = App.useApp();
  const list = useListFilter<SubAccountFilter>();
  const accounts = useSubAccounts(list.query);
  const statuses = useDict('sys_normal_disable').sys_normal_disable;
  const phones = useCurrentUser().data?.ph_white_user === 1;
  const edit = useBatchEditSubAccounts();
  const remove = useDeleteSubAccounts();
  const [selected, setSelected] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SubAccountItem[]>();
  const [password, setPassword] = useState<SubAccountItem>();
  const [bindingId, setBindingId] = useState<number>();
  const [entering, setEntering] = useState<number>();
  usePrefetchWhenIdle(ResourcesDrawer, SubAccountEditDialog);

  const rows = accounts.data?.list ?? [];
  const used = accounts.data?.used ?? 0;
  const max = accounts.data?.max ?? 0;
  const full = accounts.data !== undefined && used >= max;
  // The drawer follows the row as the list is read again after each binding change.
  const binding = rows.find((row) => row.account_id === bindingId);
  const selectedRows = rows.filter((row) => selected.includes(row.account_id));

  const setStatus = (targets: SubAccountItem[], status: SubAccountStatus) =>
    modal.confirm({
      title: t(status === '0' ? 'status.enableTitle' : 'status.disableTitle'),
      content: t(status === '0' ? 'status.enableContent' : 'status.disableContent', {
        names: targets.map((row) => row.nickname).join('、'),
      }),
      okText: t(status === '0' ? 'status.enable' : 'status.disable'),
      cancelText: t('action.cancel'),
      okButtonProps: confirmOk(status === '1'),
      onOk: () =>
        edit
          .mutateAsync({ account_ids: targets.map((row) => row.account_id), status })
          .then(() => void message.success(t(status === '0' ? 'status.enabled' : 'status.disabled')))
          .catch(() => undefined),
    });

  const askDelete = (targets: SubAccountItem[]) =>
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.content', { names: targets.map((row) => row.nickname).join('、') }),
      okText: t('delete.ok'),
      cancelText: t('action.cancel'),
      okButtonProps: confirmOk(),
      onOk: () =>
        remove
          .mutateAsync(targets.map((row) => row.account_id))
          .then(() => {
            setSelected((current) => current.filter((id) => !targets.some((row) => row.account_id === id)));
            void message.success(t('delete.done'));
          })
          .catch(() => undefined),
    });

  const enter = async (row: SubAccountItem) => {
    setEntering(row.account_id);
    try {
      const address = handoverAddress(await enterSubAccount(row.account_id));
      if (!address) {
        void message.error(t('enter.failed'));
        return;
      }
      loadConsolePage(address);
    } catch {
      // The request client has said why (a disabled sub-account, say).
    } finally {
      setEntering(undefined);
    }
  };

  const columns: TableColumnsType<SubAccountItem> = [
    {
      key: 'nickname',
      title: t('column.nickname'),
      render: (_, row) => <strong data-testid="sub-account-name">{row.nickname}</strong>,
    },
    {
      key: 'remark',
      title: t('column.remark'),
      ellipsis: { showTitle: true },
      render: (_, row) => row.remark || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'status',
      title: t('column.status'),
      render: (_, row) => (
        <Flex align="center" gap="small">
          <Switch
            size="small"
            checked={row.status === '0'}
            onChange={(on) => setStatus([row], on ? '0' : '1')}
            aria-label={t('status.switch', { name: row.nickname })}
            data-testid={`sub-account-status-${row.account_id}`}
          />
          <DictTag options={statuses} value={row.status} />
        </Flex>
      ),
    },
    {
      key: 'desktops',
      title: t('column.desktops'),
      align: 'center',
      render: (_, row) => (
        <BoundCount
          names={row.desktops.map((b) => b.name)}
          count={row.desktop_count}
          testId="sub-account-desktop-count"
        />
      ),
    },
    {
      key: 'phones',
      title: t('column.phones'),
      align: 'center',
      render: (_, row) => (
        <BoundCount
          names={row.phones.map((b) => b.name)}
          count={row.phone_count}
          testId="sub-account-phone-count"
        />
      ),
    },
    {
      key: 'online',
      title: t('column.online'),
      align: 'center',
      render: (_, row) => (
        <Badge status={row.online_count ? 'success' : 'default'} text={String(row.online_count)} />
      ),
    },
    {
      key: 'spend',
      title: t('column.spend'),
      render: (_, row) =>
        Number(row.spend_cap) > 0 ? (
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatDollars(row.spent_this_month)} / {formatDollars(row.spend_cap)}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('spend.none')}</Typography.Text>
        ),
    },
    {
      key: 'lastLogin',
      title: t('column.lastLogin'),
      responsive: ['xl'],
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {row.last_login_time ? formatDateTime(row.last_login_time) : '—'}
        </span>
      ),
    },
    {
      key: 'created',
      title: t('column.created'),
      responsive: ['xxl'],
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.create_time)}</span>,
    },
    {
      key: 'actions',
      title: t('column.actions'),
      fixed: isMobile ? undefined : 'right',
      render: (_, row) => (
        <Flex gap={8} wrap={isMobile} style={isMobile ? { minWidth: 150 } : undefined}>
          <RowAction
            icon={<LinkOutlined />}
            label={t('action.resources')}
            onClick={() => setBindingId(row.account_id)}
            testId="sub-account-resources-open"
          />
          <Tooltip title={row.status === '1' ? t('enter.disabled') : undefined}>
            <span>
              <Button
                type="link"
                size="small"
                icon={<LoginOutlined />}
                loading={entering === row.account_id}
                disabled={row.status === '1'}
                onClick={() => void enter(row)}
                style={{ paddingInline: 0 }}
                data-testid="sub-account-enter"
              >
                {t('action.enter')}
              </Button>
            </span>
          </Tooltip>
          <RowAction
            icon={<EditOutlined />}
            label={t('action.edit')}
            onClick={() => setEditing([row])}
            testId="sub-account-edit"
          />
          <RowAction
            icon={<KeyOutlined />}
            label={t('action.password')}
            onClick={() => setPassword(row)}
            testId="sub-account-password-open"
          />
          <RowAction
            icon={<DeleteOutlined />}
            label={t('action.delete')}
            danger
            onClick={() => askDelete([row])}
            testId="sub-account-delete"
          />
        </Flex>
      ),
    },
  ];

  const none = selectedRows.length === 0;
  const needsSelection = none ? t('toolbar.selectFirst') : undefined;
  const toolbar = (
    <>
      <Tooltip title={full ? t('toolbar.full', { max }) : undefined}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => setCreating(true)}
          onMouseEnter={() => CreateSubAccountDialog.prefetch()}
          data-testid="sub-account-add"
        >
          {t('toolbar.add')}
        </Button>
      </Tooltip>
      {(
        [
          ['enable', <CheckCircleOutlined key="i" />, () => setStatus(selectedRows, '0'), false],
          ['disable', <StopOutlined key="i" />, () => setStatus(selectedRows, '1'), false],
          ['edit', <EditOutlined key="i" />, () => setEditing(selectedRows), false],
          ['delete', <DeleteOutlined key="i" />, () => askDelete(selectedRows), true],
        ] as const
      ).map(([key, icon, onClick, danger]) => (
        <Tooltip key={key} title={needsSelection}>
          <Button
            icon={icon}
            danger={danger}
            disabled={none}
            onClick={onClick}
            data-testid={`sub-account-batch-${key}`}
          >
            {t(`toolbar.${key}`)}
          </Button>
        </Tooltip>
      ))}
    </>
  );

  return (
    <Flex vertical gap="large" data-testid="page-sub-accounts">
      <PageHeading
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          accounts.data ? (
            <Tag
              color={full ? 'orange' : 'blue'}
              style={{ fontSize: 14, padding: '4px 10px' }}
              data-testid="sub-account-quota"
            >
              {t('page.quota', { used, max })}
            </Tag>
          ) : null
        }
      />
      <RecordList
        search={
          <SearchForm<SearchValues>
            fieldWidth={200}
            testId="sub-account-search"
            onSearch={(values) => list.applyFilter(toFilter(values))}
            onReset={() => list.applyFilter({})}
          >
            <TextField
              name="nickname"
              label={t('column.nickname')}
              placeholder={t('search.nicknamePlaceholder')}
              maxLength={30}
              testId="sub-account-search-nickname"
            />
            <SelectField
              name="status"
              label={t('column.status')}
              options={statuses}
              testId="sub-account-search-status"
            />
          </SearchForm>
        }
        query={accounts}
        list={list}
        columns={columns}
        rowKey="account_id"
        actions={toolbar}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          preserveSelectedRowKeys: false,
        }}
        tableTestId="sub-account-table"
        emptyText={
          <RecordListEmpty
            failed={accounts.isError}
            filtered={Boolean(list.filter.nickname || list.filter.status)}
            onRetry={() => void accounts.refetch()}
            texts={recordListTexts((key) => t(`list.${key}`))}
            testIdPrefix="sub-accounts"
          >
            {full ? null : (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('toolbar.add')}
              </Button>
            )}
          </RecordListEmpty>
        }
      />
      <RankCard />
      <CreateSubAccountDialog
        when={creating}
        open={creating}
        onClose={() => setCreating(false)}
        fallback={<LoadingDialog open={creating} onCancel={() => setCreating(false)} />}
      />
      {editing ? (
        <SubAccountEditDialog
          accounts={editing}
          onClose={() => setEditing(undefined)}
          fallback={<LoadingDialog open onCancel={() => setEditing(undefined)} />}
        />
      ) : null}
      {password ? (
        <SubAccountPasswordDialog
          account={password}
          onClose={() => setPassword(undefined)}
          fallback={<LoadingDialog open onCancel={() => setPassword(undefined)} />}
        />
      ) : null}
      {binding ? (
        <ResourcesDrawer account={binding} phones={phones} onClose={() => setBindingId(undefined)} />
      ) : null}
    </Flex>
  );
}
