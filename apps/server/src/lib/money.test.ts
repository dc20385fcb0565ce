import { describe, expect, it } from 'vitest';
import {
  DecimalFormatError,
  divideMicros,
  formatDecimal,
  formatDecimalShort,
  formatDollars,
  multiplyMicros,
  parseDecimal,
  parseMicros,
  roundMicrosToCents,
} from './money';

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

describe('parseDecimal', () => {
  it.each([
    ['0', 6, 0n],
    ['7.2', 6, 7_200_000n],
    ['100', 6, 100_000_000n],
    ['0.000001', 6, 1n],
    ['14.2857', 6, 14_285_700n],
    ['720.00', 2, 72_000n],
    ['5.5000000', 6, 5_500_000n],
    ['00012.30', 2, 1_230n],
    ['123456789012345678.123456', 6, 123_456_789_012_345_678_123_456n],
  ])('%s at scale %i → %s', (text, scale, units) => {
    expect(parseDecimal(text, scale)).toBe(units);
  });

  it.each(['', '.5', '5.', '-1', '+1', '1e3', ' 1', '1 ', '1,5', '0x10', 'NaN', 'Infinity', '1.2.3', '١٢'])(
    'refuses %j',
    (text) => {
      expect(() => parseDecimal(text, 6)).toThrow(DecimalFormatError);
    },
  );

  it('refuses more decimals than the scale instead of rounding them away', () => {
    expect(() => parseDecimal('0.0000001', 6)).toThrow(DecimalFormatError);
    expect(() => parseDecimal('1.005', 2)).toThrow(/more than 2 decimals/);
    expect(parseMicros('1.0000000')).toBe(1_000_000n);
  });
});

describe('formatDecimal', () => {
  it.each([
    [12_345_000n, 6, 2, '12.35'],
    [12_344_999n, 6, 2, '12.34'],
    [720_000_000n, 6, 2, '720.00'],
    [1n, 6, 6, '0.000001'],
    [1_500_000n, 6, 0, '2'],
    [1_234n, 2, 4, '12.3400'],
    [0n, 6, 2, '0.00'],
  ])('%s at scale %i with %i decimals → %s', (units, scale, decimals, text) => {
    expect(formatDecimal(units, scale, decimals)).toBe(text);
  });

  it('refuses negative amounts', () => {
    expect(() => formatDecimal(-1n, 6)).toThrow(RangeError);
  });

  it.each([
    [100_000_000n, '100'],
    [5_500_000n, '5.5'],
    [5_550_000n, '5.55'],
    [1n, '0.000001'],
    [0n, '0'],
  ])('short form of %s is %s', (units, text) => {
    expect(formatDecimalShort(units, 6)).toBe(text);
  });
});

describe('rates', () => {
  it('multiplies and divides by a micro-unit rate exactly, rounding half up', () => {
    expect(multiplyMicros(100_000_000n, 7_200_000n)).toBe(720_000_000n);
    expect(multiplyMicros(5_550_000n, 7_230_000n)).toBe(40_126_500n);
    expect(multiplyMicros(1n, 500_000n)).toBe(1n); // 0.5 micro rounds up
    expect(divideMicros(720_000_000n, 7_200_000n)).toBe(100_000_000n);
    expect(divideMicros(40_130_000n, 7_230_000n)).toBe(5_550_484n);
    expect(() => divideMicros(1n, 0n)).toThrow(RangeError);
  });

  it('rounds micro-units to whole cents', () => {
    expect(roundMicrosToCents(5_550_484n)).toBe(5_550_000n);
    expect(roundMicrosToCents(5_555_000n)).toBe(5_560_000n);
    expect(roundMicrosToCents(5_554_999n)).toBe(5_550_000n);
  });
});
