import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DesktopPurchaseBody, DesktopPurchaseResult } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { isOutcomeUnknown } from '../../../lib/idempotency';
import { currentUserKey } from '../../../lib/session';

export interface DesktopPurchaseInput {
  body: DesktopPurchaseBody;
  /** One per purchase intent: a retry of the same intent sends the same key and is charged once. */
  idempotencyKey: string;
}

/**
 * POST /user/desktop: buys the desktops (the order is charged now; the computers are made in the
 * background). The duplicate-submission guard stays on: a double click within a second is refused
 * before it leaves the browser, and the key makes a repeat that does leave harmless.
 */
export async function purchaseDesktops({
  body,
  idempotencyKey,
}: DesktopPurchaseInput): Promise<DesktopPurchaseResult> {
  const { data } = await api.post<DesktopPurchaseResult>('/user/desktop', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data;
}

/**
 * The purchase; on success, and when no answer came (it may have gone through), the balance, the
 * desktops (list, counts) and the office networks (the region's free one may have just been made)
 * are read again, and the orders list shows the new one.
 */
export function usePurchaseDesktops() {
  const queryClient = useQueryClient();
  // Not awaited: the page moves on to the list at once, the refetches follow in the background.
  const refresh = () => {
    for (const queryKey of [currentUserKey, ['desktops'], ['office-sites'], ['orders']]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  return useMutation({
    mutationFn: purchaseDesktops,
    onSuccess: refresh,
    onError: (error) => {
      if (isOutcomeUnknown(error)) refresh();
    },
  });
}
