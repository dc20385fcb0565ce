/**
 * Issue 17 (part C), in both languages, as the demo operator: a role limited to viewing customers
 * (the Users page and its permission) is made on the roles page and given to an account on the
 * role's users page; a page added under a directory on the menus page shows in the operator's
 * sidebar after a reload.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  OPERATOR,
  bearer,
  call,
  loggedInToken,
  readAnnouncements,
  signedUpToken,
  skipAdPopup,
} from './accounts';
import { expect, test } from './fixtures';

type Lang = 'zh' | 'en';

const TEXTS = {
  zh: { system: '系统管理', users: '用户管理', tools: '系统工具', added: '已为 1 个账号授权' },
  en: { system: 'System', users: 'Users', tools: 'System tools', added: 'Role given to 1 accounts' },
} as const;

async function signInOperator(page: Page, request: APIRequestContext, lang: Lang): Promise<string> {
  const token = await loggedInToken(request, OPERATOR.email, OPERATOR.password);
  await readAnnouncements(request, token);
  await skipAdPopup(page, request);
  await page.addInitScript(
    ([value, language]) => {
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('lang', language);
    },
    [token, lang] as const,
  );
  return token;
}

/** The checkbox of the tree node titled exactly `title`. */
const treeCheckbox = (tree: Locator, title: string) =>
  tree
    .locator('.ant-tree-treenode')
    .filter({ has: tree.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-tree-checkbox');

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

    // The role: the System directory and its Users page only (linkage off, as RuoYi allows).
    await page.goto('/system/role');
    // The first admin page brings the console and the admin strings: slow on a busy machine.
    await expect(page.getByTestId('page-system-role')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('role-add').click();
    const dialog = page.getByTestId('role-form');
    await dialog.getByTestId('role-name').fill(`Viewer ${key}`);
    await dialog.getByTestId('role-key').fill(key);
    const tree = dialog.getByTestId('role-menus');
    await tree.getByTestId('role-menus-linked').click();
    await tree.getByTestId('role-menus-expand').click();
    await treeCheckbox(tree, texts.system).click();
    await treeCheckbox(tree, texts.users).click();
    await dialog.getByTestId('role-form-submit').click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('roles-table').getByRole('row', { name: new RegExp(key) });
    await expect(row).toBeVisible();

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
