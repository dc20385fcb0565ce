import { describe, expect, it } from 'vitest';
import { formatCountdown, paymentDeadline, secondsUntil } from './countdown';
import { newIdempotencyKey } from '../../lib/idempotency';
import { currencySymbol, formatPayAmount } from './money';
import { chosenAmount, isBelowMinimum, moneyValue } from './topup-amount';

describe('countdown', () => {
  it('formats seconds as mm:ss', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(599)).toBe('09:59');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
  });

  it('counts down to the server’s expiry when this clock agrees with it', () => {
    const now = Date.parse('2026-11-22T08:00:00.000Z');
    const deadline = paymentDeadline('2026-11-22T08:09:30.000Z', now);
    expect(secondsUntil(deadline, now)).toBe(570);
    expect(secondsUntil(deadline, now + 569_500)).toBe(1);
    expect(secondsUntil(deadline, now + 570_000)).toBe(0);
  });

  it('gives a fresh order its full 600 s when this clock is off', () => {
    const now = Date.parse('2026-11-22T08:00:00.000Z');
    // This clock runs 20 minutes fast: the order would look expired.
    expect(secondsUntil(paymentDeadline('2026-11-22T07:50:00.000Z', now), now)).toBe(600);
    // 20 minutes slow: the order would look like it lasts half an hour.
    expect(secondsUntil(paymentDeadline('2026-11-22T08:30:00.000Z', now), now)).toBe(600);
    expect(secondsUntil(paymentDeadline('not a time', now), now)).toBe(600);
  });
});

describe('amounts', () => {
  it('takes a preset, or the custom entry when chosen', () => {
    expect(chosenAmount(300, 42)).toBe(300);
    expect(chosenAmount('custom', 42.5)).toBe(42.5);
    expect(chosenAmount('custom', null)).toBeNull();
  });

  it('warns below 5 dollars', () => {
    expect(isBelowMinimum(4.99)).toBe(true);
    expect(isBelowMinimum(5)).toBe(false);
    expect(isBelowMinimum(null)).toBe(false);
  });

  it('sends 2 decimals', () => {
    expect(moneyValue(100)).toBe('100.00');
    expect(moneyValue(12.345)).toBe('12.35');
  });

  it('shows the payment currency with its symbol', () => {
    expect(currencySymbol('USDT')).toBe('₮');
    expect(formatPayAmount('720.00', 'CNY')).toBe('¥720.00');
    expect(formatPayAmount('100.00', 'USD')).toBe('$100.00');
    expect(formatPayAmount('100.00', 'USDT')).toBe('₮100.00');
    expect(formatPayAmount('9.00', 'EUR')).toBe('9.00 EUR');
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh version-4 UUID each time', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });
});
