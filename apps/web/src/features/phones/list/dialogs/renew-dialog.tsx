import { useState } from 'react';
import { Alert, App, Button, Flex, Modal, Radio, Skeleton, theme } from 'antd';
import type { Phone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { PayFooter } from '../../../../components/pay-footer';
import { PriceSummary } from '../../../../components/price-summary';
import { OffRateTag, usePeriodLabel } from '../../../../components/purchase/billing-section';
import { formatDateTime } from '../../../../lib/format-time';
import { renewedUntil } from '../../../../lib/renewal';
import type { IntentKeys } from '../../../../lib/idempotency';
import { formatDollars, isPositive } from '../../../../lib/money';
import { usePeriodDiscounts } from '../../../../lib/period-discounts';
import { InsufficientBalance, useBalanceCheck } from '../../../wallet/components/balance-check';
import { usePhoneRenewPrice, useRenewPhone } from '../../api/phones-renew';
import { phonePeriodOffers } from '../../buy/phone-buy-values';
import { PhoneTargets } from './phone-targets';

/**
 * Renew a subscription phone (POST /user/ph/phone/{id}/renew, Idempotency-Key): the term with the
 * phones' discount, the price of GET renew_price shown before anything is paid, the balance checked.
 */
export function RenewDialog({
  phone,
  keys,
  onClose,
}: {
  phone: Phone;
  keys: IntentKeys;
  onClose: () => void;
}) {
  const { t } = useTranslation('phones');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const periodLabel = usePeriodLabel();
  const payg = phone.billing_method === 'payg';
  const periods = usePeriodDiscounts();
  const offers = periods.data ? phonePeriodOffers(periods.data) : [];
  const [chosen, setChosen] = useState<number>();
  const period = chosen ?? offers[0]?.period;
  const price = usePhoneRenewPrice(phone.id, payg ? undefined : period);
  const quote = price.data?.period === period ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const renew = useRenewPhone();

  const pay = () => {
    if (period === undefined || !quote) return;
    const intent = { phone: phone.id, period, renew: true };
    renew.mutate(
      { phoneId: phone.id, period, idempotencyKey: keys.keyFor(intent) },
      {
        onSuccess: (answer) => {
          keys.settle(intent);
          void message.success(t('list.renew.done', { until: formatDateTime(answer.phone.expired_at) }));
          onClose();
        },
        onError: (error) => {
          keys.settle(intent, error);
          balance.refresh();
        },
      },
    );
  };

  const body = () => {
    if (payg)
      return <Alert type="info" showIcon title={t('list.renew.payg')} data-testid="phone-renew-payg" />;
    if (periods.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    if (periods.isError && !periods.data) {
      return (
        <Alert
          type="error"
          showIcon
          title={t('list.renew.periodsFailed')}
          action={
            <Button size="small" onClick={() => void periods.refetch()}>
              {t('list.retry')}
            </Button>
          }
        />
      );
    }
    const discounted = quote && isPositive(quote.discount_amount);
    return (
      <Flex vertical gap="middle">
        <Flex vertical gap="small">
          <span style={{ fontWeight: token.fontWeightStrong }}>{t('list.renew.period')}</span>
          <Radio.Group
            value={period}
            onChange={(event) => setChosen(event.target.value as number)}
            optionType="button"
            style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
            aria-label={t('list.renew.period')}
            data-testid="phone-renew-periods"
            options={offers.map((offer) => ({
              value: offer.period,
              label: (
                <Flex gap={6} align="center" data-testid={`phone-renew-period-${offer.period}`}>
                  {periodLabel(offer.period)}
                  <OffRateTag discount={offer.discount} />
                </Flex>
              ),
            }))}
          />
        </Flex>
        <PriceSummary
          lines={[
            {
              key: 'expiry',
              label: t('list.renew.currentExpiry'),
              value: formatDateTime(phone.expired_at) || '—',
            },
            {
              key: 'until',
              label: t('list.renew.newExpiry'),
              value:
                period === undefined
                  ? '—'
                  : formatDateTime(renewedUntil(phone.expired_at, period).toISOString()),
            },
            ...(discounted
              ? [
                  {
                    key: 'original',
                    label: t('list.renew.original'),
                    value: (
                      <span style={{ textDecoration: 'line-through', color: token.colorTextTertiary }}>
                        {formatDollars(quote.original_price)}
                      </span>
                    ),
                  },
                  {
                    key: 'discount',
                    label: t('list.renew.discount'),
                    value: `−${formatDollars(quote.discount_amount)}`,
                  },
                ]
              : []),
            {
              key: 'balance',
              label: t('list.renew.balance'),
              value: formatDollars(balance.balance ?? '0.00'),
            },
          ]}
          dueLabel={t('list.renew.due')}
          due={quote?.payable_price}
          loading={price.isFetching && !quote}
          testId="phone-renew-price"
        />
        {quote && balance.short ? (
          <InsufficientBalance balance={balance.balance} payable={quote.payable_price} />
        ) : null}
      </Flex>
    );
  };

  return (
    <Modal
      open
      title={t('list.renew.title')}
      onCancel={onClose}
      destroyOnHidden
      data-testid="phone-renew-dialog"
      footer={
        <PayFooter
          cancelText={t('list.confirm.cancel')}
          onCancel={onClose}
          payText={
            payg
              ? null
              : quote
                ? t('list.renew.pay', { amount: formatDollars(quote.payable_price) })
                : t('list.renew.payPending')
          }
          onPay={pay}
          paying={renew.isPending}
          disabled={!quote || balance.short}
          payTestId="phone-renew-pay"
        />
      }
    >
      <PhoneTargets phones={[phone]} />
      {body()}
    </Modal>
  );
}
