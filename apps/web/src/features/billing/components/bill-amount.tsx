import type { Bill } from '@cloudbay/contracts';
import { SignedAmount } from '../../../components/signed-amount';

/** A bill's amount: + and the success colour for income, − and the error colour for expense. */
export function BillAmount({ bill }: { bill: Pick<Bill, 'amount' | 'amount_type'> }) {
  return <SignedAmount amount={bill.amount} income={bill.amount_type === 'income'} testId="bill-amount" />;
}
