import type { ReactNode } from 'react';
import { Card, Grid, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckoutBar, CheckoutCard, type CheckoutProps } from './checkout';
import { requiredBalance } from './price-figures';
import { PurchaseAlert } from './purchase-alert';
import layout from './purchase-layout.module.css';
import type { PurchaseFailure } from './purchase-outcome';
import { isSettled } from './use-price-state';
import type { PriceState } from './price-figures';

/** The purchase forms' shape: labels beside the fields from 576 px, the checkout beside them from 1200 px. */
export function usePurchaseFormLayout() {
  const screens = Grid.useBreakpoint();
  const horizontal = Boolean(screens.sm);
  const formProps: Pick<
    FormProps,
    'layout' | 'labelCol' | 'labelAlign' | 'labelWrap' | 'requiredMark' | 'colon' | 'scrollToFirstError'
  > = {
    layout: horizontal ? 'horizontal' : 'vertical',
    labelCol: horizontal ? { flex: '112px' } : undefined,
    labelAlign: 'left',
    labelWrap: true,
    requiredMark: false,
    colon: false,
    scrollToFirstError: { behavior: 'smooth', block: 'center' },
  };
  return { wide: Boolean(screens.xl), formProps };
}

export interface PurchaseCheckoutOptions {
  price: PriceState;
  /** The live balance; undefined until the user is known. */
  balance: string | undefined;
  onTopup: () => void;
  flow: { failure: PurchaseFailure | undefined; setFailure: (failure: undefined) => void; pending: boolean };
  /** What to check when the answer was lost (the product's list and the orders). */
  unknownHint: string;
  /** The catalogue offers something to buy. */
  onSale: boolean;
  onBuy: () => void;
}

/** The checkout of a purchase form: the live price, the balance, the last failure and Buy. */
export function purchaseCheckout(options: PurchaseCheckoutOptions): CheckoutProps {
  const { price, balance, onTopup, flow } = options;
  const required = price.quote ? requiredBalance(price.quote) : undefined;
  return {
    price,
    balance: { balance, required, onTopup },
    alert: (
      <PurchaseAlert
        failure={flow.failure}
        balance={balance}
        required={required}
        onTopup={onTopup}
        onClose={() => flow.setFailure(undefined)}
        unknownHint={options.unknownHint}
      />
    ),
    submitting: flow.pending,
    // A filled-in form buys only at a price on screen that matches it (not one still updating
    // or failed); an incomplete one may be submitted, so the form can point at what is missing.
    canBuy: options.onSale && (price.incomplete || isSettled(price)),
    onBuy: options.onBuy,
  };
}

/**
 * The form's sections on the left and the checkout card (with the summary) on the right; narrower,
 * the summary as the last section and the checkout in a bar stuck to the bottom.
 */
export function PurchaseColumns({
  wide,
  checkout,
  summary,
  children,
}: {
  wide: boolean;
  checkout: CheckoutProps;
  summary: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('purchase');
  return (
    <>
      <div className={wide ? layout.layout : layout.stacked}>
        <div className={layout.sections}>
          {children}
          {wide ? null : (
            <Card title={t('summary.title')} data-testid="buy-summary-card">
              {summary}
            </Card>
          )}
        </div>
        {wide ? <CheckoutCard {...checkout} summary={summary} /> : null}
      </div>
      {wide ? null : <CheckoutBar {...checkout} />}
    </>
  );
}
