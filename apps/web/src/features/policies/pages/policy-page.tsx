import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Card, Descriptions, Flex, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { Policy } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CardToolbar } from '../../../components/card-toolbar';
import { NarrowCards } from '../../../components/narrow-cards';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';
import { LazyInputSearch } from '../../../components/lazy-input-search';
import { LazyTable } from '../../../components/lazy-table';
import { PageHeading } from '../../../components/page-heading';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format-time';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { usePageQuery } from '../../../lib/use-page-query';
import { useDeletePolicy } from '../api/delete-policy';
import { usePolicies } from '../api/list-policies';
import { ClipboardTag, LocalDriveTag, UsbTag } from '../components/permission-tags';

// The policy form and the assign dialog load on demand (prefetched once the page is idle).
const PolicyDialog = lazyPart(() => import('../components/policy-dialog'), 'PolicyDialog');
const AssignDialog = lazyPart(() => import('../components/assign-dialog'), 'AssignDialog');

interface RowActions {
  edit: (policy: Policy) => void;
  remove: (policy: Policy) => void;
  assign: (policy: Policy) => void;
}

/** An action of a row; on the default policy edit and delete are shown disabled, with the reason. */
function RowAction({
  label,
  icon,
  locked,
  danger,
  onClick,
  testId,
}: {
  label: string;
  icon: ReactNode;
  locked: boolean;
  danger?: boolean;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation('policies');
  const button = (
    <Button
      type="link"
      size="small"
      danger={danger}
      icon={icon}
      disabled={locked}
      onClick={onClick}
      style={{ paddingInline: 0 }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  // A disabled button fires no mouse events: the wrapper gives the tooltip something to hover.
  return locked ? (
    <Tooltip title={t('defaultLocked')}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }} data-testid={`${testId}-locked`}>
        {button}
      </span>
    </Tooltip>
  ) : (
    button
  );
}

/** Assign, edit and delete of one policy (edit and delete locked on the default one). */
function PolicyActions({ policy, actions }: { policy: Policy; actions: RowActions }) {
  const { t } = useTranslation('policies');
  return (
    <Flex gap="middle" wrap>
      <RowAction
        label={t('action.assign')}
        icon={<SendOutlined />}
        locked={false}
        onClick={() => actions.assign(policy)}
        testId="policy-assign"
      />
      <RowAction
        label={t('action.edit')}
        icon={<EditOutlined />}
        locked={policy.is_default}
        onClick={() => actions.edit(policy)}
        testId="policy-edit"
      />
      <RowAction
        label={t('action.delete')}
        icon={<DeleteOutlined />}
        locked={policy.is_default}
        danger
        onClick={() => actions.remove(policy)}
        testId="policy-delete"
      />
    </Flex>
  );
}

/** The name with the default badge. */
function PolicyName({ policy }: { policy: Policy }) {
  const { t } = useTranslation('policies');
  return (
    <Flex align="center" gap="small" wrap>
      <span style={{ wordBreak: 'break-word' }}>{policy.name}</span>
      {policy.is_default ? (
        <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="policy-default">
          {t('default')}
        </Tag>
      ) : null}
    </Flex>
  );
}

/** Phones: one block per policy instead of a table whose actions would be off screen. */
function PolicyCards({ policies, actions }: { policies: Policy[]; actions: RowActions }) {
  const { t } = useTranslation('policies');
  return (
    <NarrowCards
      items={policies}
      keyOf={(policy) => policy.policy_id}
      title={(policy) => <PolicyName policy={policy} />}
      aside={(policy) => t('desktopCount', { count: policy.desktop_count })}
      details={(policy) => (
        <Descriptions
          size="small"
          column={1}
          colon={false}
          items={[
            {
              key: 'clipboard',
              label: t('column.clipboard'),
              children: <ClipboardTag mode={policy.clipboard} />,
            },
            {
              key: 'localDrive',
              label: t('column.localDrive'),
              children: <LocalDriveTag mode={policy.local_drive} />,
            },
            { key: 'usb', label: t('column.usb'), children: <UsbTag allowed={policy.usb_redirect} /> },
          ]}
        />
      )}
      actions={(policy) => <PolicyActions policy={policy} actions={actions} />}
      testId="policies-cards"
      cardTestId="policy-card"
    />
  );
}

function useColumns(actions: RowActions): TableColumnsType<Policy> {
  const { t } = useTranslation('policies');
  return [
    {
      key: 'name',
      title: t('column.name'),
      render: (_, policy) => <PolicyName policy={policy} />,
    },
    {
      key: 'clipboard',
      title: t('column.clipboard'),
      render: (_, policy) => <ClipboardTag mode={policy.clipboard} />,
    },
    {
      key: 'localDrive',
      title: t('column.localDrive'),
      render: (_, policy) => <LocalDriveTag mode={policy.local_drive} />,
    },
    { key: 'usb', title: t('column.usb'), render: (_, policy) => <UsbTag allowed={policy.usb_redirect} /> },
    {
      key: 'desktops',
      title: t('column.desktops'),
      align: 'right',
      render: (_, policy) => t('desktopCount', { count: policy.desktop_count }),
    },
    {
      key: 'createdAt',
      title: t('column.createdAt'),
      // Room for it only on wide screens; the rest matter more.
      responsive: ['xxl'],
      render: (_, policy) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(policy.created_at)}</span>
      ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      fixed: 'right',
      render: (_, policy) => <PolicyActions policy={policy} actions={actions} />,
    },
  ];
}

/** Asks before deleting; names the desktops that move to the default policy. */
function useConfirmDelete() {
  const { t } = useTranslation('policies');
  const { modal, message } = App.useApp();
  const remove = useDeletePolicy();
  return (policy: Policy) =>
    modal.confirm({
      title: t('delete.title', { name: policy.name }),
      content: policy.desktop_count
        ? t('delete.inUse', { count: policy.desktop_count })
        : t('delete.content'),
      okText: t('delete.confirm'),
      cancelText: t('delete.cancel'),
      okButtonProps: { danger: true },
      // Resolving keeps the dialog open with a spinner until the server has answered.
      onOk: () =>
        remove
          .mutateAsync(policy.policy_id)
          .then(() => void message.success(t('delete.done')))
          // The request client has told the user why; the dialog closes either way.
          .catch(() => undefined),
    });
}

/**
 * The cloud strategy page (spec §3 Policy, §5): the caller's policies with their clipboard, local
 * disk and USB permissions; create, edit and delete them (never the default one) and assign them
 * to desktops.
 */
export function PolicyPage() {
  const { t } = useTranslation('policies');
  const { page, limit, setPage, resetPage } = usePageQuery();
  const [name, setName] = useState('');
  const policies = usePolicies({ page, limit, ...(name ? { name } : {}) });
  const [editing, setEditing] = useState<{ policy?: Policy }>();
  const [assigning, setAssigning] = useState<Policy>();
  usePrefetchWhenIdle(AssignDialog);
  const confirmDelete = useConfirmDelete();
  const rowActions: RowActions = {
    edit: (policy) => setEditing({ policy }),
    remove: confirmDelete,
    assign: setAssigning,
  };
  const columns = useColumns(rowActions);
  const narrow = useIsMobile();
  const list = policies.data?.list ?? [];
  const total = policies.data?.total ?? 0;
  // Spec §9: a page past the end (its last policy deleted, or a stale link) steps back to the last
  // page that has rows, instead of saying there are none.
  const pastTheEnd =
    policies.isSuccess && !policies.isPlaceholderData && total > 0 && (page - 1) * limit >= total;
  useEffect(() => {
    if (pastTheEnd) setPage(Math.ceil(total / limit));
  }, [pastTheEnd, total, limit, setPage]);
  // Policies exist but this answer holds none: the page is on its way back, not empty.
  const steppingBack = total > 0 && list.length === 0;

  return (
    <Flex vertical gap="large" data-testid="page-policies">
      <PageHeading
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
            data-testid="policy-create"
          >
            {t('page.create')}
          </Button>
        }
      />
      <Card>
        <CardToolbar>
          <LazyInputSearch
            allowClear
            placeholder={t('page.searchPlaceholder')}
            onSearch={(value) => {
              setName(value.trim());
              resetPage();
            }}
            style={{ width: 280, maxWidth: '100%' }}
            data-testid="policy-search"
          />
        </CardToolbar>
        {narrow && list.length ? (
          <PolicyCards policies={list} actions={rowActions} />
        ) : (
          <LazyTable<Policy>
            rowKey="policy_id"
            columns={columns}
            dataSource={list}
            loading={
              policies.isPending || (policies.isFetching && policies.isPlaceholderData) || steppingBack
            }
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: steppingBack ? null : (
                <RecordListEmpty
                  failed={policies.isError}
                  filtered={name !== ''}
                  onRetry={() => void policies.refetch()}
                  testIdPrefix="policies"
                  texts={recordListTexts((key) => t(`page.${key}`))}
                />
              ),
            }}
            data-testid="policies-table"
          />
        )}
        <Pagination total={total} page={page} limit={limit} onChange={setPage} hidden={!total} />
      </Card>
      <PolicyDialog
        when={editing !== undefined}
        open={editing !== undefined}
        policy={editing?.policy}
        onClose={() => setEditing(undefined)}
        fallback={<LoadingDialog open={editing !== undefined} onCancel={() => setEditing(undefined)} />}
      />
      {assigning ? (
        <AssignDialog
          key={assigning.policy_id}
          policy={assigning}
          onClose={() => setAssigning(undefined)}
          fallback={<LoadingDialog open onCancel={() => setAssigning(undefined)} />}
        />
      ) : null}
    </Flex>
  );
}
