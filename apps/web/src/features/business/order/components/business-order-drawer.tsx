import {
  Button,
  Drawer,
  Empty,
  Flex,
  Result,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { BizOrder, BizOrderRefund } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { formatDateTime } from '../../../../lib/format-time';
import { isPositive } from '../../../../lib/money';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { Dollars } from '../../../orders/components/order-amount';
import { OrderDetailBody } from '../../../orders/components/order-detail-drawer';
import type { OrderDicts } from '../../../orders/order-dicts';
import { useBizOrder } from '../api/business-orders';

function useRefundColumns(): TableColumnsType<BizOrderRefund> {
  const { t } = useTranslation('businessOrder');
  return [
    {
      key: 'time',
      title: t('refunds.time'),
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at, { seconds: true })}</span>
      ),
    },
    {
      key: 'amount',
      title: t('refunds.amount'),
      align: 'right',
      render: (_, r) => <Dollars amount={r.amount} />,
    },
    { key: 'operator', title: t('refunds.operator'), render: (_, r) => r.operator ?? t('refunds.automatic') },
    { key: 'memo', title: t('refunds.memo'), render: (_, r) => r.memo ?? '—' },
  ];
}

/**
 * One order for an operator: the customer, the customer's own order view (fields, what it bought,
 * its wallet movements) and the refunds so far, with Refund while something is refundable.
 */
export function BusinessOrderDrawer({
  orderId,
  dicts,
  onRefund,
  onClose,
}: {
  orderId: number | undefined;
  dicts: OrderDicts;
  onRefund: (order: BizOrder) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessOrder');
  const isMobile = useIsMobile();
  const order = useBizOrder(orderId);
  const refundColumns = useRefundColumns();

  const body = () => {
    if (order.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (order.isError)
      return (
        <Result
          status="error"
          title={t('detail.loadFailed')}
          extra={<Button onClick={() => void order.refetch()}>{t('detail.retry')}</Button>}
        />
      );
    const detail = order.data;
    return (
      <Flex vertical gap="large">
        <Typography.Text data-testid="business-order-customer">
          {t('detail.customer')}: <Typography.Text strong>{detail.email}</Typography.Text>
        </Typography.Text>
        <OrderDetailBody order={detail} dicts={dicts} />
        <Flex vertical gap="small">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('refunds.title')}
          </Typography.Title>
          <Table<BizOrderRefund>
            rowKey="transaction_id"
            size="small"
            columns={refundColumns}
            dataSource={detail.refunds}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('refunds.none')} />,
            }}
            data-testid="business-order-refunds"
          />
        </Flex>
      </Flex>
    );
  };

  return (
    <Drawer
      open={orderId !== undefined}
      onClose={onClose}
      title={t('detail.title')}
      size={isMobile ? '100%' : 760}
      destroyOnHidden
      extra={
        order.data && isPositive(order.data.refundable_amount) ? (
          <HasPermi value={['business:order:refund']}>
            <Button
              type="primary"
              onClick={() => onRefund(order.data)}
              data-testid="business-order-drawer-refund"
            >
              {t('action.refund')}
            </Button>
          </HasPermi>
        ) : null
      }
      data-testid="business-order-drawer"
    >
      {orderId !== undefined ? body() : null}
    </Drawer>
  );
}
