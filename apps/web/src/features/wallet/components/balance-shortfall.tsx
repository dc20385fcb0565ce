import { Alert, Button } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDollars, shortfall } from '../../../lib/money';

export interface BalanceShortfallProps {
  /** The signed-in user's balance; undefined while unknown. */
  balance: string | undefined;
  /** What the action costs; undefined while unknown. */
  price: string | undefined;
  /** Opens the top-up dialog. */
  onTopup: () => void;
}

/** '当前账户余额不足' with the missing amount and a top-up shortcut; nothing while the balance suffices. */
export function BalanceShortfall({ balance, price, onTopup }: BalanceShortfallProps) {
  const { t } = useTranslation('wallet');
  const missing = shortfall(balance, price);
  if (missing === null || balance === undefined) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('balance.insufficient')}
      description={t('balance.missing', {
        balance: formatDollars(balance),
        missing: formatDollars(missing),
      })}
      action={
        <Button
          size="small"
          type="primary"
          icon={<WalletOutlined />}
          onClick={onTopup}
          data-testid="balance-topup"
        >
          {t('balance.topup')}
        </Button>
      }
      data-testid="balance-shortfall"
    />
  );
}
