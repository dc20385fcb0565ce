import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PhonePage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { phonesRootKey } from './phone-groups';

/** The most phones one answer holds (the list's largest page size). */
const PHONE_CHOICE_LIMIT = 50;

export interface PhoneChoiceFilter {
  /** Part of the name, matched on the server. */
  name: string;
  /** A group's phones, UNGROUPED (0) for the ungrouped, undefined for all. */
  groupId?: number;
}

/** GET /user/ph/phone: the first page of the caller's phones matching `filter`. */
export async function listPhoneChoices({ name, groupId }: PhoneChoiceFilter): Promise<PhonePage> {
  const { data } = await api.get<PhonePage>('/user/ph/phone', {
    page: 1,
    limit: PHONE_CHOICE_LIMIT,
    ...(name ? { name } : {}),
    ...(groupId !== undefined ? { group_id: groupId } : {}),
  });
  return data;
}

/** The phone pickers' choices (moving phones to a group, attaching a key pair). */
export function usePhoneChoices(filter: PhoneChoiceFilter) {
  return useQuery({
    queryKey: [...phonesRootKey, 'choices', filter],
    queryFn: () => listPhoneChoices(filter),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}
