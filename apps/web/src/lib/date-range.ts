/** The date-range filter of lists (bills, orders, top-up records): picked local days as API instants. */

/** A picked day as antd's date pickers give it (a Dayjs); only what the conversion needs. */
export interface PickedDay {
  startOf(unit: 'day'): PickedDay;
  endOf(unit: 'day'): PickedDay;
  format(template: string): string;
}

/** What a RangePicker holds; either end may be open. */
export type PickedRange = readonly [PickedDay | null, PickedDay | null] | null;

/** The `begin_time` / `end_time` filters of the contracts' `timeWindow`; absent keys are not sent. */
export interface TimeWindowQuery {
  begin_time?: string;
  end_time?: string;
}

/** ISO 8601 with milliseconds and the local offset, e.g. 2026-11-22T23:59:59.999+08:00. */
const INSTANT = 'YYYY-MM-DDTHH:mm:ss.SSSZ';

/**
 * The picked days as a time window. Days are the reader's local days, sent as instants with their
 * offset, so "today" means today where the customer is, not in UTC.
 */
export function toTimeWindow(range: PickedRange | undefined): TimeWindowQuery {
  const [begin, end] = range ?? [];
  const window: TimeWindowQuery = {};
  if (begin) window.begin_time = begin.startOf('day').format(INSTANT);
  if (end) window.end_time = end.endOf('day').format(INSTANT);
  return window;
}

/** Whether any filter is set (an empty list then says "nothing matches" rather than "none yet"). */
export function isFiltered(filter: object): boolean {
  return Object.values(filter).some((value) => value !== undefined && value !== '');
}
