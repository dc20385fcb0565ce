/** The phone list's filters: what the search form holds, and the query GET /user/ph/phone takes. */
import type { PhoneStatus } from '@cloudbay/contracts/core';
import { toTimeWindow, type PickedRange } from '../../../lib/date-range';
import type { PhoneFilterQuery } from '../api/phones-list';

export interface PhoneSearchValues {
  name?: string;
  status?: PhoneStatus;
  regionId?: number;
  /** A group's id, or UNGROUPED (0) for the phones in none. */
  groupId?: number;
  billingMethod?: PhoneFilterQuery['billing_method'];
  /** Expiring within these days. */
  range?: PickedRange;
}

/** The form's values as API filters: the name trimmed, the expiry days as local instants. */
export function toPhoneFilter(values: PhoneSearchValues): PhoneFilterQuery {
  const filter: PhoneFilterQuery = {};
  const name = values.name?.trim();
  if (name) filter.name = name;
  if (values.status) filter.status = values.status;
  if (values.regionId !== undefined) filter.region_id = values.regionId;
  if (values.groupId !== undefined) filter.group_id = values.groupId;
  if (values.billingMethod) filter.billing_method = values.billingMethod;
  const { begin_time, end_time } = toTimeWindow(values.range);
  if (begin_time) filter.expire_from = begin_time;
  if (end_time) filter.expire_to = end_time;
  return filter;
}
