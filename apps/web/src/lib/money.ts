/** How the console shows dollar amounts (balances, order prices, bills, top-ups). */

/** A dollar amount as the console shows balances ('$100.00'). */
export function formatDollars(amount: string | number): string {
  const value = typeof amount === 'number' ? amount.toFixed(2) : amount;
  return `$${value}`;
}

/** Whether `amount` (a decimal string) is more than zero. */
export function isPositive(amount: string): boolean {
  return Number(amount) > 0;
}
