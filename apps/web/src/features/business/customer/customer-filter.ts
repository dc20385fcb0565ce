/** The customer list's search form values as the list's filter (trimmed, the sort split in two). */
import { toTimeWindow, type PickedRange } from '../../../lib/date-range';
import type { CustomerFilter } from './api/customers';

export const SORTS = [
  'created-desc',
  'created-asc',
  'balance-desc',
  'balance-asc',
  'spent-desc',
  'spent-asc',
  'spentMonth-desc',
  'spentMonth-asc',
] as const;
type SortValue = (typeof SORTS)[number];

export interface SearchValues {
  email?: string;
  nickname?: string;
  status?: string;
  balanceMin?: string;
  balanceMax?: string;
  arrears?: '1';
  sort?: SortValue;
  range?: PickedRange;
}

const trimmed = (value?: string) => value?.trim() || undefined;

export function toFilter(values: SearchValues): Partial<CustomerFilter> {
  const [sort, order] = (values.sort ?? 'created-desc').split('-') as [
    CustomerFilter['sort'],
    CustomerFilter['order'],
  ];
  return {
    email: trimmed(values.email),
    nickname: trimmed(values.nickname),
    status: values.status,
    balanceMin: trimmed(values.balanceMin),
    balanceMax: trimmed(values.balanceMax),
    arrears: values.arrears,
    ...(values.sort ? { sort, order } : {}),
    ...toTimeWindow(values.range),
  };
}
