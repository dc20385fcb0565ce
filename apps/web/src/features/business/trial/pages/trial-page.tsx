import { App, Flex, Popover, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { FreeApplyStatus, TrialApplication, TrialRelated } from '@cloudbay/contracts';
import { FREE_APPLY_STATUSES } from '@cloudbay/contracts/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchFields, type SearchFieldSpec } from '../../../../components/search-fields';
import { toTimeWindow, type PickedRange } from '../../../../lib/date-range';
import { useListFilter } from '../../../../lib/use-list-filter';
import { AdminList, AdminSearch, actionsColumn, timeColumn } from '../../../system/shared/admin-list';
import { useConfirm } from '../../../system/shared/confirm';
import { lazyDialog } from '../../../system/shared/lazy-dialog';
import { PermittedLink } from '../../../system/shared/row-actions';
import { useDecideTrial, useTrials, type TrialFilter } from '../api/trial-api';

// The reject dialog (antd Form) loads on demand.
const RejectTrialDialog = lazyDialog(() => import('../components/reject-dialog'), 'RejectTrialDialog');

const STATUS_COLOR: Record<FreeApplyStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'default',
};

type SearchKey = 'email' | 'ip' | 'status' | 'range';

interface SearchValues {
  email?: string;
  ip?: string;
  status?: FreeApplyStatus;
  range?: PickedRange;
}

function toFilter({ range, ...values }: SearchValues): TrialFilter {
  const filter: TrialFilter = { ...toTimeWindow(range) };
  if (values.email?.trim()) filter.email = values.email.trim();
  if (values.ip?.trim()) filter.ip = values.ip.trim();
  if (values.status) filter.status = values.status;
  return filter;
}

/** An anti-abuse signal: how many other accounts applied from the same IP / e-mail domain, and who. */
function Signal({ label, related, testId }: { label: string; related: TrialRelated[]; testId: string }) {
  const { t } = useTranslation('businessTrial');
  if (related.length === 0) return null;
  const content = (
    <Flex vertical gap={4} style={{ maxWidth: 360 }}>
      {related.map((other) => (
        <Flex key={other.id} gap="small" justify="space-between">
          <Typography.Text ellipsis>{other.email}</Typography.Text>
          <Tag color={STATUS_COLOR[other.status]} style={{ marginInlineEnd: 0 }}>
            {t(`statuses.${other.status}`)}
          </Tag>
        </Flex>
      ))}
    </Flex>
  );
  return (
    <Popover title={label} content={content}>
      <Tag color="red" data-testid={testId} style={{ cursor: 'help' }}>
        {label} · {related.length}
      </Tag>
    </Popover>
  );
}

/**
 * /business/trial (业务管理 › 试用审核): the free trial applications of the customers in the
 * operator's scope, with the anti-abuse signals, approve (a gift desktop, 24 hours) and reject with
 * a reason; both behind `business:trial:approve`.
 */
export function TrialPage() {
  const { t } = useTranslation('businessTrial');
  const { message } = App.useApp();
  const list = useListFilter<TrialFilter>();
  const trials = useTrials(list.query);
  const decide = useDecideTrial();
  const confirm = useConfirm();
  const [rejecting, setRejecting] = useState<TrialApplication>();

  const approve = (row: TrialApplication) =>
    confirm({
      title: t('approve.title'),
      content: t('approve.content', { email: row.email, region: row.region_name }),
      okText: t('approve.submit'),
      run: async () => {
        await decide.mutateAsync({ id: row.id, action: 'approve', key: crypto.randomUUID() });
        void message.success(t('approve.done'));
      },
    });

  const fields: SearchFieldSpec<SearchKey>[] = [
    { key: 'email', text: { placeholder: t('customerPlaceholder'), maxLength: 254 } },
    { key: 'ip', text: { placeholder: t('ipPlaceholder'), maxLength: 64 } },
    {
      key: 'status',
      options: FREE_APPLY_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
    },
    { key: 'range', range: true },
  ];
  const labels: Record<SearchKey, string> = {
    email: t('customer'),
    ip: t('ip'),
    status: t('status'),
    range: t('createTime'),
  };

  const columns: TableColumnsType<TrialApplication> = [
    { key: 'id', title: t('id'), dataIndex: 'id', width: 70, responsive: ['xxl'] },
    {
      key: 'customer',
      title: t('customer'),
      render: (_, row) => (
        <Flex vertical gap={2}>
          <span data-testid={`trial-email-${row.id}`}>{row.email}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.region_name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'contact',
      title: t('contact'),
      render: (_, row) => (
        <Flex vertical gap={2}>
          <span>
            {t(`contactTypes.${row.contact_type}`)}: {row.contact}
          </span>
          {row.remark ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.remark }} style={{ fontSize: 12 }}>
              {row.remark}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'signals',
      title: t('signals'),
      render: (_, row) =>
        row.same_ip.length + row.same_domain.length === 0 ? (
          <Typography.Text type="secondary">{t('noSignals')}</Typography.Text>
        ) : (
          <Flex gap={4} wrap>
            <Signal label={t('sameIp')} related={row.same_ip} testId={`trial-same-ip-${row.id}`} />
            <Signal
              label={t('sameDomain')}
              related={row.same_domain}
              testId={`trial-same-domain-${row.id}`}
            />
          </Flex>
        ),
    },
    { key: 'ip', title: t('ip'), dataIndex: 'ip', responsive: ['lg'] },
    {
      key: 'status',
      title: t('status'),
      render: (_, row) => {
        const tag = (
          <Tag color={STATUS_COLOR[row.status]} data-testid={`trial-status-${row.id}`}>
            {t(`statuses.${row.status}`)}
          </Tag>
        );
        if (row.status === 'rejected' && row.reason) return <Tooltip title={row.reason}>{tag}</Tooltip>;
        if (row.desktop_id) return <Tooltip title={row.desktop_id}>{tag}</Tooltip>;
        return tag;
      },
    },
    {
      key: 'reviewedBy',
      title: t('reviewedBy'),
      responsive: ['xl'],
      render: (_, row) => row.reviewed_by_email ?? '—',
    },
    timeColumn('createTime', t('createTime'), (row) => row.created_at),
    actionsColumn(t('actions'), (row) =>
      row.status === 'pending' ? (
        <Flex gap="small">
          <PermittedLink
            permission="business:trial:approve"
            label={t('approve.action')}
            onClick={() => approve(row)}
            testId={`trial-approve-${row.id}`}
          />
          <PermittedLink
            permission="business:trial:approve"
            label={t('reject.action')}
            danger
            onClick={() => setRejecting(row)}
            testId={`trial-reject-${row.id}`}
          />
        </Flex>
      ) : null,
    ),
  ];

  return (
    <AdminList<TrialApplication, TrialFilter>
      title={t('title')}
      subtitle={t('subtitle')}
      emptyHint={t('emptyHint')}
      testId="trials"
      rowKey="id"
      query={trials}
      list={list}
      columns={columns}
      search={
        <AdminSearch<SearchValues, TrialFilter> list={list} toFilter={toFilter} testId="trials-search">
          <SearchFields
            fields={fields}
            naming={{ label: (key) => labels[key], testId: (key) => `trials-search-${key}` }}
          />
        </AdminSearch>
      }
    >
      <RejectTrialDialog
        open={rejecting !== undefined}
        application={rejecting}
        onClose={() => setRejecting(undefined)}
      />
    </AdminList>
  );
}
