/**
 * Issue 7's office network journey, in both languages: a new customer with a sandbox top-up buys
 * a 10 Mbps network on /zqgl/officenetwork, watches it become normal and raises it to 20 Mbps,
 * each time charged exactly the price the dialog showed.
 *
 * Charges are checked bill by bill rather than on the balance: a paid network's traffic is billed
 * by the hour, so a billing run (another journey's, or the app's own) may add a traffic bill at
 * any moment without making the purchase or the upgrade cost anything else.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './accounts';
import { CLOUD_TIMEOUT, dollars, shownDollars, useLanguage, type Lang } from './desktops';
import { paidTopup } from './wallet';

const TEXTS = {
  zh: { normal: '正常', creating: '创建中', purchase: '购买', upgrade: '升级配置' },
  en: { normal: 'Normal', creating: 'Creating', purchase: 'Purchase', upgrade: 'Upgrade' },
} as const;

/** The price a dialog's summary (`testId`) shows once no newer quote is on its way. */
async function settledPrice(page: Page, testId: string): Promise<bigint> {
  const summary = page.getByTestId(testId);
  await expect(summary.locator('.ant-spin')).toHaveCount(0);
  return shownDollars(page.getByTestId(`${testId}-amount`));
}

/** The bills of an expense type (its label in the type column). */
function bills(page: Page, label: string): Locator {
  return page
    .getByTestId('bills-table')
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.getByText(label, { exact: true }) });
}

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`a customer buys a 10 Mbps office network and upgrades it to 20 Mbps (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    await useLanguage(page, lang);
    const { token } = await signIn(page, request);
    await paidTopup(request, token, 100);
    const texts = TEXTS[lang];

    await page.goto('/zqgl/officenetwork');
    await page.getByTestId('office-sites-empty-buy').click();
    // The dialog's root wraps the modal without a box of its own: what shows is its content.
    const buy = page.getByTestId('office-buy-dialog');
    await expect(buy.getByTestId('office-buy-name')).toBeVisible();
    const name = `office-${lang}`;
    await buy.getByTestId('office-buy-name').fill(name);
    await buy.getByTestId('office-buy-bandwidth-input').fill('10');
    await buy.getByTestId('office-buy-period-1').click();
    await buy.getByTestId('office-buy-agree').check();
    const price = await settledPrice(page, 'office-buy-price');
    await page.getByTestId('office-buy-submit').click();
    await expect(buy.getByTestId('office-buy-name')).toBeHidden();

    const row = page
      .getByTestId('office-sites-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: name });
    await expect(row).toContainText('10 Mbps');
    await expect(row).toContainText(texts.normal, { timeout: CLOUD_TIMEOUT });

    await row.getByTestId('office-site-upgrade').click();
    const upgrade = page.getByTestId('office-upgrade-dialog');
    await expect(upgrade.getByTestId('office-upgrade-bandwidth-input')).toBeVisible();
    await upgrade.getByTestId('office-upgrade-bandwidth-input').fill('20');
    const upgradePrice = await settledPrice(page, 'office-upgrade-price');
    await page.getByTestId('office-upgrade-submit').click();
    await expect(upgrade.getByTestId('office-upgrade-bandwidth-input')).toBeHidden();
    await expect(row).toContainText('20 Mbps');

    await page.goto('/mesceter/bill');
    await expect(bills(page, texts.purchase)).toHaveCount(1);
    await expect(bills(page, texts.purchase).getByTestId('bill-amount')).toHaveText(`−${dollars(price)}`);
    await expect(bills(page, texts.upgrade)).toHaveCount(1);
    await expect(bills(page, texts.upgrade).getByTestId('bill-amount')).toHaveText(
      `−${dollars(upgradePrice)}`,
    );
    expect(consoleErrors).toEqual([]);
  });
}
