import { useState } from 'react';
import { Flex, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { AdminWithdrawal, WithdrawalChannel, WithdrawalStatus } from '@cloudbay/contracts';
import { WITHDRAWAL_CHANNELS, WITHDRAWAL_STATUSES } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { SearchFields, type SearchFieldSpec } from '../../../../components/search-fields';
import { toTimeWindow, type PickedRange } from '../../../../lib/date-range';
import { formatDollars } from '../../../../lib/money';
import { useListFilter } from '../../../../lib/use-list-filter';
import { AdminList, AdminSearch, actionsColumn, timeColumn } from '../../../system/shared/admin-list';
import { lazyDialog } from '../../../system/shared/lazy-dialog';
import { PermittedLink } from '../../../system/shared/row-actions';
import { useAdminWithdrawals, type WithdrawalFilter } from '../api/withdrawal-api';

const DecideWithdrawalDialog = lazyDialog(
  () => import('../components/decide-withdrawal-dialog'),
  'DecideWithdrawalDialog',
);

export const WITHDRAWAL_STATUS_COLOR: Record<WithdrawalStatus, string> = {
  processing: 'gold',
  success: 'green',
  failed: 'red',
};

type SearchKey = 'email' | 'status' | 'channel' | 'range';

interface SearchValues {
  email?: string;
  status?: WithdrawalStatus;
  channel?: WithdrawalChannel;
  range?: PickedRange;
}

function toFilter({ range, ...values }: SearchValues): WithdrawalFilter {
  const filter: WithdrawalFilter = { ...toTimeWindow(range) };
  if (values.email?.trim()) filter.email = values.email.trim();
  if (values.status) filter.status = values.status;
  if (values.channel) filter.channel = values.channel;
  return filter;
}

/**
 * /business/withdrawal (业务管理 › 提现审核): the referral withdrawals of the customers in the
 * operator's data scope; a processing address withdrawal is approved with the transfer's hash or
 * rejected with a reason (business:withdrawal:approve), both in the operation log.
 */
export function WithdrawalPage() {
  const { t } = useTranslation('businessWithdrawal');
  const list = useListFilter<WithdrawalFilter>();
  const withdrawals = useAdminWithdrawals(list.query);
  const [deciding, setDeciding] = useState<{ withdrawal: AdminWithdrawal; action: 'approve' | 'reject' }>();

  const fields: SearchFieldSpec<SearchKey>[] = [
    { key: 'email', text: { placeholder: t('customerPlaceholder'), maxLength: 254 } },
    {
      key: 'status',
      options: WITHDRAWAL_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
    },
    {
      key: 'channel',
      options: WITHDRAWAL_CHANNELS.map((value) => ({ value, label: t(`channels.${value}`) })),
    },
    { key: 'range', range: true },
  ];
  const labels: Record<SearchKey, string> = {
    email: t('customer'),
    status: t('status'),
    channel: t('channel'),
    range: t('createTime'),
  };

  const decisionLinks = (row: AdminWithdrawal) =>
    row.status === 'processing' ? (
      <Flex gap="small">
        {(['approve', 'reject'] as const).map((action) => (
          <PermittedLink
            key={action}
            permission="business:withdrawal:approve"
            label={t(action)}
            danger={action === 'reject'}
            onClick={() => setDeciding({ withdrawal: row, action })}
            testId={`withdrawal-${action}-${row.id}`}
          />
        ))}
      </Flex>
    ) : null;

  const columns: TableColumnsType<AdminWithdrawal> = [
    { key: 'id', title: t('id'), dataIndex: 'id', width: 80, responsive: ['xxl'] },
    { key: 'customer', title: t('customer'), dataIndex: 'customerEmail' },
    {
      key: 'amount',
      title: t('amount'),
      align: 'right',
      render: (_, row) => <strong>{formatDollars(row.amount)}</strong>,
    },
    {
      key: 'channel',
      title: t('channel'),
      render: (_, row) => (
        <Flex vertical gap={2}>
          <span>{t(`channels.${row.channel}`)}</span>
          {row.address ? <CopyableCode value={row.address} copyLabel={t('copyAddress')} /> : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('status'),
      render: (_, row) => (
        <Tooltip title={row.failure_reason || row.tx_hash || undefined}>
          <Tag color={WITHDRAWAL_STATUS_COLOR[row.status]} data-testid={`withdrawal-status-${row.id}`}>
            {t(`statuses.${row.status}`)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'decidedBy',
      title: t('decidedBy'),
      responsive: ['lg'],
      render: (_, row) => row.decidedByEmail ?? '—',
    },
    timeColumn('createTime', t('createTime'), (row) => row.create_time),
    actionsColumn(t('actions'), decisionLinks),
  ];

  return (
    <AdminList<AdminWithdrawal, WithdrawalFilter>
      title={t('title')}
      subtitle={t('subtitle')}
      testId="withdrawals"
      emptyHint={t('emptyHint')}
      rowKey="id"
      query={withdrawals}
      list={list}
      columns={columns}
      search={
        <AdminSearch<SearchValues, WithdrawalFilter>
          list={list}
          toFilter={toFilter}
          testId="withdrawals-search"
        >
          <SearchFields
            fields={fields}
            naming={{ label: (key) => labels[key], testId: (key) => `withdrawals-search-${key}` }}
          />
        </AdminSearch>
      }
    >
      <DecideWithdrawalDialog
        open={deciding !== undefined}
        withdrawal={deciding?.withdrawal}
        action={deciding?.action ?? 'approve'}
        onClose={() => setDeciding(undefined)}
      />
    </AdminList>
  );
}
