/** How the wallet shows amounts: dollars, and the payment currency with its symbol (spec §9). */

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { USDT: '₮', CNY: '¥', USD: '$' };

/** The symbol of a payment currency ('USDT' → '₮'); an unknown currency has none. */
export function currencySymbol(currency: string): string {
  return CURRENCY_SYMBOLS[currency.toUpperCase()] ?? '';
}

/** An amount in a payment currency: '¥720.00', '₮100.00', or '100.00 EUR' for a currency without a symbol. */
export function formatPayAmount(amount: string, currency: string): string {
  const symbol = currencySymbol(currency);
  return symbol ? `${symbol}${amount}` : `${amount} ${currency}`;
}

/** A dollar amount as the console shows balances ('$100.00'). */
export function formatDollars(amount: string | number): string {
  const value = typeof amount === 'number' ? amount.toFixed(2) : amount;
  return `$${value}`;
}

/** Whether `amount` (a decimal string) is more than zero. */
export function isPositive(amount: string): boolean {
  return Number(amount) > 0;
}
