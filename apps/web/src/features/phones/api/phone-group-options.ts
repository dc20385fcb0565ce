import { useQuery } from '@tanstack/react-query';
import type { PhoneGroupList } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { phonesKey } from './phones-keys';

/** GET /user/ph/phone_data/group: the customer's phone groups (oldest first) with their counts. */
export async function listPhoneGroups(): Promise<PhoneGroupList> {
  const { data } = await api.get<PhoneGroupList>('/user/ph/phone_data/group');
  return data;
}

/** The groups the purchase form, the filters and the move dialog offer. */
export function usePhoneGroupOptions() {
  return useQuery({
    queryKey: [...phonesKey, 'groups'],
    queryFn: listPhoneGroups,
    enabled: getToken() !== null,
  });
}
