/**
 * What other operator pages (the customers list and detail, part B1) put on a customer: the
 * balance adjustment dialog for that customer, and "open the customer's console" (read-only).
 */
export { AdjustBalanceButton } from './components/adjust-balance-button';
export { OpenCustomerConsoleButton } from './components/open-customer-console-button';
