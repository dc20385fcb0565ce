import { useQuery } from '@tanstack/react-query';
import { PAYMENT_POLL_MS, TOPUP_STATUS } from '@cloudbay/contracts/core';
import { api } from '../../../lib/request';
import { walletKey } from './wallet-keys';

/** GET /orders/{order_id}/status: 1 pending, 2 paid, 3 timed out, 4 failed. */
export async function getTopupStatus(orderId: number): Promise<number> {
  const { data } = await api.get<{ status: number }>(`/orders/${orderId}/status`);
  return data.status;
}

/**
 * The payment dialog's poll, every PAYMENT_POLL_MS (spec §9) while `polling` is true and the order
 * is still pending (paid, timed out and failed are final). It goes on
 * while the tab is hidden: paying usually happens in another tab or app, and the dialog should
 * have closed by the time the user comes back.
 */
export function useTopupStatus(orderId: number, polling: boolean) {
  return useQuery({
    queryKey: [...walletKey, 'status', orderId],
    queryFn: () => getTopupStatus(orderId),
    enabled: polling,
    refetchInterval: (query) =>
      polling && (query.state.data ?? TOPUP_STATUS.PENDING) === TOPUP_STATUS.PENDING
        ? PAYMENT_POLL_MS
        : false,
    refetchIntervalInBackground: true,
  });
}
