/** The order list's filters: what the search form holds, and the query the API and the export take. */
import type { OrderProductType, OrderStatus, ResourceStatus } from '@cloudbay/contracts/core';
import { toTimeWindow, type PickedRange, type TimeWindowQuery } from '../../lib/date-range';

export interface OrderSearchValues {
  no?: string;
  type?: OrderProductType;
  status?: OrderStatus;
  resourceStatus?: ResourceStatus;
  range?: PickedRange;
}

/** GET /user/order and the export's filters (`orderFilter`); absent keys are not sent. */
export interface OrderFilterQuery extends TimeWindowQuery {
  no?: string;
  type?: OrderProductType;
  status?: OrderStatus;
  resource_status?: ResourceStatus;
}

/** The form's values as API filters: the number trimmed, the days as local instants. */
export function toOrderFilter(values: OrderSearchValues): OrderFilterQuery {
  const filter: OrderFilterQuery = {};
  const no = values.no?.trim();
  if (no) filter.no = no;
  if (values.type) filter.type = values.type;
  if (values.status) filter.status = values.status;
  if (values.resourceStatus) filter.resource_status = values.resourceStatus;
  return { ...filter, ...toTimeWindow(values.range) };
}
