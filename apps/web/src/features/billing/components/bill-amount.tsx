import { theme } from 'antd';
import type { Bill } from '@cloudbay/contracts';

/** The dollars without their sign: "-12.50" → "12.50". */
const unsigned = (amount: string) => amount.replace(/^[+-]/, '');

/** A bill's amount: + and the success colour for income, − and the error colour for expense. */
export function BillAmount({ bill }: { bill: Pick<Bill, 'amount' | 'amount_type'> }) {
  const { token } = theme.useToken();
  const income = bill.amount_type === 'income';
  return (
    <span
      style={{
        color: income ? token.colorSuccess : token.colorError,
        fontWeight: token.fontWeightStrong,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
      }}
      data-testid="bill-amount"
    >
      {income ? '+' : '−'}${unsigned(bill.amount)}
    </span>
  );
}
