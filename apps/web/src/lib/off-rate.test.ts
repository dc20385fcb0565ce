import { describe, expect, it } from 'vitest';
import { discountTenths, hasDiscount, offRateFigure, percentOff } from './off-rate';

describe('off-rates (spec §9: discount × 10)', () => {
  it('shows 0.95 as 9.5折 / 5% off, without floating-point noise', () => {
    expect(discountTenths(0.95)).toBe(9.5);
    expect(discountTenths(0.85)).toBe(8.5);
    expect(percentOff(0.95)).toBe(5);
    expect(percentOff(0.975)).toBe(2.5);
    expect(offRateFigure(0.9, 'zh-CN')).toBe(9);
    expect(offRateFigure(0.9, 'en-US')).toBe(10);
    expect(hasDiscount(1)).toBe(false);
    expect(hasDiscount(0.9)).toBe(true);
  });
});
