import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import type { BizOrder, BizOrderDetail, BizOrderRefund } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { TableSection } from '../../../../components/table-section';
import { formatDateTime } from '../../../../lib/format-time';
import { isPositive } from '../../../../lib/money';
import { Dollars } from '../../../orders/components/order-amount';
import { OrderDetailBody } from '../../../orders/components/order-detail-drawer';
import type { OrderDicts } from '../../../orders/order-dicts';
import { DetailDrawer } from '../../shared/detail-drawer';
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
  const order = useBizOrder(orderId);
  const refundColumns = useRefundColumns();
  return (
    <DetailDrawer<BizOrderDetail>
      id={orderId}
      title={t('detail.title')}
      query={order}
      texts={{ loadFailed: t('detail.loadFailed'), retry: t('detail.retry') }}
      extra={(detail) =>
        isPositive(detail.refundable_amount) ? (
          <HasPermi value={['business:order:refund']}>
            <Button
              type="primary"
              onClick={() => onRefund(detail)}
              data-testid="business-order-drawer-refund"
            >
              {t('action.refund')}
            </Button>
          </HasPermi>
        ) : null
      }
      testId="business-order-drawer"
      onClose={onClose}
    >
      {(detail) => (
        <Flex vertical gap="large">
          <Typography.Text data-testid="business-order-customer">
            {t('detail.customer')}: <Typography.Text strong>{detail.email}</Typography.Text>
          </Typography.Text>
          <OrderDetailBody order={detail} dicts={dicts} />
          <TableSection<BizOrderRefund>
            title={t('refunds.title')}
            rowKey="transaction_id"
            columns={refundColumns}
            rows={detail.refunds}
            emptyText={t('refunds.none')}
            testId="business-order-refunds"
          />
        </Flex>
      )}
    </DetailDrawer>
  );
}
