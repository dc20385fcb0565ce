import type { Customer } from '@cloudbay/contracts';

/**
 * The place for per-customer actions that other parts of issue 18 provide: the balance adjustment
 * and "open the customer's console" (part B2) go here, in the list's row actions (`placement`
 * 'row') and the detail page's header ('header'). Today it adds nothing.
 */
export function CustomerExtraActions(_props: { customer: Customer; placement: 'row' | 'header' }) {
  return null;
}
