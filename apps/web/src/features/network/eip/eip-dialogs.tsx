/**
 * The elastic IP list's paying dialogs: edit (name, bandwidth with its price) and renew a selection
 * of one region. Each acts on addresses the list handed it; the bind dialog and the traffic drawer
 * are modules of their own (eip-bind-dialog, eip-traffic-drawer).
 */
import { Alert, App, Descriptions, Form, Input, Spin } from 'antd';
import type { Eip } from '@cloudbay/contracts';
import {
  EIP_BANDWIDTH_MAX_MBPS,
  EIP_BANDWIDTH_MIN_MBPS,
  EIP_NAME_MAX,
  PHONE_NETWORK_EIP_BANDWIDTH_MAX_MBPS,
  PHONE_NETWORK_EIP_BANDWIDTH_MIN_MBPS,
} from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/action-dialog';
import { DialogFooter } from '../../../components/dialog-footer';
import { useRenewalTerm } from '../../../components/purchase/renewal-quote';
import type { IntentKeys } from '../../../lib/idempotency';
import { formatDollars } from '../../../lib/money';
import { payForIntent } from '../../../lib/pay-intent';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { BandwidthField } from '../../office-sites/components/bandwidth-field';
import { phonePeriodOffers } from '../../phones/buy/phone-buy-values';
import { QuoteShortfall, useBalanceCheck } from '../../wallet/components/balance-check';
import { useEipBandwidthPrice, useEipRenewPrice, useRenewEips, useUpdateEip } from './api';
import { bandwidthRule, isBandwidthIn } from './bandwidth';
import { EipTargets, type EipDialogProps } from './eip-targets';
import { RenewalPayModal } from './renewal-pay-modal';

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
