import { describe, expect, it } from 'vitest';
import { FLOW_INTERVAL_SECONDS, MAX_METRIC_POINTS, FLOW_INTERVALS } from '@cloudbay/contracts/core';
import { FLOW_WINDOW_MS, flowWindow } from './traffic';

describe('flowWindow', () => {
  const now = new Date('2026-11-22T08:17:42.000Z');

  it('looks back an hour by the minute, a day by 15 minutes, a week by the hour, from a whole step', () => {
    expect(flowWindow('1m', now)).toEqual({
      start: '2026-11-22T07:17:00.000Z',
      end: '2026-11-22T08:17:42.000Z',
    });
    expect(flowWindow('15m', now)).toEqual({ start: '2026-11-21T08:15:00.000Z', end: now.toISOString() });
    expect(flowWindow('1h', now).start).toBe('2026-11-15T08:00:00.000Z');
  });

  it('stays within the points one answer may hold', () => {
    for (const interval of FLOW_INTERVALS) {
      expect(FLOW_WINDOW_MS[interval] / 1000 / FLOW_INTERVAL_SECONDS[interval] + 1).toBeLessThanOrEqual(
        MAX_METRIC_POINTS,
      );
    }
  });
});
