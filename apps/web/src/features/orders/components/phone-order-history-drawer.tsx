import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { PhoneDialogProps } from '../../phones/list/phone-actions';
import { ResourceOrderHistory } from './resource-order-history';

/** The phone list's "Order history": the phone's orders and refunds in a side drawer. */
export function PhoneOrderHistoryDrawer({ phones, open, onClose }: PhoneDialogProps) {
  const { t } = useTranslation('orders');
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
      {phone ? <ResourceOrderHistory resourceType="phone" resourceId={phone.id} /> : null}
    </Drawer>
  );
}
