import { Alert, Flex, Spin, theme, Typography } from 'antd';
import type { PriceQuote } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../lib/money';
import { OffRateTag } from './billing-section';

/** The price query's state as the checkout shows it. */
export interface PriceState {
  quote: PriceQuote | undefined;
  /** The form cannot be priced yet (something missing or out of range). */
  incomplete: boolean;
  /** A newer quote is on its way (typing, or the request running). */
  updating: boolean;
  /** Why the last quote failed, when it did. */
  error: string | undefined;
}

function BigAmount({ children, suffix }: { children: string; suffix?: string }) {
  const { token } = theme.useToken();
  return (
    <span data-testid="buy-payable">
      <span
        style={{
          fontSize: token.fontSizeHeading2,
          lineHeight: 1.2,
          fontWeight: token.fontWeightStrong,
          color: token.colorError,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {children}
      </span>
      {suffix ? (
        <span style={{ color: token.colorTextSecondary, marginInlineStart: 2 }}>{suffix}</span>
      ) : null}
    </span>
  );
}

function SubscriptionFigures({ quote, compact }: { quote: PriceQuote; compact: boolean }) {
  const { t } = useTranslation('purchase');
  const { token } = theme.useToken();
  const discounted = quote.discount < 1;
  return (
    <Flex vertical gap={2}>
      <span style={{ color: token.colorTextSecondary }}>{t('price.payable')}</span>
      <BigAmount>{formatDollars(quote.payable_price)}</BigAmount>
      {discounted ? (
        <Flex gap={8} align="center" wrap style={{ fontSize: token.fontSizeSM }}>
          <Typography.Text delete type="secondary" data-testid="buy-original">
            {compact ? '' : `${t('price.original')} `}
            {formatDollars(quote.original_price)}
          </Typography.Text>
          <OffRateTag discount={quote.discount} />
          {compact ? null : (
            <span style={{ color: token.colorSuccessText }} data-testid="buy-saved">
              {t('price.saved', { amount: formatDollars(quote.discount_amount) })}
            </span>
          )}
        </Flex>
      ) : null}
    </Flex>
  );
}

function PaygFigures({ quote, compact }: { quote: PriceQuote; compact: boolean }) {
  const { t } = useTranslation('purchase');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2}>
      <span style={{ color: token.colorTextSecondary }}>{t('price.hourlyCost')}</span>
      {/* One hour of every computer: the quote's min_balance is exactly that figure. */}
      <BigAmount suffix={t('price.perHour')}>{formatDollars(quote.min_balance)}</BigAmount>
      <span
        style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}
        data-testid="buy-min-balance"
      >
        {quote.quantity > 1 && !compact
          ? `${t('price.unitHourly', { price: formatDollars(quote.hourly_price) })} · `
          : ''}
        {t('price.minBalance', { amount: formatDollars(quote.min_balance) })}
      </span>
    </Flex>
  );
}

/** The live price: payable (with the list price and off-rate) or, pay-as-you-go, the hourly cost. */
export function PriceFigures({ state, compact = false }: { state: PriceState; compact?: boolean }) {
  const { t } = useTranslation('purchase');
  const { token } = theme.useToken();
  if (state.error && !state.updating) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('price.failed')}
        description={state.error}
        data-testid="buy-price-error"
      />
    );
  }
  if (state.incomplete) {
    return (
      <span style={{ color: token.colorTextSecondary }} data-testid="buy-price-pending">
        {t('price.pending')}
      </span>
    );
  }
  if (!state.quote) {
    return (
      <Flex
        gap={8}
        align="center"
        style={{ color: token.colorTextSecondary }}
        data-testid="buy-price-loading"
      >
        <Spin size="small" />
        {t('price.loading')}
      </Flex>
    );
  }
  const figures =
    state.quote.billing_method === 'payg' ? (
      <PaygFigures quote={state.quote} compact={compact} />
    ) : (
      <SubscriptionFigures quote={state.quote} compact={compact} />
    );
  return (
    <div
      aria-busy={state.updating}
      aria-live="polite"
      data-testid="buy-price"
      style={{ position: 'relative' }}
    >
      <Spin spinning={state.updating} size="small" delay={150}>
        {figures}
      </Spin>
    </div>
  );
}

/** What the wallet must hold to buy: the payable amount, or one hour for pay-as-you-go. */
export function requiredBalance(quote: PriceQuote): string {
  return quote.billing_method === 'payg' ? quote.min_balance : quote.payable_price;
}
