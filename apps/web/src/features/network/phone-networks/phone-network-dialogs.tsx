/**
 * The phone network page's paying dialogs: create a network, add addresses to one (5–200 Mbps,
 * within its quota), renew one. Each shows the catalogue's price before anything is paid and pays
 * under its intent's Idempotency-Key.
 */
import { useState, type ReactNode } from 'react';
import { App, Checkbox, Flex, Form, Input, InputNumber, Select } from 'antd';
import type { PhoneNetwork, PriceQuote } from '@cloudbay/contracts';
import {
  PHONE_NETWORK_EIP_BANDWIDTH_MAX_MBPS as MAX_MBPS,
  PHONE_NETWORK_EIP_BANDWIDTH_MIN_MBPS as MIN_MBPS,
  PHONE_NETWORK_NAME_MAX,
  PHONE_NETWORK_QUOTA_MAX,
} from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { PayModal } from '../../../components/pay-footer';
import { usePeriodLabel } from '../../../components/purchase/billing-section';
import {
  PurchasePriceSummary,
  RenewalPeriodPicker,
  useRenewalPayText,
  useRenewalTerm,
} from '../../../components/purchase/renewal-quote';
import type { IntentKeys } from '../../../lib/idempotency';
import { payForIntent } from '../../../lib/pay-intent';
import { regionName, usePhRegions } from '../../../lib/regions';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { BandwidthField } from '../../office-sites/components/bandwidth-field';
import { phonePeriodOffers } from '../../phones/buy/phone-buy-values';
import { QuoteShortfall, useBalanceCheck } from '../../wallet/components/balance-check';
import { useEipPrice, usePurchaseEips } from '../eip/api';
import { bandwidthRule, isBandwidthIn } from '../eip/bandwidth';
import { RenewalPayModal } from '../eip/renewal-pay-modal';
import { useCreatePhoneNetwork, usePhoneNetworkPrice, useRenewPhoneNetwork } from './api';

/** What every paying dialog of this page holds: the term (the phones' off-rates) and the agreement. */
function usePurchaseTerms() {
  const term = useRenewalTerm(phonePeriodOffers);
  const [agreed, setAgreed] = useState(false);
  return { term, agreed, setAgreed };
}

/**
 * Pays an intent under the page's keys: on success says `done` of the answer and closes; a refusal
 * re-reads the balance the dialog checked.
 */
function usePayAndClose(keys: IntentKeys, onClose: () => void, refreshBalance: () => void) {
  const { message } = App.useApp();
  return <TVariables, TAnswer>(
    intent: unknown,
    mutate: Parameters<typeof payForIntent<TVariables, TAnswer>>[0]['mutate'],
    variables: (idempotencyKey: string) => TVariables,
    done: (answer: TAnswer) => string,
  ) =>
    payForIntent({
      keys,
      intent,
      mutate,
      variables,
      onPaid: (answer) => {
        void message.success(done(answer));
        onClose();
      },
      onRefused: refreshBalance,
    });
}

/** A whole-number field of a form, 1–`max`. */
function CountField({
  name,
  label,
  extra,
  max,
  rangeMessage,
  testId,
}: {
  name: string;
  label: string;
  extra: string;
  max: number;
  rangeMessage: string;
  testId: string;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[{ required: true, type: 'integer', min: 1, max, message: rangeMessage }]}
    >
      <InputNumber<number> min={1} max={max} precision={0} style={{ width: 160 }} data-testid={testId} />
    </Form.Item>
  );
}

/**
 * A paying dialog of this page: its fields, the term with the phones' off-rates, the quote's
 * figures, the agreement (spec §5) and what the balance lacks; Pay once priced and agreed.
 */
function PricedPurchaseModal({
  title,
  terms: { term, agreed, setAgreed: onAgree },
  quote,
  loading,
  balance,
  paying,
  onPay,
  onClose,
  testId,
  children,
}: {
  title: string;
  terms: ReturnType<typeof usePurchaseTerms>;
  quote: PriceQuote | undefined;
  loading: boolean;
  balance: ReturnType<typeof useBalanceCheck>;
  paying: boolean;
  onPay: () => void;
  onClose: () => void;
  /** `<testId>-dialog`, `-pay`, `-price`, `-agree` and the terms' ids. */
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('phoneNetwork');
  const periodLabel = usePeriodLabel();
  const payText = useRenewalPayText('phoneNetwork', false, quote);
  return (
    <PayModal
      title={title}
      testId={`${testId}-dialog`}
      cancelText={t('action.cancel')}
      onCancel={onClose}
      payText={payText}
      onPay={onPay}
      paying={paying}
      disabled={!quote || balance.short || !agreed}
      payTestId={`${testId}-pay`}
    >
      <Flex vertical gap="middle">
        {children}
        <RenewalPeriodPicker ns="phoneNetwork" term={term} periodLabel={periodLabel} testId={testId} />
        <PurchasePriceSummary
          ns="phoneNetwork"
          quote={quote}
          balance={balance.balance}
          loading={loading}
          testId={`${testId}-price`}
        />
        <Checkbox
          checked={agreed}
          onChange={(event) => onAgree(event.target.checked)}
          data-testid={`${testId}-agree`}
        >
          {t('form.agree')}
        </Checkbox>
        <QuoteShortfall check={balance} payable={quote?.payable_price} />
      </Flex>
    </PayModal>
  );
}

/** A dialog acting on one network, paying under the page's intent keys. */
interface NetworkDialogProps {
  network: PhoneNetwork;
  onClose: () => void;
  keys: IntentKeys;
}

interface CreateValues {
  name: string;
  region_id?: number;
  quota: number | null;
  auto_renew: boolean;
}

/** POST /user/ph/ph_u_network/create: name, region, quota (1–200 addresses), term; the network's price. */
export function CreateNetworkDialog({ onClose, keys }: { onClose: () => void; keys: IntentKeys }) {
  const { t } = useTranslation('phoneNetwork');
  const regions = usePhRegions();
  const [form] = Form.useForm<CreateValues>();
  const terms = usePurchaseTerms();
  const { term } = terms;
  const regionId = Form.useWatch('region_id', form);
  const price = usePhoneNetworkPrice(regionId, term.period);
  const quote = price.data?.period === term.period && !price.isPlaceholderData ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const create = useCreatePhoneNetwork();
  const payAndClose = usePayAndClose(keys, onClose, balance.refresh);

  const pay = async () => {
    const values = await form.validateFields();
    if (!quote || term.period === undefined || !terms.agreed) return;
    const body = {
      name: values.name.trim(),
      region_id: values.region_id!,
      quota: values.quota!,
      period: term.period,
      auto_renew: values.auto_renew,
      agreed: true as const,
    };
    payAndClose(
      body,
      create.mutate,
      (idempotencyKey) => ({ body, idempotencyKey }),
      () => t('create.done', { name: body.name }),
    );
  };

  return (
    <PricedPurchaseModal
      title={t('create.title')}
      terms={terms}
      quote={quote}
      loading={price.isFetching && !quote}
      balance={balance}
      paying={create.isPending}
      onPay={() => void pay()}
      onClose={onClose}
      testId="network-create"
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{ name: '', quota: 5, auto_renew: false, region_id: regions[0]?.id }}
      >
        <Form.Item
          name="name"
          label={t('create.name')}
          rules={[{ required: true, whitespace: true, message: t('create.nameRequired') }]}
        >
          <Input maxLength={PHONE_NETWORK_NAME_MAX} showCount data-testid="network-create-name" />
        </Form.Item>
        <Form.Item
          name="region_id"
          label={t('create.region')}
          rules={[{ required: true, message: t('create.regionRequired') }]}
        >
          <Select
            options={regions.map((region) => ({ value: region.id, label: regionName(region) }))}
            data-testid="network-create-region"
          />
        </Form.Item>
        <CountField
          name="quota"
          label={t('create.quota')}
          extra={t('create.quotaHint', { max: PHONE_NETWORK_QUOTA_MAX, min: MIN_MBPS, mbps: MAX_MBPS })}
          max={PHONE_NETWORK_QUOTA_MAX}
          rangeMessage={t('create.quotaRange', { max: PHONE_NETWORK_QUOTA_MAX })}
          testId="network-create-quota"
        />
        <Form.Item name="auto_renew" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox data-testid="network-create-auto-renew">{t('create.autoRenew')}</Checkbox>
        </Form.Item>
      </Form>
    </PricedPurchaseModal>
  );
}

/**
 * Addresses bought into a network (POST /user/ph/eip with `u_network_id`): 5–200 Mbps each, at most
 * as many as the network has room for.
 */
export function AddIpsDialog({ network, onClose, keys }: NetworkDialogProps) {
  const { t } = useTranslation('phoneNetwork');
  const terms = usePurchaseTerms();
  const { term } = terms;
  const [form] = Form.useForm<{ bandwidth: number | null; quantity: number | null }>();
  const bandwidth = useDebouncedValue(Form.useWatch('bandwidth', form));
  const quantity = Form.useWatch('quantity', form);
  const room = network.remaining_ips;
  const priced =
    isBandwidthIn(bandwidth, MIN_MBPS, MAX_MBPS) &&
    typeof quantity === 'number' &&
    quantity >= 1 &&
    quantity <= room &&
    term.period !== undefined &&
    network.region_id !== null;
  const price = useEipPrice(
    priced
      ? {
          region_id: network.region_id!,
          bandwidth,
          period: term.period!,
          quantity,
          u_network_id: network.u_network_id,
        }
      : undefined,
  );
  const quote = priced && !price.isPlaceholderData ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const purchase = usePurchaseEips();
  const payAndClose = usePayAndClose(keys, onClose, balance.refresh);

  const pay = async () => {
    const values = await form.validateFields();
    if (!quote || term.period === undefined || !terms.agreed) return;
    const body = {
      region_id: network.region_id!,
      bandwidth: values.bandwidth!,
      period: term.period,
      quantity: values.quantity!,
      u_network_id: network.u_network_id,
      name: network.name.slice(0, 60),
      agreed: true as const,
    };
    payAndClose(
      body,
      purchase.mutate,
      (idempotencyKey) => ({ body, idempotencyKey }),
      (result) => t('addIps.done', { count: result.eip_ids.length }),
    );
  };

  return (
    <PricedPurchaseModal
      title={t('addIps.title', { name: network.name })}
      terms={terms}
      quote={quote}
      loading={price.isFetching && !quote}
      balance={balance}
      paying={purchase.isPending}
      onPay={() => void pay()}
      onClose={onClose}
      testId="network-add-ips"
    >
      <Form form={form} layout="vertical" initialValues={{ bandwidth: 10, quantity: 1 }}>
        <Form.Item
          name="bandwidth"
          label={t('addIps.bandwidth')}
          extra={t('addIps.bandwidthHint', { min: MIN_MBPS, max: MAX_MBPS })}
          rules={[
            bandwidthRule(t('addIps.bandwidthRange', { min: MIN_MBPS, max: MAX_MBPS }), MIN_MBPS, MAX_MBPS),
          ]}
        >
          <BandwidthField min={MIN_MBPS} max={MAX_MBPS} testId="network-add-ips-bandwidth" />
        </Form.Item>
        <CountField
          name="quantity"
          label={t('addIps.quantity')}
          extra={t('addIps.quantityHint', { room })}
          max={room}
          rangeMessage={t('addIps.quantityRange', { room })}
          testId="network-add-ips-quantity"
        />
      </Form>
    </PricedPurchaseModal>
  );
}

/** POST /user/ph/ph_u_network/{id}/renew: the term and the price of its region for that term. */
export function RenewNetworkDialog({ network, onClose, keys }: NetworkDialogProps) {
  const { t } = useTranslation('phoneNetwork');
  const term = useRenewalTerm(phonePeriodOffers);
  const { period } = term;
  const price = usePhoneNetworkPrice(network.region_id ?? undefined, period);
  const quote = price.data?.period === period && !price.isPlaceholderData ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const renew = useRenewPhoneNetwork();
  const payAndClose = usePayAndClose(keys, onClose, balance.refresh);

  const pay = () => {
    if (period === undefined || !quote) return;
    payAndClose(
      { network: network.u_network_id, period, renew: true },
      renew.mutate,
      (idempotencyKey) => ({ networkId: network.u_network_id, period, idempotencyKey }),
      () => t('list.renew.done'),
    );
  };

  return (
    <RenewalPayModal
      ns="phoneNetwork"
      title={t('list.renew.title', { name: network.name })}
      cancelText={t('action.cancel')}
      term={term}
      quote={quote}
      loading={price.isFetching && !quote}
      expiresAt={network.expired_at}
      balance={balance}
      paying={renew.isPending}
      onPay={pay}
      onCancel={onClose}
      testId="network-renew"
    />
  );
}
