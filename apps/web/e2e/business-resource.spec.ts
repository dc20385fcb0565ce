/**
 * Issue 18 B4: the operator finds the demo customer's desktop on /business/resource, exports the
 * filtered list, stops it with a reason, extends it by 7 days for free, and the customer sees the
 * new expiry in their console and a notice of the extension.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, call, loggedInToken } from './accounts';
import { CLOUD_TIMEOUT, DESKTOP_STATUS } from './desktops';
import { expect, test } from './fixtures';
import { DEMO_CUSTOMER, openAs, signInOperator, type Lang } from './operator';

interface CustomerDesktop {
  desktop_id: string;
  status: string;
  expire_time: string | null;
}

const TEXT = {
  zh: { locale: 'zh-CN', reason: '请填写操作原因' },
  en: { locale: 'en-US', reason: 'Enter the reason for this action' },
} as const;

async function demoDesktop(request: APIRequestContext, token: string): Promise<CustomerDesktop | undefined> {
  const page = await call<{ list: CustomerDesktop[] }>(
    request.get('/api/user/desktop?limit=50', { headers: bearer(token) }),
  );
  return page.list.find((desktop) => desktop.expire_time !== null);
}

/** The demo customer's subscription desktop, running (started again if an earlier run stopped it). */
async function runningDemoDesktop(request: APIRequestContext, token: string): Promise<CustomerDesktop> {
  await expect
    .poll(async () => (await demoDesktop(request, token))?.status, { timeout: CLOUD_TIMEOUT })
    .toMatch(/^(running|shutdown)$/);
  const desktop = (await demoDesktop(request, token))!;
  if (desktop.status === 'shutdown') {
    await call(
      request.put(`/api/user/desktop/${desktop.desktop_id}/run_status`, {
        headers: bearer(token),
        data: { action: 'start' },
      }),
    );
  }
  await expect
    .poll(async () => (await demoDesktop(request, token))?.status, { timeout: CLOUD_TIMEOUT })
    .toBe('running');
  return (await demoDesktop(request, token))!;
}

/** A time as the console shows it in `locale`, in the browser's zone (lib/format-time.ts). */
function shownTime(page: Page, iso: string, locale: string): Promise<string> {
  return page.evaluate(
    ([value, language]) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value!)),
    [iso, locale],
  );
}

// One after the other: both journeys act on the one demo desktop.
test.describe.configure({ mode: 'serial' });

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`an operator stops and extends the demo customer's desktop; the customer sees the new expiry (${lang})`, async ({
    page,
    browser,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const customer = await loggedInToken(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const desktop = await runningDemoDesktop(request, customer);
    await signInOperator(page, request, lang);

    // Find it: the customer's e-mail in the search card.
    await page.goto('/business/resource');
    await page.getByTestId('resource-search-email').fill(DEMO_CUSTOMER.email);
    await page.getByTestId('resource-search-submit').click();
    const row = page
      .getByTestId('resources-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: desktop.desktop_id });
    await expect(row).toBeVisible();
    await expect(row).toContainText(DESKTOP_STATUS[lang].running);

    // Export what the search shows, as CSV: the file holds the customer's desktop.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('resource-export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^resources-\d{8}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain(`${desktop.desktop_id},`);
    expect(csv).toContain(DEMO_CUSTOMER.email);

    // Stop it: the reason is required.
    await row.getByTestId('resource-more').click();
    await page.getByTestId('resource-action-stop').click();
    const dialog = page.getByTestId('resource-action-dialog');
    await expect(dialog).toContainText(desktop.desktop_id);
    await dialog.getByTestId('resource-action-submit').click();
    await expect(dialog.getByTestId('resource-action-reason-error')).toHaveText(text.reason);
    await dialog.getByTestId('resource-action-reason').fill(`Abuse report ${lang}`);
    await dialog.getByTestId('resource-action-submit').click();
    await expect(dialog).toBeHidden();
    // The list follows the stop on its own while the desktop is stopping.
    await expect(row).toContainText(DESKTOP_STATUS[lang].shutdown, { timeout: CLOUD_TIMEOUT });

    // Extend it by 7 days: the dialog shows the new expiry before confirming.
    const expected = new Date(new Date(desktop.expire_time!).getTime() + 7 * 86_400_000).toISOString();
    await row.getByTestId('resource-more').click();
    await page.getByTestId('resource-action-extend').click();
    await expect(dialog.getByTestId('resource-extend-days')).toBeVisible();
    await expect(dialog.getByTestId('resource-extend-new-expiry')).toContainText(
      await shownTime(page, expected, text.locale),
    );
    await dialog.getByTestId('resource-action-reason').fill(`Outage credit ${lang}`);
    await dialog.getByTestId('resource-action-submit').click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('resource-expiry')).toContainText(
      await shownTime(page, expected, text.locale),
    );

    // The details keep both actions with their reasons, newest first.
    await row.getByTestId('resource-details').click();
    const drawer = page.getByTestId('resource-detail-drawer');
    const history = drawer.getByTestId('resource-history');
    await expect(history.locator('tbody tr.ant-table-row').first()).toContainText(`Outage credit ${lang}`);
    await expect(history).toContainText(`Abuse report ${lang}`);
    await expect(drawer.getByTestId('resource-orders')).toContainText('$0.00');

    // The customer sees the new expiry and the free renewal order.
    const context = await browser.newContext();
    const customerPage = await context.newPage();
    await openAs(customerPage, request, customer, lang);
    await customerPage.goto('/cloud/cloudLis');
    const customerRow = customerPage
      .getByTestId('desktops-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: desktop.desktop_id });
    await expect(customerRow.getByTestId('desktop-expiry')).toContainText(
      await shownTime(customerPage, expected, text.locale),
    );
    const orders = await call<{ list: Array<{ action: string; paid_amount: string }> }>(
      request.get('/api/user/order?limit=10', { headers: bearer(customer) }),
    );
    expect(orders.list[0]).toMatchObject({ action: 'renew', paid_amount: '0.00' });
    // And a notice in their console naming the desktop and the operator's reason.
    const notices = await call<{ list: Array<{ content: string }> }>(
      request.get('/api/user/user_notice?limit=10', { headers: bearer(customer) }),
    );
    expect(notices.list[0]!.content).toContain(desktop.desktop_id);
    expect(notices.list[0]!.content).toContain(`Outage credit ${lang}`);
    await context.close();
    expect(consoleErrors).toEqual([]);
  });
}
