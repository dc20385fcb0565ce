import { theme } from 'antd';
import { formatDollars } from '../lib/money';

/** The dollars without their sign: "-12.50" → "12.50". */
const unsigned = (amount: string) => amount.replace(/^[+-]/, '');

/** A wallet movement's amount: + and the success colour for income, − and the error colour for expense. */
export function SignedAmount({
  amount,
  income,
  testId,
}: {
  /** Signed dollars as the API sends them ("25.00", "-12.50"). */
  amount: string;
  income: boolean;
  testId?: string;
}) {
  const { token } = theme.useToken();
  return (
    <span
      style={{
        color: income ? token.colorSuccess : token.colorError,
        fontWeight: token.fontWeightStrong,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
      }}
      data-testid={testId}
    >
      {income ? '+' : '−'}
      {formatDollars(unsigned(amount))}
    </span>
  );
}
