/** The dictionaries that label an order's values (spec §4 Order and Resource statuses). */
import type { StatusDictType } from '@cloudbay/contracts/core';
import { useDict, type DictMap } from '../../lib/dict-cache';

const ORDER_DICTS = [
  'order_status',
  'resource_status',
  'order_product_type',
  'order_action',
  'billing_method',
] as const satisfies readonly StatusDictType[];

export type OrderDicts = DictMap<(typeof ORDER_DICTS)[number]>;

/** Every order dictionary, each an empty list until it has arrived. */
export function useOrderDicts(): OrderDicts {
  return useDict(...ORDER_DICTS);
}
