import { useState } from 'react';
import { Alert, App, Button, Flex, Radio, Skeleton, Tag, theme } from 'antd';
import type { Desktop, PeriodDiscount } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { PayFooter } from '../../../../components/pay-footer';
import { formatDateTime } from '../../../../lib/format-time';
import { renewedUntil } from '../../../../lib/renewal';
import { formatDollars, isPositive } from '../../../../lib/money';
import { usePeriodDiscounts } from '../../../../lib/period-discounts';
import { useRenewalPrice, useRenewDesktop } from '../../api/desktops-renew';
import { hasDiscount, offRateFigure } from '../../../../lib/off-rate';
import { renewBlock } from '../desktop-rules';
import type { IntentKeys } from '../../../../lib/idempotency';
import { InsufficientBalance, useBalanceCheck } from '../../../wallet/components/balance-check';
import { DesktopDialog, DialogTargets } from './desktop-dialog';
import { PriceSummary } from '../../../../components/price-summary';

export { renewedUntil };

/** A period's off-rate badge: "9.5折" / "5% off"; nothing without a discount. */
function DiscountBadge({ discount }: { discount: number }) {
  const { t, i18n } = useTranslation('desktops');
  if (!hasDiscount(discount)) return null;
  return (
    <Tag color="red" variant="filled" style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>
      {t('list.renew.offRate', { value: offRateFigure(discount, i18n.language) })}
    </Tag>
  );
}

function PeriodPicker({
  periods,
  value,
  onChange,
}: {
  periods: readonly PeriodDiscount[];
  value: number | undefined;
  onChange: (period: number) => void;
}) {
  const { t } = useTranslation('desktops');
  return (
    <Radio.Group
      value={value}
      onChange={(event) => onChange(event.target.value as number)}
      optionType="button"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
      aria-label={t('list.renew.period')}
      data-testid="desktop-renew-periods"
      options={periods.map((period) => ({
        value: period.period,
        label: (
          <span data-testid={`desktop-renew-period-${period.period}`}>
            {t('list.renew.months', { count: period.period })}
            <DiscountBadge discount={period.discount} />
          </span>
        ),
      }))}
    />
  );
}

/** Why this desktop cannot be renewed (a gift, or pay-as-you-go), instead of a payment. */
function RenewBlocked({ reason }: { reason: 'gift' | 'payg' }) {
  const { t } = useTranslation('desktops');
  return (
    <Alert
      type="info"
      showIcon
      title={t(`list.renew.blocked.${reason}`)}
      description={t(`list.renew.blockedHint.${reason}`)}
      data-testid="desktop-renew-blocked"
    />
  );
}

/**
 * Renew a subscription (PUT /user/desktop/{desktop_id}/renew): the period with its discount, the
 * price from GET /renewal_price shown before anything is paid, the balance checked against it.
 */
export function RenewDialog({
  desktop,
  keys,
  onClose,
}: {
  desktop: Desktop;
  /** The page's payment keys: a retry after a lost answer reuses its key. */
  keys: IntentKeys;
  onClose: () => void;
}) {
  const { t } = useTranslation('desktops');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const block = renewBlock(desktop);
  const periods = usePeriodDiscounts();
  const [chosen, setChosen] = useState<number>();
  const period = chosen ?? periods.data?.[0]?.period;
  const price = useRenewalPrice(desktop, block ? undefined : period);
  const quote = price.data?.period === period ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const renew = useRenewDesktop();

  const pay = () => {
    if (period === undefined || !quote) return;
    const intent = { desktop: desktop.desktop_id, period };
    renew.mutate(
      { desktopId: desktop.desktop_id, period, idempotencyKey: keys.keyFor(intent) },
      {
        onSuccess: (answer) => {
          keys.settle(intent);
          void message.success(t('list.renew.done', { until: formatDateTime(answer.desktop.expire_time) }));
          onClose();
        },
        onError: (error) => {
          keys.settle(intent, error);
          balance.refresh();
        },
      },
    );
  };

  const footer = (
    <PayFooter
      cancelText={t('list.dialog.cancel')}
      onCancel={onClose}
      payText={
        block
          ? null
          : quote
            ? t('list.renew.pay', { amount: formatDollars(quote.payable_price) })
            : t('list.renew.payPending')
      }
      onPay={pay}
      paying={renew.isPending}
      disabled={!quote || balance.short}
      payTestId="desktop-renew-pay"
    />
  );

  const body = () => {
    if (block) return <RenewBlocked reason={block} />;
    if (periods.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    // Without the periods nothing can be priced or paid: say so, and offer to ask again.
    if (periods.isError && !periods.data)
      return (
        <Alert
          type="error"
          showIcon
          title={t('list.renew.periodsFailed')}
          action={
            <Button size="small" onClick={() => void periods.refetch()} loading={periods.isFetching}>
              {t('list.retry')}
            </Button>
          }
          data-testid="desktop-renew-periods-failed"
        />
      );
    const lines = [
      {
        key: 'expiry',
        label: t('list.renew.currentExpiry'),
        value: formatDateTime(desktop.expire_time) || '—',
      },
      {
        key: 'until',
        label: t('list.renew.newExpiry'),
        value:
          period === undefined
            ? '—'
            : formatDateTime(renewedUntil(desktop.expire_time, period).toISOString()),
      },
      ...(quote && isPositive(quote.discount_amount)
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
      { key: 'balance', label: t('list.renew.balance'), value: formatDollars(balance.balance ?? '0.00') },
    ];
    return (
      <>
        <Flex vertical gap="small">
          <span style={{ fontWeight: token.fontWeightStrong }}>{t('list.renew.period')}</span>
          <PeriodPicker periods={periods.data ?? []} value={period} onChange={setChosen} />
        </Flex>
        <PriceSummary
          lines={lines}
          dueLabel={t('list.renew.due')}
          due={quote?.payable_price}
          loading={price.isFetching && !quote}
          testId="desktop-renew-price"
        />
        {quote && balance.short ? (
          <InsufficientBalance balance={balance.balance} payable={quote.payable_price} />
        ) : null}
      </>
    );
  };

  return (
    <DesktopDialog
      open
      title={t('list.renew.title')}
      onClose={onClose}
      footer={footer}
      testId="desktop-renew"
    >
      <DialogTargets desktops={[desktop]} />
      {body()}
    </DesktopDialog>
  );
}
