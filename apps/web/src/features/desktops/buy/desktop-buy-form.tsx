import { useEffect } from 'react';
import { App, Form } from 'antd';
import type { DesktopPurchaseResult, Region, RegionCount } from '@cloudbay/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAvailablePath } from '../../../lib/available-routes';
import { useLiveUser } from '../../account/use-live-user';
import { showServerFieldErrors } from '../../account/form-rules';
import { useTopupFlow } from '../../wallet/components/topup-flow';
import { useDesktopPrice } from '../api/catalog-price';
import { usePurchaseDesktops } from '../api/purchase-desktops';
import {
  fitSystemDisk,
  FREE_OFFICE_SITE,
  INITIAL_BUY_VALUES,
  minSystemDisk,
  toPriceQuery,
  toPurchaseBody,
  type BuyFormValues,
} from './buy-form';
import {
  purchaseCheckout,
  PurchaseColumns,
  usePurchaseFormLayout,
} from '../../../components/purchase/purchase-frame';
import { ConfigSummary } from './checkout/config-summary';
import { storedRegionId, storeRegionId } from './default-region';
import { DESKTOP_LIST_PATH } from './paths';
import { usePurchaseFlow } from '../../../components/purchase/use-purchase-flow';
import { AgreementSection } from '../../../components/purchase/agreement-section';
import { BillingSection } from '../../../components/purchase/billing-section';
import { usePriceState } from '../../../components/purchase/use-price-state';
import { ImageSection } from './sections/image-section';
import { InstanceSection } from './sections/instance-section';
import { RegionNetworkSection } from './sections/region-network-section';
import { SpecSection } from './sections/spec-section';
import { useBuyCatalog } from './use-buy-catalog';

/** The disclaimer's points, in the order shown. */
const AGREEMENT_ITEMS = ['lawful', 'expiry', 'payg', 'refund', 'backup'] as const;

export interface DesktopBuyFormProps {
  regions: readonly Region[];
  desktopCounts: RegionCount | undefined;
  lineCounts: RegionCount | undefined;
  initialRegionId: number | undefined;
  /** The purchase went through but the computer list is not in this session's menu. */
  onBought: (result: DesktopPurchaseResult) => void;
}

/** The purchase: POST /user/desktop with the intent's key, then the list (or the result) on success. */
function usePurchase(
  form: ReturnType<typeof Form.useForm<BuyFormValues>>[0],
  onBought: DesktopBuyFormProps['onBought'],
) {
  const { t } = useTranslation('desktopBuy');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const flow = usePurchaseFlow(usePurchaseDesktops(), {
    onSuccess: (result) => {
      void message.success(t('buy.success'));
      if (isAvailablePath(DESKTOP_LIST_PATH)) navigate(DESKTOP_LIST_PATH);
      else onBought(result);
    },
    onInvalid: (error) => showServerFieldErrors(form, error),
  });
  return { ...flow, submit: () => flow.submit(toPurchaseBody(form.getFieldsValue(true) as BuyFormValues)) };
}

/** The purchase form (spec §5 Resources, issue 7): sections on the left, the checkout beside or below. */
export function DesktopBuyForm(props: DesktopBuyFormProps) {
  const { t } = useTranslation('desktopBuy');
  const { wide, formProps } = usePurchaseFormLayout();
  const [form] = Form.useForm<BuyFormValues>();
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<BuyFormValues> | undefined;
  const values: Partial<BuyFormValues> = watched ?? {
    ...INITIAL_BUY_VALUES,
    region_id: props.initialRegionId,
  };
  const data = useBuyCatalog(form, values);
  const price = usePriceState(toPriceQuery(values), useDesktopPrice);
  const user = useLiveUser().data;
  const topup = useTopupFlow();
  const purchase = usePurchase(form, props.onBought);

  const image = data.images.data?.find((entry) => entry.image_id === values.image_id);
  const minDisk = minSystemDisk(image);

  // The default region (spec §9: the one with the most desktops) becomes the stored region_id
  // when none is stored yet; the other purchase forms open on it too.
  useEffect(() => {
    if (props.initialRegionId !== undefined && storedRegionId() === undefined) {
      storeRegionId(props.initialRegionId);
    }
  }, [props.initialRegionId]);

  const onValuesChange = (changed: Partial<BuyFormValues>) => {
    purchase.setFailure(undefined);
    if (changed.region_id !== undefined) {
      storeRegionId(changed.region_id);
      form.setFieldValue('office_site_id', FREE_OFFICE_SITE);
    }
    if (changed.platform_type !== undefined) form.setFieldValue('image_id', undefined);
    if (changed.bundle_id !== undefined) {
      const bundle = data.bundles.data?.find((entry) => entry.bundle_id === changed.bundle_id);
      if (bundle) form.setFieldValue('system_disk', fitSystemDisk(bundle.system_disk, minDisk));
    }
  };

  const agreementItems = AGREEMENT_ITEMS.map((item) => t(`agreement.items.${item}`));
  const checkout = purchaseCheckout({
    price,
    balance: user?.balance,
    onTopup: topup.start,
    flow: purchase,
    unknownHint: t('buy.unknownHint'),
    onSale: Boolean(data.bundles.data?.length),
    onBuy: () => form.submit(),
  });
  const summary = (
    <ConfigSummary
      values={values}
      regions={props.regions}
      bundles={data.bundles.data}
      images={data.images.data}
      officeSites={data.officeSites.data}
    />
  );

  return (
    <>
      <Form<BuyFormValues>
        form={form}
        {...formProps}
        initialValues={{ ...INITIAL_BUY_VALUES, region_id: props.initialRegionId }}
        onValuesChange={onValuesChange}
        onFinish={purchase.submit}
        onFinishFailed={purchase.invalid}
        data-testid="buy-form"
      >
        <PurchaseColumns wide={wide} checkout={checkout} summary={summary}>
          <RegionNetworkSection
            regions={props.regions}
            desktopCounts={props.desktopCounts}
            lineCounts={props.lineCounts}
            officeSites={data.officeSites.data}
            officeSitesFailed={data.officeSites.isError}
          />
          <SpecSection
            bundleTypes={data.bundleTypes.data}
            bundles={data.bundles.data}
            bundlesFailed={data.bundles.isError}
            onRetry={() => void data.bundles.refetch()}
            bundleType={values.bundle_type}
            billingMethod={values.billing_method ?? 'subscription'}
          />
          <ImageSection
            platformTypes={data.platformTypes.data}
            images={data.images.data}
            imagesFailed={data.images.isError}
            onRetry={() => void data.images.refetch()}
            minDisk={minDisk}
          />
          <BillingSection
            billingMethod={values.billing_method ?? 'subscription'}
            periods={data.periods.data}
            periodsFailed={data.periods.isError}
            autoRenewHint={t('autoRenew.hint')}
          />
          <InstanceSection name={values.name ?? ''} quantity={values.quantity} />
          <AgreementSection items={agreementItems} />
        </PurchaseColumns>
      </Form>
      {/* Outside the form: the top-up dialogs are a flow of their own. */}
      {topup.flow}
    </>
  );
}
