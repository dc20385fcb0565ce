import { Flex, theme } from 'antd';
import type { Order } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import type { DictOption } from '../../../lib/dict-cache';
import { DictTag } from '../../../components/dict-tag';
import { formatDollars, isPositive } from '../../../lib/money';

/** A dollar amount in table figures ("$12.50"). */
export function Dollars({ amount, strong = false }: { amount: string; strong?: boolean }) {
  const { token } = theme.useToken();
  return (
    <span
      style={{
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        fontWeight: strong ? token.fontWeightStrong : undefined,
      }}
    >
      {formatDollars(amount)}
    </span>
  );
}

/** What was charged, and below it what came back after a failed creation. */
export function PaidAmount({ order }: { order: Pick<Order, 'paid_amount' | 'refunded_amount'> }) {
  const { t } = useTranslation('orders');
  const { token } = theme.useToken();
  return (
    <Flex vertical align="flex-end" gap={0} data-testid="order-paid">
      <Dollars amount={order.paid_amount} strong />
      {isPositive(order.refunded_amount) ? (
        <span style={{ color: token.colorWarning, fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}>
          {t('amount.refunded', { amount: formatDollars(order.refunded_amount) })}
        </span>
      ) : null}
    </Flex>
  );
}

/** The billing method's tag and, for a subscription, the months bought. */
export function OrderBilling({
  order,
  billingMethods,
}: {
  order: Pick<Order, 'billing_method' | 'period'>;
  billingMethods: readonly DictOption[];
}) {
  const { t } = useTranslation('orders');
  const { token } = theme.useToken();
  if (!order.billing_method) return <span style={{ color: token.colorTextQuaternary }}>—</span>;
  return (
    <Flex align="center" gap={6} wrap>
      <DictTag options={billingMethods} value={order.billing_method} />
      {order.period ? (
        <span style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
          {t('amount.months', { count: order.period })}
        </span>
      ) : null}
    </Flex>
  );
}
