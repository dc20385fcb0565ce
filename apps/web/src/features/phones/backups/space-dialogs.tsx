/**
 * The backup space's paying dialogs: buy (size and term), expand (the new size, prorated to the
 * expiry) and renew (the term). Each shows the catalogue's price before anything is paid and pays
 * under its intent's Idempotency-Key.
 */
import { useState } from 'react';
import { App, Checkbox, Flex, Form, InputNumber, Typography } from 'antd';
import type { BackupSpace } from '@cloudbay/contracts';
import {
  BACKUP_SPACE_MAX_GIB as MAX_GIB,
  BACKUP_SPACE_MIN_GIB as MIN_GIB,
  BACKUP_SPACE_STEP_GIB as STEP_GIB,
} from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { PayModal } from '../../../components/pay-footer';
import { PriceSummary } from '../../../components/price-summary';
import { usePeriodLabel } from '../../../components/purchase/billing-section';
import {
  PurchasePriceSummary,
  RenewalPeriodPicker,
  useRenewalPayText,
  useRenewalTerm,
} from '../../../components/purchase/renewal-quote';
import type { IntentKeys } from '../../../lib/idempotency';
import { formatDollars } from '../../../lib/money';
import { payForIntent } from '../../../lib/pay-intent';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { RenewalPayModal } from '../../network/eip/renewal-pay-modal';
import { QuoteShortfall, useBalanceCheck } from '../../wallet/components/balance-check';
import { phonePeriodOffers } from '../buy/phone-buy-values';
import {
  useBackupSpacePrice,
  useBuySpace,
  useExpandPrice,
  useExpandSpace,
  useRenewSpace,
  useSpaceRenewPrice,
} from './api';

/** Days an expired space is kept before the sweep releases it (the desktops' grace, 7 by default). */
const RELEASE_AFTER_DAYS = 7;
const DAY_SECONDS = 86_400;

/** A whole number of GiB from `min` to MAX_GIB in steps of STEP_GIB. */
const isSize = (value: unknown, min: number): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= min &&
  value <= MAX_GIB &&
  value % STEP_GIB === 0;

function SizeField({
  label,
  extra,
  rangeMessage,
  min,
  testId,
}: {
  label: string;
  extra: string;
  rangeMessage: string;
  min: number;
  testId: string;
}) {
  return (
    <Form.Item
      name="size"
      label={label}
      extra={extra}
      rules={[
        {
          validator: (_, value) =>
            isSize(value, min) ? Promise.resolve() : Promise.reject(new Error(rangeMessage)),
        },
      ]}
    >
      <InputNumber<number>
        min={min}
        max={MAX_GIB}
        step={STEP_GIB}
        precision={0}
        style={{ width: 180 }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** Pays an intent under the page's keys; on success says `done` and closes, a refusal re-reads the balance. */
function usePayAndClose(keys: IntentKeys, onClose: () => void, refreshBalance: () => void) {
  const { message } = App.useApp();
  return <TVariables, TAnswer>(
    intent: unknown,
    mutate: Parameters<typeof payForIntent<TVariables, TAnswer>>[0]['mutate'],
    variables: (idempotencyKey: string) => TVariables,
    done: string,
  ) =>
    payForIntent({
      keys,
      intent,
      mutate,
      variables,
      onPaid: () => {
        void message.success(done);
        onClose();
      },
      onRefused: refreshBalance,
    });
}

/** POST /user/ph/ph_backup_space: size (10–5000 GiB by 10) and term, priced before paying. */
export function BuySpaceDialog({ onClose, keys }: { onClose: () => void; keys: IntentKeys }) {
  const { t } = useTranslation('phoneBackups');
  const [form] = Form.useForm<{ size: number | null; auto_renew: boolean }>();
  const term = useRenewalTerm(phonePeriodOffers);
  const [agreed, setAgreed] = useState(false);
  const size = useDebouncedValue(Form.useWatch('size', form));
  const sized = isSize(size, MIN_GIB) ? size : undefined;
  const price = useBackupSpacePrice(sized, term.period);
  const quote =
    sized !== undefined && price.data?.period === term.period && !price.isPlaceholderData
      ? price.data
      : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const buy = useBuySpace();
  const payAndClose = usePayAndClose(keys, onClose, balance.refresh);
  const periodLabel = usePeriodLabel();
  const payText = useRenewalPayText('phoneBackups', false, quote);

  const pay = async () => {
    // An invalid size shows its message; the refusal is not an error of the page.
    const values = await form.validateFields().catch(() => null);
    if (!values || !quote || term.period === undefined || !agreed) return;
    const body = {
      size: values.size!,
      period: term.period,
      auto_renew: values.auto_renew,
      agreed: true as const,
    };
    payAndClose(body, buy.mutate, (idempotencyKey) => ({ body, idempotencyKey }), t('buy.done'));
  };

  return (
    <PayModal
      title={t('buy.title')}
      testId="space-buy-dialog"
      cancelText={t('action.cancel')}
      onCancel={onClose}
      payText={payText}
      onPay={() => void pay()}
      paying={buy.isPending}
      disabled={!quote || balance.short || !agreed}
      payTestId="space-buy-pay"
    >
      <Flex vertical gap="middle">
        <Form form={form} layout="vertical" initialValues={{ size: MIN_GIB, auto_renew: false }}>
          <SizeField
            label={t('buy.size')}
            extra={t('buy.sizeHint', { min: MIN_GIB, max: MAX_GIB, step: STEP_GIB })}
            rangeMessage={t('buy.sizeRange', { min: MIN_GIB, max: MAX_GIB, step: STEP_GIB })}
            min={MIN_GIB}
            testId="space-buy-size"
          />
          <Form.Item name="auto_renew" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox data-testid="space-buy-auto-renew">{t('buy.autoRenew')}</Checkbox>
          </Form.Item>
        </Form>
        <RenewalPeriodPicker ns="phoneBackups" term={term} periodLabel={periodLabel} testId="space-buy" />
        <PurchasePriceSummary
          ns="phoneBackups"
          quote={quote}
          balance={balance.balance}
          loading={price.isFetching && !quote}
          testId="space-buy-price"
        />
        <Checkbox
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          data-testid="space-buy-agree"
        >
          {t('buy.agree', { days: RELEASE_AFTER_DAYS })}
        </Checkbox>
        <QuoteShortfall check={balance} payable={quote?.payable_price} />
      </Flex>
    </PayModal>
  );
}

interface SpaceDialogProps {
  space: BackupSpace;
  onClose: () => void;
  keys: IntentKeys;
}

/** POST …/{id}/expand: the new size and what it costs until the space expires. */
export function ExpandSpaceDialog({ space, onClose, keys }: SpaceDialogProps) {
  const { t } = useTranslation('phoneBackups');
  const [form] = Form.useForm<{ size: number | null }>();
  const min = space.size_gib + STEP_GIB;
  const size = useDebouncedValue(Form.useWatch('size', form));
  const sized = isSize(size, min) ? size : undefined;
  const price = useExpandPrice(space.id, sized);
  const quote = sized !== undefined && !price.isPlaceholderData ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const expand = useExpandSpace();
  const payAndClose = usePayAndClose(keys, onClose, balance.refresh);

  const pay = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !quote) return;
    const intent = { expand: space.id, size: values.size };
    payAndClose(
      intent,
      expand.mutate,
      (idempotencyKey) => ({ spaceId: space.id, size: values.size!, idempotencyKey }),
      t('expand.done', { size: values.size }),
    );
  };

  return (
    <PayModal
      title={t('expand.title')}
      testId="space-expand-dialog"
      cancelText={t('action.cancel')}
      onCancel={onClose}
      payText={
        quote ? t('expand.pay', { amount: formatDollars(quote.payable_price) }) : t('expand.payPending')
      }
      onPay={() => void pay()}
      paying={expand.isPending}
      disabled={!quote || balance.short}
      payTestId="space-expand-pay"
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('expand.current', { size: space.size_gib })}</Typography.Text>
        <Form form={form} layout="vertical" initialValues={{ size: Math.min(min, MAX_GIB) }}>
          <SizeField
            label={t('expand.size')}
            extra={t('expand.sizeHint', { size: space.size_gib, max: MAX_GIB, step: STEP_GIB })}
            rangeMessage={t('expand.sizeRange', { size: space.size_gib, max: MAX_GIB, step: STEP_GIB })}
            min={min}
            testId="space-expand-size"
          />
        </Form>
        <PriceSummary
          lines={[
            {
              key: 'remaining',
              label: t('expand.remaining'),
              value: quote
                ? t('expand.remainingDays', { days: Math.ceil(quote.remaining_seconds / DAY_SECONDS) })
                : '—',
            },
            {
              key: 'balance',
              label: t('list.renew.balance'),
              value: formatDollars(balance.balance ?? '0.00'),
            },
          ]}
          dueLabel={t('expand.due')}
          due={quote?.payable_price}
          loading={price.isFetching && !quote}
          testId="space-expand-price"
        />
        <QuoteShortfall check={balance} payable={quote?.payable_price} />
      </Flex>
    </PayModal>
  );
}

/** POST …/{id}/renew: the term (required) and its price. */
export function RenewSpaceDialog({ space, onClose, keys }: SpaceDialogProps) {
  const { t } = useTranslation('phoneBackups');
  const term = useRenewalTerm(phonePeriodOffers);
  const { period } = term;
  const price = useSpaceRenewPrice(space.id, period);
  const quote = price.data?.period === period && !price.isPlaceholderData ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const renew = useRenewSpace();
  const payAndClose = usePayAndClose(keys, onClose, balance.refresh);

  const pay = () => {
    if (period === undefined || !quote) return;
    payAndClose(
      { renew: space.id, period },
      renew.mutate,
      (idempotencyKey) => ({ spaceId: space.id, period, idempotencyKey }),
      t('list.renew.done'),
    );
  };

  return (
    <RenewalPayModal
      ns="phoneBackups"
      title={t('list.renew.title')}
      cancelText={t('action.cancel')}
      term={term}
      quote={quote}
      loading={price.isFetching && !quote}
      expiresAt={space.expired_at}
      balance={balance}
      paying={renew.isPending}
      onPay={pay}
      onCancel={onClose}
      testId="space-renew"
    />
  );
}
