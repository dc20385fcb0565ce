/**
 * Cloud desktop helpers for journeys: the purchase form filled in as a customer does, the list's
 * row of a desktop, and dollar texts read off the pages as exact micro-dollars.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './fixtures';

export type Lang = 'zh' | 'en';

/** How long the simulated cloud (SIM_SPEED 10) may take to make or restart a desktop, with margin. */
export const CLOUD_TIMEOUT = 60_000;

/**
 * The list's status labels: run statuses (dictionary `desktop_status`) and, until the cloud has
 * made the desktop, its creation status (`resource_status`: not created while the job waits, then
 * creating).
 */
export const DESKTOP_STATUS = {
  zh: { running: '运行中', shutdown: '已关机', creating: /^(未创建|创建中)$/ },
  en: { running: 'Running', shutdown: 'Shut down', creating: /^(Not created|Creating)$/ },
} as const;

/** Makes `page` open in `lang` (the console keeps the choice in local storage `lang`). */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('lang', value), lang);
}

const MICROS_PER_DOLLAR = 1_000_000n;

/** The first dollar amount in `text` ('$12.50', '−$0.06/小时') as micro-dollars. */
export function dollarsIn(text: string): bigint {
  const match = /\$(\d+)(?:\.(\d{1,6}))?/.exec(text);
  if (!match) throw new Error(`no dollar amount in ${JSON.stringify(text)}`);
  const fraction = (match[2] ?? '').padEnd(6, '0');
  return BigInt(match[1]!) * MICROS_PER_DOLLAR + BigInt(fraction);
}

/** Micro-dollars as the console shows money: rounded half up to the cent, '$12.35'. */
export function dollars(micros: bigint): string {
  const cents = (micros + 5_000n) / 10_000n;
  return `$${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** The dollar amount a locator shows, once it shows one. */
export async function shownDollars(locator: Locator): Promise<bigint> {
  await expect(locator).toContainText(/\$\d/);
  return dollarsIn((await locator.textContent()) ?? '');
}

/** The balance in the top bar's user menu. */
export async function menuBalance(page: Page): Promise<Locator> {
  await page.getByTestId('user-menu').click();
  return page.getByTestId('user-menu-balance');
}

/**
 * Picks a choice card (an antd radio button): its label is what a person clicks, the radio input
 * inside it is hidden.
 */
export async function choose(radio: Locator): Promise<void> {
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

export interface DesktopOrder {
  name: string;
  billing: 'subscription' | 'payg';
}

/**
 * Fills /cloud/buy as a customer does: the first region, the first bundle, the first image, the
 * billing method (a subscription for one month), the name, the agreement; waits for the live price
 * and answers it: the payable amount, or pay-as-you-go's cost of one hour. Does not buy.
 */
export async function fillPurchase(page: Page, order: DesktopOrder): Promise<bigint> {
  await page.goto('/cloud/buy');
  const form = page.getByTestId('buy-form');
  await expect(form).toBeVisible();
  await choose(page.getByTestId('buy-region').getByRole('radio').first());
  await choose(page.getByTestId(`buy-billing-${order.billing}`));
  await choose(page.getByTestId('buy-bundles').getByRole('radio').first());
  await page.getByTestId('buy-image').click();
  await pickOption(page);
  if (order.billing === 'subscription') await choose(page.getByTestId('buy-period-1'));
  await page.getByTestId('buy-name').fill(order.name);
  await page.getByTestId('buy-agreed').check();
  const price = page.getByTestId('buy-price');
  // The quote of these choices: no newer one on its way.
  await expect(price).toHaveAttribute('aria-busy', 'false');
  return shownDollars(page.getByTestId('buy-payable'));
}

/** The list's row of the desktop named `name`. */
export function desktopRow(page: Page, name: string): Locator {
  return page
    .getByTestId('desktops-table')
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.getByTestId('desktop-name').getByText(name, { exact: true }) });
}

/** The desktop id ('dt-…') a row shows under the name. */
export async function desktopIdOf(row: Locator): Promise<string> {
  await expect(row).toContainText(/dt-[a-z0-9]{16}/);
  return /dt-[a-z0-9]{16}/.exec((await row.textContent()) ?? '')![0];
}
