/**
 * Issue 19's elastic IP and phone network journeys, in both languages: a customer with a running
 * phone buys an elastic IP on /zqgl/buyIP at the price shown, binds it to the phone and looks at
 * its traffic; another creates a phone network on /zqgl/phoneip, adds an address to it and puts the
 * phone behind that address. The phones are bought through the API (their pages have their own
 * journey).
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DUPLICATE_URL_WINDOW_MS } from '@cloudbay/contracts/core';
import { bearer, call, signIn } from './accounts';
import {
  CLOUD_TIMEOUT,
  choose,
  dollars,
  dollarsIn,
  menuBalance,
  shownDollars,
  useLanguage,
  type Lang,
} from './desktops';
import { expect, pickOption, test } from './fixtures';
import { fundedPhoneCustomer, phonesNamed, runningPhone } from './phones';

const TEXTS = {
  zh: { unallocated: '未分配', allocated: '已分配', available: '可用' },
  en: { unallocated: 'Unallocated', allocated: 'Allocated', available: 'Available' },
} as const;

/** A new customer signed in (in `lang`), funded, with the phone flag and a running phone. */
async function customerWithPhone(page: Page, request: APIRequestContext, lang: Lang, phoneName: string) {
  await useLanguage(page, lang);
  const { token } = await signIn(page, request);
  await fundedPhoneCustomer(request, { token });
  return { token, phone: await runningPhone(request, token, phoneName) };
}

/** The row of a table whose text holds `text`. */
const rowOf = (table: Locator, text: string) =>
  table.locator('tbody tr.ant-table-row').filter({ hasText: text });

/** Picks the phone named `name` in the bind dialog's phone choice. */
async function pickPhone(page: Page, name: string) {
  await page.getByTestId('eip-bind-phone').click();
  await pickOption(page, name);
  await page.getByTestId('eip-bind-submit').click();
  await expect(page.getByTestId('eip-bind-dialog')).toBeHidden();
}

// Journeys on a shared 2-core machine: most of it is waiting for the cloud.
test.describe.configure({ timeout: 180_000 });

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  const texts = TEXTS[lang];

  test(`a customer buys an elastic IP and binds it to a cloud phone (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { token, phone } = await customerWithPhone(page, request, lang, `eip-phone-${lang}`);
    const user = await call<{ balance: string }>(request.get('/api/user', { headers: bearer(token) }));
    const before = dollarsIn(`$${user.balance}`);

    // The purchase tab: the phone's region, 5 Mbps (the default), the first term, one address.
    await page.goto('/zqgl/buyIP');
    await expect(page.getByTestId('eips-empty')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('eip-buy-open').click();
    await expect(page.getByTestId('eip-buy-form')).toBeVisible();
    await choose(page.getByTestId('eip-buy-regions').getByRole('radio').first());
    await choose(page.getByTestId('buy-period').getByRole('radio').first());
    const name = `ip-${lang}`;
    await page.getByTestId('eip-buy-name').fill(name);
    await page.getByTestId('buy-agreed').check();
    await expect(page.getByTestId('buy-price')).toHaveAttribute('aria-busy', 'false');
    const price = await shownDollars(page.getByTestId('buy-payable'));
    await page.getByTestId('buy-submit').click();

    // Back on the list: the address is allocated by the cloud, unbound.
    const row = rowOf(page.getByTestId('eips-table'), name);
    await expect(row.getByTestId('eip-status')).toHaveText(texts.unallocated, { timeout: CLOUD_TIMEOUT });
    await expect(await menuBalance(page)).toHaveText(dollars(before - price));
    await page.keyboard.press('Escape');

    // Bind it to the phone: allocated, and the phone named beside it.
    await row.getByTestId('eip-bind').click();
    await pickPhone(page, phone.name);
    await expect(row.getByTestId('eip-status')).toHaveText(texts.allocated, { timeout: CLOUD_TIMEOUT });
    await expect(row.getByTestId('eip-bound')).toContainText(phone.name);
    const [bound] = await phonesNamed(request, token, phone.name);
    expect(bound!.eip_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

    // Its traffic, charted.
    await row.getByTestId('eip-more').click();
    await page.getByTestId('eip-action-traffic').filter({ visible: true }).click();
    await expect(page.getByTestId('eip-traffic-totals')).toBeVisible();
    await expect(page.getByTestId('eip-traffic-table')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test(`a customer creates a phone network and puts a phone behind one of its IPs (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { token, phone } = await customerWithPhone(page, request, lang, `net-phone-${lang}`);

    // Create the network (the first region, as the phone's), 2 addresses' quota, the first term.
    await page.goto('/zqgl/phoneip');
    await page.getByTestId('network-create-open').click();
    const networkName = `net-${lang}`;
    await page.getByTestId('network-create-name').fill(networkName);
    await page.getByTestId('network-create-quota').fill('2');
    await page.getByTestId('network-create-agree').check();
    await expect(page.getByTestId('network-create-price-due')).toContainText(/\$\d/);
    await expect(page.getByTestId('network-create-pay')).toBeEnabled();
    await page.getByTestId('network-create-pay').click();
    await expect(page.getByTestId('network-create-dialog')).toBeHidden();
    const row = rowOf(page.getByTestId('networks-table'), networkName);
    await expect(row).toContainText(texts.available, { timeout: CLOUD_TIMEOUT });

    // One address of 10 Mbps into it.
    await row.getByTestId('network-add-ips').click();
    await page.getByTestId('network-add-ips-agree').check();
    await expect(page.getByTestId('network-add-ips-pay')).toBeEnabled();
    await page.getByTestId('network-add-ips-pay').click();
    await expect(page.getByTestId('network-add-ips-dialog')).toBeHidden();
    await expect(row.getByTestId('network-quota')).toContainText('1 / 2');

    // Open the network: put the phone behind its address.
    await row.locator('.ant-table-row-expand-icon').click();
    const addresses = page.getByTestId('network-eips');
    await expect(addresses.getByTestId('eip-status')).toHaveText(texts.unallocated, {
      timeout: CLOUD_TIMEOUT,
    });
    await addresses.getByTestId('network-put-phone').click();
    await pickPhone(page, phone.name);
    await expect(addresses.getByTestId('network-eip-phone')).toHaveText(phone.name, {
      timeout: CLOUD_TIMEOUT,
    });
    const [behind] = await phonesNamed(request, token, phone.name);
    expect(behind!.network_type).toMatch(/^un-/);
    expect(behind!.eip_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

    // Rename it, and switch its auto-renewal on.
    await row.getByTestId('network-edit').click();
    const renamed = `${networkName}-tokyo`;
    await page.getByTestId('network-edit-name').fill(renamed);
    await page.getByTestId('network-edit-submit').click();
    await expect(page.getByTestId('network-edit-dialog')).toBeHidden();
    const renamedRow = rowOf(page.getByTestId('networks-table'), renamed);
    await expect(renamedRow).toBeVisible();
    // The switch PUTs the same address as the rename: a person takes longer than the duplicate
    // guard's 2 s (spec §5), which would otherwise refuse it as 'operation too frequent'.
    await page.waitForTimeout(DUPLICATE_URL_WINDOW_MS);
    await renamedRow.getByTestId('network-auto-renew').click();
    await expect(renamedRow.getByTestId('network-auto-renew')).toHaveAttribute('aria-checked', 'true');
    expect(consoleErrors).toEqual([]);
  });
}
