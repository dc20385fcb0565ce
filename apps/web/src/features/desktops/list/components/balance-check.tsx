import { Alert, Button } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../../lib/money';
import { useCurrentUser } from '../../../../lib/session';
import { useTopupFlow } from '../../../wallet/components/topup-flow';

/**
 * Whether the balance covers `payable` (a decimal string; undefined while the price loads). The
 * balance is the signed-in user's, refreshed after every charge and top-up.
 */
export function useBalanceCheck(payable: string | undefined) {
  const user = useCurrentUser();
  const balance = user.data?.balance;
  const short = payable !== undefined && balance !== undefined && Number(balance) < Number(payable);
  return { balance, short, refresh: () => void user.refetch() };
}

/**
 * '当前账户余额不足' (spec §8) with the balance, what is due, and the top-up dialog the top bar
 * opens; a finished top-up refreshes the balance, and the payment can go on.
 */
export function InsufficientBalance({ balance, payable }: { balance: string | undefined; payable: string }) {
  const { t } = useTranslation('desktops');
  const { start, flow } = useTopupFlow();
  return (
    <>
      <Alert
        type="error"
        showIcon
        title={t('list.balance.insufficient')}
        description={t('list.balance.detail', {
          balance: formatDollars(balance ?? '0.00'),
          payable: formatDollars(payable),
        })}
        action={
          <Button
            size="small"
            type="primary"
            icon={<WalletOutlined />}
            onClick={start}
            data-testid="desktop-topup"
          >
            {t('list.balance.topup')}
          </Button>
        }
        data-testid="desktop-insufficient-balance"
      />
      {flow}
    </>
  );
}
