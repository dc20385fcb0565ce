import { Alert, App, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PayModal } from '../../../../components/pay-footer';
import { usePeriodLabel } from '../../../../components/purchase/billing-section';
import {
  RenewalTerms,
  useRenewalPayText,
  useRenewalTerm,
} from '../../../../components/purchase/renewal-quote';
import { formatDateTime } from '../../../../lib/format-time';
import { payForIntent } from '../../../../lib/pay-intent';
import { QuoteShortfall, useBalanceCheck } from '../../../wallet/components/balance-check';
import { usePhoneRenewPrice, useRenewPhone } from '../../api/phones-renew';
import { phonePeriodOffers } from '../../buy/phone-buy-values';
import { PhoneTargets, type PhonePaymentDialogProps } from './phone-targets';

/**
 * Renew a subscription phone (POST /user/ph/phone/{id}/renew, Idempotency-Key): the term with the
 * phones' discount, the price of GET renew_price shown before anything is paid, the balance checked.
 */
export function RenewDialog({ phone, keys, onClose }: PhonePaymentDialogProps) {
  const { t } = useTranslation('phones');
  const { message } = App.useApp();
  const periodLabel = usePeriodLabel();
  const payg = phone.billing_method === 'payg';
  const term = useRenewalTerm(phonePeriodOffers);
  const { period } = term;
  const price = usePhoneRenewPrice(phone.id, payg ? undefined : period);
  const quote = price.data?.period === period ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const renew = useRenewPhone();
  const payText = useRenewalPayText('phones', payg, quote);

  const pay = () => {
    if (period === undefined || !quote) return;
    payForIntent({
      keys,
      intent: { phone: phone.id, period, renew: true },
      mutate: renew.mutate,
      variables: (idempotencyKey) => ({ phoneId: phone.id, period, idempotencyKey }),
      onPaid: (answer) => {
        void message.success(t('list.renew.done', { until: formatDateTime(answer.phone.expired_at) }));
        onClose();
      },
      onRefused: balance.refresh,
    });
  };

  return (
    <PayModal
      title={t('list.renew.title')}
      testId="phone-renew-dialog"
      cancelText={t('list.confirm.cancel')}
      onCancel={onClose}
      payText={payText}
      onPay={pay}
      paying={renew.isPending}
      disabled={!quote || balance.short}
      payTestId="phone-renew-pay"
    >
      <PhoneTargets phones={[phone]} />
      {payg ? (
        <Alert type="info" showIcon title={t('list.renew.payg')} data-testid="phone-renew-payg" />
      ) : (
        <Flex vertical gap="middle">
          <RenewalTerms
            ns="phones"
            term={term}
            periodLabel={periodLabel}
            expiresAt={phone.expired_at}
            quote={quote}
            loading={price.isFetching && !quote}
            balance={balance.balance}
            shortfall={<QuoteShortfall check={balance} payable={quote?.payable_price} />}
            testId="phone-renew"
          />
        </Flex>
      )}
    </PayModal>
  );
}
