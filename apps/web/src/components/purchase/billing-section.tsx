import { Checkbox, Empty, Form, Skeleton, Tag } from 'antd';
import type { BillingMethod } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { hasDiscount, offRateFigure } from '../../lib/off-rate';
import { BuySection, ChoiceContent, type FieldControl } from './buy-section';
import { ChoiceGrid } from './choice-grid';

/** A term on sale and the product's discount for it (0.9 = 10 % off). */
export interface PeriodOffer {
  period: number;
  discount: number;
}

export interface BillingSectionProps {
  billingMethod: BillingMethod;
  /** The periods on sale; undefined while loading. */
  periods: readonly PeriodOffer[] | undefined;
  periodsFailed: boolean;
  /** Where auto-renewal is switched off later (the product's list). */
  autoRenewHint: string;
  /** A product sold by subscription only (elastic IPs) shows no billing choice. */
  subscriptionOnly?: boolean;
}

/** "3 个月", "1 年" / "3 months", "1 year". */
export function usePeriodLabel() {
  const { t } = useTranslation('purchase');
  return (months: number) =>
    months % 12 === 0 ? t('period.years', { count: months / 12 }) : t('period.months', { count: months });
}

/** A discount as an off-rate tag: 0.95 → 9.5折 / 5% off (spec §9). */
export function OffRateTag({ discount }: { discount: number }) {
  const { t, i18n } = useTranslation('purchase');
  if (!hasDiscount(discount)) return null;
  return (
    <Tag color="error" variant="filled" style={{ marginInlineEnd: 0 }} data-testid="buy-off-rate">
      {t('period.off', { value: offRateFigure(discount, i18n.language) })}
    </Tag>
  );
}

const BILLING_METHODS: readonly BillingMethod[] = ['subscription', 'payg'];

function BillingPicker(control: FieldControl<BillingMethod>) {
  const { t } = useTranslation('purchase');
  return (
    <ChoiceGrid
      {...control}
      entries={BILLING_METHODS}
      valueOf={(method) => method}
      card={(method) => <ChoiceContent title={t(`billing.${method}`)} meta={[t(`billing.${method}Hint`)]} />}
      minWidth={220}
      ariaLabel={t('billing.label')}
      testId="buy-billing"
      itemTestId="buy-billing"
    />
  );
}

function PeriodPicker({ props, ...control }: { props: BillingSectionProps } & FieldControl<number>) {
  const { t } = useTranslation('purchase');
  const periodLabel = usePeriodLabel();
  if (!props.periods) {
    return props.periodsFailed ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('period.loadFailed')} />
    ) : (
      <Skeleton.Input active block />
    );
  }
  if (!props.periods.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('period.empty')} />;
  return (
    <ChoiceGrid
      {...control}
      entries={props.periods}
      valueOf={(entry) => entry.period}
      card={(entry) => (
        <ChoiceContent title={periodLabel(entry.period)} badge={<OffRateTag discount={entry.discount} />} />
      )}
      minWidth={104}
      ariaLabel={t('period.label')}
      testId="buy-period"
      itemTestId="buy-period"
    />
  );
}

/** Billing method; a subscription also takes its term (with off-rates) and auto-renewal. */
export function BillingSection(props: BillingSectionProps) {
  const { t } = useTranslation('purchase');
  const subscription = props.billingMethod === 'subscription';
  return (
    <BuySection title={t('section.billing')} testId="buy-section-billing">
      {props.subscriptionOnly ? null : (
        <Form.Item name="billing_method" label={t('billing.label')}>
          <BillingPicker />
        </Form.Item>
      )}
      {subscription ? (
        <>
          <Form.Item
            name="period"
            label={t('period.label')}
            rules={[{ required: true, message: t('period.required') }]}
          >
            <PeriodPicker props={props} />
          </Form.Item>
          <Form.Item
            name="auto_renew"
            label={t('autoRenew.label')}
            valuePropName="checked"
            extra={props.autoRenewHint}
          >
            <Checkbox data-testid="buy-auto-renew">{t('autoRenew.option')}</Checkbox>
          </Form.Item>
        </>
      ) : null}
    </BuySection>
  );
}
