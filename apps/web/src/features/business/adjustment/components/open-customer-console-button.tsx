import { useState } from 'react';
import { Button } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { lazyDialog } from '../../../system/shared/lazy-dialog';

// The reason dialog (antd Form) loads on demand.
const OpenCustomerConsoleDialog = lazyDialog(
  () => import('./open-customer-console-dialog'),
  'OpenCustomerConsoleDialog',
);

/**
 * "Open console": asks the reason, then opens a read-only support session of the customer in a new
 * tab (open-customer-console-dialog.tsx). Shown only with business:customer:support.
 */
export function OpenCustomerConsoleButton({ userId }: { userId: number }) {
  const { t } = useTranslation('businessAdjustment');
  const [open, setOpen] = useState(false);
  return (
    <HasPermi value={['business:customer:support']}>
      <Button icon={<EyeOutlined />} onClick={() => setOpen(true)} data-testid="open-customer-console">
        {t('console.open')}
      </Button>
      <OpenCustomerConsoleDialog userId={userId} open={open} onClose={() => setOpen(false)} />
    </HasPermi>
  );
}
