import { expect, test, clickInSettledDialog } from './fixtures';
import { demoCustomerForcedOut, operatorPage, signInOperator } from './operator';

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
    job: 'identity.cleanup',
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
    // Each language pauses its own job: the two run at the same time.
    job: 'provision.refresh',
  },
] as const;

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
      // The customer's browser (this page): the console works until the operator acts, then its
      // next request fails.
      const operator = await operatorPage(browser, request, texts.lang);
      await demoCustomerForcedOut(page, operator.page, request, texts.lang, [texts.privateNetwork]);
      await operator.close();
      expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
    });

    test('pause, resume and run a job once, and read its log row', async ({
      page,
      request,
      consoleErrors,
    }) => {
      await signInOperator(page, request, texts.lang);
      await page.goto('/monitor/job');
      await expect(page.getByTestId('job-builtin-only')).toBeVisible({ timeout: 30_000 });
      const status = page.getByTestId(`job-status-${texts.job}`);
      await expect(status).toBeChecked();

      await status.click();
      await expect(page.getByRole('dialog')).toContainText(texts.pause);
      await clickInSettledDialog(page, page.getByTestId('job-status-ok'));
      await expect(status).not.toBeChecked();
      await status.click();
      await expect(page.getByRole('dialog')).toContainText(texts.resume);
      await clickInSettledDialog(page, page.getByTestId('job-status-ok'));
      await expect(status).toBeChecked();

      await page.getByTestId(`job-run-${texts.job}`).click();
      await page.getByTestId(`job-log-${texts.job}`).click();
      await expect(page).toHaveURL(/\/monitor\/job-log\/index\/\d+$/);
      // The worker takes the job within its polling interval and logs the run.
      await expect(async () => {
        await page.getByTestId('page-monitor-job-log').getByTestId('table-toolbar-refresh').click();
        await expect(page.getByTestId('job-log-table')).toContainText(texts.success, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByTestId('job-log-table')).toContainText(texts.job);
      expect(consoleErrors).toEqual([]);
    });

    test('the server and cache pages show live figures', async ({ page, request, consoleErrors }) => {
      await signInOperator(page, request, texts.lang);
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
