/** The desktop list's filters: what the search form holds, and the query GET /user/desktop takes. */
import type { DesktopStatus } from '@cloudbay/contracts/core';
import { toTimeWindow, type PickedRange } from '../../../lib/date-range';
import type { DesktopFilterQuery } from '../api/desktops-list';

export interface DesktopSearchValues {
  name?: string;
  status?: DesktopStatus;
  regionId?: number;
  billingMethod?: DesktopFilterQuery['billing_method'];
  /** Expiring within these days. */
  range?: PickedRange;
}

/** The form's values as API filters: the name trimmed, the expiry days as local instants. */
export function toDesktopFilter(values: DesktopSearchValues): DesktopFilterQuery {
  const filter: DesktopFilterQuery = {};
  const name = values.name?.trim();
  if (name) filter.name = name;
  if (values.status) filter.status = values.status;
  if (values.regionId !== undefined) filter.region_id = values.regionId;
  if (values.billingMethod) filter.billing_method = values.billingMethod;
  const { begin_time, end_time } = toTimeWindow(values.range);
  if (begin_time) filter.expire_from = begin_time;
  if (end_time) filter.expire_to = end_time;
  return filter;
}
