import { Flex, Tag, theme } from 'antd';
import type { Phone } from '@cloudbay/contracts';
import type { IntentKeys } from '../../../../lib/idempotency';

/** The phones a dialog acts on, as tags (a long selection scrolls). */
export function PhoneTargets({ phones }: { phones: readonly Phone[] }) {
  const { token } = theme.useToken();
  return (
    <Flex
      wrap
      gap={4}
      style={{ maxHeight: 96, overflowY: 'auto', marginBottom: token.marginMD }}
      data-testid="phone-dialog-targets"
    >
      {phones.map((phone) => (
        <Tag key={phone.id} style={{ marginInlineEnd: 0 }}>
          {phone.name}
        </Tag>
      ))}
    </Flex>
  );
}

/** A dialog that pays for a change to one phone (renew, upgrade). */
export interface PhonePaymentDialogProps {
  phone: Phone;
  /** The page's payment keys: a retry after a lost answer reuses its key. */
  keys: IntentKeys;
  onClose: () => void;
}
