/**
 * The monitoring page's time range and step (spec §9: per minute, 15 minutes, hour): which steps a
 * range allows (at most MAX_METRIC_POINTS points, as the server does), the step chosen for it, and
 * the query sent for it.
 */
import {
  FLOW_INTERVALS,
  FLOW_INTERVAL_SECONDS,
  MAX_METRIC_POINTS,
  type FlowInterval,
} from '@cloudbay/contracts/core';

const HOUR_MS = 3_600_000;

/** The quick ranges, each ending now. */
export const QUICK_RANGES = {
  '1h': HOUR_MS,
  '6h': 6 * HOUR_MS,
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
} as const;
export type QuickRange = keyof typeof QUICK_RANGES;
export const QUICK_RANGE_KEYS = Object.keys(QUICK_RANGES) as QuickRange[];
export const DEFAULT_QUICK_RANGE: QuickRange = '1h';

/** A quick range ending now, or picked start and end instants (epoch ms). */
export type MetricRange =
  { kind: 'quick'; range: QuickRange } | { kind: 'custom'; start: number; end: number };

/** Above this many points a line is too dense to read; the default step keeps below it when it can. */
const READABLE_POINTS = 400;

export function rangeLength(range: MetricRange): number {
  return range.kind === 'quick' ? QUICK_RANGES[range.range] : Math.max(0, range.end - range.start);
}

/** How many points `interval` makes over `lengthMs` (a started step counts). */
export function pointsOf(lengthMs: number, interval: FlowInterval): number {
  return Math.ceil(lengthMs / (FLOW_INTERVAL_SECONDS[interval] * 1000));
}

/**
 * How many points the server answers for the range: it takes the start back to a whole step, so
 * a range ending now (whose start is rarely whole) holds one step more than its length.
 */
export function pointsIn(range: MetricRange, interval: FlowInterval): number {
  if (range.kind === 'quick') return pointsOf(QUICK_RANGES[range.range], interval) + 1;
  const stepMs = FLOW_INTERVAL_SECONDS[interval] * 1000;
  return pointsOf(range.end - Math.floor(range.start / stepMs) * stepMs, interval);
}

/** Whether the server would answer the range at this step (not more than MAX_METRIC_POINTS points). */
export function isAllowed(range: MetricRange, interval: FlowInterval): boolean {
  return pointsIn(range, interval) <= MAX_METRIC_POINTS;
}

/** The shortest range: one step of the finest interval (a minute); a shorter one holds no step. */
export const MIN_RANGE_MS =
  Math.min(...FLOW_INTERVALS.map((interval) => FLOW_INTERVAL_SECONDS[interval])) * 1000;

/**
 * Whether picked instants make a range worth asking for: the end at least one step (MIN_RANGE_MS)
 * after the start. The server refuses a start that is not before the end.
 */
export function isLongEnough(start: number, end: number): boolean {
  return end - start >= MIN_RANGE_MS;
}

/** About the longest range any step allows: MAX_METRIC_POINTS hours. */
export const MAX_RANGE_MS = MAX_METRIC_POINTS * FLOW_INTERVAL_SECONDS['1h'] * 1000;

/**
 * The step a range starts with: the finest that keeps the line readable, else the finest allowed,
 * or undefined when even hours make too many points.
 */
export function defaultInterval(range: MetricRange): FlowInterval | undefined {
  const allowed = FLOW_INTERVALS.filter((interval) => isAllowed(range, interval));
  return allowed.find((interval) => pointsIn(range, interval) <= READABLE_POINTS) ?? allowed.at(-1);
}

/** Whether the range ends now (and so gains points as time passes). */
export function endsNow(range: MetricRange): boolean {
  return range.kind === 'quick';
}

/** ISO 8601 with the local offset, as the contracts' instants want it. */
export function toInstant(epochMs: number): string {
  const date = new Date(epochMs);
  const offset = -date.getTimezoneOffset();
  const local = new Date(epochMs + offset * 60_000).toISOString().slice(0, -1);
  const sign = offset >= 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

/** The query of GET …/network_flow and …/real_time_data (the contracts' `metricRangeQuery`). */
export interface MetricQuery {
  interval: FlowInterval;
  start: string;
  end: string;
}

/** The query for the range at `now`: a quick range is measured back from now at every fetch. */
export function toMetricQuery(range: MetricRange, interval: FlowInterval, now: number): MetricQuery {
  const end = range.kind === 'quick' ? now : range.end;
  const start = range.kind === 'quick' ? now - QUICK_RANGES[range.range] : range.start;
  return { interval, start: toInstant(start), end: toInstant(end) };
}

/** What identifies a range in a cache key: a quick range by its name, so refetches reuse the entry. */
export function rangeKey(range: MetricRange): string {
  return range.kind === 'quick' ? range.range : `${range.start}-${range.end}`;
}
