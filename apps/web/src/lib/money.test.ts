import { describe, expect, it } from 'vitest';
import { formatDollars, isPositive, shortfall } from './money';

describe('formatDollars', () => {
  it('puts the dollar sign before the API decimal string as it is', () => {
    expect(formatDollars('12.50')).toBe('$12.50');
    expect(formatDollars('-3.00')).toBe('$-3.00');
  });

  it('shows a number with two decimals', () => {
    expect(formatDollars(100)).toBe('$100.00');
    expect(formatDollars(0.5)).toBe('$0.50');
  });
});

describe('isPositive', () => {
  it('is true only above zero', () => {
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive('-1.00')).toBe(false);
  });
});

describe('shortfall', () => {
  it('is what the balance lacks, to the cent, or null when it suffices or is unknown', () => {
    expect(shortfall('12.50', '30.00')).toBe('17.50');
    expect(shortfall('0.10', '0.30')).toBe('0.20');
    expect(shortfall('30.00', '30.00')).toBeNull();
    expect(shortfall('31.00', '30.00')).toBeNull();
    expect(shortfall(undefined, '30.00')).toBeNull();
    expect(shortfall('1.00', undefined)).toBeNull();
  });
});
