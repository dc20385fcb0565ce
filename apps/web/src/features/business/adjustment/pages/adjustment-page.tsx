import { useState, type ReactNode } from 'react';
import { Button, Flex, Segmented, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Adjustment, AdjustmentStatus, SupportAudit } from '@cloudbay/contracts';
import { ADJUSTMENT_STATUSES } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { SearchFields, type SearchFieldSpec } from '../../../../components/search-fields';
import { SignedAmount } from '../../../../components/signed-amount';
import { useAccess } from '../../../../lib/access';
import { toTimeWindow, type PickedRange } from '../../../../lib/date-range';
import { useCurrentUser } from '../../../../lib/session';
import { useListFilter, type ListFilter } from '../../../../lib/use-list-filter';
import {
  AdminList,
  AdminSearch,
  actionsColumn,
  timeColumn,
  type AdminListProps,
} from '../../../system/shared/admin-list';
import { lazyDialog } from '../../../system/shared/lazy-dialog';
import { PermittedLink } from '../../../system/shared/row-actions';
import {
  useAdjustments,
  useSupportAudits,
  type AdjustmentFilter,
  type SupportAuditFilter,
} from '../api/adjustment-api';

// The dialogs (antd Form) load on demand.
const AdjustBalanceDialog = lazyDialog(
  () => import('../components/adjust-balance-dialog'),
  'AdjustBalanceDialog',
);
const DecideDialog = lazyDialog(() => import('../components/decide-dialog'), 'DecideDialog');

type View = 'all' | 'pending' | 'audit';

const STATUS_COLOR: Record<AdjustmentStatus, string> = {
  pending: 'gold',
  posted: 'green',
  rejected: 'default',
};

type SearchKey = 'email' | 'operator' | 'status' | 'range';

interface SearchValues {
  email?: string;
  operator?: string;
  status?: AdjustmentStatus;
  range?: PickedRange;
}

/** Both lists filter alike: the customer's and the operator's e-mail (prefixes), status, days. */
function toFilter({ range, ...values }: SearchValues): AdjustmentFilter {
  const filter: AdjustmentFilter = { ...toTimeWindow(range) };
  if (values.email?.trim()) filter.email = values.email.trim();
  if (values.operator?.trim()) filter.operator = values.operator.trim();
  if (values.status) filter.status = values.status;
  return filter;
}

/**
 * One view of the page: its heading with the view switcher, the search card (customer and operator
 * e-mail, the status when `statusOptions` is given, days) and the list.
 */
function PageList<T extends object, F extends AdjustmentFilter | SupportAuditFilter>({
  switcher,
  testId,
  labels,
  statusOptions,
  ...listProps
}: {
  switcher: ReactNode;
  testId: string;
  labels: Record<SearchKey, string>;
  statusOptions?: { value: string; label: string }[];
  query: AdminListProps<T, F>['query'];
  list: ListFilter<F>;
  columns: TableColumnsType<T>;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('businessAdjustment');
  const fields: SearchFieldSpec<SearchKey>[] = [
    { key: 'email', text: { placeholder: t('customerPlaceholder'), maxLength: 254 } },
    { key: 'operator', text: { placeholder: t('operatorPlaceholder'), maxLength: 254 } },
    ...(statusOptions ? [{ key: 'status' as const, options: statusOptions }] : []),
    { key: 'range', range: true },
  ];
  return (
    <AdminList<T, F>
      {...listProps}
      title={t('title')}
      subtitle={t('subtitle')}
      heading={switcher}
      testId={testId}
      rowKey="id"
      search={
        <AdminSearch<SearchValues, F>
          list={listProps.list}
          toFilter={(values) => toFilter(values) as Partial<F>}
          testId={`${testId}-search`}
        >
          <SearchFields
            fields={fields}
            naming={{ label: (key) => labels[key], testId: (key) => `${testId}-search-${key}` }}
          />
        </AdminSearch>
      }
    />
  );
}

/**
 * /business/adjustment: every balance adjustment of the customers in the operator's scope (RuoYi
 * table page), the pending approvals, and the log of support sessions ("open the customer's
 * console"), each behind its permission.
 */
export function AdjustmentPage() {
  const { t } = useTranslation('businessAdjustment');
  const access = useAccess();
  const [view, setView] = useState<View>('all');
  const switcher = (
    <Segmented<View>
      value={view}
      onChange={setView}
      data-testid="adjustment-views"
      // On a phone the three views scroll sideways instead of pushing the page wider.
      style={{ maxWidth: '100%', overflowX: 'auto' }}
      options={[
        { value: 'all', label: t('tabs.all') },
        { value: 'pending', label: t('tabs.pending') },
        ...(access.hasPermi('business:customer:support')
          ? [{ value: 'audit' as const, label: t('tabs.audit') }]
          : []),
      ]}
    />
  );
  if (view === 'audit') return <SupportAuditList switcher={switcher} />;
  // A list per view: each keeps its own filters and page.
  return <AdjustmentList key={view} pendingOnly={view === 'pending'} switcher={switcher} />;
}

function AdjustmentList({ pendingOnly, switcher }: { pendingOnly: boolean; switcher: ReactNode }) {
  const { t } = useTranslation('businessAdjustment');
  const list = useListFilter<AdjustmentFilter>();
  const adjustments = useAdjustments(pendingOnly ? { ...list.query, status: 'pending' } : list.query);
  const { data: me } = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const [deciding, setDeciding] = useState<{ adjustment: Adjustment; action: 'approve' | 'reject' }>();

  const decisionLinks = (row: Adjustment) => {
    if (row.status !== 'pending') return null;
    const own = row.requestedBy === me?.userId;
    const links = (['approve', 'reject'] as const).map((action) => (
      <PermittedLink
        key={action}
        permission="business:adjustment:approve"
        label={t(action)}
        danger={action === 'reject'}
        disabled={own}
        onClick={() => setDeciding({ adjustment: row, action })}
        testId={`adjustment-${action}-${row.id}`}
      />
    ));
    return own ? (
      <Tooltip title={t('ownRequest')}>
        <Flex gap="small">{links}</Flex>
      </Tooltip>
    ) : (
      <Flex gap="small">{links}</Flex>
    );
  };

  const columns: TableColumnsType<Adjustment> = [
    { key: 'id', title: t('id'), dataIndex: 'id', width: 80, responsive: ['xxl'] },
    { key: 'customer', title: t('customer'), dataIndex: 'customerEmail' },
    {
      key: 'amount',
      title: t('amount'),
      render: (_, row) => (
        <Flex vertical gap={2}>
          <SignedAmount
            amount={row.amount}
            income={row.direction === 'credit'}
            testId={`adjustment-amount-${row.id}`}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`directions.${row.direction}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'reason', title: t('reason'), dataIndex: 'reason', ellipsis: true },
    { key: 'reference', title: t('reference'), dataIndex: 'reference', responsive: ['xl'] },
    {
      key: 'status',
      title: t('status'),
      render: (_, row) => (
        <Tag color={STATUS_COLOR[row.status]} data-testid={`adjustment-status-${row.id}`}>
          {t(`statuses.${row.status}`)}
        </Tag>
      ),
    },
    { key: 'requestedBy', title: t('requestedBy'), dataIndex: 'requestedByEmail', responsive: ['lg'] },
    {
      key: 'decidedBy',
      title: t('decidedBy'),
      responsive: ['lg'],
      render: (_, row) =>
        row.decidedByEmail ? (
          <Tooltip title={row.decisionReason}>
            <span>{row.decidedByEmail}</span>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    timeColumn('createTime', t('createTime'), (row) => row.createTime),
    actionsColumn(t('actions'), decisionLinks),
  ];

  return (
    <PageList<Adjustment, AdjustmentFilter>
      switcher={switcher}
      testId="adjustments"
      query={adjustments}
      list={list}
      columns={columns}
      labels={{
        email: t('customer'),
        operator: t('requestedBy'),
        range: t('search.range'),
        status: t('status'),
      }}
      statusOptions={
        pendingOnly
          ? undefined
          : ADJUSTMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))
      }
      actions={
        <HasPermi value={['business:adjustment:add']}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="adjustment-add"
          >
            {t('add')}
          </Button>
        </HasPermi>
      }
    >
      <AdjustBalanceDialog open={adding} onClose={() => setAdding(false)} />
      <DecideDialog
        open={deciding !== undefined}
        adjustment={deciding?.adjustment}
        action={deciding?.action ?? 'approve'}
        onClose={() => setDeciding(undefined)}
      />
    </PageList>
  );
}

/** Every request made in support sessions: who looked at whose console, what, and when. */
function SupportAuditList({ switcher }: { switcher: ReactNode }) {
  const { t } = useTranslation('businessAdjustment');
  const list = useListFilter<SupportAuditFilter>();
  const audits = useSupportAudits(list.query, true);
  const columns: TableColumnsType<SupportAudit> = [
    timeColumn('time', t('audit.time'), (row) => row.createTime, { seconds: true }),
    { key: 'operator', title: t('audit.operator'), dataIndex: 'operatorEmail' },
    { key: 'customer', title: t('audit.customer'), dataIndex: 'customerEmail' },
    { key: 'method', title: t('audit.method'), render: (_, row) => <Tag>{row.method}</Tag> },
    { key: 'path', title: t('audit.path'), render: (_, row) => <code>{row.path}</code> },
    {
      key: 'status',
      title: t('audit.status'),
      render: (_, row) => <Tag color={row.status < 400 ? 'green' : 'red'}>{row.status}</Tag>,
    },
    {
      key: 'session',
      title: t('audit.session'),
      responsive: ['xxl'],
      render: (_, row) => <code>{row.sessionId.slice(0, 8)}</code>,
    },
  ];
  return (
    <PageList<SupportAudit, SupportAuditFilter>
      switcher={switcher}
      testId="support-audits"
      query={audits}
      list={list}
      columns={columns}
      labels={{
        email: t('audit.customer'),
        operator: t('audit.operator'),
        range: t('audit.time'),
        status: '',
      }}
    />
  );
}
