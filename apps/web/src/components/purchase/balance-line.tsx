import { Button, Flex, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../lib/money';

export interface BalanceLineProps {
  /** The live balance; undefined until the user is known. */
  balance: string | undefined;
  /** The amount this purchase needs, when priced. */
  required: string | undefined;
  onTopup: () => void;
}

/** The balance next to the price, marked when it does not cover the purchase, with a top-up shortcut. */
export function BalanceLine({ balance, required, onTopup }: BalanceLineProps) {
  const { t } = useTranslation('purchase');
  const { token } = theme.useToken();
  const short = balance !== undefined && required !== undefined && Number(balance) < Number(required);
  return (
    <Flex gap={6} align="center" wrap style={{ fontSize: token.fontSizeSM }} data-testid="buy-balance">
      <span style={{ color: token.colorTextSecondary }}>{t('balance.label')}</span>
      <strong style={{ color: short ? token.colorError : token.colorText }}>
        {balance === undefined ? '-' : formatDollars(balance)}
      </strong>
      {short ? (
        <Tag color="error" style={{ marginInlineEnd: 0 }} data-testid="buy-balance-short">
          {t('balance.short')}
        </Tag>
      ) : null}
      <Button
        type="link"
        size="small"
        onClick={onTopup}
        style={{ paddingInline: 0 }}
        data-testid="buy-balance-topup"
      >
        {t('balance.topup')}
      </Button>
    </Flex>
  );
}
