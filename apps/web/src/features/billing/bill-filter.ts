/** The bill list's filters: what the search form holds, and the query the API and the export take. */
import type { BillAmountType } from '@cloudbay/contracts/core';

/** A picked day as antd's date pickers give it (a Dayjs); only what the conversion needs. */
export interface PickedDay {
  startOf(unit: 'day'): PickedDay;
  endOf(unit: 'day'): PickedDay;
  format(template: string): string;
}

export interface BillSearchValues {
  expenseType?: string;
  amountType?: BillAmountType;
  range?: readonly [PickedDay | null, PickedDay | null] | null;
}

/** GET /user/user_transactions and the export's filters; absent keys are not sent. */
export interface BillFilterQuery {
  expense_type?: string;
  amount_type?: BillAmountType;
  begin_time?: string;
  end_time?: string;
}

/** ISO 8601 with milliseconds and the local offset, e.g. 2026-11-22T23:59:59.999+08:00. */
const INSTANT = 'YYYY-MM-DDTHH:mm:ss.SSSZ';

/**
 * The form's values as API filters. Days are the reader's local days, sent as instants with their
 * offset, so "today" means today where the customer is, not in UTC.
 */
export function toBillFilter(values: BillSearchValues): BillFilterQuery {
  const [begin, end] = values.range ?? [];
  const filter: BillFilterQuery = {};
  if (values.expenseType) filter.expense_type = values.expenseType;
  if (values.amountType) filter.amount_type = values.amountType;
  if (begin) filter.begin_time = begin.startOf('day').format(INSTANT);
  if (end) filter.end_time = end.endOf('day').format(INSTANT);
  return filter;
}

/** Whether any filter is set (the empty list then says "nothing matches" rather than "no bills"). */
export function isFiltered(filter: BillFilterQuery): boolean {
  return Object.values(filter).some((value) => value !== undefined && value !== '');
}

/** `bills-20261122.csv` for the reader's local day, as the server names it. */
export function exportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `bills-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}.csv`;
}

/** The reader's IANA time zone, so the exported times read as the screen shows them. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
