/**
 * Issue 16's cloud phone journey, in both languages: a new customer with the phone flag (set by the
 * operator) buys two phones, watches them run, restarts and renames one, renews one at the price
 * shown, and finds every charge in the bills.
 */
import { signIn } from './accounts';
import {
  CLOUD_TIMEOUT,
  choose,
  dollars,
  menuBalance,
  shownDollars,
  useLanguage,
  type Lang,
} from './desktops';
import { expect, test } from './fixtures';
import { FUNDED_MICROS, fundedPhoneCustomer, phoneRow } from './phones';

const TEXTS = {
  zh: { running: '运行中', creating: '创建中', restarting: /^(重启中|运行中)$/, saved: '已保存' },
  en: { running: 'Running', creating: 'Creating', restarting: /^(Restarting|Running)$/, saved: 'Saved' },
} as const;

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`a customer buys two cloud phones, restarts, renames and renews one, and sees the charges (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const texts = TEXTS[lang];
    await useLanguage(page, lang);
    await fundedPhoneCustomer(request, await signIn(page, request));

    // Two phones of the first spec for a month, named after a prefix.
    const prefix = `ph-${lang}`;
    await page.goto('/phone/buyph');
    await expect(page.getByTestId('phone-buy-form')).toBeVisible();
    await choose(page.getByTestId('phone-buy-regions').getByRole('radio').first());
    await choose(page.getByTestId('phone-buy-specs').getByRole('radio').first());
    await choose(page.getByTestId('buy-billing-subscription'));
    await choose(page.getByTestId('buy-period').getByRole('radio').first());
    await page.getByTestId('phone-buy-quantity').fill('2');
    await page.getByTestId('phone-buy-name').fill(prefix);
    await page.getByTestId('buy-agreed').check();
    await expect(page.getByTestId('buy-price')).toHaveAttribute('aria-busy', 'false');
    const price = await shownDollars(page.getByTestId('buy-payable'));
    await page.getByTestId('buy-submit').click();

    await expect(page).toHaveURL(/\/phone\/list/);
    await expect(page.getByTestId('phones-bought')).toBeVisible();
    const first = phoneRow(page, `${prefix}-1`);
    const second = phoneRow(page, `${prefix}-2`);
    for (const row of [first, second]) {
      await expect(row.getByTestId('phone-status')).toHaveText(texts.running, { timeout: CLOUD_TIMEOUT });
    }
    await expect(await menuBalance(page)).toHaveText(dollars(FUNDED_MICROS - price));
    await page.keyboard.press('Escape');

    // Restart the first (confirmed): it goes through restarting and runs again.
    await first.getByTestId('phone-restart').click();
    await page.getByTestId('phone-confirm-ok').click();
    await expect(first.getByTestId('phone-status')).toHaveText(texts.restarting);
    await expect(first.getByTestId('phone-status')).toHaveText(texts.running, { timeout: CLOUD_TIMEOUT });

    // Rename the second.
    const renamed = `${prefix}-live`;
    await second.getByTestId('phone-more').click();
    await page.getByTestId('phone-action-edit').filter({ visible: true }).click();
    await page.getByTestId('phone-edit-name').fill(renamed);
    await page.getByTestId('phone-edit-save').click();
    await expect(page.getByText(texts.saved)).toBeVisible();
    const live = phoneRow(page, renamed);
    await expect(live).toHaveCount(1, { timeout: CLOUD_TIMEOUT });

    // Renew the first for the first term at the price the dialog shows.
    await first.getByTestId('phone-more').click();
    await page.getByTestId('phone-action-renew').filter({ visible: true }).click();
    const renewDialog = page.getByTestId('phone-renew-dialog');
    await renewDialog.getByTestId('phone-renew-periods').getByRole('radio').first().check();
    const renewDue = await shownDollars(page.getByTestId('phone-renew-price-due'));
    const pay = page.getByTestId('phone-renew-pay');
    await expect(pay).toContainText(dollars(renewDue));
    await pay.click();
    await expect(renewDialog).toBeHidden();
    await expect(await menuBalance(page)).toHaveText(dollars(FUNDED_MICROS - price - renewDue));
    await page.keyboard.press('Escape');

    // Both charges are in the bills, newest first.
    await page.goto('/mesceter/bill');
    const bills = page.getByTestId('bills-table').locator('tbody tr.ant-table-row');
    await expect(bills.nth(0).getByTestId('bill-amount')).toHaveText(`−${dollars(renewDue)}`);
    await expect(bills.nth(1).getByTestId('bill-amount')).toHaveText(`−${dollars(price)}`);
    expect(consoleErrors).toEqual([]);
  });
}
