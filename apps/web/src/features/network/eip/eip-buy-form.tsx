import { useEffect } from 'react';
import { App, Form } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { EipPurchaseBody, Region } from '@cloudbay/contracts';
import { EIP_BANDWIDTH_MAX_MBPS, EIP_BANDWIDTH_MIN_MBPS, EIP_NAME_MAX } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { AgreementSection } from '../../../components/purchase/agreement-section';
import { BillingSection } from '../../../components/purchase/billing-section';
import { BuySection } from '../../../components/purchase/buy-section';
import { isQuantity, QuantityAndNameFields } from '../../../components/purchase/instance-fields';
import {
  purchaseCheckout,
  PurchaseColumns,
  usePurchaseFormLayout,
} from '../../../components/purchase/purchase-frame';
import { NONE, PurchaseSummary, useBillingSummaryItems } from '../../../components/purchase/purchase-summary';
import { usePurchaseFlow } from '../../../components/purchase/use-purchase-flow';
import { usePriceState } from '../../../components/purchase/use-price-state';
import { storeRegionId } from '../../../lib/default-region';
import { usePeriodDiscounts } from '../../../lib/period-discounts';
import { regionName } from '../../../lib/regions';
import { showServerFieldErrors } from '../../account/form-rules';
import { useLiveUser } from '../../account/use-live-user';
import { BandwidthField } from '../../office-sites/components/bandwidth-field';
import { phonePeriodOffers } from '../../phones/buy/phone-buy-values';
import { RegionCards } from '../../phones/buy/phone-buy-sections';
import { useTopupFlow } from '../../wallet/components/topup-flow';
import { useEipPrice, usePurchaseEips, type EipPriceParams } from './api';
import { bandwidthRule, isBandwidthIn } from './bandwidth';

export interface EipBuyValues {
  region_id?: number;
  bandwidth?: number | null;
  period?: number;
  auto_renew: boolean;
  quantity?: number | null;
  name: string;
  agreed: boolean;
}

const INITIAL_VALUES: EipBuyValues = {
  bandwidth: 5,
  auto_renew: false,
  quantity: 1,
  name: 'EIP',
  agreed: false,
};

/** The disclaimer's points (spec §4 IP rules and Expiry, §5). */
const AGREEMENT_ITEMS = ['region', 'rules', 'traffic', 'expiry', 'lawful'] as const;

/** The price query of the form, or undefined while something it needs is missing or out of range. */
export function toEipPriceQuery(values: Partial<EipBuyValues>): EipPriceParams | undefined {
  const { region_id, bandwidth, period, quantity } = values;
  if (region_id === undefined || period === undefined || !isQuantity(quantity)) return undefined;
  if (!isBandwidthIn(bandwidth, EIP_BANDWIDTH_MIN_MBPS, EIP_BANDWIDTH_MAX_MBPS)) return undefined;
  return { region_id, bandwidth, period, quantity };
}

function toEipPurchaseBody(values: EipBuyValues): EipPurchaseBody {
  return {
    region_id: values.region_id!,
    bandwidth: values.bandwidth!,
    period: values.period!,
    quantity: values.quantity ?? 1,
    name: values.name.trim(),
    auto_renew: values.auto_renew,
    agreed: true,
  };
}

function EipSummary({ values, regions }: { values: Partial<EipBuyValues>; regions: readonly Region[] }) {
  const { t } = useTranslation('phoneEip');
  const billing = useBillingSummaryItems({ ...values, billing_method: 'subscription' });
  const region = regions.find((entry) => entry.id === values.region_id);
  const items: DescriptionsProps['items'] = [
    { key: 'region', label: t('buy.region'), children: region ? regionName(region) : NONE },
    {
      key: 'bandwidth',
      label: t('buy.bandwidth'),
      children: typeof values.bandwidth === 'number' ? `${values.bandwidth} Mbps` : NONE,
    },
    ...billing,
  ];
  return <PurchaseSummary items={items} testId="eip-buy-summary" />;
}

/**
 * Buying elastic IPs (spec §3 IP or EIP, §5: 1–1000 Mbps): region, bandwidth, the term with the
 * phones' discounts, how many and their name, the disclaimer; the live price of GET
 * /user/ph/eip/price beside it, and the purchase (POST /user/ph/eip with the intent's key).
 */
export function EipBuyForm({
  regions,
  initialRegionId,
  onBought,
}: {
  regions: readonly Region[];
  initialRegionId: number | undefined;
  onBought: (eipIds: readonly string[]) => void;
}) {
  const { t } = useTranslation('phoneEip');
  const { message } = App.useApp();
  const { wide, formProps } = usePurchaseFormLayout();
  const [form] = Form.useForm<EipBuyValues>();
  const periods = usePeriodDiscounts();
  const offers = periods.data ? phonePeriodOffers(periods.data) : undefined;
  const initialValues = { ...INITIAL_VALUES, region_id: initialRegionId };
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<EipBuyValues> | undefined;
  const values: Partial<EipBuyValues> = watched ?? initialValues;
  // The terms may arrive after the form: the first becomes the default.
  const firstPeriod = offers?.[0]?.period;
  useEffect(() => {
    if (form.getFieldValue('period') === undefined && firstPeriod !== undefined) {
      form.setFieldValue('period', firstPeriod);
    }
  }, [form, firstPeriod]);
  const price = usePriceState(toEipPriceQuery(values), useEipPrice);
  const user = useLiveUser().data;
  const topup = useTopupFlow();
  const flow = usePurchaseFlow(usePurchaseEips(), {
    onSuccess: (result) => {
      void message.success(t('buy.success', { count: result.eip_ids.length }));
      onBought(result.eip_ids);
    },
    onInvalid: (error) => showServerFieldErrors(form, error),
  });

  const checkout = purchaseCheckout({
    price,
    balance: user?.balance,
    onTopup: topup.start,
    flow,
    unknownHint: t('buy.unknownHint'),
    onSale: regions.length > 0,
    onBuy: () => form.submit(),
  });

  return (
    <>
      <Form<EipBuyValues>
        form={form}
        {...formProps}
        initialValues={initialValues}
        onValuesChange={(changed: Partial<EipBuyValues>) => {
          flow.setFailure(undefined);
          if (changed.region_id !== undefined) storeRegionId(changed.region_id);
        }}
        onFinish={() => flow.submit(toEipPurchaseBody(form.getFieldsValue(true) as EipBuyValues))}
        onFinishFailed={flow.invalid}
        data-testid="eip-buy-form"
      >
        <PurchaseColumns
          wide={wide}
          checkout={checkout}
          summary={<EipSummary values={values} regions={regions} />}
        >
          <BuySection title={t('buy.sectionLine')} testId="eip-buy-section-line">
            <Form.Item
              name="region_id"
              label={t('buy.region')}
              rules={[{ required: true, message: t('buy.regionRequired') }]}
            >
              <RegionCards regions={regions} testIdPrefix="eip-buy" />
            </Form.Item>
            <Form.Item
              name="bandwidth"
              label={t('buy.bandwidth')}
              extra={t('buy.bandwidthHint', { min: EIP_BANDWIDTH_MIN_MBPS, max: EIP_BANDWIDTH_MAX_MBPS })}
              rules={[
                bandwidthRule(
                  t('form.bandwidthRange', { min: EIP_BANDWIDTH_MIN_MBPS, max: EIP_BANDWIDTH_MAX_MBPS }),
                  EIP_BANDWIDTH_MIN_MBPS,
                  EIP_BANDWIDTH_MAX_MBPS,
                ),
              ]}
            >
              <BandwidthField
                min={EIP_BANDWIDTH_MIN_MBPS}
                max={EIP_BANDWIDTH_MAX_MBPS}
                testId="eip-buy-bandwidth"
              />
            </Form.Item>
          </BuySection>
          <BillingSection
            billingMethod="subscription"
            subscriptionOnly
            periods={offers}
            periodsFailed={periods.isError}
            autoRenewHint={t('buy.autoRenewHint')}
          />
          <BuySection title={t('buy.sectionInstance')} testId="eip-buy-section-instance">
            <QuantityAndNameFields
              name={values.name ?? ''}
              quantity={values.quantity}
              fallbackName="EIP"
              numberedHint={(example) => t('buy.nameHint', { example })}
              min={1}
              max={EIP_NAME_MAX}
              requiredMessage={t('buy.nameRequired')}
              placeholder={t('buy.namePlaceholder')}
              testId="eip-buy"
            />
          </BuySection>
          <AgreementSection items={AGREEMENT_ITEMS.map((item) => t(`buy.agreement.${item}`))} />
        </PurchaseColumns>
      </Form>
      {topup.flow}
    </>
  );
}
