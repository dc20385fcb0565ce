import { useState } from 'react';
import { Flex, type TableColumnsType } from 'antd';
import type { BizTopup } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { SearchFields } from '../../../../components/search-fields';
import { useAccess } from '../../../../lib/access';
import { LoadingOverlay, lazyPart } from '../../../../lib/lazy-part';
import { useListFilter } from '../../../../lib/use-list-filter';
import { Dollars } from '../../../orders/components/order-amount';
import { actionsColumn, AdminSearch, timeColumn } from '../../../system/shared/admin-list';
import { AdminListEmpty } from '../../../system/shared/list-empty';
import { PermittedLink } from '../../../system/shared/row-actions';
import { TopupStatusTag } from '../../../wallet/components/topup-status-tag';
import { useTopupFilterOptions } from '../../../wallet/components/topup-search-form';
import { useBizTopups, useExportBizTopups, type BizTopupFilterQuery } from '../api/business-topups';
import { usePayTypeLabel } from '../components/pay-type-label';
import { toBizTopupFilter, type BizTopupSearchValues } from '../topup-filter';
import { isReconcilable } from '../topup-rules';

const TopupDetailDrawer = lazyPart(() => import('../components/topup-detail-drawer'), 'TopupDetailDrawer');
const ReconcileDialog = lazyPart(() => import('../components/reconcile-dialog'), 'ReconcileDialog');
// Reference for the reader of the list, below it: its code loads after the page's first screen.
const GatewaySettingsCard = lazyPart(
  () => import('../components/gateway-settings-card'),
  'GatewaySettingsCard',
);

function useColumns(
  open: (t: BizTopup) => void,
  reconcile: (t: BizTopup) => void,
): TableColumnsType<BizTopup> {
  const { t } = useTranslation('businessTopup');
  const payType = usePayTypeLabel();
  return [
    {
      key: 'no',
      title: t('column.no'),
      render: (_, r) => <CopyableCode value={r.no} copyLabel={t('column.copyNo')} />,
    },
    { key: 'email', title: t('column.customer'), dataIndex: 'email' },
    {
      key: 'money',
      title: t('column.money'),
      align: 'right',
      render: (_, r) => <Dollars amount={r.money} strong />,
    },
    { key: 'payType', title: t('column.payType'), render: (_, r) => payType(r.pay_type) },
    { key: 'gateway', title: t('column.gateway'), dataIndex: 'gateway', responsive: ['xl'] },
    {
      key: 'tradeId',
      title: t('column.tradeId'),
      responsive: ['xxl'],
      render: (_, r) => r.trade_id ?? '—',
    },
    { key: 'status', title: t('column.status'), render: (_, r) => <TopupStatusTag status={r.status} /> },
    timeColumn('created', t('column.created'), (r) => r.created_at),
    timeColumn('paidAt', t('column.paidAt'), (r) => r.paid_at ?? '', { secondary: true }),
    actionsColumn(t('column.actions'), (r) => (
      <Flex gap="small" wrap={false}>
        <PermittedLink
          permission="business:topup:query"
          label={t('action.details')}
          onClick={() => open(r)}
          testId="topup-details"
        />
        {isReconcilable(r) ? (
          <PermittedLink
            permission="business:topup:reconcile"
            label={t('action.reconcile')}
            onClick={() => reconcile(r)}
            testId="topup-reconcile-open"
          />
        ) : null}
      </Flex>
    )),
  ];
}

const TEST_IDS = {
  no: 'topup-filter-no',
  email: 'topup-filter-email',
  tradeId: 'topup-filter-trade',
  status: 'topup-filter-status',
  payType: 'topup-filter-pay-type',
  time: 'topup-filter-range',
} as const;

/** /business/topup (issue 18): every top-up with its gateway, callbacks and manual reconcile. */
export function BusinessTopupPage() {
  const { t } = useTranslation('businessTopup');
  const { hasPermi } = useAccess();
  const list = useListFilter<BizTopupFilterQuery>();
  const topups = useBizTopups(list.query);
  const exporter = useExportBizTopups();
  const { statuses, payTypes } = useTopupFilterOptions();
  const [openId, setOpenId] = useState<number>();
  const [reconciling, setReconciling] = useState<BizTopup>();
  const columns = useColumns((r) => setOpenId(r.id), setReconciling);

  return (
    <Flex vertical gap="large" data-testid="page-business-topup">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      <RecordList
        search={
          <AdminSearch<BizTopupSearchValues, BizTopupFilterQuery>
            list={list}
            toFilter={toBizTopupFilter}
            testId="topup-search"
          >
            <SearchFields
              naming={{ label: (key) => t(`filter.${key}`), testId: (key) => TEST_IDS[key] }}
              fields={[
                { key: 'no', text: { placeholder: t('filter.noPlaceholder'), maxLength: 32 } },
                { key: 'email', text: { placeholder: t('filter.emailPlaceholder'), maxLength: 254 } },
                { key: 'tradeId', text: { placeholder: t('filter.tradeIdPlaceholder'), maxLength: 128 } },
                { key: 'status', options: statuses },
                { key: 'payType', options: payTypes },
                { key: 'time', range: true },
              ]}
            />
          </AdminSearch>
        }
        query={topups}
        list={list}
        columns={columns}
        rowKey="id"
        exporter={hasPermi('business:topup:export') ? exporter : undefined}
        exportTestId="topup-export"
        tableTestId="business-topup-table"
        emptyText={
          <AdminListEmpty
            query={topups}
            filter={list.filter}
            text={(key) => t(`page.${key}`)}
            testIdPrefix="business-topup"
          />
        }
      />
      <GatewaySettingsCard />
      <TopupDetailDrawer
        when={openId !== undefined}
        fallback={<LoadingOverlay />}
        topupId={openId}
        onReconcile={setReconciling}
        onClose={() => setOpenId(undefined)}
      />
      <ReconcileDialog
        when={reconciling !== undefined}
        topup={reconciling}
        onClose={() => setReconciling(undefined)}
      />
    </Flex>
  );
}
