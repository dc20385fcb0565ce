import type { Customer } from '@cloudbay/contracts';
import { AdjustBalanceButton, OpenCustomerConsoleButton } from '../../adjustment';

/**
 * The per-customer actions of the adjustments part (issue 18 B2) on the detail page's header: the
 * balance adjustment for this customer and "open the customer's console" (read-only). Each shows
 * only with its permission. The list's rows keep to the detail link: these are full buttons with
 * dialogs, one click further, as RuoYi keeps a row's heavier actions on its detail.
 */
export function CustomerExtraActions({ customer }: { customer: Customer }) {
  return (
    <>
      <AdjustBalanceButton userId={customer.userId} email={customer.email} />
      <OpenCustomerConsoleButton userId={customer.userId} />
    </>
  );
}
