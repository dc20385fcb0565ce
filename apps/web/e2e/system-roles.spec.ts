/**
 * Issue 17 (part C), in both languages, as the demo operator: a role limited to viewing customers
 * (the Users page and its permission) is made on the roles page and given to an account on the
 * role's users page; a page added under a directory on the menus page shows in the operator's
 * sidebar after a reload.
 */
import { randomBytes } from 'node:crypto';
import { bearer, call, signedUpToken } from './accounts';
import { expect, test } from './fixtures';
import { createCustomerViewerRole, signInOperator, type Lang } from './operator';

const TEXTS = {
  zh: { tools: '系统工具', added: '已为 1 个账号授权' },
  en: { tools: 'System tools', added: 'Role given to 1 accounts' },
} as const;

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  const texts = TEXTS[lang];

  test(`an operator makes a customer-viewing role, gives it to an account, and adds a page to the sidebar (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    // Two admin pages, a sign-up and a reload: longer than the default minute on a busy machine.
    test.slow();
    const operator = await signInOperator(page, request, lang);
    const holder = await signedUpToken(request);
    const key = `viewer_${lang}_${randomBytes(3).toString('hex')}`;

    // The role: the System directory and its Users page only.
    const row = await createCustomerViewerRole(page, lang, key);

    // Its users page: add the account through the dialog.
    await row.getByTestId(`role-more-${key}`).click();
    await page.getByRole('menuitem', { name: lang === 'zh' ? '分配用户' : 'Role users' }).click();
    await expect(page).toHaveURL(/\/system\/role-auth\/user\/\d+$/);
    await expect(page.getByTestId('page-role-users')).toContainText(key);
    await expect(page.getByTestId('role-users-empty')).toBeVisible();
    await page.getByTestId('role-users-add').click();
    const chooser = page.getByTestId('select-users');
    await chooser.getByTestId('select-users-keyword').locator('input').fill(holder.email);
    await chooser.getByTestId('select-users-keyword').locator('input').press('Enter');
    const candidate = chooser.getByRole('row', { name: new RegExp(holder.email) });
    await candidate.getByRole('checkbox').check();
    await chooser.getByTestId('select-users-submit').click();
    await expect(page.getByText(texts.added)).toBeVisible();
    await expect(page.getByTestId('role-users-table')).toContainText(holder.email);

    // The account now has exactly the permission of the page it was given.
    const info = await call<{ permissions: string[] }>(
      request.get('/api/getInfo', { headers: bearer(holder.token) }),
    );
    expect(info.permissions).toEqual(['system:user:list']);

    // A page under the System tools directory, added from that directory's row.
    const menus = await call<{ menuId: number; path: string }[]>(
      request.get('/api/system/menu/list', { headers: bearer(operator) }),
    );
    const tools = menus.find((m) => m.path === '/tool')!;
    const name = `Partners ${key}`;
    await page.goto('/system/menu');
    await expect(page.getByTestId('page-system-menu')).toBeVisible();
    await page.getByTestId(`menu-add-under-${tools.menuId}`).click();
    const form = page.getByTestId('menu-form');
    await form.getByTestId('menu-type-C').click();
    await form.getByTestId('menu-name').fill(name);
    await form.getByTestId('menu-path').fill(`partners-${key}`);
    await form.getByTestId('menu-component').fill('system/role');
    await form.getByTestId('menu-form-submit').click();
    await expect(form).toBeHidden();

    await page.reload();
    const sidebar = page.getByTestId('sidebar');
    const entry = sidebar.getByRole('menuitem', { name });
    if (!(await entry.isVisible())) await sidebar.getByRole('menuitem', { name: texts.tools }).click();
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/tool/partners-${key}$`));
    await expect(page.getByTestId('page-system-role')).toBeVisible();
    await expect(page.getByTestId('tags-bar')).toContainText(name);
    expect(consoleErrors).toEqual([]);
  });
}
