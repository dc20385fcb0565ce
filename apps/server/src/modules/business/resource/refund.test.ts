import { describe, expect, it } from 'vitest';
import { allocate, refundTotal } from './refund';

const DAY = 86_400_000;
const start = new Date('2026-11-01T00:00:00Z');
const term = (nowDays: number, endDays = 30, billingMethod = 'subscription') => ({
  billingMethod,
  startsAt: start,
  expiresAt: new Date(start.getTime() + endDays * DAY),
  now: new Date(start.getTime() + nowDays * DAY),
});
const parts = [
  { orderId: 1, refundableMicros: 30_000_000n },
  { orderId: 2, refundableMicros: 30_000_000n },
];

describe('refundTotal', () => {
  it('gives nothing, everything held, or the unused share rounded down to the cent', () => {
    expect(refundTotal('none', parts, term(10, 60))).toBe(0n);
    expect(refundTotal('full', parts, term(10, 60))).toBe(60_000_000n);
    expect(refundTotal('prorated', parts, term(15, 60))).toBe(45_000_000n);
    // 60 × 2/3 = 40.000000…: 1/7 of a term left gives 8.571428… → 8.57.
    expect(refundTotal('prorated', parts, term(6, 7))).toBe(8_570_000n);
  });

  it('prorates nothing for pay-as-you-go or a term already over', () => {
    expect(refundTotal('prorated', parts, term(10, 30, 'payg'))).toBe(0n);
    expect(refundTotal('prorated', parts, term(31, 30))).toBe(0n);
    expect(refundTotal('full', parts, term(31, 30))).toBe(60_000_000n);
  });
});

describe('allocate', () => {
  it('takes the newest order first and never more than an order holds', () => {
    expect(allocate(45_000_000n, parts)).toEqual([
      { orderId: 2, amountMicros: 30_000_000n },
      { orderId: 1, amountMicros: 15_000_000n },
    ]);
    expect(allocate(0n, parts)).toEqual([]);
    expect(allocate(90_000_000n, parts).reduce((sum, p) => sum + p.amountMicros, 0n)).toBe(60_000_000n);
  });
});
