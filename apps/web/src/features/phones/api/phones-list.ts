import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Phone, PhonePage } from '@cloudbay/contracts';
import type { PhoneStatus } from '@cloudbay/contracts/core';
import { refreshWhileChanging } from '../../../lib/live-refresh';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { phonesKey } from './phones-keys';

/** GET /user/ph/phone's filters (`phoneListQuery`); absent keys are not sent. */
export interface PhoneFilterQuery {
  name?: string;
  status?: PhoneStatus;
  region_id?: number;
  /** A group's phones; 0 the ungrouped ones. */
  group_id?: number;
  billing_method?: Phone['billing_method'];
  expire_from?: string;
  expire_to?: string;
}

export interface PhoneListQuery extends PhoneFilterQuery {
  page: number;
  limit: number;
}

/** Statuses a phone passes through on its way somewhere (the engine settles each of them). */
const CHANGING_STATUSES: readonly PhoneStatus[] = [
  'creating',
  'starting',
  'stopping',
  'rebooting',
  'resetting',
];

/** Whether the phone is being made, starting, stopping, restarting or reset. */
export function isPhoneChanging(phone: Pick<Phone, 'status'>): boolean {
  return CHANGING_STATUSES.includes(phone.status);
}

/** GET /user/ph/phone: a page of the customer's phones, newest first, filtered and paged in SQL. */
export async function listPhones(query: PhoneListQuery): Promise<PhonePage> {
  const { data } = await api.get<PhonePage>('/user/ph/phone', { ...query });
  return data;
}

/** The list page's phones, asked again while any is changing; the previous page stays while another loads. */
export function usePhones(query: PhoneListQuery) {
  return useQuery({
    queryKey: [...phonesKey, 'list', query],
    queryFn: () => listPhones(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
    refetchInterval: refreshWhileChanging(isPhoneChanging),
  });
}
