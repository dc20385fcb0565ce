/**
 * The operators' organisation pages (issue 17 B), in both languages: a department made under the
 * root, an operator created in it with a role, found in the table through the department tree,
 * disabled (its token dies at once) and re-enabled, and the list exported as XLSX.
 */
import { bearer, loggedInToken, uniqueEmail } from './accounts';
import { expect, test, clickInSettledDialog } from './fixtures';
import { createDepartment, createOperator, signInOperator } from './operator';

/** The pages' headings, which show the language the page is in. */
const HEADINGS = {
  zh: { dept: '部门管理', user: '用户管理' },
  en: { dept: 'Departments', user: 'Users' },
} as const;

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
    await createDepartment(page, deptName);
    await expect(page.getByTestId('page-system-dept')).toContainText(headings.dept);

    // The account, added while the new department is chosen in the tree (the form starts there).
    const email = uniqueEmail(`e2e-op-${language}`);
    const row = await createOperator(page, {
      deptName,
      email,
      nickname: `Operator ${language}`,
      roleName: 'Administrator',
    });
    await expect(page.getByTestId('page-system-user')).toContainText(headings.user);

    // Disabling ends the account's session at once; enabling lets it sign in again.
    const token = await loggedInToken(request, email);
    const statusSwitch = row.getByRole('switch');
    await statusSwitch.click();
    await clickInSettledDialog(page, page.getByTestId('confirm-ok'));
    await expect(statusSwitch).not.toBeChecked();
    // The closing confirmation must be gone, or the next click lands on its leaving OK button.
    await expect(page.getByTestId('confirm-ok')).toHaveCount(0);
    expect((await request.get('/api/getInfo', { headers: bearer(token) })).status()).toBe(401);
    await statusSwitch.click();
    await clickInSettledDialog(page, page.getByTestId('confirm-ok'));
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
