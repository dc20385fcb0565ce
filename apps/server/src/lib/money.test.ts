import { describe, expect, it } from 'vitest';
import { formatDollars } from './money';

describe('formatDollars', () => {
  it.each([
    [0n, '0.00'],
    [1_000_000n, '1.00'],
    [12_345_000n, '12.35'],
    [12_344_999n, '12.34'],
    [5_000n, '0.01'],
    [4_999n, '0.00'],
    [-2_500_000n, '-2.50'],
    [-1n, '0.00'],
    [123_456_789_012_345_678n, '123456789012.35'],
  ])('%s → %s', (micros, text) => {
    expect(formatDollars(micros)).toBe(text);
  });
});
