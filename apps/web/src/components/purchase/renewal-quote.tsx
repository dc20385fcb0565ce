import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Radio, Skeleton, theme } from 'antd';
import type { PeriodDiscount, PriceQuote } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-time';
import { formatDollars, isPositive } from '../../lib/money';
import { usePeriodDiscounts } from '../../lib/period-discounts';
import { renewedUntil } from '../../lib/renewal';
import { PriceSummary, type PriceLine } from '../price-summary';
import { OffRateTag, type PeriodOffer } from './billing-section';

/** The products whose list dialogs renew a subscription; each keeps its wording under `list.renew`. */
export type RenewalNamespace =
  'desktops' | 'phones' | 'networkProxies' | 'phoneEip' | 'phoneNetwork' | 'phoneBackups';

/** The renewal terms as buttons, each with its off-rate tag: `<testId>-periods`, `<testId>-period-<months>`. */
export function RenewalPeriodPicker({
  ns,
  term: { offers, period, choose },
  periodLabel,
  testId,
}: {
  ns: RenewalNamespace;
  term: Pick<RenewalTerm, 'offers' | 'period' | 'choose'>;
  /** How a term reads ("3 个月" / "1 年"): each product words its terms its own way. */
  periodLabel: (months: number) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(ns);
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="small">
      <span style={{ fontWeight: token.fontWeightStrong }}>{t('list.renew.period')}</span>
      <Radio.Group
        value={period}
        onChange={(event) => choose(event.target.value as number)}
        optionType="button"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
        aria-label={t('list.renew.period')}
        data-testid={`${testId}-periods`}
        options={offers.map((offer) => ({
          value: offer.period,
          label: (
            // A span, as the radio's label is: a block inside it is not where a click lands.
            <span
              style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
              data-testid={`${testId}-period-${offer.period}`}
            >
              {periodLabel(offer.period)}
              <OffRateTag discount={offer.discount} />
            </span>
          ),
        }))}
      />
    </Flex>
  );
}

/** Without the terms nothing can be priced or paid: say so, and offer to ask again (`<testId>-periods-failed`). */
export function RenewalPeriodsFailed({
  ns,
  onRetry,
  retrying,
  testId,
}: {
  ns: RenewalNamespace;
  onRetry: () => void;
  retrying: boolean;
  testId: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <Alert
      type="error"
      showIcon
      title={t('list.renew.periodsFailed')}
      action={
        <Button size="small" onClick={onRetry} loading={retrying}>
          {t('list.retry')}
        </Button>
      }
      data-testid={`${testId}-periods-failed`}
    />
  );
}

/**
 * What a renewal costs before it is paid: the expiry now and after the term, the list price and
 * discount when there is one, the balance, and the amount due (a skeleton until the quote is in).
 */
/** The list price struck through and the discount, when the quote has one (the figures' first lines). */
function useDiscountLines(ns: RenewalNamespace, quote: PriceQuote | undefined) {
  const { t } = useTranslation(ns);
  const { token } = theme.useToken();
  return quote && isPositive(quote.discount_amount)
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
    : [];
}

export function RenewalPriceSummary({
  ns,
  expiresAt,
  period,
  quote,
  balance,
  loading,
  testId,
}: {
  ns: RenewalNamespace;
  expiresAt: string | null;
  period: number | undefined;
  /** The quote for `period`; undefined while it loads. */
  quote: PriceQuote | undefined;
  balance: string | undefined;
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <PurchasePriceSummary
      ns={ns}
      lead={[
        { key: 'expiry', label: t('list.renew.currentExpiry'), value: formatDateTime(expiresAt) || '—' },
        {
          key: 'until',
          label: t('list.renew.newExpiry'),
          value: period === undefined ? '—' : formatDateTime(renewedUntil(expiresAt, period).toISOString()),
        },
      ]}
      quote={quote}
      balance={balance}
      loading={loading}
      testId={testId}
    />
  );
}

/**
 * A purchase's figures: `lead` lines (a renewal's expiries), the discount when there is one, the
 * balance, the amount due.
 */
export function PurchasePriceSummary({
  ns,
  lead = [],
  quote,
  balance,
  loading,
  testId,
}: {
  ns: RenewalNamespace;
  lead?: PriceLine[];
  quote: PriceQuote | undefined;
  balance: string | undefined;
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation(ns);
  const discountLines = useDiscountLines(ns, quote);
  return (
    <PriceSummary
      lines={[
        ...lead,
        ...discountLines,
        { key: 'balance', label: t('list.renew.balance'), value: formatDollars(balance ?? '0.00') },
      ]}
      dueLabel={t('list.renew.due')}
      due={quote?.payable_price}
      loading={loading}
      testId={testId}
    />
  );
}

/**
 * The term a renewal dialog prices: the terms on sale (each product reads its own discount off the
 * period list), the first one until the user picks another.
 */
export function useRenewalTerm(toOffers: (periods: readonly PeriodDiscount[]) => readonly PeriodOffer[]) {
  const periods = usePeriodDiscounts();
  const offers = periods.data ? toOffers(periods.data) : [];
  const [chosen, setChosen] = useState<number>();
  return { periods, offers, period: chosen ?? offers[0]?.period, choose: setChosen };
}

export type RenewalTerm = ReturnType<typeof useRenewalTerm>;

/** The pay button's text: none when the resource cannot be renewed, the amount once it is priced. */
export function useRenewalPayText(ns: RenewalNamespace, blocked: boolean, quote: PriceQuote | undefined) {
  const { t } = useTranslation(ns);
  if (blocked) return null;
  return quote
    ? t('list.renew.pay', { amount: formatDollars(quote.payable_price) })
    : t('list.renew.payPending');
}

/**
 * A renewal dialog's body once renewing is allowed: the terms (a skeleton while they load, a retry
 * when they failed), then the price summary (`<testId>-price`) and what the balance lacks.
 */
export function RenewalTerms({
  term,
  periodLabel,
  shortfall,
  testId,
  ...figures
}: {
  ns: RenewalNamespace;
  term: RenewalTerm;
  periodLabel: (months: number) => ReactNode;
  expiresAt: string | null;
  quote: PriceQuote | undefined;
  /** The quote for the chosen term is on its way. */
  loading: boolean;
  balance: string | undefined;
  /** The insufficient-balance notice, when the balance does not cover the quote. */
  shortfall: ReactNode;
  testId: string;
}) {
  const { periods } = term;
  if (periods.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (periods.isError && !periods.data) {
    return (
      <RenewalPeriodsFailed
        ns={figures.ns}
        onRetry={() => void periods.refetch()}
        retrying={periods.isFetching}
        testId={testId}
      />
    );
  }
  return (
    <>
      <RenewalPeriodPicker ns={figures.ns} term={term} periodLabel={periodLabel} testId={testId} />
      <RenewalPriceSummary {...figures} period={term.period} testId={`${testId}-price`} />
      {shortfall}
    </>
  );
}
