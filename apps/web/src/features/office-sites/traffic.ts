/** The traffic drawer's windows: how far back each step size looks. */
import { FLOW_INTERVAL_SECONDS, type FlowInterval } from '@cloudbay/contracts/core';

const HOUR_MS = 3_600_000;

/** How far back each step size looks: an hour by the minute, a day by 15 minutes, a week by the hour. */
export const FLOW_WINDOW_MS: Record<FlowInterval, number> = {
  '1m': HOUR_MS,
  '15m': 24 * HOUR_MS,
  '1h': 7 * 24 * HOUR_MS,
};

/** The window of `interval` ending at `now`, its start aligned to a whole step. */
export function flowWindow(interval: FlowInterval, now: Date): { start: string; end: string } {
  const step = FLOW_INTERVAL_SECONDS[interval] * 1000;
  const start = Math.floor((now.getTime() - FLOW_WINDOW_MS[interval]) / step) * step;
  return { start: new Date(start).toISOString(), end: now.toISOString() };
}
