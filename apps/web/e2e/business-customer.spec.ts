/**
 * The operators' customer pages (issue 18 B1), in both languages: the operator finds the demo
 * customer by e-mail, opens the detail and adds a note; then opens cloud phones for a new customer
 * through its settings and sees it on the profile, and the customer's own session has the flag.
 */
import type { Page } from '@playwright/test';
import { bearer, call, signedUpToken, uniqueEmail } from './accounts';
import { expect, test } from './fixtures';
import { DEMO_CUSTOMER, signInOperator } from './operator';

const TEXT = {
  zh: { title: '客户管理', profile: '资料', notes: '备注', open: '已开通', closed: '未开通' },
  en: { title: 'Customers', profile: 'Profile', notes: 'Notes', open: 'Open', closed: 'Closed' },
} as const;

async function findCustomer(page: Page, email: string) {
  await page.goto('/business/customer');
  await page.getByTestId('customer-search-email').fill(email);
  await page.getByTestId('customer-search-submit').click();
  const table = page.getByTestId('page-business-customer-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table).toContainText(email);
  return table;
}

for (const language of ['zh', 'en'] as const) {
  test(`an operator finds a customer, notes it and opens cloud phones for another (${language})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    await signInOperator(page, request, language);

    // The demo customer: found by e-mail, its detail opened from the row, a note added.
    const table = await findCustomer(page, DEMO_CUSTOMER.email);
    await expect(page.getByTestId('page-business-customer')).toContainText(text.title);
    await table.getByRole('link', { name: DEMO_CUSTOMER.email }).click();
    const detail = page.getByTestId('page-business-customer-detail');
    await expect(detail).toContainText(DEMO_CUSTOMER.email);
    await expect(page.getByTestId('customer-profile')).toContainText(DEMO_CUSTOMER.email);
    await page.getByRole('tab', { name: text.notes }).click();
    const note = `E2E note ${language} ${Date.now()}`;
    await page.getByTestId('customer-note-input').fill(note);
    await page.getByTestId('customer-note-add').click();
    await expect(page.getByTestId('customer-notes-table')).toContainText(note);
    await expect(page.getByTestId('customer-notes-table')).toContainText('admin@cloudbay.local');

    // A new customer without cloud phones: the operator opens them in its settings.
    const customer = await signedUpToken(request, uniqueEmail(`e2e-bc-${language}`));
    await findCustomer(page, customer.email);
    await page
      .getByTestId('page-business-customer-table')
      .getByRole('link', { name: customer.email })
      .click();
    await expect(page.getByTestId('customer-phone-flag')).toHaveText(text.closed);
    await page.getByTestId('customer-settings-open').click();
    await page.getByTestId('customer-settings-phone').click();
    await page.getByTestId('customer-settings-save').click();
    await expect(page.getByTestId('customer-settings')).toHaveCount(0);
    await expect(page.getByTestId('customer-phone-flag')).toHaveText(text.open);
    const info = await call<{ user: { ph_white_user: number } }>(
      request.get('/api/getInfo', { headers: bearer(customer.token) }),
    );
    expect(info.user.ph_white_user).toBe(1);

    expect(consoleErrors).toEqual([]);
  });
}
