/**
 * The operators' organisation pages (issue 17 B), in both languages: a department made under the
 * root, an operator created in it with a role, found in the table through the department tree,
 * disabled (its token dies at once) and re-enabled, and the list exported as XLSX.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  OPERATOR,
  PASSWORD,
  bearer,
  loggedInToken,
  readAnnouncements,
  skipAdPopup,
  uniqueEmail,
} from './accounts';
import { expect, test } from './fixtures';

/** The pages' headings, which show the language the page is in. */
const HEADINGS = {
  zh: { dept: '部门管理', user: '用户管理' },
  en: { dept: 'Departments', user: 'Users' },
} as const;

async function signInOperator(page: Page, request: APIRequestContext, language: 'zh' | 'en') {
  const token = await loggedInToken(request, OPERATOR.email, OPERATOR.password);
  await readAnnouncements(request, token);
  await skipAdPopup(page, request);
  await page.addInitScript(
    ([value, lang]) => {
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('lang', lang);
    },
    [token, language] as const,
  );
}

for (const language of ['zh', 'en'] as const) {
  test(`an operator builds a department and an account in it, disables, re-enables and exports (${language})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const headings = HEADINGS[language];
    await signInOperator(page, request, language);
    const deptName = `E2E ${language} ${Date.now() % 100_000}`;

    // The department, under the root row of the tree table.
    await page.goto('/system/dept');
    await expect(page.getByTestId('page-system-dept')).toContainText(headings.dept);
    const deptTable = page.getByTestId('dept-table');
    await expect(deptTable.getByText('Cloudbay')).toBeVisible();
    await deptTable.getByRole('row').filter({ hasText: 'Cloudbay' }).getByTestId('dept-add-child').click();
    const deptDialog = page.getByTestId('dept-dialog');
    await deptDialog.getByTestId('dept-name').fill(deptName);
    await deptDialog.getByTestId('dept-save').click();
    await expect(deptDialog).toBeHidden();
    await expect(deptTable.getByText(deptName)).toBeVisible();

    // The account, added while the new department is chosen in the tree (the form starts there).
    await page.goto('/system/user');
    await expect(page.getByTestId('page-system-user')).toContainText(headings.user);
    await page.getByTestId('user-dept-tree').getByText(deptName).click();
    await expect(page.getByTestId('user-empty')).toBeVisible();
    await page.getByTestId('user-add').click();
    const dialog = page.getByTestId('user-dialog');
    const email = uniqueEmail(`e2e-op-${language}`);
    await dialog.getByTestId('user-nickname').fill(`Operator ${language}`);
    await dialog.getByTestId('user-email').fill(email);
    await dialog.getByTestId('user-password').fill(PASSWORD);
    await dialog.getByTestId('user-roles').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Administrator' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByTestId('user-save').click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('user-table').getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row).toContainText(deptName);
    await expect(row).toContainText('Administrator');

    // Disabling ends the account's session at once; enabling lets it sign in again.
    const token = await loggedInToken(request, email);
    const statusSwitch = row.getByRole('switch');
    await statusSwitch.click();
    await page.getByTestId('confirm-ok').click();
    await expect(statusSwitch).not.toBeChecked();
    expect((await request.get('/api/getInfo', { headers: bearer(token) })).status()).toBe(401);
    await statusSwitch.click();
    await page.getByTestId('confirm-ok').click();
    await expect(statusSwitch).toBeChecked();
    expect(await loggedInToken(request, email)).toBeTruthy();

    // The export downloads the list as it is filtered: the new department's one account.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('user-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{8}\.xlsx$/);

    expect(consoleErrors).toEqual([]);
  });
}
