/**
 * The elastic IP list's dialogs: bind to a phone, edit (name, bandwidth with its price), renew a
 * selection of one region, and the traffic drawer. Each acts on addresses the list handed it.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Descriptions, Form, Input, Select, Spin } from 'antd';
import type { Eip, Phone, PhonePage } from '@cloudbay/contracts';
import {
  EIP_BANDWIDTH_MAX_MBPS,
  EIP_BANDWIDTH_MIN_MBPS,
  EIP_NAME_MAX,
  PHONE_NETWORK_EIP_BANDWIDTH_MAX_MBPS,
  PHONE_NETWORK_EIP_BANDWIDTH_MIN_MBPS,
  type FlowInterval,
} from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/action-dialog';
import { DialogFooter } from '../../../components/dialog-footer';
import { useRenewalTerm } from '../../../components/purchase/renewal-quote';
import type { IntentKeys } from '../../../lib/idempotency';
import { formatDollars } from '../../../lib/money';
import { api } from '../../../lib/request';
import { payForIntent } from '../../../lib/pay-intent';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { FlowDrawer } from '../../office-sites/components/traffic-drawer';
import { BandwidthField } from '../../office-sites/components/bandwidth-field';
import { phonePeriodOffers } from '../../phones/buy/phone-buy-values';
import { PhoneOptionLabel } from '../../phones/components/phone-picker';
import { QuoteShortfall, useBalanceCheck } from '../../wallet/components/balance-check';
import { useBindPhoneInNetwork } from '../phone-networks/api';
import {
  useBindEip,
  useEipBandwidthPrice,
  useEipMonitor,
  useEipRenewPrice,
  useRenewEips,
  useUpdateEip,
} from './api';
import { bandwidthRule, isBandwidthIn } from './bandwidth';
import { RenewalPayModal } from './renewal-pay-modal';

/** Phones an address may take: made, running or stopped (the cloud binds to a live instance). */
const BINDABLE_PHONE_STATUSES: readonly Phone['status'][] = ['running', 'stopped'];

/** The caller's phones of one region, searched by name on the server (the first page of 50). */
function usePhonesOfRegion(regionId: number | null, name: string) {
  return useQuery({
    queryKey: ['phones', 'eip-choices', regionId, name],
    queryFn: async () => {
      const query = { page: 1, limit: 50, ...(regionId === null ? {} : { region_id: regionId }) };
      return (await api.get<PhonePage>('/user/ph/phone', { ...query, ...(name ? { name } : {}) })).data.list;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * One of the caller's running or stopped phones of the address's region; a phone already behind
 * an address shows it and cannot be chosen (one address per phone).
 */
export function PhoneChoice({
  regionId,
  value,
  onChange,
  testId,
}: {
  regionId: number | null;
  value: string | undefined;
  onChange: (phoneId: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('phoneEip');
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim());
  const phones = usePhonesOfRegion(regionId, name);
  const refusalOf = (phone: Phone) => {
    if (phone.eip_address) return t('bind.behind', { address: phone.eip_address });
    if (!BINDABLE_PHONE_STATUSES.includes(phone.status)) return t('bind.notReady');
    return undefined;
  };
  const options = (phones.data ?? []).map((phone) => {
    const refusal = refusalOf(phone);
    return {
      value: phone.id,
      disabled: refusal !== undefined,
      label: <PhoneOptionLabel phone={phone} note={refusal ?? phone.id} />,
    };
  });
  return (
    <Select<string>
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={phones.isFetching}
      notFoundContent={phones.isFetching ? <Spin size="small" /> : t('bind.noPhones')}
      placeholder={t('bind.placeholder')}
      aria-label={t('bind.phone')}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

/** The address(es) a dialog acts on, as a small description list. */
function EipTargets({ eips }: { eips: readonly Eip[] }) {
  const { t } = useTranslation('phoneEip');
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={eips.map((eip) => ({
        key: eip.eip_id,
        label: eip.name,
        children: `${eip.address ?? eip.eip_id} · ${eip.bandwidth} Mbps${
          eip.bound_instance_name ? ` · ${t('list.boundTo', { name: eip.bound_instance_name })}` : ''
        }`,
      }))}
      data-testid="eip-targets"
    />
  );
}

export interface EipDialogProps {
  eip: Eip;
  onClose: () => void;
}

/**
 * Bind an unallocated address to a phone: POST /user/ph/eip/bind, or for an address of a phone
 * network the network's bind_ph (which also keeps to the network's quota).
 */
export function BindDialog({ eip, onClose }: EipDialogProps) {
  const { t } = useTranslation('phoneEip');
  const { message } = App.useApp();
  const plain = useBindEip();
  const inNetwork = useBindPhoneInNetwork();
  const pending = plain.isPending || inNetwork.isPending;
  const [phoneId, setPhoneId] = useState<string>();
  const [missing, setMissing] = useState(false);
  const done = () => {
    void message.success(t('bind.done'));
    onClose();
  };
  const submit = () => {
    if (!phoneId) {
      setMissing(true);
      return;
    }
    const networkId = eip.u_network_id;
    if (networkId) inNetwork.mutate({ networkId, eipId: eip.eip_id, phoneId }, { onSuccess: done });
    else plain.mutate({ eipId: eip.eip_id, phoneId }, { onSuccess: done });
  };
  return (
    <ActionDialog
      open
      title={t('bind.title')}
      onClose={onClose}
      testId="eip-bind-dialog"
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={t('bind.submit')}
          onCancel={onClose}
          onSubmit={submit}
          loading={pending}
          submitTestId="eip-bind-submit"
        />
      }
    >
      <EipTargets eips={[eip]} />
      <Form layout="vertical">
        <Form.Item
          label={t('bind.phone')}
          extra={t('bind.hint')}
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('bind.required') : undefined}
          required
        >
          <PhoneChoice
            regionId={eip.region_id}
            value={phoneId}
            onChange={(id) => {
              setPhoneId(id);
              setMissing(false);
            }}
            testId="eip-bind-phone"
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

interface EditValues {
  name: string;
  bandwidth: number | null;
}

/**
 * Rename an address and change its bandwidth (PUT /user/ph/eip/{id}): the bandwidth only while
 * bound (spec §4), a raise paid prorated to the expiry, its price shown before anything is paid.
 */
export function EditDialog({ eip, onClose, keys }: EipDialogProps & { keys: IntentKeys }) {
  const { t } = useTranslation('phoneEip');
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateEip();
  const inNetwork = eip.u_network_id !== null;
  const [min, max] = inNetwork
    ? [PHONE_NETWORK_EIP_BANDWIDTH_MIN_MBPS, PHONE_NETWORK_EIP_BANDWIDTH_MAX_MBPS]
    : [EIP_BANDWIDTH_MIN_MBPS, EIP_BANDWIDTH_MAX_MBPS];
  const canModify = eip.actions.includes('modify');
  const bandwidth = Form.useWatch('bandwidth', form);
  const settled = useDebouncedValue(bandwidth);
  const changed = isBandwidthIn(settled, min, max) && settled !== eip.bandwidth ? settled : undefined;
  const price = useEipBandwidthPrice(eip.eip_id, canModify ? changed : undefined);
  const quote = changed !== undefined && !price.isPlaceholderData ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);

  const submit = async () => {
    const values = await form.validateFields();
    const body = {
      ...(values.name.trim() !== eip.name ? { name: values.name.trim() } : {}),
      ...(canModify && values.bandwidth !== eip.bandwidth ? { bandwidth: values.bandwidth! } : {}),
    };
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    if (body.bandwidth !== undefined && !quote) return;
    payForIntent({
      keys,
      intent: { eip: eip.eip_id, ...body },
      mutate: update.mutate,
      variables: (idempotencyKey) => ({ eipId: eip.eip_id, body, idempotencyKey }),
      onPaid: () => {
        void message.success(t('edit.done'));
        onClose();
      },
      onRefused: balance.refresh,
    });
  };

  return (
    <ActionDialog
      open
      title={t('edit.title')}
      onClose={onClose}
      testId="eip-edit-dialog"
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={
            quote && Number(quote.payable_price) > 0
              ? t('edit.pay', { amount: formatDollars(quote.payable_price) })
              : t('edit.submit')
          }
          onCancel={onClose}
          onSubmit={() => void submit()}
          loading={update.isPending}
          disabled={changed !== undefined && (!quote || balance.short)}
          submitTestId="eip-edit-submit"
        />
      }
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={{ name: eip.name, bandwidth: eip.bandwidth }}
      >
        <Form.Item
          name="name"
          label={t('edit.name')}
          rules={[{ required: true, whitespace: true, message: t('edit.nameRequired') }]}
        >
          <Input maxLength={EIP_NAME_MAX} showCount data-testid="eip-edit-name" />
        </Form.Item>
        {canModify ? (
          <Form.Item
            name="bandwidth"
            label={t('edit.bandwidth')}
            extra={t('edit.bandwidthHint', { min, max })}
            rules={[bandwidthRule(t('form.bandwidthRange', { min, max }), min, max)]}
          >
            <BandwidthField min={min} max={max} testId="eip-edit-bandwidth" />
          </Form.Item>
        ) : (
          <Alert type="info" showIcon title={t('edit.unbound')} data-testid="eip-edit-unbound" />
        )}
      </Form>
      {changed !== undefined ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            { key: 'now', label: t('edit.current'), children: `${eip.bandwidth} Mbps` },
            { key: 'next', label: t('edit.next'), children: `${changed} Mbps` },
            {
              key: 'due',
              label: t('edit.due'),
              children: quote ? formatDollars(quote.payable_price) : <Spin size="small" />,
            },
          ]}
          data-testid="eip-edit-price"
        />
      ) : null}
      <QuoteShortfall check={balance} payable={quote?.payable_price} />
    </ActionDialog>
  );
}

/**
 * Renew addresses of one region (POST /user/ph/eip/renew, all or none): the term with the phones'
 * discount and the summed price of GET renew_price, paid under the intent's key.
 */
export function RenewDialog({
  eips,
  onClose,
  keys,
}: {
  eips: readonly Eip[];
  onClose: () => void;
  keys: IntentKeys;
}) {
  const { t } = useTranslation('phoneEip');
  const { message } = App.useApp();
  const term = useRenewalTerm(phonePeriodOffers);
  const { period } = term;
  const ids = eips.map((eip) => eip.eip_id);
  const regions = new Set(eips.map((eip) => eip.region_id));
  const mixed = regions.size > 1;
  const price = useEipRenewPrice(mixed ? [] : ids, period);
  const quote = price.data?.period === period ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const renew = useRenewEips();
  // The earliest end: a renewal moves each address's own end by the term.
  const earliest = eips.map((eip) => eip.expired_at).sort()[0] ?? null;

  const pay = () => {
    if (period === undefined || !quote) return;
    payForIntent({
      keys,
      intent: { eips: ids, period, renew: true },
      mutate: renew.mutate,
      variables: (idempotencyKey) => ({ eipIds: ids, period, idempotencyKey }),
      onPaid: () => {
        void message.success(t('list.renew.done', { count: ids.length }));
        onClose();
      },
      onRefused: balance.refresh,
    });
  };

  return (
    <RenewalPayModal
      ns="phoneEip"
      title={t('list.renew.title', { count: ids.length })}
      cancelText={t('action.cancel')}
      targets={<EipTargets eips={eips} />}
      blocked={
        mixed ? (
          <Alert type="error" showIcon title={t('list.renew.mixed')} data-testid="eip-renew-mixed" />
        ) : undefined
      }
      term={term}
      quote={quote}
      loading={price.isFetching && !quote}
      expiresAt={earliest}
      balance={balance}
      paying={renew.isPending}
      onPay={pay}
      onCancel={onClose}
      testId="eip-renew"
    />
  );
}

/** An address's traffic in and out (GET /user/ph/eip/{eip_id}/monitor), charted. */
export function EipTrafficDrawer({ eip, open, onClose }: EipDialogProps & { open: boolean }) {
  const { t } = useTranslation('phoneEip');
  const [step, setStep] = useState<FlowInterval>('1m');
  const flow = useEipMonitor(open ? eip.eip_id : undefined, step);
  return (
    <FlowDrawer
      title={t('traffic.title', { name: eip.address ?? eip.name })}
      billingNote={t('traffic.billing')}
      step={step}
      onStep={setStep}
      flow={flow}
      open={open}
      onClose={onClose}
      testIdPrefix="eip-traffic"
    />
  );
}
