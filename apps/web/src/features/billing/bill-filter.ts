/** The bill list's filters: what the search form holds, and the query the API and the export take. */
import type { BillAmountType } from '@cloudbay/contracts/core';
import { toTimeWindow, type PickedRange, type TimeWindowQuery } from '../../lib/date-range';

export interface BillSearchValues {
  expenseType?: string;
  amountType?: BillAmountType;
  range?: PickedRange;
}

/** GET /user/user_transactions and the export's filters; absent keys are not sent. */
export interface BillFilterQuery extends TimeWindowQuery {
  expense_type?: string;
  amount_type?: BillAmountType;
}

/** The form's values as API filters (the days as local instants, see `toTimeWindow`). */
export function toBillFilter(values: BillSearchValues): BillFilterQuery {
  const filter: BillFilterQuery = {};
  if (values.expenseType) filter.expense_type = values.expenseType;
  if (values.amountType) filter.amount_type = values.amountType;
  return { ...filter, ...toTimeWindow(values.range) };
}
