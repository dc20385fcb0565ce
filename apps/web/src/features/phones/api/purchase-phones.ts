import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhonePurchaseBody, PhonePurchaseResult } from '@cloudbay/contracts';
import { isOutcomeUnknown } from '../../../lib/idempotency';
import { api } from '../../../lib/request';
import { currentUserKey } from '../../../lib/session';
import { phonesKey } from './phones-keys';

export interface PhonePurchaseInput {
  body: PhonePurchaseBody;
  /** One per purchase intent: a retry of the same intent sends the same key and is charged once. */
  idempotencyKey: string;
}

/**
 * POST /user/ph/phone: buys the phones (the order is charged now, the phones made in the
 * background). The duplicate-submission guard stays on, as for the desktop purchase.
 */
export async function purchasePhones({
  body,
  idempotencyKey,
}: PhonePurchaseInput): Promise<PhonePurchaseResult> {
  const { data } = await api.post<PhonePurchaseResult>('/user/ph/phone', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data;
}

/** The purchase; on success or an unknown outcome the balance, the phones and the orders are read again. */
export function usePurchasePhones() {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of [currentUserKey, phonesKey, ['orders']]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  return useMutation({
    mutationFn: purchasePhones,
    onSuccess: refresh,
    onError: (error) => {
      if (isOutcomeUnknown(error)) refresh();
    },
  });
}
