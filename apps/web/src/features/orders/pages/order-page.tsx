import { useState } from 'react';
import { Button, Card, Empty, Flex, Table, theme, type TableColumnsType } from 'antd';
import type { Order } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { DictTag } from '../../../components/dict-tag';
import { ExportButton } from '../../../components/export-button';
import { PageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { TableToolbar } from '../../../components/table-toolbar';
import { isFiltered } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-time';
import { useColumnChoice } from '../../../lib/use-column-choice';
import { usePageQuery } from '../../../lib/use-page-query';
import { useExportOrders } from '../api/export-orders';
import { useOrders } from '../api/list-orders';
import { useProductTypes } from '../api/list-product-types';
import { Dollars, OrderBilling, PaidAmount } from '../components/order-amount';
import { OrderDetailDrawer } from '../components/order-detail-drawer';
import { OrderSearchForm } from '../components/order-search-form';
import { useOrderDicts, type OrderDicts } from '../order-dicts';
import { toOrderFilter, type OrderFilterQuery, type OrderSearchValues } from '../order-filter';

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

/** What the table shows without rows: the load error, no match for the filters, or no orders yet. */
function OrdersEmpty({
  failed,
  filtered,
  onRetry,
}: {
  failed: boolean;
  filtered: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('orders');
  const { token } = theme.useToken();
  if (failed)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('page.loadFailed')}
        data-testid="orders-error"
      >
        <Button onClick={onRetry}>{t('page.retry')}</Button>
      </Empty>
    );
  if (filtered)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('page.emptyFiltered')}
        data-testid="orders-empty"
      />
    );
  return (
    <Empty
      description={
        <Flex vertical gap={4} align="center">
          <span style={{ color: token.colorText, fontWeight: token.fontWeightStrong }}>
            {t('page.empty')}
          </span>
          <span style={{ color: token.colorTextSecondary, maxWidth: 420 }}>{t('page.emptyHint')}</span>
        </Flex>
      }
      data-testid="orders-empty"
    />
  );
}

/** /mesceter/order: the customer's orders, filtered and paged by the server, with their details and a CSV export (spec §2, §3 Order, §7). */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const { token } = theme.useToken();
  const [showSearch, setShowSearch] = useState(true);
  const [filter, setFilter] = useState<OrderFilterQuery>({});
  const [openId, setOpenId] = useState<number>();
  const { page, limit, setPage, resetPage } = usePageQuery();
  const orders = useOrders({ page, limit, ...filter });
  const productTypes = useProductTypes();
  const dicts = useOrderDicts();
  const definitions = useColumns(dicts, (order) => setOpenId(order.id));
  const { choice, onChange, columns } = useColumnChoice(definitions);
  const { exporting, exportCsv } = useExportOrders();
  const total = orders.data?.total ?? 0;

  const applyFilter = (next: OrderFilterQuery) => {
    setFilter(next);
    // Another filter is another list: back to its first page.
    resetPage();
  };

  return (
    <Flex vertical gap="large" data-testid="page-orders">
      <Flex vertical gap={4}>
        <PageTitle>{t('page.title')}</PageTitle>
        <span style={{ color: token.colorTextSecondary }}>{t('page.subtitle')}</span>
      </Flex>
      {showSearch ? (
        <Card>
          <OrderSearchForm
            productTypes={productTypes.data ?? []}
            statuses={dicts.order_status}
            resourceStatuses={dicts.resource_status}
            onSearch={(values: OrderSearchValues) => applyFilter(toOrderFilter(values))}
            onReset={() => applyFilter({})}
          />
        </Card>
      ) : null}
      <Card>
        <Flex
          justify="space-between"
          align="center"
          gap="small"
          wrap
          style={{ marginBottom: token.marginMD }}
        >
          <ExportButton
            total={total}
            exporting={exporting}
            onExport={() => void exportCsv(filter)}
            testId="order-export"
          />
          <TableToolbar
            showSearch={showSearch}
            onToggleSearch={setShowSearch}
            onRefresh={() => void orders.refetch()}
            columns={choice}
            onColumnsChange={onChange}
          />
        </Flex>
        <Table<Order>
          rowKey="id"
          columns={columns}
          dataSource={orders.data?.list ?? []}
          loading={orders.isPending || (orders.isFetching && orders.isPlaceholderData)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <OrdersEmpty
                failed={orders.isError}
                filtered={isFiltered(filter)}
                onRetry={() => void orders.refetch()}
              />
            ),
          }}
          data-testid="orders-table"
        />
        <Pagination total={total} page={page} limit={limit} onChange={setPage} hidden={!total} />
      </Card>
      <OrderDetailDrawer orderId={openId} dicts={dicts} onClose={() => setOpenId(undefined)} />
    </Flex>
  );
}
