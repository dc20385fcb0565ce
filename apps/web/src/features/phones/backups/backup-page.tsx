import { useState } from 'react';
import { App, Button, Flex, Tag, theme, type ButtonProps, type TableColumnsType } from 'antd';
import { CloudUploadOutlined, LoadingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Backup, BackupStatus } from '@cloudbay/contracts';
import { BACKUP_STATUSES } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyableCode } from '../../../components/copyable-code';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { SearchFields } from '../../../components/search-fields';
import { SearchForm } from '../../../components/search-form';
import { isFiltered } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-time';
import { useIntentKeys } from '../../../lib/idempotency';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useListFilter } from '../../../lib/use-list-filter';
import { useBackups, useBackupSpace, useDeleteBackup, type BackupFilterQuery } from './api';
import { TASK_CENTER_PATH } from './paths';
import { SpacePanel, type SpaceAction } from './space-panel';

// The dialogs load on demand, prefetched once the page is idle: none is on the first screen.
const BuySpaceDialog = lazyPart(() => import('./space-dialogs'), 'BuySpaceDialog');
const ExpandSpaceDialog = lazyPart(() => import('./space-dialogs'), 'ExpandSpaceDialog');
const RenewSpaceDialog = lazyPart(() => import('./space-dialogs'), 'RenewSpaceDialog');
const CreateBackupDialog = lazyPart(() => import('./backup-dialogs'), 'CreateBackupDialog');
const EditBackupDialog = lazyPart(() => import('./backup-dialogs'), 'EditBackupDialog');
const RestoreBackupDialog = lazyPart(() => import('./backup-dialogs'), 'RestoreBackupDialog');

const STATUS_COLORS: Record<BackupStatus, string> = {
  creating: 'processing',
  available: 'success',
  recovering: 'processing',
  failed: 'error',
};

interface BackupSearchValues {
  name?: string;
  status?: BackupStatus;
}

function BackupSearchForm({ onSearch }: { onSearch: (filter: BackupFilterQuery) => void }) {
  const { t } = useTranslation('phoneBackups');
  return (
    <SearchForm<BackupSearchValues>
      onSearch={(values) =>
        onSearch({
          ...(values.name?.trim() ? { name: values.name.trim() } : {}),
          ...(values.status ? { status: values.status } : {}),
        })
      }
      onReset={() => onSearch({})}
      fieldWidth={200}
      testId="backup-search"
    >
      <SearchFields
        naming={{ label: (key) => t(`list.filter.${key}`), testId: (key) => `backup-filter-${key}` }}
        fields={[
          { key: 'name', text: { placeholder: t('list.filter.namePlaceholder'), maxLength: 128 } },
          {
            key: 'status',
            options: BACKUP_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
          },
        ]}
      />
    </SearchForm>
  );
}

type Open = { kind: SpaceAction | 'create' } | { kind: 'edit' | 'restore'; backup: Backup };

function useColumns(open: (next: Open) => void): TableColumnsType<Backup> {
  const { t } = useTranslation('phoneBackups');
  const { token } = theme.useToken();
  const { modal, message } = App.useApp();
  const remove = useDeleteBackup();
  const compact = useIsMobile();
  const confirmDelete = (backup: Backup) =>
    modal.confirm({
      title: t('delete.title', { name: backup.name }),
      content: t('delete.content'),
      okText: t('delete.confirm'),
      cancelText: t('action.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'backup-delete-confirm' } as ButtonProps,
      onOk: () =>
        remove
          .mutateAsync(backup.id)
          .then(() => void message.success(t('delete.done')))
          .catch(() => undefined),
    });
  const settled = (backup: Backup) => backup.status === 'available';
  return [
    {
      key: 'name',
      title: t('column.name'),
      render: (_, backup) => (
        <Flex vertical gap={2} style={{ maxWidth: 320 }}>
          <span style={{ fontWeight: token.fontWeightStrong }} data-testid="backup-name">
            {backup.name}
          </span>
          {backup.description ? (
            <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
              {backup.description}
            </span>
          ) : null}
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            <CopyableCode value={backup.id} copyLabel={t('list.copyId')} />
          </span>
        </Flex>
      ),
    },
    {
      key: 'phone',
      title: t('column.phone'),
      render: (_, backup) => (
        <Flex vertical gap={2}>
          <span style={{ whiteSpace: 'nowrap' }}>{backup.phone_name ?? '—'}</span>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            {backup.phone_id}
          </span>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('column.status'),
      render: (_, backup) => (
        <Tag
          color={STATUS_COLORS[backup.status]}
          icon={
            backup.status === 'creating' || backup.status === 'recovering' ? <LoadingOutlined /> : undefined
          }
          data-testid="backup-status"
          data-status={backup.status}
        >
          {t(`status.${backup.status}`)}
        </Tag>
      ),
    },
    {
      key: 'size',
      title: t('column.size'),
      render: (_, backup) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {backup.size_mib === null ? '—' : t('list.sizeMib', { size: backup.size_mib.toLocaleString() })}
        </span>
      ),
    },
    {
      key: 'created',
      title: t('column.created'),
      render: (_, backup) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(backup.created_at)}</span>
      ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      fixed: compact ? undefined : 'right',
      render: (_, backup) => (
        <Flex gap={4} wrap={false}>
          <Button
            type="link"
            size="small"
            disabled={!settled(backup)}
            onClick={() => open({ kind: 'restore', backup })}
            data-testid="backup-restore"
          >
            {t('action.restore')}
          </Button>
          <Button
            type="link"
            size="small"
            disabled={!settled(backup)}
            onClick={() => open({ kind: 'edit', backup })}
            data-testid="backup-edit"
          >
            {t('action.rename')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={!settled(backup) && backup.status !== 'failed'}
            onClick={() => confirmDelete(backup)}
            data-testid="backup-delete"
          >
            {t('action.delete')}
          </Button>
        </Flex>
      ),
    },
  ];
}

const PHONE_HIDDEN_COLUMNS = ['phone', 'size', 'created'];

/**
 * /phone/backup (spec §2 Cloud phone menu, §3 Backup and Backup space, §7 Backups): the account's
 * backup space (buy, expand, renew, auto-renew) and its backups (make from chosen phones, rename,
 * delete, restore onto any of the account's phones); backups and restores are followed in the task centre.
 */
export function BackupPage() {
  const { t } = useTranslation('phoneBackups');
  const list = useListFilter<BackupFilterQuery>();
  const backups = useBackups(list.query);
  const space = useBackupSpace();
  const isMobile = useIsMobile();
  const keys = useIntentKeys();
  const [opened, setOpened] = useState<Open>();
  const close = () => setOpened(undefined);
  const columns = useColumns(setOpened);
  const create = () => setOpened({ kind: 'create' });
  usePrefetchWhenIdle(
    BuySpaceDialog,
    ExpandSpaceDialog,
    RenewSpaceDialog,
    CreateBackupDialog,
    EditBackupDialog,
    RestoreBackupDialog,
  );
  const loading = <LoadingDialog open onCancel={close} />;
  const current = space.data ?? null;

  return (
    <Flex vertical gap="large" data-testid="page-phone-backups">
      <PageHeading
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          <Flex gap="small">
            <Link to={TASK_CENTER_PATH}>
              <Button icon={<UnorderedListOutlined />} data-testid="backup-tasks-link">
                {t('action.tasks')}
              </Button>
            </Link>
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              onClick={create}
              data-testid="backup-create-open"
            >
              {t('action.create')}
            </Button>
          </Flex>
        }
      />
      <SpacePanel
        space={space.data}
        loading={space.isPending}
        failed={space.isError}
        onRetry={() => void space.refetch()}
        onOpen={(kind) => setOpened({ kind })}
      />
      <RecordList<Backup, BackupFilterQuery>
        search={<BackupSearchForm onSearch={list.applyFilter} />}
        query={backups}
        list={list}
        columns={columns}
        rowKey="id"
        initiallyHiddenColumns={isMobile ? PHONE_HIDDEN_COLUMNS : []}
        emptyText={
          <RecordListEmpty
            failed={backups.isError}
            filtered={isFiltered(list.filter)}
            onRetry={() => void backups.refetch()}
            testIdPrefix="backups"
            texts={recordListTexts((key) => t(`list.${key}`))}
          >
            <Button type="primary" onClick={create} data-testid="backups-empty-create">
              {t('action.create')}
            </Button>
          </RecordListEmpty>
        }
        tableTestId="backups-table"
      />
      {opened?.kind === 'buy' ? <BuySpaceDialog onClose={close} keys={keys} fallback={loading} /> : null}
      {opened?.kind === 'expand' && current ? (
        <ExpandSpaceDialog space={current} onClose={close} keys={keys} fallback={loading} />
      ) : null}
      {opened?.kind === 'renew' && current ? (
        <RenewSpaceDialog space={current} onClose={close} keys={keys} fallback={loading} />
      ) : null}
      {opened?.kind === 'create' ? (
        <CreateBackupDialog space={current} onClose={close} keys={keys} fallback={loading} />
      ) : null}
      {opened?.kind === 'edit' ? (
        <EditBackupDialog backup={opened.backup} onClose={close} fallback={loading} />
      ) : null}
      {opened?.kind === 'restore' ? (
        <RestoreBackupDialog backup={opened.backup} onClose={close} keys={keys} fallback={loading} />
      ) : null}
    </Flex>
  );
}
