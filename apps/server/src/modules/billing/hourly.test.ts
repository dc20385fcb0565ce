import { describe, expect, it } from 'vitest';
import { batchesByCustomer, hourChargeOf, hourFloor, hoursToBill, paygChargeKey } from './hourly';

describe('hourly billing rules', () => {
  it('cuts batches at customer boundaries only', () => {
    const rows = [1, 1, 1, 2, 2, 3, 4, 4, 4, 4].map((userId) => ({ userId }));
    const batches = batchesByCustomer(rows, 2);
    expect(batches.map((b) => b.map((r) => r.userId))).toEqual([
      [1, 1, 1],
      [2, 2],
      [3, 4, 4, 4, 4],
    ]);
    expect(batches.flat()).toHaveLength(rows.length);
    expect(batchesByCustomer([], 5)).toEqual([]);
  });

  it('bills the complete hours of the look-back window, oldest first', () => {
    const hours = hoursToBill(new Date(Date.UTC(2026, 0, 2, 0, 5)), 3);
    expect(hours.map((h) => h.toISOString())).toEqual([
      '2026-01-01T21:00:00.000Z',
      '2026-01-01T22:00:00.000Z',
      '2026-01-01T23:00:00.000Z',
    ]);
    expect(hoursToBill(new Date(Date.UTC(2026, 0, 2, 0, 5)))).toHaveLength(24);
  });

  it('keys each resource-hour once', () => {
    const hour = hourFloor(new Date(Date.UTC(2026, 0, 1, 10, 59, 59)));
    expect(hour.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(paygChargeKey('dk-abc', hour)).toBe('payg:dk-abc:2026-01-01T10:00:00.000Z');
  });

  it('posts pay-as-you-go hours and subscription traffic under their own kinds and keys', () => {
    const hour = new Date(Date.UTC(2026, 0, 1, 10));
    expect(hourChargeOf({ resourceId: 'os-a', billingMethod: 'payg' }, hour)).toEqual({
      kind: 'payg_hourly',
      idempotencyKey: 'payg:os-a:2026-01-01T10:00:00.000Z',
    });
    expect(hourChargeOf({ resourceId: 'os-a', billingMethod: 'subscription' }, hour)).toEqual({
      kind: 'traffic',
      idempotencyKey: 'traffic:os-a:2026-01-01T10:00:00.000Z',
    });
  });
});
