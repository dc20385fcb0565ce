import type { Phone, PhoneUpdateBody } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { usePhoneMutation } from './phones-mutation';

export interface UpdatePhoneInput {
  phoneId: string;
  changes: PhoneUpdateBody;
}

/** PUT /user/ph/phone/{id}: rename, display name, group, auto-renew. */
export async function updatePhone({ phoneId, changes }: UpdatePhoneInput): Promise<Phone> {
  const { data } = await api.put<Phone>(`/user/ph/phone/${encodeURIComponent(phoneId)}`, changes);
  return data;
}

export function useUpdatePhone() {
  return usePhoneMutation(updatePhone);
}
