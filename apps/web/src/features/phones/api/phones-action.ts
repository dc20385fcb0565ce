import type { PhoneBatchResult } from '@cloudbay/contracts';
import type { PhoneRunAction } from '@cloudbay/contracts/core';
import { api } from '../../../lib/request';
import { usePhoneMutation } from './phones-mutation';

export interface PhoneActionInput {
  phoneIds: string[];
  action: PhoneRunAction;
}

/** POST /user/ph/phone/action: start, stop, restart or reset phones; one result per phone. */
export async function runPhoneAction({ phoneIds, action }: PhoneActionInput): Promise<PhoneBatchResult> {
  const { data } = await api.post<PhoneBatchResult>('/user/ph/phone/action', { action, phone_ids: phoneIds });
  return data;
}

export function usePhoneAction() {
  return usePhoneMutation(runPhoneAction);
}
