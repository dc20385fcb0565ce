import type { Phone } from '@cloudbay/contracts';

/**
 * What a list page gives a phone tool: the phones it acts on (the tools act on one phone, the
 * first), whether it shows, and how it is closed.
 */
export interface PhoneToolProps {
  phones: readonly Phone[];
  open: boolean;
  onClose: () => void;
}
