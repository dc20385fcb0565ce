import { MICROS_PER_DOLLAR } from '@cloudbay/contracts';

/**
 * Micro-dollars (integer, as the ledger stores them) as the API's decimal string with two
 * decimals, rounded half away from zero at the cent: 12_345_000n → "12.35".
 */
export function formatDollars(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const centsPerMicro = MICROS_PER_DOLLAR / 100n;
  const cents = (abs + centsPerMicro / 2n) / centsPerMicro;
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return negative && cents > 0n ? `-${text}` : text;
}

/** A decimal text that {@link parseDecimal} refuses (sign, exponent, too many decimals, junk). */
export class DecimalFormatError extends Error {
  override name = 'DecimalFormatError';
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A non-negative decimal text as an integer count of 10^-scale units, without ever passing through
 * floating point: ("12.5", 6) → 12_500_000n. Strict: digits with an optional fraction only (no
 * sign, spaces, exponent or empty parts) and at most `scale` decimals, so nothing is rounded away
 * silently (trailing zeros beyond the scale are accepted: they lose nothing).
 */
export function parseDecimal(text: string, scale: number): bigint {
  const match = DECIMAL.exec(text);
  if (!match) throw new DecimalFormatError(`not a decimal number: ${JSON.stringify(text)}`);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) {
    throw new DecimalFormatError(`more than ${scale} decimals: ${JSON.stringify(text)}`);
  }
  return BigInt(match[1] ?? '0') * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** A decimal text in micro-units (6 decimals): "7.2" → 7_200_000n. */
export function parseMicros(text: string): bigint {
  return parseDecimal(text, 6);
}

/**
 * Non-negative integer `units` of 10^-scale as a decimal text with exactly `decimals` decimals,
 * rounded half up: (12_345_000n, 6, 2) → "12.35". `decimals` defaults to the scale.
 */
export function formatDecimal(units: bigint, scale: number, decimals = scale): string {
  if (units < 0n) throw new RangeError('formatDecimal takes non-negative amounts');
  const drop = 10n ** BigInt(Math.max(scale - decimals, 0));
  const rounded = (units + drop / 2n) / drop;
  const shown = rounded * 10n ** BigInt(Math.max(decimals - scale, 0));
  if (decimals === 0) return String(shown);
  const unit = 10n ** BigInt(decimals);
  return `${shown / unit}.${String(shown % unit).padStart(decimals, '0')}`;
}

/** The shortest decimal text of `units` (trailing zeros and a bare point dropped): 5_500_000n → "5.5". */
export function formatDecimalShort(units: bigint, scale: number): string {
  const text = formatDecimal(units, scale);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * `micros` multiplied by a rate given in micro-units (both 6 decimals), result in micro-units,
 * rounded half up: (100_000_000n, 7_200_000n) → 720_000_000n (100 USD at 7.2 → 720 CNY).
 */
export function multiplyMicros(micros: bigint, rateMicros: bigint): bigint {
  return (micros * rateMicros + MICROS_PER_DOLLAR / 2n) / MICROS_PER_DOLLAR;
}

/** `micros` divided by a rate in micro-units, result in micro-units rounded half up (720 CNY at 7.2 → 100). */
export function divideMicros(micros: bigint, rateMicros: bigint): bigint {
  if (rateMicros <= 0n) throw new RangeError('the rate must be positive');
  return (micros * MICROS_PER_DOLLAR + rateMicros / 2n) / rateMicros;
}

/** Micro-units rounded half up to whole cents (still in micro-units): 5_550_484n → 5_550_000n. */
export function roundMicrosToCents(micros: bigint): bigint {
  const perCent = MICROS_PER_DOLLAR / 100n;
  return ((micros + perCent / 2n) / perCent) * perCent;
}
