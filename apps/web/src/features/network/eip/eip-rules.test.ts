import { describe, expect, it } from 'vitest';
import { bandwidthRule, isBandwidthIn } from './bandwidth';
import { toEipPriceQuery } from './eip-buy-form';

describe('the EIP forms’ rules', () => {
  it('takes whole Mbps within the form’s range only', async () => {
    expect(isBandwidthIn(1, 1, 1000)).toBe(true);
    expect(isBandwidthIn(1000, 1, 1000)).toBe(true);
    for (const value of [0, 1001, 2.5, null, '5']) expect(isBandwidthIn(value, 1, 1000)).toBe(false);
    expect(isBandwidthIn(4, 5, 200)).toBe(false);
    const rule = bandwidthRule('out of range', 5, 200);
    await expect(rule.validator(undefined, 5)).resolves.toBeUndefined();
    await expect(rule.validator(undefined, 201)).rejects.toThrow('out of range');
  });

  it('prices the purchase only once region, term, quantity and a valid bandwidth are there', () => {
    const filled = { region_id: 3, bandwidth: 20, period: 1, quantity: 2 };
    expect(toEipPriceQuery(filled)).toEqual(filled);
    expect(toEipPriceQuery({ ...filled, bandwidth: 1001 })).toBeUndefined();
    expect(toEipPriceQuery({ ...filled, quantity: 0 })).toBeUndefined();
    expect(toEipPriceQuery({ ...filled, period: undefined })).toBeUndefined();
    expect(toEipPriceQuery({ ...filled, region_id: undefined })).toBeUndefined();
  });
});
