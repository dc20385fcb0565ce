import type { ReactNode } from 'react';
import { Button, Card, Divider, Flex } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import layout from './purchase-layout.module.css';
import { BalanceLine, type BalanceLineProps } from './balance-line';
import { PriceFigures, type PriceState } from './price-figures';

export interface CheckoutProps {
  price: PriceState;
  balance: BalanceLineProps;
  /** The last purchase's failure, when there is one. */
  alert: ReactNode;
  submitting: boolean;
  canBuy: boolean;
  onBuy: () => void;
}

function BuyButton({
  submitting,
  canBuy,
  onBuy,
  block,
}: Pick<CheckoutProps, 'submitting' | 'canBuy' | 'onBuy'> & { block: boolean }) {
  const { t } = useTranslation('purchase');
  return (
    <Button
      type="primary"
      size="large"
      icon={<ShoppingCartOutlined />}
      block={block}
      loading={submitting}
      disabled={!canBuy}
      onClick={onBuy}
      data-testid="buy-submit"
    >
      {t('buy.submit')}
    </Button>
  );
}

/**
 * The wide layout's right-hand card: the price, the balance and Buy first, so the button stays
 * high in the window (clear of the support button in the corner), then the configuration.
 */
export function CheckoutCard({ summary, ...props }: CheckoutProps & { summary: ReactNode }) {
  const { t } = useTranslation('purchase');
  return (
    <Card className={layout.side} data-testid="buy-checkout">
      <Flex vertical gap="middle">
        <PriceFigures state={props.price} />
        <BalanceLine {...props.balance} />
        {props.alert}
        <BuyButton {...props} block />
      </Flex>
      <Divider titlePlacement="start" style={{ margin: '20px 0 12px' }}>
        {t('summary.title')}
      </Divider>
      {summary}
    </Card>
  );
}

/** The narrow layout's bar stuck to the bottom: the price, the balance and Buy always in reach. */
export function CheckoutBar(props: CheckoutProps) {
  return (
    <div className={layout.bar} data-testid="buy-checkout">
      <Flex vertical gap="small">
        {props.alert}
        <Flex justify="space-between" align="flex-end" gap="middle">
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <PriceFigures state={props.price} compact />
            <BalanceLine {...props.balance} />
          </Flex>
          <BuyButton {...props} block={false} />
        </Flex>
      </Flex>
    </div>
  );
}
