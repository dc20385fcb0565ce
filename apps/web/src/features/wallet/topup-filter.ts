/** The top-up records' filters: what the search form holds, and the query GET /orders and its export take. */
import { toTimeWindow, type PickedRange, type TimeWindowQuery } from '../../lib/date-range';

export interface TopupSearchValues {
  /** A TOPUP_STATUS value. */
  status?: number;
  /** A PAY_TYPE value. */
  payType?: number;
  range?: PickedRange;
}

/** `topupFilter` of the contracts; absent keys are not sent. */
export interface TopupFilterQuery extends TimeWindowQuery {
  status?: number;
  pay_type?: number;
}

/** The form's values as API filters (the days as local instants, see `toTimeWindow`). */
export function toTopupFilter(values: TopupSearchValues): TopupFilterQuery {
  const filter: TopupFilterQuery = {};
  if (values.status !== undefined && values.status !== null) filter.status = values.status;
  if (values.payType !== undefined && values.payType !== null) filter.pay_type = values.payType;
  return { ...filter, ...toTimeWindow(values.range) };
}
