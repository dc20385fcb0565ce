/**
 * Discounts shown as off-rates (spec §9: the discount value × 10): 0.95 is "9.5折" in Chinese,
 * "5% off" in English. Chinese counts what is paid, English what is taken off, so the figure
 * itself depends on the language; the translations only place it.
 */

/** 0.95 → 9.5 (rounded to two decimals so 0.85 × 10 does not print as 8.499999). */
export function discountTenths(discount: number): number {
  return Number((discount * 10).toFixed(2));
}

/** 0.95 → 5, 0.975 → 2.5. */
export function percentOff(discount: number): number {
  return Number(((1 - discount) * 100).toFixed(1));
}

/** Whether a discount takes anything off (1 and above: full price). */
export function hasDiscount(discount: number): boolean {
  return discount > 0 && discount < 1;
}

/** The figure of the `off` translation in `language`: 9.5 (折) in Chinese, 5 (% off) otherwise. */
export function offRateFigure(discount: number, language: string): number {
  return language.startsWith('zh') ? discountTenths(discount) : percentOff(discount);
}

/**
 * Both figures at once ({ rate: 9.5, percent: 5 }). Translations must use the same placeholders in
 * both languages (locales.test.ts), so new code places `offRateFigure` as one `{{value}}` instead.
 */
export function offRateValues(discount: number): { rate: number; percent: number } {
  return { rate: discountTenths(discount), percent: percentOff(discount) };
}
