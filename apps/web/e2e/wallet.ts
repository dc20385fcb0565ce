/** Wallet helpers for journeys: money put on an account through the API and the sandbox gateway. */
import type { APIRequestContext } from '@playwright/test';
import { bearer, bearerWithKey, call } from './accounts';

/**
 * A stablecoin top-up of `money` dollars by the account of `token`, paid at the sandbox's payer
 * endpoint as its page does for the signed-in owner (anyone else needs the order's signed link):
 * the paid order's number.
 */
export async function paidTopup(request: APIRequestContext, token: string, money = 100): Promise<string> {
  const order = await call<{ no: string }>(
    request.post('/api/orders', {
      headers: bearerWithKey(token),
      data: { money, pay_type: 2 },
    }),
  );
  await call(request.post(`/api/pay/sandbox/${order.no}/pay`, { headers: bearer(token) }));
  return order.no;
}
