import { describe, expect, it } from 'vitest';
import { dailyActivity, minuteOf, percentAt, processesAt, trafficAt, trafficBetween } from './metrics';
import { intBetween, seedOf, unit } from './prng';

const SEED = seedOf('ecd-0123456789abcdefg');
const NOON_CHINA = minuteOf(Date.UTC(2026, 10, 22, 4)); // 12:00 at UTC+8
const DAWN_CHINA = minuteOf(Date.UTC(2026, 10, 21, 20)); // 04:00 at UTC+8

describe('prng', () => {
  it('gives the same numbers for the same inputs and different ones otherwise', () => {
    expect(seedOf('ecd-a')).toBe(seedOf('ecd-a'));
    expect(seedOf('ecd-a')).not.toBe(seedOf('ecd-b'));
    expect(unit(SEED, 42)).toBe(unit(SEED, 42));
    expect(unit(SEED, 42)).not.toBe(unit(SEED, 43));
  });

  it('spreads evenly over [0, 1) and keeps integers in range', () => {
    const draws = Array.from({ length: 10_000 }, (_, n) => unit(SEED, n));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    const ints = Array.from({ length: 1000 }, (_, n) => intBetween(SEED, n, 3, 5));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5]));
  });
});

describe('metrics', () => {
  it('follows a day: quiet at dawn, busy in the afternoon in China', () => {
    expect(dailyActivity(DAWN_CHINA)).toBeCloseTo(0.2, 5);
    expect(dailyActivity(DAWN_CHINA + 12 * 60)).toBeCloseTo(1, 5);
    expect(dailyActivity(NOON_CHINA)).toBeCloseTo(0.8, 5);
  });

  it('is deterministic per instance and minute, and within range', () => {
    for (const metric of ['cpu', 'memory', 'disk'] as const) {
      const value = percentAt(SEED, metric, NOON_CHINA);
      expect(percentAt(SEED, metric, NOON_CHINA)).toBe(value);
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(percentAt(SEED, 'cpu', NOON_CHINA)).not.toBe(percentAt(seedOf('ecd-other'), 'cpu', NOON_CHINA));
  });

  it('uses more CPU and traffic at noon than at dawn, over an hour', () => {
    const hour = (start: number, f: (m: number) => number) =>
      Array.from({ length: 60 }, (_, i) => f(start + i)).reduce((a, b) => a + b, 0);
    expect(hour(NOON_CHINA, (m) => percentAt(SEED, 'cpu', m))).toBeGreaterThan(
      hour(DAWN_CHINA, (m) => percentAt(SEED, 'cpu', m)),
    );
    expect(trafficBetween(SEED, 100, NOON_CHINA, NOON_CHINA + 60).outBytes).toBeGreaterThan(
      trafficBetween(SEED, 100, DAWN_CHINA, DAWN_CHINA + 60).outBytes,
    );
  });

  it('never exceeds the line and adds up across adjacent windows', () => {
    const capBytesPerMinute = (100 * 1_000_000 * 60) / 8;
    for (let m = NOON_CHINA; m < NOON_CHINA + 120; m += 1) {
      const moved = trafficAt(SEED, 100, m);
      expect(moved.outBytes).toBeLessThanOrEqual(capBytesPerMinute);
      expect(moved.inBytes).toBeLessThan(moved.outBytes);
    }
    const whole = trafficBetween(SEED, 100, NOON_CHINA, NOON_CHINA + 120);
    const first = trafficBetween(SEED, 100, NOON_CHINA, NOON_CHINA + 45);
    const second = trafficBetween(SEED, 100, NOON_CHINA + 45, NOON_CHINA + 120);
    expect(first.outBytes + second.outBytes).toBe(whole.outBytes);
    expect(first.inBytes + second.inBytes).toBe(whole.inBytes);
  });

  it('lists the same processes with stable PIDs, varying their load', () => {
    const now = processesAt(SEED, NOON_CHINA, 'Administrator');
    const later = processesAt(SEED, NOON_CHINA + 1, 'Administrator');
    expect(now.map((p) => [p.name, p.pid])).toEqual(later.map((p) => [p.name, p.pid]));
    expect(now.map((p) => p.name)).toContain('explorer.exe');
    expect(now.find((p) => p.name === 'System')?.pid).toBe(4);
    expect(now.every((p) => p.pid % 4 === 0 && p.memoryMiB > 0)).toBe(true);
    expect(processesAt(SEED, NOON_CHINA, 'Administrator')).toEqual(now);
  });
});
