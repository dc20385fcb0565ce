import { MAX_METRIC_POINTS } from '@cloudbay/contracts';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/errors';
import { CLOCK_SKEW_MS, resolveMetricRange, trafficPrice } from './metrics';

const NOW = new Date('2026-11-02T08:30:20Z');
const MINUTE = 60_000;

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (isAppError(error)) return `${error.status} ${error.code} ${error.params.fields}`;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('resolveMetricRange', () => {
  it('defaults to the last hour, its start taken back to a whole step', () => {
    const range = resolveMetricRange({ interval: '1m' }, NOW);
    expect(range.to).toEqual(NOW);
    expect(range.from.toISOString()).toBe('2026-11-02T07:30:00.000Z');
    expect(range.points).toBe(61);
    expect(resolveMetricRange({ interval: '15m' }, NOW)).toMatchObject({ stepSeconds: 900, points: 5 });
  });

  it('takes an explicit range, and a slightly fast client clock as now', () => {
    const range = resolveMetricRange(
      { interval: '1h', start: '2026-11-01T00:00:00+08:00', end: '2026-11-02T00:00:00Z' },
      NOW,
    );
    expect(range).toMatchObject({ points: 32, stepSeconds: 3600 });
    expect(range.from.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    const ahead = new Date(NOW.getTime() + CLOCK_SKEW_MS).toISOString();
    expect(resolveMetricRange({ interval: '1m', end: ahead }, NOW).to).toEqual(NOW);
  });

  it('refuses the future, an empty range and too many points with 422 naming the field', () => {
    const later = new Date(NOW.getTime() + CLOCK_SKEW_MS + 1).toISOString();
    expect(refusal(() => resolveMetricRange({ interval: '1m', end: later }, NOW))).toBe(
      '422 VALIDATION_FAILED query.end',
    );
    expect(refusal(() => resolveMetricRange({ interval: '1m', start: NOW.toISOString() }, NOW))).toBe(
      '422 VALIDATION_FAILED query.start',
    );
    const tooLong = new Date(NOW.getTime() - (MAX_METRIC_POINTS + 1) * MINUTE).toISOString();
    expect(refusal(() => resolveMetricRange({ interval: '1m', start: tooLong }, NOW))).toBe(
      '422 VALIDATION_FAILED query.interval',
    );
    const longest = new Date(NOW.getTime() - (MAX_METRIC_POINTS - 1) * MINUTE).toISOString();
    expect(resolveMetricRange({ interval: '1m', start: longest }, NOW).points).toBe(MAX_METRIC_POINTS);
  });
});

describe('trafficPrice', () => {
  it('prices outbound bytes as the hourly bill does, shown to the mill', () => {
    expect(trafficPrice(77_000n, 1e9)).toBe('0.077');
    expect(trafficPrice(77_000n, 13e9)).toBe('1.001');
    expect(trafficPrice(77_000n, 0)).toBe('0.000');
  });
});
