/**
 * The operator's steps the admin journeys share: signing a token into a page, the demo customer's
 * session, a department, a customer-viewing role and an operator made through the admin pages, and
 * a force logout from the online users page.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { OPERATOR, PASSWORD, call, loggedInToken, readAnnouncements, skipAdPopup } from './accounts';
import { expect, clickInSettledDialog, pickOption } from './fixtures';

export type Lang = 'zh' | 'en';

/** The demo customer `npm start` creates (apps/server identity/demo-data.ts). */
export const DEMO_CUSTOMER = { email: 'demo@cloudbay.local', password: 'Demo@2026' };

/** A token on `page` (set before the first page script runs), in `lang`, with nothing covering the console. */
export async function openAs(page: Page, request: APIRequestContext, token: string, lang: Lang) {
  await readAnnouncements(request, token);
  await skipAdPopup(page, request);
  // Once per tab: a token put back on every load would hide the sign-out a forced logout causes.
  await page.addInitScript(
    ([value, language]) => {
      if (window.sessionStorage.getItem('e2e-signed-in')) return;
      window.sessionStorage.setItem('e2e-signed-in', '1');
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('lang', language);
    },
    [token, lang] as const,
  );
}

/** Signs `account` (the demo operator by default) into `page`; answers its token for API calls. */
export async function signInOperator(
  page: Page,
  request: APIRequestContext,
  lang: Lang,
  account: { email: string; password: string } = OPERATOR,
): Promise<string> {
  const token = await loggedInToken(request, account.email, account.password);
  await openAs(page, request, token, lang);
  return token;
}

/** A page of a browser context of its own with `account` (the demo operator by default) signed in. */
export async function operatorPage(
  browser: Browser,
  request: APIRequestContext,
  lang: Lang,
  account: { email: string; password: string } = OPERATOR,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInOperator(page, request, lang, account);
  return { page, close: () => context.close() };
}

/** The demo customer signed in from an address of its own, so the operator can find this session. */
async function demoCustomerSession(request: APIRequestContext): Promise<{ token: string; ip: string }> {
  const ip = `10.${randomBytes(3).join('.')}`;
  const headers = { 'x-forwarded-for': ip };
  const captcha = await call<{ uuid: string }>(request.get('/api/image_validate_code', { headers }));
  const { access_token: token } = await call<{ access_token: string }>(
    request.post('/api/user/login', {
      data: { ...DEMO_CUSTOMER, uuid: captcha.uuid, code: 'any' },
      headers,
    }),
  );
  return { token, ip };
}

/**
 * On /monitor/online: finds the demo customer's session from `ip` (its row showing `alsoShown`)
 * and forces it out.
 */
async function forceLogoutDemoCustomer(page: Page, ip: string, alsoShown: string[]) {
  await page.goto('/monitor/online');
  await page.locator('input[data-testid="online-ip"], [data-testid="online-ip"] input').fill(ip);
  await page.getByTestId('online-search-submit').click();
  const table = page.getByTestId('online-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1, { timeout: 30_000 });
  await expect(table).toContainText(DEMO_CUSTOMER.email);
  for (const text of alsoShown) await expect(table).toContainText(text);
  await page.getByTestId(`online-force-${DEMO_CUSTOMER.email}`).click();
  await expect(page.getByRole('dialog')).toContainText(DEMO_CUSTOMER.email);
  await clickInSettledDialog(page, page.getByTestId('online-force-ok'));
  await expect(table).not.toContainText(DEMO_CUSTOMER.email);
}

/**
 * The demo customer signs in on `customerPage` and sees its console; the operator on `operatorPage`
 * forces that session out (its row showing `alsoShown`); the customer's next request fails and
 * lands on the login page.
 */
export async function demoCustomerForcedOut(
  customerPage: Page,
  operatorPage: Page,
  request: APIRequestContext,
  lang: Lang,
  alsoShown: string[] = [],
) {
  const customer = await demoCustomerSession(request);
  await openAs(customerPage, request, customer.token, lang);
  await customerPage.goto('/index');
  await expect(customerPage.getByTestId('page-home')).toBeVisible({ timeout: 30_000 });

  await forceLogoutDemoCustomer(operatorPage, customer.ip, alsoShown);

  await customerPage.goto('/cloud/notice', { waitUntil: 'commit' });
  await expect(customerPage).toHaveURL(/\/login/, { timeout: 30_000 });
}

/** On /system/dept: a department named `name` under the root row. */
export async function createDepartment(page: Page, name: string) {
  await page.goto('/system/dept');
  const deptTable = page.getByTestId('dept-table');
  // The first admin page brings the console and the admin strings: slow on a busy machine.
  await expect(deptTable.getByText('Cloudbay')).toBeVisible({ timeout: 30_000 });
  await deptTable.getByRole('row').filter({ hasText: 'Cloudbay' }).getByTestId('dept-add-child').click();
  const dialog = page.getByTestId('dept-dialog');
  await dialog.getByTestId('dept-name').fill(name);
  await dialog.getByTestId('dept-save').click();
  await expect(dialog).toBeHidden();
  await expect(deptTable.getByText(name)).toBeVisible();
}

/** The checkbox of the tree node titled exactly `title`. */
const treeCheckbox = (tree: Locator, title: string) =>
  tree
    .locator('.ant-tree-treenode')
    .filter({ has: tree.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-tree-checkbox');

const MENU_TITLES = {
  zh: { system: '系统管理', users: '用户管理' },
  en: { system: 'System', users: 'Users' },
};

/**
 * On /system/role: a role keyed `key` (named `Viewer <key>`) holding the System directory and its
 * Users page only (linkage off, as RuoYi allows), i.e. `system:user:list`. Answers its table row.
 */
export async function createCustomerViewerRole(page: Page, lang: Lang, key: string): Promise<Locator> {
  await page.goto('/system/role');
  await expect(page.getByTestId('page-system-role')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('role-add').click();
  const dialog = page.getByTestId('role-form');
  await dialog.getByTestId('role-name').fill(`Viewer ${key}`);
  await dialog.getByTestId('role-key').fill(key);
  const tree = dialog.getByTestId('role-menus');
  await tree.getByTestId('role-menus-linked').click();
  await tree.getByTestId('role-menus-expand').click();
  await treeCheckbox(tree, MENU_TITLES[lang].system).click();
  await treeCheckbox(tree, MENU_TITLES[lang].users).click();
  await dialog.getByTestId('role-form-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('roles-table').getByRole('row', { name: new RegExp(key) });
  await expect(row).toBeVisible();
  return row;
}

/**
 * On /system/user: an operator account `email` (password {@link PASSWORD}) made in department
 * `deptName`, chosen in the tree first so the form starts there, holding the role named `roleName`.
 * Answers its table row.
 */
export async function createOperator(
  page: Page,
  options: { deptName: string; email: string; nickname: string; roleName: string },
): Promise<Locator> {
  await page.goto('/system/user');
  await page.getByTestId('user-dept-tree').getByText(options.deptName).click();
  await expect(page.getByTestId('user-empty')).toBeVisible();
  await page.getByTestId('user-add').click();
  const dialog = page.getByTestId('user-dialog');
  await dialog.getByTestId('user-nickname').fill(options.nickname);
  await dialog.getByTestId('user-email').fill(options.email);
  await dialog.getByTestId('user-password').fill(PASSWORD);
  await dialog.getByTestId('user-roles').click();
  await pickOption(page, options.roleName);
  await page.keyboard.press('Escape');
  await dialog.getByTestId('user-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('user-table').getByRole('row').filter({ hasText: options.email });
  await expect(row).toBeVisible();
  await expect(row).toContainText(options.deptName);
  await expect(row).toContainText(options.roleName);
  return row;
}
