import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from './clock';

describe('clocks', () => {
  it('the system clock tells the real time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('a manual clock stands still until set or advanced', () => {
    const clock = new ManualClock(new Date('2026-11-22T00:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-22T00:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-11-22T00:01:30.000Z');
    clock.set(Date.UTC(2027, 0, 1));
    expect(clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('hands out copies, so a caller cannot move it', () => {
    const clock = new ManualClock(0);
    clock.now().setTime(5_000);
    expect(clock.now().getTime()).toBe(0);
  });
});
