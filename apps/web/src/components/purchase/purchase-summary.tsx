import { Descriptions, type DescriptionsProps } from 'antd';
import type { BillingMethod } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { usePeriodLabel } from './billing-section';

/** What stands for a choice not made yet. */
export const NONE = '-';

type SummaryItems = NonNullable<DescriptionsProps['items']>;

/** The billing choices every purchase form has, as summary lines: method, term, auto-renew, quantity. */
export function useBillingSummaryItems(values: {
  billing_method?: BillingMethod;
  period?: number;
  auto_renew?: boolean;
  quantity?: number | null;
}): SummaryItems {
  const { t } = useTranslation('purchase');
  const periodLabel = usePeriodLabel();
  const subscription = values.billing_method === 'subscription';
  return [
    {
      key: 'billing',
      label: t('summary.billing'),
      children: subscription ? t('billing.subscription') : t('billing.payg'),
    },
    ...(subscription
      ? [
          {
            key: 'period',
            label: t('summary.period'),
            children: values.period ? periodLabel(values.period) : NONE,
          },
          {
            key: 'autoRenew',
            label: t('summary.autoRenew'),
            children: values.auto_renew ? t('summary.on') : t('summary.off'),
          },
        ]
      : []),
    {
      key: 'quantity',
      label: t('summary.quantity'),
      children: values.quantity ? t('summary.quantityValue', { count: values.quantity }) : NONE,
    },
  ];
}

/** What is about to be bought, one line per choice, as the form stands. */
export function PurchaseSummary({ items, testId }: { items: SummaryItems; testId: string }) {
  return (
    <Descriptions
      column={1}
      size="small"
      items={items}
      colon={false}
      styles={{ label: { width: 104, whiteSpace: 'nowrap' }, content: { wordBreak: 'break-word' } }}
      data-testid={testId}
    />
  );
}
