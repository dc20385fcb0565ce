/** The operators' top-up list filters: what the search form holds, as the API's query. */
import { toTimeWindow, type PickedRange } from '../../../lib/date-range';
import type { BizTopupFilterQuery } from './api/business-topups';

export interface BizTopupSearchValues {
  no?: string;
  email?: string;
  tradeId?: string;
  status?: number;
  payType?: number;
  range?: PickedRange;
}

export function toBizTopupFilter(values: BizTopupSearchValues): BizTopupFilterQuery {
  const filter: BizTopupFilterQuery = {};
  const no = values.no?.trim().toUpperCase();
  const email = values.email?.trim().toLowerCase();
  const tradeId = values.tradeId?.trim();
  if (no) filter.no = no;
  if (email) filter.email = email;
  if (tradeId) filter.trade_id = tradeId;
  if (values.status !== undefined) filter.status = values.status;
  if (values.payType !== undefined) filter.pay_type = values.payType;
  return { ...filter, ...toTimeWindow(values.range) };
}
