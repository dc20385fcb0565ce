import { Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../lib/lazy-part';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { PhoneDialogProps } from '../../phones/list/phone-actions';

// The table and its pieces load with the drawer's content, so the phone list's own chunk (which
// names this module) carries a short preload list (the list page is near its 350 KB budget).
const ResourceOrderHistory = lazyPart(() => import('./resource-order-history'), 'ResourceOrderHistory');

/** The phone list's "Order history": the phone's orders and refunds in a side drawer. */
export function PhoneOrderHistoryDrawer({ phones, open, onClose }: PhoneDialogProps) {
  const { t } = useTranslation('statistics');
  const isMobile = useIsMobile();
  const phone = phones[0];
  return (
    <Drawer
      open={open && phone !== undefined}
      onClose={onClose}
      title={phone ? t('history.phoneTitle', { name: phone.display_name || phone.name }) : ''}
      size={isMobile ? '100%' : 760}
      destroyOnHidden
    >
      {phone ? (
        <ResourceOrderHistory
          resourceType="phone"
          resourceId={phone.id}
          fallback={<Skeleton active paragraph={{ rows: 3 }} />}
        />
      ) : null}
    </Drawer>
  );
}
