/** The creation-time window that lists and exports filter by (contracts `timeWindow`). */
import type { TimeWindow } from '@cloudbay/contracts';

const DAY_MS = 86_400_000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A half-open range of creation times: at or after `from`, strictly before `before`. */
export interface TimeRange {
  from?: Date;
  before?: Date;
}

/**
 * The filter's time range as [from, before): a day starts at its UTC midnight and an end day
 * counts through its last moment; an instant given as the end is included.
 */
export function timeRange(filter: TimeWindow): TimeRange {
  const { begin_time: begin, end_time: end } = filter;
  const from = begin === undefined ? undefined : new Date(isDay(begin) ? `${begin}T00:00:00Z` : begin);
  const before =
    end === undefined
      ? undefined
      : new Date(isDay(end) ? Date.parse(`${end}T00:00:00Z`) + DAY_MS : Date.parse(end) + 1);
  return { from, before };
}
