import { useEffect } from 'react';
import { App, Form } from 'antd';
import type { Region } from '@cloudbay/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AgreementSection } from '../../../components/purchase/agreement-section';
import { BillingSection } from '../../../components/purchase/billing-section';
import {
  purchaseCheckout,
  PurchaseColumns,
  usePurchaseFormLayout,
} from '../../../components/purchase/purchase-frame';
import { usePurchaseFlow } from '../../../components/purchase/use-purchase-flow';
import { usePriceState } from '../../../components/purchase/use-price-state';
import { storedRegionId, storeRegionId } from '../../../lib/default-region';
import { showServerFieldErrors } from '../../account/form-rules';
import { useLiveUser } from '../../account/use-live-user';
import { useTopupFlow } from '../../wallet/components/topup-flow';
import { usePhonePrice } from '../api/catalog-ph-price';
import { usePurchasePhones } from '../api/purchase-phones';
import { PHONE_LIST_PATH } from '../paths';
import {
  INITIAL_PHONE_BUY_VALUES,
  phonePeriodOffers,
  toPhonePriceQuery,
  toPhonePurchaseBody,
  type PhoneBuyValues,
} from './phone-buy-values';
import { ImageSection, InstanceSection, RegionSpecSection } from './phone-buy-sections';
import { PhoneConfigSummary } from './phone-config-summary';
import { usePhoneBuyCatalog } from './use-phone-buy-catalog';

/** The disclaimer's points, in the order shown (spec §5). */
const AGREEMENT_ITEMS = ['lawful', 'reset', 'expiry', 'payg', 'refund'] as const;

/** The purchase: POST /user/ph/phone with the intent's key, then the list with the new phones on top. */
function usePhonePurchase(form: ReturnType<typeof Form.useForm<PhoneBuyValues>>[0]) {
  const { t } = useTranslation('phoneBuy');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const flow = usePurchaseFlow(usePurchasePhones(), {
    onSuccess: (result) => {
      void message.success(t('buy.success'));
      // The list is newest first: the new phones are at the top of its first page.
      navigate(PHONE_LIST_PATH, { state: { bought: result.phone_ids } });
    },
    onInvalid: (error) => showServerFieldErrors(form, error),
  });
  return {
    ...flow,
    submit: () => flow.submit(toPhonePurchaseBody(form.getFieldsValue(true) as PhoneBuyValues)),
  };
}

/** The phone purchase form (spec §5, issue 16): sections on the left, the checkout beside or below. */
export function PhoneBuyForm({
  regions,
  initialRegionId,
}: {
  regions: readonly Region[];
  initialRegionId: number | undefined;
}) {
  const { t } = useTranslation('phoneBuy');
  const { wide, formProps } = usePurchaseFormLayout();
  const [form] = Form.useForm<PhoneBuyValues>();
  const initialValues = { ...INITIAL_PHONE_BUY_VALUES, region_id: initialRegionId };
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<PhoneBuyValues> | undefined;
  const values: Partial<PhoneBuyValues> = watched ?? initialValues;
  const data = usePhoneBuyCatalog(form, values);
  const price = usePriceState(toPhonePriceQuery(values), usePhonePrice);
  const user = useLiveUser().data;
  const topup = useTopupFlow();
  const purchase = usePhonePurchase(form);
  const billingMethod = values.billing_method ?? 'subscription';

  // The region opened on becomes the remembered one when none is remembered yet (spec §9).
  useEffect(() => {
    if (initialRegionId !== undefined && storedRegionId() === undefined) storeRegionId(initialRegionId);
  }, [initialRegionId]);

  const onValuesChange = (changed: Partial<PhoneBuyValues>) => {
    purchase.setFailure(undefined);
    if (changed.region_id !== undefined) storeRegionId(changed.region_id);
  };

  const checkout = purchaseCheckout({
    price,
    balance: user?.balance,
    onTopup: topup.start,
    flow: purchase,
    unknownHint: t('unknownHint'),
    onSale: Boolean(data.specs.data?.length),
    onBuy: () => form.submit(),
  });
  const summary = (
    <PhoneConfigSummary
      values={values}
      regions={regions}
      specs={data.specs.data}
      images={data.images.data}
      groups={data.groups.data?.list}
    />
  );

  return (
    <>
      <Form<PhoneBuyValues>
        form={form}
        {...formProps}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFinish={purchase.submit}
        onFinishFailed={purchase.invalid}
        data-testid="phone-buy-form"
      >
        <PurchaseColumns wide={wide} checkout={checkout} summary={summary}>
          <RegionSpecSection
            regions={regions}
            billingMethod={billingMethod}
            specs={{
              data: data.specs.data,
              failed: data.specs.isError,
              onRetry: () => void data.specs.refetch(),
            }}
          />
          <ImageSection
            images={{
              data: data.images.data,
              failed: data.images.isError,
              onRetry: () => void data.images.refetch(),
            }}
          />
          <BillingSection
            billingMethod={billingMethod}
            periods={data.periods.data ? phonePeriodOffers(data.periods.data) : undefined}
            periodsFailed={data.periods.isError}
            autoRenewHint={t('autoRenewHint')}
          />
          <InstanceSection
            name={values.name ?? ''}
            quantity={values.quantity}
            groups={data.groups.data?.list}
          />
          <AgreementSection items={AGREEMENT_ITEMS.map((item) => t(`agreement.${item}`))} />
        </PurchaseColumns>
      </Form>
      {/* Outside the form: the top-up dialogs are a flow of their own. */}
      {topup.flow}
    </>
  );
}
