/** The operators' order list filters: the customer's own ones, plus the customer and an amount range. */
import { toOrderFilter, type OrderSearchValues } from '../../orders/order-filter';
import type { BizOrderFilterQuery } from './api/business-orders';

export interface BizOrderSearchValues extends OrderSearchValues {
  email?: string;
  amountMin?: string;
  amountMax?: string;
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
/** A typed amount as a filter bound; anything that is not one ("abc", "1.234") filters nothing. */
const bound = (text: string | undefined) => {
  const value = text?.trim();
  return value && AMOUNT.test(value) ? value : undefined;
};

export function toBizOrderFilter(values: BizOrderSearchValues): BizOrderFilterQuery {
  const filter: BizOrderFilterQuery = toOrderFilter(values);
  const email = values.email?.trim().toLowerCase();
  if (email) filter.email = email;
  const min = bound(values.amountMin);
  const max = bound(values.amountMax);
  if (min) filter.amount_min = min;
  if (max) filter.amount_max = max;
  return filter;
}
