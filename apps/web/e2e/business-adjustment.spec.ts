/**
 * Issue 18, part B2 in both languages: an operator credits the demo customer, who sees it in their
 * bills; a large credit waits for a second operator; an operator opens the customer's console
 * read-only with the "Open console" button of the customer's detail page (a new tab through the
 * /moneryContro hand-off) while their own tab stays theirs.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { OPERATOR, PASSWORD, bearer, bearerWithKey, call, loggedInToken, uniqueEmail } from './accounts';
import { expect, pickOption, test } from './fixtures';
import { DEMO_CUSTOMER, openAs, signInOperator, type Lang } from './operator';

const TEXTS = {
  zh: {
    credited: '平台调增余额',
    posted: '已入账',
    pending: '待审批',
    needsApproval: '需另一位操作员审批',
    approved: '已通过并入账',
    banner: '正在查看',
    readOnly: '支持查看会话为只读，不能执行此操作',
  },
  en: {
    credited: 'Balance credited by the platform',
    posted: 'Posted',
    pending: 'Pending approval',
    needsApproval: "wait for a second operator's approval",
    approved: 'Approved and posted',
    banner: 'is viewing',
    readOnly: 'This is a read-only support view: changes are not allowed',
  },
} as const;

async function demoCustomerId(request: APIRequestContext, token: string): Promise<number> {
  const found = await call<{ list: Array<{ userId: number }> }>(
    request.get(`/api/business/adjustment/customers?email=${encodeURIComponent(DEMO_CUSTOMER.email)}`, {
      headers: bearer(token),
    }),
  );
  return found.list[0]!.userId;
}

/** A second operator (the admin role), made through the users API: answers its token. */
async function secondOperator(
  request: APIRequestContext,
  adminToken: string,
): Promise<{ email: string; token: string }> {
  const roles = await call<{ list: Array<{ roleId: number; roleKey: string }> }>(
    request.get('/api/system/role/list?roleKey=admin', { headers: bearer(adminToken) }),
  );
  const email = uniqueEmail('approver');
  await call(
    request.post('/api/system/user', {
      headers: bearerWithKey(adminToken),
      data: {
        email,
        password: PASSWORD,
        nickname: 'Approver',
        deptId: null,
        roleIds: [roles.list.find((role) => role.roleKey === 'admin')!.roleId],
      },
    }),
  );
  return { email, token: await loggedInToken(request, email, PASSWORD) };
}

/** The demo operator on /business/adjustment: answers their token. */
async function openAdjustments(page: Page, request: APIRequestContext, lang: Lang): Promise<string> {
  const token = await signInOperator(page, request, lang);
  await page.goto('/business/adjustment');
  await expect(page.getByTestId('adjustments')).toBeVisible({ timeout: 30_000 });
  return token;
}

/** Fills and sends the New adjustment dialog for the demo customer. */
async function requestAdjustment(page: Page, amount: string, reason: string, note: string) {
  await page.getByTestId('adjustment-add').click();
  const dialog = page.getByTestId('adjustment-dialog');
  await dialog.getByTestId('adjustment-customer').click();
  // The lookup is debounced: pick from the answer to the whole prefix, not from an earlier one the
  // list replaces under the pointer.
  const lookedUp = page.waitForResponse(
    (response) =>
      response.url().includes('/api/business/adjustment/customers') &&
      decodeURIComponent(response.url()).includes('demo@cloud'),
  );
  await page.keyboard.type('demo@cloud');
  await lookedUp;
  await pickOption(page, DEMO_CUSTOMER.email);
  await expect(dialog.getByTestId('adjustment-balance')).toContainText('$');
  await dialog.getByTestId('adjustment-amount').fill(amount);
  await dialog.getByTestId('adjustment-reason').fill(reason);
  await expect(dialog.getByTestId('adjustment-approval-note')).toContainText(note);
  await expect(dialog.getByTestId('adjustment-after')).toContainText('$');
  await dialog.getByTestId('adjustment-dialog-save').click();
  await expect(dialog).toBeHidden();
}

const rowOf = (page: Page, reason: string) =>
  page.getByTestId('adjustments-table').getByRole('row').filter({ hasText: reason });

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  const texts = TEXTS[lang];

  test(`${lang}: the operator credits $20 to the demo customer, who sees it in their bills`, async ({
    page,
    request,
    browser,
    consoleErrors,
  }) => {
    await openAdjustments(page, request, lang);
    const reason = `Outage credit ${lang} ${Date.now()}`;
    await requestAdjustment(page, '20', reason, lang === 'zh' ? '立即计入' : 'posts to the customer');
    const row = rowOf(page, reason);
    await expect(row).toContainText(texts.posted);
    await expect(row).toContainText('20.00');

    const customer = await browser.newContext();
    const customerPage = await customer.newPage();
    await openAs(
      customerPage,
      request,
      await loggedInToken(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password),
      lang,
    );
    await customerPage.goto('/mesceter/bill');
    const bill = customerPage.getByTestId('bills-table').getByRole('row').filter({ hasText: texts.credited });
    await expect(bill.first()).toContainText('20.00');
    await customer.close();
    expect(consoleErrors).toEqual([]);
  });

  test(`${lang}: a credit above the limit waits until a second operator approves it`, async ({
    page,
    request,
    browser,
    consoleErrors,
  }) => {
    await openAdjustments(page, request, lang);
    const reason = `Prepayment ${lang} ${Date.now()}`;
    await requestAdjustment(page, '600', reason, texts.needsApproval);
    const row = rowOf(page, reason);
    await expect(row).toContainText(texts.pending);
    // The requester cannot decide their own request.
    await expect(row.locator('[data-testid^="adjustment-approve-"]')).toBeDisabled();

    const adminToken = await loggedInToken(request, OPERATOR.email, OPERATOR.password);
    const approver = await secondOperator(request, adminToken);
    const context = await browser.newContext();
    const second = await context.newPage();
    await openAs(second, request, approver.token, lang);
    await second.goto('/business/adjustment');
    await second.getByTestId('adjustment-views').getByText(texts.pending).click();
    const pending = rowOf(second, reason);
    await pending.locator('[data-testid^="adjustment-approve-"]').click();
    const dialog = second.getByTestId('decide-dialog');
    await expect(dialog.getByTestId('decide-summary')).toContainText(reason);
    await dialog.getByTestId('decide-reason').fill('Wire transfer received');
    await dialog.getByTestId('decide-submit').click();
    await expect(second.getByText(texts.approved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await context.close();

    await page.reload();
    await expect(rowOf(page, reason)).toContainText(texts.posted);
    expect(consoleErrors).toEqual([]);
  });

  test(`${lang}: the operator opens the customer's console read-only in a new tab; their own tab stays theirs`, async ({
    page,
    request,
  }) => {
    const token = await openAdjustments(page, request, lang);
    const userId = await demoCustomerId(request, token);

    // The customer's detail page: "Open console", a reason, and the hand-off opens a new tab.
    await page.goto(`/business/customer-detail/${userId}`);
    await expect(page.getByTestId('page-business-customer-detail')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('open-customer-console').click();
    const dialog = page.getByTestId('open-console-dialog');
    await dialog.getByTestId('open-console-reason').fill(`e2e support view ${lang}`);
    const opened = page.waitForResponse(
      (response) => response.url().includes('/support-session') && response.request().method() === 'POST',
    );
    const popup = page.waitForEvent('popup');
    await dialog.getByTestId('open-console-submit').click();
    const { url } = ((await (await opened).json()) as { data: { url: string } }).data;
    expect(new URL(url, 'http://console.local').pathname).toBe('/moneryContro');
    const support = await popup;
    await expect(dialog).toBeHidden();

    const banner = support.getByTestId('support-banner');
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).toContainText(OPERATOR.email);
    await expect(banner).toContainText(DEMO_CUSTOMER.email);
    await expect(banner).toContainText(texts.banner);
    await expect(banner.locator('.ant-alert-close-icon')).toHaveCount(0);
    // The hand-off has left the tab on the customer's console, not on the hand-off address.
    await expect(support).not.toHaveURL(/moneryContro/);

    // A write is refused with the translated message.
    await support.goto('/user/profile');
    await support.getByTestId('profile-form').locator('#nickname').fill('Changed by support');
    await support.getByTestId('profile-save').click();
    await expect(support.getByText(texts.readOnly)).toBeVisible();

    // The operator's own tab is still the operator's.
    await page.reload();
    await expect(page.getByTestId('page-business-customer-detail')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('support-banner')).toHaveCount(0);

    // End ends the support session.
    await support.getByTestId('support-banner-end').click();
    const supportToken = new URL(url, 'http://console.local').searchParams.get('token')!;
    await expect
      .poll(async () => (await request.get('/api/user', { headers: bearer(supportToken) })).status())
      .toBe(401);
  });
}
