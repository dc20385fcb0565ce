import type { ReactNode } from 'react';
import { Button, Flex, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../lib/money';

export interface PriceSummaryProps {
  label: ReactNode;
  /** What will be charged; undefined until the first quote arrives. */
  price: string | undefined;
  /** The price before the period discount, struck through when higher. */
  original?: string;
  /** A line under the price (how traffic is billed, how an upgrade is prorated). */
  note?: ReactNode;
  /** A newer quote is on its way. */
  loading: boolean;
  testId: string;
}

/** The price a dialog charges, as the server quoted it. */
export function PriceSummary({ label, price, original, note, loading, testId }: PriceSummaryProps) {
  const { t } = useTranslation('officeSites');
  const { token } = theme.useToken();
  const discounted = original !== undefined && price !== undefined && Number(original) > Number(price);
  return (
    // Start-aligned even in a dialog's footer, which aligns its content to the end.
    <Flex vertical gap={2} style={{ minWidth: 0, textAlign: 'start' }} data-testid={testId}>
      <Flex align="baseline" gap={8} wrap>
        <span style={{ color: token.colorTextSecondary }}>{label}</span>
        <span
          style={{
            color: token.colorError,
            fontSize: token.fontSizeHeading4,
            fontWeight: token.fontWeightStrong,
            fontVariantNumeric: 'tabular-nums',
          }}
          data-testid={`${testId}-amount`}
        >
          {price === undefined ? '—' : formatDollars(price)}
        </span>
        {discounted ? (
          <span
            style={{ color: token.colorTextTertiary, textDecoration: 'line-through' }}
            aria-label={t('price.original', { amount: formatDollars(original) })}
          >
            {formatDollars(original)}
          </span>
        ) : null}
        {loading ? <Spin size="small" aria-label={t('price.loading')} /> : null}
      </Flex>
      {note ? (
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{note}</span>
      ) : null}
    </Flex>
  );
}

export interface PricedFooterProps extends PriceSummaryProps {
  /**
   * The price on screen is the server's quote for the form as it is now. Until then (a quote on its
   * way, none yet, or one for settings the form no longer has) the pay button is disabled: it would
   * charge for the new settings while the old price is shown.
   */
  payable: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  /** The charge is on its way: the submit button spins. */
  submitting: boolean;
  submitText: ReactNode;
  submitTestId: string;
}

/** A paying dialog's footer: the quoted price at the start, Cancel and the pay button at the end. */
export function PricedFooter({
  payable,
  onCancel,
  onSubmit,
  submitting,
  submitText,
  submitTestId,
  ...summary
}: PricedFooterProps) {
  const { t } = useTranslation('officeSites');
  return (
    <Flex justify="space-between" align="center" gap="middle" wrap>
      <PriceSummary {...summary} />
      <Flex gap="small" style={{ marginInlineStart: 'auto' }}>
        <Button onClick={onCancel}>{t('action.cancel')}</Button>
        <Button
          type="primary"
          onClick={onSubmit}
          loading={submitting}
          disabled={!payable}
          data-testid={submitTestId}
        >
          {submitText}
        </Button>
      </Flex>
    </Flex>
  );
}
