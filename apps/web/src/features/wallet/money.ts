/** How the wallet shows amounts in the payment currency, with its symbol (spec §9); dollars: lib/money.ts. */

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
