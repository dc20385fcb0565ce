import { useState } from 'react';
import { Alert, Button, Empty, Flex, Table, Tag, type TableColumnsType } from 'antd';
import type { OrderProductType, ResourceOrder } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { DictTag } from '../../../components/dict-tag';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format-time';
import { useResourceOrders } from '../api/resource-orders';
import { useOrderDicts } from '../order-dicts';
import { Dollars } from './order-amount';

const FIRST_PAGE = { page: 1, limit: 10 };

/**
 * One resource's orders (GET /user/resource_order): its purchase, renewals and changes, and what
 * was refunded of them, newest first, paged. A sub-account's answer has no amounts: the column is
 * left out then.
 */
export function ResourceOrderHistory({
  resourceType,
  resourceId,
}: {
  resourceType: OrderProductType;
  resourceId: string;
}) {
  const { t } = useTranslation(['statistics', 'orders']);
  const dicts = useOrderDicts();
  const [slice, setSlice] = useState(FIRST_PAGE);
  const orders = useResourceOrders({ resource_type: resourceType, resource_id: resourceId, ...slice });
  const rows = orders.data?.list ?? [];
  const withAmounts = rows.some((row) => row.amount !== null);
  const columns: TableColumnsType<ResourceOrder> = [
    {
      key: 'type',
      title: t('history.type'),
      render: (_, row) =>
        row.type === 'refund' ? (
          <Tag color="green">{t('history.refund')}</Tag>
        ) : (
          <DictTag options={dicts.order_action} value={row.type} />
        ),
    },
    {
      key: 'no',
      title: t('orders:column.no'),
      render: (_, row) => <CopyableCode value={row.order_no} copyLabel={t('orders:page.copyNo')} />,
    },
    {
      key: 'period',
      title: t('history.period'),
      render: (_, row) => (row.period === null ? '-' : t('history.months', { count: row.period })),
    },
    ...(withAmounts
      ? [
          {
            key: 'amount',
            title: t('history.amount'),
            align: 'right' as const,
            render: (_: unknown, row: ResourceOrder) =>
              row.amount === null ? '-' : <Dollars amount={row.amount} />,
          },
        ]
      : []),
    {
      key: 'status',
      title: t('orders:column.status'),
      render: (_, row) => <DictTag options={dicts.order_status} value={row.status} />,
    },
    { key: 'created', title: t('history.time'), render: (_, row) => formatDateTime(row.created_at) },
  ];
  if (orders.isError && !orders.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('history.loadFailed')}
        action={
          <Button size="small" onClick={() => void orders.refetch()}>
            {t('orders:page.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical data-testid="resource-order-history">
      <Table<ResourceOrder>
        rowKey={(row) => `${row.type}-${row.order_id}-${row.created_at}`}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={orders.isPending || orders.isPlaceholderData}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />,
        }}
      />
      <Pagination
        total={orders.data?.total ?? 0}
        page={slice.page}
        limit={slice.limit}
        hidden={(orders.data?.total ?? 0) <= FIRST_PAGE.limit}
        autoScroll={false}
        onChange={(page, limit) => setSlice({ page, limit })}
      />
    </Flex>
  );
}
