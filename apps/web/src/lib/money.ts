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

const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * How much the balance lacks to pay `price` ('12.30'), or null when it is enough or either figure
 * is unknown. Both are the API's dollar strings with at most two decimals.
 */
export function shortfall(balance: string | undefined, price: string | undefined): string | null {
  if (balance === undefined || price === undefined) return null;
  const missing = cents(price) - cents(balance);
  if (!Number.isFinite(missing) || missing <= 0) return null;
  return (missing / 100).toFixed(2);
}
