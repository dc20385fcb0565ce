import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { OPERATOR, call, loggedInToken, readAnnouncements, skipAdPopup } from './accounts';
import { expect, test } from './fixtures';

/** The demo customer `npm start` creates (apps/server identity/demo-data.ts). */
const DEMO_CUSTOMER = { email: 'demo@cloudbay.local', password: 'Demo@2026' };

const LANGUAGES = [
  {
    lang: 'zh',
    forceLogout: '强制退出',
    privateNetwork: '内网IP',
    pause: '暂停',
    resume: '恢复',
    success: '成功',
    server: '服务监控',
    cache: '缓存监控',
  },
  {
    lang: 'en',
    forceLogout: 'Force logout',
    privateNetwork: 'Private network',
    pause: 'Pause',
    resume: 'Resume',
    success: 'Success',
    server: 'Server',
    cache: 'Cache',
  },
] as const;

/** A token on `page` (set before the first page script runs), in `lang`, with nothing covering the console. */
async function openAs(page: Page, request: APIRequestContext, token: string, lang: string) {
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

async function operatorPage(browser: Browser, request: APIRequestContext, lang: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAs(page, request, await loggedInToken(request, OPERATOR.email, OPERATOR.password), lang);
  return { page, close: () => context.close() };
}

for (const texts of LANGUAGES) {
  test.describe(`monitor pages (${texts.lang})`, () => {
    // Two browsers, a worker run and live pages on a machine shared by many runs: generous limits,
    // the first paint of each page included.
    test.describe.configure({ timeout: 120_000 });
    test('force logout ends the demo customer’s session in its own browser', async ({
      page,
      browser,
      request,
      consoleErrors,
    }) => {
      // The customer's browser: the console works until the operator acts.
      const customer = await demoCustomerSession(request);
      await openAs(page, request, customer.token, texts.lang);
      await page.goto('/index');
      await expect(page.getByTestId('page-home')).toBeVisible({ timeout: 30_000 });

      const operator = await operatorPage(browser, request, texts.lang);
      await operator.page.goto('/monitor/online');
      await operator.page
        .locator('input[data-testid="online-ip"], [data-testid="online-ip"] input')
        .fill(customer.ip);
      await operator.page.getByTestId('online-search-submit').click();
      const table = operator.page.getByTestId('online-table');
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1, { timeout: 30_000 });
      await expect(table).toContainText(DEMO_CUSTOMER.email);
      await expect(table).toContainText(texts.privateNetwork);
      await operator.page.getByTestId(`online-force-${DEMO_CUSTOMER.email}`).click();
      await expect(operator.page.getByRole('dialog')).toContainText(DEMO_CUSTOMER.email);
      await operator.page.getByTestId('online-force-ok').click();
      await expect(table).not.toContainText(DEMO_CUSTOMER.email);
      await operator.close();

      // Its next request fails: the customer is sent to sign in again.
      await page.goto('/cloud/notice', { waitUntil: 'commit' });
      await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
      expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
    });

    test('pause, resume and run a job once, and read its log row', async ({
      page,
      request,
      consoleErrors,
    }) => {
      await openAs(
        page,
        request,
        await loggedInToken(request, OPERATOR.email, OPERATOR.password),
        texts.lang,
      );
      await page.goto('/monitor/job');
      await expect(page.getByTestId('job-builtin-only')).toBeVisible({ timeout: 30_000 });
      const status = page.getByTestId('job-status-identity.cleanup');
      await expect(status).toBeChecked();

      await status.click();
      await expect(page.getByRole('dialog')).toContainText(texts.pause);
      await page.getByTestId('job-status-ok').click();
      await expect(status).not.toBeChecked();
      await status.click();
      await expect(page.getByRole('dialog')).toContainText(texts.resume);
      await page.getByTestId('job-status-ok').click();
      await expect(status).toBeChecked();

      await page.getByTestId('job-run-identity.cleanup').click();
      await page.getByTestId('job-log-identity.cleanup').click();
      await expect(page).toHaveURL(/\/monitor\/job-log\/index\/\d+$/);
      // The worker takes the job within its polling interval and logs the run.
      await expect(async () => {
        await page.getByTestId('page-monitor-job-log').getByTestId('table-toolbar-refresh').click();
        await expect(page.getByTestId('job-log-table')).toContainText(texts.success, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByTestId('job-log-table')).toContainText('identity.cleanup');
      expect(consoleErrors).toEqual([]);
    });

    test('the server and cache pages show live figures', async ({ page, request, consoleErrors }) => {
      await openAs(
        page,
        request,
        await loggedInToken(request, OPERATOR.email, OPERATOR.password),
        texts.lang,
      );
      await page.goto('/monitor/server');
      await expect(page.getByTestId('page-monitor-server')).toContainText(texts.server, { timeout: 30_000 });
      await expect(page.getByTestId('server-cpu')).toBeVisible();
      await expect(page.getByTestId('server-db')).toContainText('PostgreSQL');
      await expect(page.getByTestId('server-disks')).toContainText('/');
      // Refreshed while visible: a second answer arrives without any click.
      await page.waitForResponse((answer) => answer.url().endsWith('/api/monitor/server'), {
        timeout: 8_000,
      });

      await page.goto('/monitor/cache');
      await expect(page.getByTestId('page-monitor-cache')).toContainText(texts.cache, { timeout: 30_000 });
      // Every login above used an image code: the captcha cache holds keys.
      await page.getByTestId('cache-name-captcha').click();
      const firstKey = page.getByTestId('cache-keys').locator('.ant-list-item').first();
      await expect(firstKey).toContainText('captcha:');
      await firstKey.click();
      await expect(page.getByTestId('cache-value-text')).toContainText('******');
      expect(consoleErrors).toEqual([]);
    });
  });
}
