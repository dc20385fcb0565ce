import { useMutation } from '@tanstack/react-query';
import type { PhoneAdbResult } from '@cloudbay/contracts';
import { api } from '../../../lib/request';

export type AdbSwitch = 'enable' | 'close';

export interface AdbInput {
  phoneId: string;
  action: AdbSwitch;
}

/**
 * POST /user/ph/phone/{id}/enable_adb or close_adb: ADB on (a running phone with a key pair
 * attached) or off; answers the address and the phone after the change.
 */
export async function switchPhoneAdb({ phoneId, action }: AdbInput): Promise<PhoneAdbResult> {
  const path = action === 'enable' ? 'enable_adb' : 'close_adb';
  const { data } = await api.post<PhoneAdbResult>(`/user/ph/phone/${encodeURIComponent(phoneId)}/${path}`);
  return data;
}

/** `onChanged`: the phone after the change, for the page's list (ADB's state is on the row). */
export function useSwitchPhoneAdb(onChanged?: (result: PhoneAdbResult) => void) {
  return useMutation({ mutationFn: switchPhoneAdb, onSuccess: onChanged });
}
