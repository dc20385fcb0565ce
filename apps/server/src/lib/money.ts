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
