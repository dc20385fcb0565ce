/**
 * Issue 20's task centre, in both languages: a customer with two phones installs an app on one,
 * stops the other and tries to install there too (that task fails with its reason), starts it
 * again and runs a command on the first. Then, on /phone/task, they read every task with its type,
 * phone and status until all have finished, filter by type and by status, retry the failed install
 * with a selection (the batch action needs one) and watch the retry succeed, and read the command's
 * output. The operations go through the API (their own pages have their journeys); the task
 * centre is what this journey reads and works.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { PhoneTask } from '@cloudbay/contracts';
import { buildTestApk } from '../../server/src/modules/phones/apps/test-apk';
import { bearer, bearerWithKey, call } from './accounts';
import { CLOUD_TIMEOUT, type Lang } from './desktops';
import { expect, test, clickInSettledDialog, pickOption } from './fixtures';
import { buyPhone, customerWithPhone, phonesNamed } from './phones';

const TEXTS = {
  zh: {
    type: { install: '安装应用', stop: '关机', start: '开机', command: '执行命令' },
    status: { success: '成功', failed: '失败' },
    notRunning: '云手机未在运行中',
    installed: '已安装',
    retried: '已重试为任务',
    retryOf: '重试自任务',
    restarted: '已重新开始',
  },
  en: {
    type: { install: 'Install app', stop: 'Stop', start: 'Start', command: 'Run command' },
    status: { success: 'Succeeded', failed: 'Failed' },
    notRunning: 'not running',
    installed: 'Installed',
    retried: 'Retried as task',
    retryOf: 'Retry of task',
    restarted: 'started again',
  },
} as const;

type Status = 'running' | 'stopped';

async function statusOf(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<string | undefined> {
  return (await phonesNamed(request, token, name)).find((phone) => phone.name === name)?.status;
}

async function waitForStatus(request: APIRequestContext, token: string, name: string, status: Status) {
  await expect.poll(() => statusOf(request, token, name), { timeout: CLOUD_TIMEOUT }).toBe(status);
}

async function phoneAction(request: APIRequestContext, token: string, action: 'start' | 'stop', id: string) {
  await call(
    request.post('/api/user/ph/phone/action', {
      headers: bearerWithKey(token),
      data: { action, phone_ids: [id] },
    }),
  );
}

async function install(request: APIRequestContext, token: string, appId: number, phoneId: string) {
  await call(
    request.post('/api/user/ph/ph_app_v2/install_v2', {
      headers: bearerWithKey(token),
      data: { app_id: appId, phone_ids: [phoneId] },
    }),
  );
}

/** Every task of the customer, as GET /user/ph/ph_task/list answers them. */
async function tasksOf(request: APIRequestContext, token: string): Promise<PhoneTask[]> {
  return (
    await call<{ list: PhoneTask[] }>(
      request.get('/api/user/ph/ph_task/list', { headers: bearer(token), params: { page: 1, limit: 50 } }),
    )
  ).list;
}

const taskRows = (page: Page) => page.getByTestId('tasks-table').locator('tbody tr.ant-table-row');

/** The task centre's rows of the tasks of `type` (its shown name) on phone `phone`. */
const taskRow = (page: Page, type: string, phone: string): Locator =>
  taskRows(page)
    .filter({ has: page.getByTestId('task-type').getByText(type, { exact: true }) })
    .filter({ hasText: phone });

async function pick(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await pickOption(page, new RegExp(`^${label}$`));
}

// A journey on a shared 2-core machine: most of it is waiting for the simulated cloud.
test.describe.configure({ timeout: 240_000 });

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  const texts = TEXTS[lang];

  test(`a customer follows, filters and retries the tasks of two phones in the task centre (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }, testInfo) => {
    const base = `tk-${lang}`;
    const [first, second] = [`${base}-1`, `${base}-2`];
    const { token, phoneId: firstId } = await customerWithPhone(page, request, lang, first);
    const secondId = await buyPhone(request, token, second);

    // The customer's own app (a tiny APK built from a known manifest), while the phones are made.
    const apkPath = testInfo.outputPath('tasks.apk');
    const label = `Task Notes ${lang.toUpperCase()}`;
    const fs = await import('node:fs/promises');
    await fs.writeFile(
      apkPath,
      await buildTestApk({
        packageName: `com.cloudbay.tasks.${lang}`,
        versionName: '2.1.0',
        versionCode: 210,
        label,
      }),
    );
    const uploaded = await call<{ app: { id: number } }>(
      request.post('/api/user/ph/ph_app_v2', {
        headers: bearer(token),
        multipart: {
          file: {
            name: 'tasks.apk',
            mimeType: 'application/vnd.android.package-archive',
            buffer: await fs.readFile(apkPath),
          },
        },
      }),
    );
    const appId = uploaded.app.id;
    await waitForStatus(request, token, first, 'running');
    await waitForStatus(request, token, second, 'running');

    // The operations: an install on the first phone; the second stopped, an install there (it fails
    // with its reason), started again; a command on the first.
    await install(request, token, appId, firstId);
    await phoneAction(request, token, 'stop', secondId);
    await waitForStatus(request, token, second, 'stopped');
    await install(request, token, appId, secondId);
    await expect
      .poll(
        async () =>
          (await tasksOf(request, token)).find(
            (task) => task.type === 'install' && task.phone.id === secondId,
          )?.status,
        {
          timeout: CLOUD_TIMEOUT,
        },
      )
      .toBe('failed');
    await phoneAction(request, token, 'start', secondId);
    const command = await call<{ output: string; exit_code: number }>(
      request.post(`/api/user/ph/phone/${firstId}/run_command`, {
        headers: bearer(token),
        data: { command: 'getprop ro.product.model' },
      }),
    );
    expect(command.exit_code).toBe(0);

    // The task centre: every task, newest first, each reaching its end while the page refreshes.
    await page.goto('/phone/task');
    await expect(page.getByTestId('page-phone-tasks')).toBeVisible();
    await expect(taskRows(page)).toHaveCount(5, { timeout: CLOUD_TIMEOUT });
    const installed = taskRow(page, texts.type.install, first);
    const refused = taskRow(page, texts.type.install, second);
    const stopped = taskRow(page, texts.type.stop, second);
    const started = taskRow(page, texts.type.start, second);
    const commandRow = taskRow(page, texts.type.command, first);
    for (const row of [installed, stopped, started, commandRow]) {
      await expect(row.getByTestId('task-status')).toHaveText(texts.status.success, {
        timeout: CLOUD_TIMEOUT,
      });
    }
    await expect(installed.getByTestId('task-result')).toContainText(`${texts.installed} ${label}`);
    await expect(refused.getByTestId('task-status')).toHaveText(texts.status.failed);
    await expect(refused.getByTestId('task-result')).toContainText(texts.notRunning);
    await expect(page.getByTestId('task-live')).toBeHidden();

    // Filter by type: the two installs; then by status too: the failed one alone.
    await pick(page, 'task-filter-type', texts.type.install);
    await page.getByTestId('task-search-submit').click();
    await expect(taskRows(page)).toHaveCount(2);
    await expect(taskRows(page).getByTestId('task-type')).toHaveText([
      texts.type.install,
      texts.type.install,
    ]);
    await pick(page, 'task-filter-status', texts.status.failed);
    await page.getByTestId('task-search-submit').click();
    await expect(taskRows(page)).toHaveCount(1);
    await expect(refused).toHaveCount(1);
    await page.getByTestId('task-search-reset').click();
    await expect(taskRows(page)).toHaveCount(5);

    // Retry needs a selection: the batch button stays off until the failed task is chosen.
    await waitForStatus(request, token, second, 'running');
    const retrySelected = page.getByTestId('task-batch-retry');
    await expect(retrySelected).toBeDisabled();
    await expect(installed.getByRole('checkbox')).toBeDisabled();
    await refused.getByRole('checkbox').check();
    await expect(retrySelected).toBeEnabled();
    await retrySelected.click();
    await clickInSettledDialog(page, page.getByTestId('task-confirm-ok'));
    await expect(page.locator('.ant-message')).toContainText(texts.restarted);
    await expect(retrySelected).toBeDisabled();

    // The retry is a new install on the second phone, which runs now: it succeeds.
    await expect(taskRows(page)).toHaveCount(6);
    await expect(refused.filter({ hasText: texts.retried })).toHaveCount(1);
    const retry = refused.filter({ hasText: texts.retryOf });
    await expect(retry.getByTestId('task-status')).toHaveText(texts.status.success, {
      timeout: CLOUD_TIMEOUT,
    });
    await expect(retry.getByTestId('task-result')).toContainText(`${texts.installed} ${label}`);
    const installedThere = await call<{ apps: { package_name: string; version: string | null }[] }>(
      request.get('/api/user/ph/ph_app_v2/installed', {
        headers: bearer(token),
        params: { phone_id: secondId },
      }),
    );
    expect(installedThere.apps).toEqual([
      expect.objectContaining({ package_name: `com.cloudbay.tasks.${lang}`, version: '2.1.0' }),
    ]);

    // The command's output, as the phone printed it.
    await commandRow.getByTestId('task-output').click();
    await expect(page.getByTestId('task-output-text')).toContainText(command.output.trim());

    expect(consoleErrors).toEqual([]);
  });
}
