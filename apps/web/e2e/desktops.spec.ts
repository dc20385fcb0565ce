/**
 * Issue 7's cloud desktop journeys, in both languages, each by a new customer whose money comes
 * from a sandbox top-up ($100 + the 10 % first top-up bonus) and who does the rest in the console.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, clickInSettledDialog } from './fixtures';
import { signIn } from './accounts';
import { billCreationHour } from './billing';
import {
  CLOUD_TIMEOUT,
  DESKTOP_STATUS,
  desktopIdOf,
  desktopRow,
  dollars,
  fillPurchase,
  menuBalance,
  shownDollars,
  useLanguage,
  type Lang,
} from './desktops';
import { paidTopup } from './wallet';

/** $100 paid and the first top-up's 10 % bonus. */
const FUNDED_MICROS = 110_000_000n;
const MINUTE_MS = 60_000;

const TEXTS = {
  zh: { payg: '按量计费', specChange: '变配', newExpiry: '续费后到期' },
  en: { payg: 'Pay-as-you-go', specChange: 'Configuration change', newExpiry: 'Expires after renewal' },
} as const;

/** Opens a row's "More" menu and picks `action` in it. */
async function more(page: Page, row: Locator, action: string): Promise<void> {
  await row.getByTestId('desktop-more').click();
  await page.getByTestId(`desktop-action-${action}`).filter({ visible: true }).click();
}

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`a customer buys a subscription desktop, operates, re-sizes, renews and monitors it (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await useLanguage(page, lang);
    const { token } = await signIn(page, request);
    await paidTopup(request, token, 100);
    const status = DESKTOP_STATUS[lang];

    const name = `sub-${lang}`;
    const price = await fillPurchase(page, { name, billing: 'subscription' });
    await expect(page.getByTestId('buy-balance')).toContainText(dollars(FUNDED_MICROS));
    await page.getByTestId('buy-submit').click();
    await expect(page).toHaveURL(/\/cloud\/cloudLis/);
    const row = desktopRow(page, name);
    const state = row.getByTestId('desktop-status');
    await expect(state).toHaveText(status.creating);
    await expect(state).toHaveText(status.running, { timeout: CLOUD_TIMEOUT });
    // The desktop exists upstream by now: its monitoring has points once a minute has begun since.
    const firstMinuteEnds = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
    await expect(await menuBalance(page)).toHaveText(dollars(FUNDED_MICROS - price));
    await page.keyboard.press('Escape');

    // Shut down (confirmed), then a bigger system disk at the price the dialog shows.
    await row.getByTestId('desktop-stop').click();
    await clickInSettledDialog(page, page.getByTestId('desktop-confirm-ok'));
    await expect(state).toHaveText(status.shutdown, { timeout: CLOUD_TIMEOUT });
    await more(page, row, 'spec');
    const spec = page.getByTestId('desktop-spec-body');
    const disk = spec.getByRole('spinbutton');
    const biggerDisk = Number(await disk.inputValue()) + 10;
    await disk.fill(String(biggerDisk));
    await disk.press('Tab');
    const specDue = await shownDollars(page.getByTestId('desktop-spec-price-due'));
    const specSubmit = page.getByTestId('desktop-spec-submit');
    await expect(specSubmit).toContainText(dollars(specDue));
    await specSubmit.click();
    await expect(spec).toBeHidden();
    await expect(row).toContainText(`${biggerDisk} GiB`, { timeout: CLOUD_TIMEOUT });

    await page.goto('/mesceter/order');
    const specOrder = page
      .getByTestId('orders-table')
      .locator('tbody tr.ant-table-row')
      .filter({ has: page.getByText(TEXTS[lang].specChange, { exact: true }) });
    await expect(specOrder).toHaveCount(1);
    await expect(specOrder.getByTestId('order-paid')).toContainText(dollars(specDue));

    // Start it again, then renew it for a month at the price shown before paying.
    await page.goto('/cloud/cloudLis');
    await expect(state).toHaveText(status.shutdown, { timeout: CLOUD_TIMEOUT });
    await row.getByTestId('desktop-start').click();
    await expect(state).toHaveText(status.running, { timeout: CLOUD_TIMEOUT });
    const expiry = row.getByTestId('desktop-expiry').locator('span').first();
    const expiryBefore = (await expiry.textContent()) ?? '';
    await more(page, row, 'renew');
    const renew = page.getByTestId('desktop-renew-body');
    await renew.getByTestId('desktop-renew-period-1').click();
    const renewDue = await shownDollars(page.getByTestId('desktop-renew-price-due'));
    const newExpiry = await renew
      .getByText(TEXTS[lang].newExpiry, { exact: true })
      .locator('xpath=following-sibling::span[1]')
      .textContent();
    const pay = page.getByTestId('desktop-renew-pay');
    await expect(pay).toContainText(dollars(renewDue));
    await pay.click();
    await expect(renew).toBeHidden();
    await expect(expiry).not.toHaveText(expiryBefore);
    await expect(expiry).toHaveText(newExpiry ?? '');
    await expect(await menuBalance(page)).toHaveText(dollars(FUNDED_MICROS - price - specDue - renewDue));
    await page.keyboard.press('Escape');

    // Its monitoring: traffic, usage and bandwidth charts, and the processes it runs. The simulated
    // cloud counts whole minutes, so a desktop still in its first minute has no point yet ("no data").
    await page.waitForTimeout(Math.max(0, firstMinuteEnds + 1_000 - Date.now()));
    await more(page, row, 'monitor');
    await expect(page).toHaveURL(/\/cloud\/log\?desktop_id=dt-/);
    for (const card of ['monitoring-flow', 'monitoring-usage', 'monitoring-bandwidth']) {
      await expect(page.getByTestId(card)).toBeVisible();
    }
    await expect(page.getByTestId('monitoring-flow-chart')).toBeVisible();
    await expect(page.getByTestId('monitoring-usage-chart')).toBeVisible();
    await expect(
      page.getByTestId('monitoring-process-table').locator('tbody tr.ant-table-row').first(),
    ).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}

/**
 * The pay-as-you-go journeys run one after the other: the billing run bills every resource of its
 * hour, so one language's run must not bill the other's desktop while that journey counts its bills.
 */
test.describe('pay-as-you-go', () => {
  test.describe.configure({ mode: 'default' });
  for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
    test(`a pay-as-you-go desktop is billed its hourly price after an hour (${lang})`, async ({
      page,
      request,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      await useLanguage(page, lang);
      const { token } = await signIn(page, request);
      await paidTopup(request, token, 100);

      const name = `payg-${lang}`;
      const hourly = await fillPurchase(page, { name, billing: 'payg' });
      await page.getByTestId('buy-submit').click();
      await expect(page).toHaveURL(/\/cloud\/cloudLis/);
      const row = desktopRow(page, name);
      await expect(row.getByTestId('desktop-status')).toHaveText(DESKTOP_STATUS[lang].running, {
        timeout: CLOUD_TIMEOUT,
      });
      const desktopId = await desktopIdOf(row);

      // The desktop runs on the region's free office network, which cannot be released or re-sized.
      await page.goto('/zqgl/officenetwork');
      const free = page
        .getByTestId('office-sites-table')
        .locator('tbody tr.ant-table-row')
        .filter({ has: page.getByTestId('office-site-default') });
      await expect(free).toHaveCount(1);
      await expect(free.getByTestId('office-site-release')).toBeDisabled();
      await expect(free.getByTestId('office-site-upgrade')).toBeDisabled();

      // An hour later the billing job charges the hour: the price the purchase page showed, and
      // the desktop's traffic of the hour.
      const charge = await billCreationHour(desktopId);
      expect(charge.outcome).toBe('charged');
      expect(charge.runMicros).toBe(hourly);
      const total = charge.runMicros + charge.trafficMicros;

      await page.goto('/mesceter/bill');
      const bill = page.getByTestId('bills-table').locator('tbody tr.ant-table-row').first();
      await expect(bill).toContainText(TEXTS[lang].payg);
      await expect(bill).toContainText(desktopId);
      await expect(bill.getByTestId('bill-amount')).toHaveText(`−${dollars(total)}`);
      await expect(bill).toContainText(dollars(FUNDED_MICROS - total));
      await expect(await menuBalance(page)).toHaveText(dollars(FUNDED_MICROS - total));
      expect(consoleErrors).toEqual([]);
    });
  }
});
