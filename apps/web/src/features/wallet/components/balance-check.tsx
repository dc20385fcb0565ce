import { shortfall } from '../../../lib/money';
import { useCurrentUser } from '../../../lib/session';
import { BalanceShortfall } from './balance-shortfall';
import { useTopupFlow } from './topup-flow';

/**
 * Whether the balance covers `payable` (a decimal string; undefined while the price loads). The
 * balance is the signed-in user's, refreshed after every charge and top-up.
 */
export function useBalanceCheck(payable: string | undefined) {
  const user = useCurrentUser();
  const balance = user.data?.balance;
  const short = shortfall(balance, payable) !== null;
  return { balance, short, refresh: () => void user.refetch() };
}

/**
 * '当前账户余额不足' (spec §8) with what is missing and the top-up dialog the top bar opens; a
 * finished top-up refreshes the balance, and the payment can go on.
 */
export function InsufficientBalance({ balance, payable }: { balance: string | undefined; payable: string }) {
  const { start, flow } = useTopupFlow();
  return (
    <>
      <BalanceShortfall balance={balance} price={payable} onTopup={start} />
      {flow}
    </>
  );
}

/** `InsufficientBalance` once a quote is in and the balance check finds it short; nothing otherwise. */
export function QuoteShortfall({
  check,
  payable,
}: {
  check: ReturnType<typeof useBalanceCheck>;
  payable: string | undefined;
}) {
  return payable !== undefined && check.short ? (
    <InsufficientBalance balance={check.balance} payable={payable} />
  ) : null;
}
