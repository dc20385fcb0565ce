import type { ReactNode } from 'react';
import { Flex } from 'antd';
import type { PriceQuote } from '@cloudbay/contracts';
import { PayModal } from '../../../components/pay-footer';
import { usePeriodLabel } from '../../../components/purchase/billing-section';
import {
  RenewalTerms,
  useRenewalPayText,
  type RenewalTerm,
} from '../../../components/purchase/renewal-quote';
import { QuoteShortfall, type useBalanceCheck } from '../../wallet/components/balance-check';

/**
 * The cloud network's renewal dialog (elastic IPs, phone networks): what is renewed (`targets`),
 * then the terms and their price, or `blocked` instead when the selection cannot be renewed; Pay
 * shows the amount once priced.
 */
export function RenewalPayModal({
  ns,
  title,
  cancelText,
  targets,
  blocked,
  term,
  quote,
  loading,
  expiresAt,
  balance,
  paying,
  onPay,
  onCancel,
  testId,
}: {
  ns: 'phoneEip' | 'phoneNetwork' | 'phoneBackups';
  title: ReactNode;
  cancelText: string;
  targets?: ReactNode;
  blocked?: ReactNode;
  term: RenewalTerm;
  quote: PriceQuote | undefined;
  loading: boolean;
  expiresAt: string | null;
  balance: ReturnType<typeof useBalanceCheck>;
  paying: boolean;
  onPay: () => void;
  onCancel: () => void;
  /** `<testId>-dialog` the modal, `<testId>-pay` its pay button, `<testId>-…` the terms. */
  testId: string;
}) {
  const periodLabel = usePeriodLabel();
  const payText = useRenewalPayText(ns, blocked !== undefined, quote);
  return (
    <PayModal
      title={title}
      testId={`${testId}-dialog`}
      cancelText={cancelText}
      onCancel={onCancel}
      payText={payText}
      onPay={onPay}
      paying={paying}
      disabled={!quote || balance.short}
      payTestId={`${testId}-pay`}
    >
      <Flex vertical gap="middle">
        {targets}
        {blocked ?? (
          <RenewalTerms
            ns={ns}
            term={term}
            periodLabel={periodLabel}
            expiresAt={expiresAt}
            quote={quote}
            loading={loading}
            balance={balance.balance}
            shortfall={<QuoteShortfall check={balance} payable={quote?.payable_price} />}
            testId={testId}
          />
        )}
      </Flex>
    </PayModal>
  );
}
