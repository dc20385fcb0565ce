import { useState } from 'react';
import { Button, Flex, type TableColumnsType } from 'antd';
import type { Order } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { DictTag } from '../../../components/dict-tag';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { isFiltered } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-time';
import { LoadingOverlay, lazyPart } from '../../../lib/lazy-part';
import { useListFilter } from '../../../lib/use-list-filter';
import { useExportOrders } from '../api/export-orders';
import { useOrders } from '../api/list-orders';
import { useProductTypes } from '../api/list-product-types';
import { Dollars, OrderBilling, PaidAmount } from '../components/order-amount';
import { OrderSearchForm } from '../components/order-search-form';
import { useOrderDicts, type OrderDicts } from '../order-dicts';
import { toOrderFilter, type OrderFilterQuery, type OrderSearchValues } from '../order-filter';

// The detail drawer (descriptions, antd's Result for a failed load) loads on demand.
const OrderDetailDrawer = lazyPart(() => import('../components/order-detail-drawer'), 'OrderDetailDrawer');

function useColumns(dicts: OrderDicts, openDetail: (order: Order) => void): TableColumnsType<Order> {
  const { t } = useTranslation('orders');
  return [
    {
      key: 'no',
      title: t('column.no'),
      render: (_, order) => <CopyableCode value={order.no} copyLabel={t('page.copyNo')} />,
    },
    {
      key: 'productType',
      title: t('column.productType'),
      render: (_, order) => <DictTag options={dicts.order_product_type} value={order.type} />,
    },
    {
      key: 'action',
      title: t('column.action'),
      render: (_, order) => <DictTag options={dicts.order_action} value={order.action} />,
    },
    {
      key: 'status',
      title: t('column.status'),
      render: (_, order) => <DictTag options={dicts.order_status} value={order.status} />,
    },
    {
      key: 'resourceStatus',
      title: t('column.resourceStatus'),
      render: (_, order) => <DictTag options={dicts.resource_status} value={order.resource_status} />,
    },
    { key: 'quantity', title: t('column.quantity'), align: 'right', dataIndex: 'quantity' },
    {
      key: 'billing',
      title: t('column.billing'),
      render: (_, order) => <OrderBilling order={order} billingMethods={dicts.billing_method} />,
    },
    {
      key: 'originalAmount',
      title: t('column.originalAmount'),
      align: 'right',
      render: (_, order) => <Dollars amount={order.original_amount} />,
    },
    {
      key: 'paidAmount',
      title: t('column.paidAmount'),
      align: 'right',
      render: (_, order) => <PaidAmount order={order} />,
    },
    {
      key: 'createdAt',
      title: t('column.createdAt'),
      render: (_, order) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.created_at)}</span>,
    },
    {
      key: 'actions',
      title: t('column.actions'),
      render: (_, order) => (
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          onClick={() => openDetail(order)}
          data-testid="order-details"
        >
          {t('page.details')}
        </Button>
      ),
    },
  ];
}

/** /mesceter/order: the customer's orders, filtered and paged by the server, with their details and a CSV export (spec §2, §3 Order, §7). */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const list = useListFilter<OrderFilterQuery>();
  const [openId, setOpenId] = useState<number>();
  const orders = useOrders(list.query);
  const productTypes = useProductTypes();
  const dicts = useOrderDicts();
  const columns = useColumns(dicts, (order) => setOpenId(order.id));
  const exporter = useExportOrders();

  return (
    <Flex vertical gap="large" data-testid="page-orders">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      <RecordList
        search={
          <OrderSearchForm
            productTypes={productTypes.data ?? []}
            statuses={dicts.order_status}
            resourceStatuses={dicts.resource_status}
            onSearch={(values: OrderSearchValues) => list.applyFilter(toOrderFilter(values))}
            onReset={() => list.applyFilter({})}
          />
        }
        query={orders}
        list={list}
        columns={columns}
        rowKey="id"
        emptyText={
          <RecordListEmpty
            failed={orders.isError}
            filtered={isFiltered(list.filter)}
            onRetry={() => void orders.refetch()}
            testIdPrefix="orders"
            texts={recordListTexts((key) => t(`page.${key}`))}
          />
        }
        exporter={exporter}
        tableTestId="orders-table"
        exportTestId="order-export"
      />
      <OrderDetailDrawer
        when={openId !== undefined}
        fallback={<LoadingOverlay />}
        orderId={openId}
        dicts={dicts}
        onClose={() => setOpenId(undefined)}
      />
    </Flex>
  );
}
