import { Form, Input, Typography } from 'antd';
import type { BizOrder } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../../lib/money';
import { ReasonDialog } from '../../shared/reason-dialog';
import { useRefundOrder } from '../api/business-orders';

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
/** Dollars as integer cents, exactly (the amounts carry at most 2 decimals). */
const cents = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

interface RefundValues {
  amount: string;
  reason: string;
}

/** Refunds part or all of an order to the customer's balance; the amount starts at what is refundable. */
export function RefundDialog({ order, onClose }: { order: BizOrder | undefined; onClose: () => void }) {
  const { t } = useTranslation('businessOrder');
  const refund = useRefundOrder();
  const refundable = order?.refundable_amount ?? '0.00';
  return (
    <ReasonDialog<RefundValues>
      open={order !== undefined}
      text={(key) => t(`refund.${key}`, { no: order?.no ?? '' })}
      initialValues={{ amount: refundable }}
      run={(values, key) =>
        refund.mutateAsync({
          id: order!.id,
          body: { amount: values.amount.trim(), reason: values.reason },
          key,
        })
      }
      pending={refund.isPending}
      onClose={onClose}
      testId="order-refund"
    >
      {() => (
        <>
          <Typography.Paragraph type="secondary" data-testid="order-refund-hint">
            {t('refund.hint', {
              email: order?.email ?? '',
              paid: formatDollars(order?.paid_amount ?? '0'),
              refundable: formatDollars(refundable),
            })}
          </Typography.Paragraph>
          <Form.Item
            name="amount"
            label={t('refund.amount')}
            rules={[
              { required: true, message: t('refund.amountInvalid') },
              {
                validator: (_, value: string | undefined) => {
                  const text = value?.trim() ?? '';
                  if (!AMOUNT.test(text) || cents(text) <= 0)
                    return Promise.reject(new Error(t('refund.amountInvalid')));
                  if (cents(text) > cents(refundable))
                    return Promise.reject(
                      new Error(t('refund.amountTooHigh', { refundable: formatDollars(refundable) })),
                    );
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input prefix="$" inputMode="decimal" maxLength={12} data-testid="order-refund-amount" />
          </Form.Item>
        </>
      )}
    </ReasonDialog>
  );
}
