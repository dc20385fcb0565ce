/**
 * Traffic and usage figures as people read them (monitoring charts, office network traffic).
 * Decimal units throughout: traffic is billed per decimal GB (10⁹ bytes, spec §9 "$0.077/GB"), and
 * line speeds are sold in decimal Mbps.
 */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const BIT_RATE_UNITS = ['bps', 'Kbps', 'Mbps', 'Gbps', 'Tbps'] as const;

function scaled(value: number, units: readonly string[]): string {
  let amount = Math.max(0, value);
  let unit = 0;
  while (amount >= 1000 && unit < units.length - 1) {
    amount /= 1000;
    unit += 1;
  }
  // Three significant figures at most: 1.23 GB, 12.3 GB, 123 GB; whole bytes and bits.
  const digits = unit === 0 || amount >= 100 ? 0 : amount >= 10 ? 1 : 2;
  return `${Number(amount.toFixed(digits))} ${units[unit]}`;
}

/** 1234567 → '1.23 MB'. */
export function formatBytes(bytes: number): string {
  return scaled(bytes, BYTE_UNITS);
}

/** 2500000 → '2.5 Mbps'. */
export function formatBitRate(bitsPerSecond: number): string {
  return scaled(bitsPerSecond, BIT_RATE_UNITS);
}

/** 42.345 → '42.3 %'. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(1))} %`;
}
