import { describe, expect, it } from 'vitest';
import { MAX_METRIC_POINTS } from '@cloudbay/contracts/core';
import {
  MAX_RANGE_MS,
  MIN_RANGE_MS,
  defaultInterval,
  isAllowed,
  isLongEnough,
  pointsIn,
  pointsOf,
  toInstant,
  toMetricQuery,
  type MetricRange,
} from './metric-range';

const HOUR = 3_600_000;
const quick = (range: '1h' | '6h' | '24h' | '7d'): MetricRange => ({ kind: 'quick', range });
const custom = (hours: number): MetricRange => ({ kind: 'custom', start: 0, end: hours * HOUR });

describe('metric ranges', () => {
  it('counts the points a step makes, a started step included', () => {
    expect(pointsOf(HOUR, '1m')).toBe(60);
    expect(pointsOf(HOUR + 1, '1m')).toBe(61);
    expect(pointsOf(24 * HOUR, '15m')).toBe(96);
  });

  it('refuses steps that make more than MAX_METRIC_POINTS points', () => {
    expect(isAllowed(quick('24h'), '1m')).toBe(true);
    expect(isAllowed(quick('7d'), '1m')).toBe(false);
    expect(isAllowed(quick('7d'), '15m')).toBe(true);
    expect(isAllowed(custom(MAX_METRIC_POINTS), '1h')).toBe(true);
    expect(isAllowed(custom(MAX_METRIC_POINTS + 1), '1h')).toBe(false);
    // The server takes the start back to a whole hour: half an hour more makes one more point.
    expect(pointsIn({ kind: 'custom', start: HOUR / 2, end: MAX_METRIC_POINTS * HOUR }, '1h')).toBe(
      MAX_METRIC_POINTS,
    );
    expect(isAllowed({ kind: 'custom', start: HOUR / 2, end: (MAX_METRIC_POINTS + 0.5) * HOUR }, '1h')).toBe(
      false,
    );
    // A range ending now starts mid-step: a day by the minute is 1 441 points.
    expect(pointsIn(quick('24h'), '1m')).toBe(24 * 60 + 1);
  });

  it('starts each range with the finest step that stays readable', () => {
    expect(defaultInterval(quick('1h'))).toBe('1m');
    expect(defaultInterval(quick('6h'))).toBe('1m');
    expect(defaultInterval(quick('24h'))).toBe('15m');
    expect(defaultInterval(quick('7d'))).toBe('1h');
    // 30 days: 2 880 quarter hours is too many, hours are not.
    expect(defaultInterval(custom(30 * 24))).toBe('1h');
  });

  it('has no step for a range longer than MAX_METRIC_POINTS hours', () => {
    expect(defaultInterval({ kind: 'custom', start: 0, end: MAX_RANGE_MS + HOUR })).toBeUndefined();
  });

  it('takes a custom range only when its end is at least one step (a minute) after its start', () => {
    const start = Date.UTC(2026, 10, 22, 8, 30);
    expect(MIN_RANGE_MS).toBe(60_000);
    // Zero length: the server would answer 422.
    expect(isLongEnough(start, start)).toBe(false);
    expect(isLongEnough(start, start + 59_999)).toBe(false);
    expect(isLongEnough(start, start - HOUR)).toBe(false);
    expect(isLongEnough(start, start + 60_000)).toBe(true);
    expect(isLongEnough(start, start + HOUR)).toBe(true);
  });

  it('measures a quick range back from now and keeps a custom one as picked', () => {
    const now = Date.UTC(2026, 10, 22, 8, 30);
    const last6h = toMetricQuery(quick('6h'), '1m', now);
    expect(last6h.interval).toBe('1m');
    expect(Date.parse(last6h.end)).toBe(now);
    expect(Date.parse(last6h.start)).toBe(now - 6 * HOUR);
    const picked = toMetricQuery({ kind: 'custom', start: now - 2 * HOUR, end: now - HOUR }, '15m', now);
    expect([Date.parse(picked.start), Date.parse(picked.end)]).toEqual([now - 2 * HOUR, now - HOUR]);
  });

  it('writes instants with the local offset', () => {
    expect(toInstant(Date.UTC(2026, 10, 22, 8, 30))).toMatch(/^2026-11-2\dT\d\d:30:00\.000[+-]\d\d:\d\d$/);
    expect(Date.parse(toInstant(1_790_000_000_123))).toBe(1_790_000_000_123);
  });
});
