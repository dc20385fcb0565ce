import { useState } from 'react';
import { Button } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { lazyDialog } from '../../../system/shared/lazy-dialog';

// The dialog (antd Form) loads on demand.
const AdjustBalanceDialog = lazyDialog(() => import('./adjust-balance-dialog'), 'AdjustBalanceDialog');

/**
 * "Adjust balance" for one customer (the customers page puts it on a row or the detail page): the
 * adjustment dialog with the customer fixed. Shown only with business:adjustment:add.
 */
export function AdjustBalanceButton({ userId, email }: { userId: number; email: string }) {
  const { t } = useTranslation('businessAdjustment');
  const [open, setOpen] = useState(false);
  return (
    <HasPermi value={['business:adjustment:add']}>
      <Button icon={<WalletOutlined />} onClick={() => setOpen(true)} data-testid="adjust-balance">
        {t('add')}
      </Button>
      <AdjustBalanceDialog open={open} onClose={() => setOpen(false)} customer={{ userId, email }} />
    </HasPermi>
  );
}
