import { useState } from 'react';
import { Flex, type TableColumnsType } from 'antd';
import type { BizOrder } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { DictTag } from '../../../../components/dict-tag';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { SearchFields } from '../../../../components/search-fields';
import { useAccess } from '../../../../lib/access';
import { LoadingOverlay, lazyPart } from '../../../../lib/lazy-part';
import { isPositive } from '../../../../lib/money';
import { useListFilter } from '../../../../lib/use-list-filter';
import { useProductTypes } from '../../../orders/api/list-product-types';
import { Dollars, PaidAmount } from '../../../orders/components/order-amount';
import { useOrderDicts, type OrderDicts } from '../../../orders/order-dicts';
import { actionsColumn, AdminSearch, timeColumn } from '../../../system/shared/admin-list';
import { AdminListEmpty } from '../../../system/shared/list-empty';
import { PermittedLink } from '../../../system/shared/row-actions';
import { useBizOrders, useExportBizOrders, type BizOrderFilterQuery } from '../api/business-orders';
import { toBizOrderFilter, type BizOrderSearchValues } from '../order-filter';

// The drawer and the dialog load on demand.
const BusinessOrderDrawer = lazyPart(
  () => import('../components/business-order-drawer'),
  'BusinessOrderDrawer',
);
const RefundDialog = lazyPart(() => import('../components/refund-dialog'), 'RefundDialog');

function useColumns(
  dicts: OrderDicts,
  open: (order: BizOrder) => void,
  refund: (order: BizOrder) => void,
): TableColumnsType<BizOrder> {
  const { t } = useTranslation('businessOrder');
  return [
    {
      key: 'no',
      title: t('column.no'),
      render: (_, o) => <CopyableCode value={o.no} copyLabel={t('column.copyNo')} />,
    },
    { key: 'email', title: t('column.customer'), dataIndex: 'email' },
    {
      key: 'type',
      title: t('column.type'),
      render: (_, o) => <DictTag options={dicts.order_product_type} value={o.type} />,
    },
    {
      key: 'action',
      title: t('column.action'),
      responsive: ['xxl'],
      render: (_, o) => <DictTag options={dicts.order_action} value={o.action} />,
    },
    {
      key: 'status',
      title: t('column.status'),
      render: (_, o) => <DictTag options={dicts.order_status} value={o.status} />,
    },
    {
      key: 'resourceStatus',
      title: t('column.resourceStatus'),
      responsive: ['xxl'],
      render: (_, o) => <DictTag options={dicts.resource_status} value={o.resource_status} />,
    },
    { key: 'paid', title: t('column.paid'), align: 'right', render: (_, o) => <PaidAmount order={o} /> },
    {
      key: 'refundable',
      title: t('column.refundable'),
      align: 'right',
      render: (_, o) => <Dollars amount={o.refundable_amount} />,
    },
    timeColumn('created', t('column.created'), (o) => o.created_at),
    actionsColumn(t('column.actions'), (o) => (
      <Flex gap="small" wrap={false}>
        <PermittedLink
          permission="business:order:query"
          label={t('action.details')}
          onClick={() => open(o)}
          testId="business-order-details"
        />
        {isPositive(o.refundable_amount) ? (
          <PermittedLink
            permission="business:order:refund"
            label={t('action.refund')}
            onClick={() => refund(o)}
            testId="business-order-refund"
          />
        ) : null}
      </Flex>
    )),
  ];
}

const TEST_IDS = {
  no: 'business-order-no',
  email: 'business-order-email',
  type: 'business-order-type',
  status: 'business-order-status',
  resourceStatus: 'business-order-resource-status',
  amountMin: 'business-order-amount-min',
  amountMax: 'business-order-amount-max',
  time: 'business-order-range',
} as const;

/** /business/order (issue 18): every customer's orders in the operator's scope, details, refunds, export. */
export function BusinessOrderPage() {
  const { t } = useTranslation('businessOrder');
  const { hasPermi } = useAccess();
  const list = useListFilter<BizOrderFilterQuery>();
  const orders = useBizOrders(list.query);
  const productTypes = useProductTypes();
  const dicts = useOrderDicts();
  const exporter = useExportBizOrders();
  const [openId, setOpenId] = useState<number>();
  const [refunding, setRefunding] = useState<BizOrder>();
  const columns = useColumns(dicts, (o) => setOpenId(o.id), setRefunding);

  return (
    <Flex vertical gap="large" data-testid="page-business-order">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      <RecordList
        search={
          <AdminSearch<BizOrderSearchValues, BizOrderFilterQuery>
            list={list}
            toFilter={toBizOrderFilter}
            testId="business-order-search"
          >
            <SearchFields
              naming={{ label: (key) => t(`filter.${key}`), testId: (key) => TEST_IDS[key] }}
              fields={[
                { key: 'no', text: { placeholder: t('filter.noPlaceholder'), maxLength: 32 } },
                { key: 'email', text: { placeholder: t('filter.emailPlaceholder'), maxLength: 254 } },
                { key: 'type', options: productTypes.data ?? [] },
                { key: 'status', options: dicts.order_status },
                { key: 'resourceStatus', options: dicts.resource_status },
                { key: 'amountMin', text: { placeholder: '0.00', maxLength: 12 } },
                { key: 'amountMax', text: { placeholder: '0.00', maxLength: 12 } },
                { key: 'time', range: true },
              ]}
            />
          </AdminSearch>
        }
        query={orders}
        list={list}
        columns={columns}
        rowKey="id"
        exporter={hasPermi('business:order:export') ? exporter : undefined}
        exportTestId="business-order-export"
        tableTestId="business-order-table"
        emptyText={
          <AdminListEmpty
            query={orders}
            filter={list.filter}
            text={(key) => t(`page.${key}`)}
            testIdPrefix="business-order"
          />
        }
      />
      <BusinessOrderDrawer
        when={openId !== undefined}
        fallback={<LoadingOverlay />}
        orderId={openId}
        dicts={dicts}
        onRefund={setRefunding}
        onClose={() => setOpenId(undefined)}
      />
      <RefundDialog
        when={refunding !== undefined}
        order={refunding}
        onClose={() => setRefunding(undefined)}
      />
    </Flex>
  );
}
