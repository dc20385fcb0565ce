/** Cloud phone helpers for journeys: the phone flag set by the operator, the list's row of a phone. */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearer, call, loggedInToken, OPERATOR } from './accounts';
import { paidTopup } from './wallet';

/** Opens cloud phones for the customer of `token`, as an operator does (PUT …/ph_white_user). */
export async function grantPhones(request: APIRequestContext, token: string): Promise<void> {
  const user = await call<{ userId: number }>(request.get('/api/user', { headers: bearer(token) }));
  const operator = await loggedInToken(request, OPERATOR.email, OPERATOR.password);
  await call(
    request.put(`/api/system/customer/${user.userId}/ph_white_user`, {
      headers: bearer(operator),
      data: { value: 1 },
    }),
  );
}

/** The phone list's row of the phone named `name`. */
export function phoneRow(page: Page, name: string): Locator {
  return page
    .getByTestId('phones-table')
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.getByTestId('phone-name').getByText(name, { exact: true }) });
}

/** A $100 top-up with the first top-up's 10 % bonus, in micro-dollars. */
export const FUNDED_MICROS = 110_000_000n;

/** The signed-in customer tops up $100 by the sandbox and gets the phone flag. */
export async function fundedPhoneCustomer(
  request: APIRequestContext,
  account: { token: string },
): Promise<void> {
  await paidTopup(request, account.token, 100);
  await grantPhones(request, account.token);
}
