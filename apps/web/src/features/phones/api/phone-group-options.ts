import { useQuery } from '@tanstack/react-query';
import { getToken } from '../../../lib/storage';
import { listPhoneGroups } from './phone-groups';
import { phonesKey } from './phones-keys';

/** The groups the purchase form, the filters and the move dialog offer. */
export function usePhoneGroupOptions() {
  return useQuery({
    queryKey: [...phonesKey, 'groups'],
    queryFn: listPhoneGroups,
    enabled: getToken() !== null,
  });
}
