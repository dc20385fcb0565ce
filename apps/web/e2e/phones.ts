/**
 * Cloud phone helpers for journeys: the phone flag set by the operator, the list's row of a phone,
 * and the setup a journey makes through the API (key pairs, groups, the replacement catalogue).
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { DeviceBrand, Phone } from '@cloudbay/contracts';
import { bearer, bearerWithKey, call, loggedInToken, OPERATOR, signIn } from './accounts';
import { CLOUD_TIMEOUT, useLanguage, type Lang } from './desktops';
import { expect } from './fixtures';
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

/** The customer's phones whose names contain `name`, as GET /user/ph/phone lists them. */
export async function phonesNamed(request: APIRequestContext, token: string, name: string): Promise<Phone[]> {
  const page = await call<{ list: Phone[] }>(
    request.get('/api/user/ph/phone', { headers: bearer(token), params: { name, page: 1, limit: 50 } }),
  );
  return page.list;
}

/** One subscription phone bought through POST /user/ph/phone: its id. */
export async function buyPhone(request: APIRequestContext, token: string, name: string): Promise<string> {
  const regions = await call<{ id: number }[]>(request.get('/api/ph/regions'));
  const bought = await call<{ phone_ids: string[] }>(
    request.post('/api/user/ph/phone', {
      headers: bearerWithKey(token),
      data: {
        region_id: regions[0]!.id,
        spec_id: 'ph.basic.2c4g',
        image_id: 'ph-img-android13',
        billing_method: 'subscription',
        period: 1,
        quantity: 1,
        name,
        auto_renew: false,
        agreed: true,
      },
    }),
  );
  return bought.phone_ids[0]!;
}

/** A phone bought through the API, once it runs. */
export async function runningPhone(request: APIRequestContext, token: string, name: string): Promise<Phone> {
  await buyPhone(request, token, name);
  let phone: Phone | undefined;
  await expect
    .poll(
      async () => {
        phone = (await phonesNamed(request, token, name))[0];
        return phone?.status;
      },
      { timeout: CLOUD_TIMEOUT },
    )
    .toBe('running');
  return phone!;
}

/**
 * A journey's start: a new customer signed in on `page` in `lang`, funded, given the phone flag,
 * with one phone named `name` bought through the API (still being made by the simulated cloud).
 */
export async function customerWithPhone(
  page: Page,
  request: APIRequestContext,
  lang: Lang,
  name: string,
): Promise<{ token: string; phoneId: string }> {
  await useLanguage(page, lang);
  const { token } = await signIn(page, request);
  await fundedPhoneCustomer(request, { token });
  return { token, phoneId: await buyPhone(request, token, name) };
}

/** A key pair made by POST /user/ph/adb/key_pair and attached to `phoneIds`: its id. */
export async function attachedKeyPair(
  request: APIRequestContext,
  token: string,
  name: string,
  phoneIds: string[],
): Promise<string> {
  const pair = await call<{ key_pair_id: string }>(
    request.post('/api/user/ph/adb/key_pair', { headers: bearerWithKey(token), data: { name } }),
  );
  await call(
    request.post(`/api/user/ph/adb/attach_key/${pair.key_pair_id}`, {
      headers: bearer(token),
      data: { phone_ids: phoneIds },
    }),
  );
  return pair.key_pair_id;
}

/** A phone group made by POST /user/ph/phone_data/group. */
export async function createPhoneGroup(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<void> {
  await call(
    request.post('/api/user/ph/phone_data/group', { headers: bearerWithKey(token), data: { name } }),
  );
}

/** A brand of the replacement catalogue other than `brand`, named in the page's language. */
export async function otherBrand(
  request: APIRequestContext,
  token: string,
  brand: string | null,
  language: 'zh-CN' | 'en-US',
): Promise<DeviceBrand> {
  const brands = await call<DeviceBrand[]>(
    request.get('/api/ph/fake_ph/brand', { headers: { ...bearer(token), 'accept-language': language } }),
  );
  const other = brands.find((entry) => entry.brand.toLowerCase() !== brand?.toLowerCase());
  if (!other) throw new Error('the replacement catalogue has a single brand');
  return other;
}
