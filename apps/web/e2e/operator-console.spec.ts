/**
 * Issue 17's operator journey, in both languages, as the demo operator: a department, a role that
 * may only view customers (System → Users, all data) and an operator in that department holding
 * it, all made through the pages; that operator sees only what the role allows; the operation log
 * holds its creation with the password masked; the demo customer, forced out from the online
 * users page, lands on the login page at its next request.
 */
import { randomBytes } from 'node:crypto';
import { OPERATOR, PASSWORD, uniqueEmail } from './accounts';
import { expect, pickOption, test } from './fixtures';
import {
  createCustomerViewerRole,
  createDepartment,
  createOperator,
  demoCustomerForcedOut,
  operatorPage,
  signInOperator,
  type Lang,
} from './operator';

const TEXT = {
  zh: {
    dataScope: '数据权限',
    allData: '全部数据权限',
    users: '用户管理',
    hidden: ['系统监控', '角色管理', '菜单管理'],
    operlog: '操作日志',
    userModule: '用户管理',
    insert: '新增',
  },
  en: {
    dataScope: 'Data scope',
    allData: 'All data',
    users: 'Users',
    hidden: ['Monitoring', 'Roles', 'Menus'],
    operlog: 'Operation log',
    userModule: 'Users',
    insert: 'Create',
  },
} as const;

/** What the operation log masks secrets with (apps/server monitor/logs/mask.ts). */
const MASK = '******';

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  const text = TEXT[lang];

  test(`the operator builds a customer-viewing operator, audits it and forces the demo customer out (${lang})`, async ({
    page,
    browser,
    request,
    consoleErrors,
  }) => {
    // Five admin pages and three browsers on a machine shared by many runs.
    test.setTimeout(120_000);
    await signInOperator(page, request, lang);
    const suffix = `${lang}_${randomBytes(3).toString('hex')}`;
    const deptName = `E2E ops ${suffix}`;
    const key = `viewer_${suffix}`;
    const email = uniqueEmail(`e2e-viewer-${lang}`);

    // The department, the role (customers are in no department: the role sees all data) and the
    // operator, through the pages.
    await createDepartment(page, deptName);
    const roleRow = await createCustomerViewerRole(page, lang, key);
    await roleRow.getByTestId(`role-more-${key}`).click();
    await page.getByRole('menuitem', { name: text.dataScope }).click();
    const scopeDialog = page.getByTestId('data-scope');
    await scopeDialog.getByTestId('data-scope-select').click();
    await pickOption(page, text.allData);
    await expect(scopeDialog.getByTestId('data-scope-select')).toContainText(text.allData);
    await scopeDialog.getByTestId('data-scope-submit').click();
    await expect(scopeDialog).toBeHidden();
    await createOperator(page, { deptName, email, nickname: `Viewer ${lang}`, roleName: `Viewer ${key}` });

    // That operator, in a browser of its own, sees the customers and nothing more.
    const viewer = await operatorPage(browser, request, lang, { email, password: PASSWORD });
    await viewer.page.goto('/system/user');
    const users = viewer.page.getByTestId('user-table');
    await expect(users).toBeVisible({ timeout: 30_000 });
    await viewer.page.getByTestId('user-search-email').fill('demo@cloudbay.local');
    await viewer.page.getByTestId('user-search-submit').click();
    await expect(users.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(users).toContainText('demo@cloudbay.local');
    for (const button of ['user-add', 'user-edit', 'user-delete', 'user-import']) {
      await expect(viewer.page.getByTestId(button)).toHaveCount(0);
    }
    const sidebar = viewer.page.getByTestId('sidebar');
    await expect(sidebar.getByRole('menuitem', { name: text.users })).toBeVisible();
    for (const hidden of text.hidden) await expect(sidebar).not.toContainText(hidden);
    // A page outside its menus is not there for it.
    await viewer.page.goto('/system/role');
    await expect(
      viewer.page.getByTestId('page-not-found').or(viewer.page.getByTestId('page-unauthorized')),
    ).toBeVisible({ timeout: 30_000 });
    await expect(viewer.page.getByTestId('page-system-role')).toHaveCount(0);
    await viewer.close();

    // The operation log holds the operator's creation by the demo operator, the password masked.
    await page.goto('/monitor/operlog');
    await expect(page.getByTestId('page-operlog').getByRole('heading', { name: text.operlog })).toBeVisible({
      timeout: 30_000,
    });
    // The module filter offers the translated names (typing narrows the list).
    await page.getByTestId('operlog-module').click();
    await page.keyboard.type(text.userModule);
    await pickOption(page, new RegExp(`^${text.userModule}$`));
    await page.getByTestId('operlog-email').fill(OPERATOR.email);
    await page.getByTestId('operlog-search-submit').click();
    const creations = page
      .getByTestId('operlog-table')
      .locator('tbody tr.ant-table-row', { hasText: text.insert });
    await expect(creations.first()).toBeVisible();
    const detail = page.getByTestId('operlog-detail');
    const params = detail.getByTestId('operlog-params');
    // Newest first; the other language's run may have made one since: open rows until ours.
    await expect(async () => {
      for (let i = 0; i < (await creations.count()); i += 1) {
        await creations.nth(i).getByTestId('operlog-details').click();
        await expect(params).toBeVisible();
        if ((await params.textContent())?.includes(email)) return;
        await page.keyboard.press('Escape');
        await expect(detail).toBeHidden();
      }
      throw new Error(`no creation of ${email} in the operation log`);
    }).toPass({ timeout: 20_000 });
    await expect(detail).toContainText(`${text.userModule} / ${text.insert}`);
    await expect(detail).toContainText(OPERATOR.email);
    await expect(detail).toContainText('/api/system/user');
    await expect(params).toContainText(MASK);
    await expect(params).not.toContainText(PASSWORD);
    await page.keyboard.press('Escape');

    // The demo customer, signed in in a browser of its own, is forced out and sent to log in.
    const customer = await browser.newContext();
    await demoCustomerForcedOut(await customer.newPage(), page, request, lang);
    await customer.close();
    expect(consoleErrors).toEqual([]);
  });
}
