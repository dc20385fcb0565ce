import { useTranslation } from 'react-i18next';
import { payTypeName } from '../../../wallet/topup-status';

/** A pay type ('1', '2') in the customer's words (the wallet's labels). */
export function usePayTypeLabel() {
  const { t } = useTranslation('wallet');
  return (payType: string) => t(`payType.${payTypeName(Number(payType))}`);
}
