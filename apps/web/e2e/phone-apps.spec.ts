/**
 * Issue 20's app centre, in both languages: a phone customer with two running phones sees the
 * upload limit, is refused a file that is not an APK with the server's message, uploads a real
 * (tiny) APK whose name, version and icon come from its manifest, installs it on both phones from
 * the app's card, and watches the install tasks finish: the phones' installed apps list it.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { buildTestApk } from '../../server/src/modules/phones/apps/test-apk';
import { bearer, call } from './accounts';
import { CLOUD_TIMEOUT, type Lang } from './desktops';
import { expect, test } from './fixtures';
import { buyPhone, customerWithPhone, phonesNamed } from './phones';

const TEXTS = {
  zh: { notApk: '不是有效的 APK', created: '已创建 2 个安装任务', limit: '500 MB' },
  en: { notApk: 'not a valid APK', created: '2 install tasks created', limit: '500 MB' },
} as const;

async function allRunning(request: APIRequestContext, token: string, name: string) {
  await expect
    .poll(async () => (await phonesNamed(request, token, name)).map((phone) => phone.status), {
      timeout: CLOUD_TIMEOUT,
    })
    .toEqual(['running', 'running']);
}

const installed = async (request: APIRequestContext, token: string, phoneId: string) =>
  (
    await call<{ packages: string[] }>(
      request.get('/api/user/ph/ph_app_v2/installed', {
        headers: bearer(token),
        params: { phone_id: phoneId },
      }),
    )
  ).packages;

/** Picks every phone the picker offers (both of the customer's). */
async function pickBothPhones(page: Page) {
  const picker = page.getByTestId('app-task-phones');
  await picker.click();
  const options = page.locator(
    '.ant-select-dropdown .ant-select-item-option:not(.ant-select-item-option-disabled)',
  );
  await expect(options).toHaveCount(2);
  await options.nth(0).click();
  await options.nth(1).click();
  await page.keyboard.press('Escape');
}

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`a customer uploads an APK, installs it on two phones and the tasks finish (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(240_000);
    const texts = TEXTS[lang];
    const name = `apps-${lang}`;
    const { token } = await customerWithPhone(page, request, lang, `${name}-1`);
    await buyPhone(request, token, `${name}-2`);
    const packageName = `com.cloudbay.e2e.${lang}`;
    const label = `E2E Notes ${lang.toUpperCase()}`;
    const apkPath = testInfo.outputPath('notes.apk');
    const fakePath = testInfo.outputPath('fake.apk');
    const fs = await import('node:fs/promises');
    await fs.writeFile(
      apkPath,
      await buildTestApk({
        packageName,
        versionName: '1.4.0',
        versionCode: 140,
        label,
        iconColor: '#13c2c2',
      }),
    );
    await fs.writeFile(fakePath, 'this is not an android package');

    await page.goto('/phone/application');
    await expect(page.getByTestId('apps-empty')).toBeVisible();
    await page.getByTestId('app-upload-first').click();
    await expect(page.getByTestId('apk-upload-hint')).toContainText(texts.limit);
    // antd puts the file input inside the dragger, outside the element carrying the test id.
    const input = page.locator('.ant-modal .ant-upload input[type=file]');

    // A file that is not an APK: the server's translated refusal, nothing listed.
    await input.setInputFiles(fakePath);
    await expect(page.getByTestId('apk-upload-error')).toContainText(texts.notApk);

    await input.setInputFiles(apkPath);
    await expect(page.getByTestId('apk-upload-done')).toContainText(label);
    await page.getByTestId('apk-upload-close').click();
    const card = page.locator(`[data-testid="app-card"][data-package="${packageName}"]`);
    await expect(card).toContainText(label);
    await expect(card).toContainText('1.4.0');
    await expect(card.locator('img')).toHaveAttribute('src', /\/api\/common\/files\/.+\.png$/);

    // Install on both phones once they run: the selection is required.
    await allRunning(request, token, name);
    const phoneIds = (await phonesNamed(request, token, name)).map((phone) => phone.id);
    await card.getByTestId('app-install').click();
    await page.getByTestId('app-task-submit').click();
    await expect(page.locator('.ant-form-item-explain-error')).toBeVisible();
    await pickBothPhones(page);
    await page.getByTestId('app-task-submit').click();
    await expect(page.getByTestId('app-tasks-created')).toContainText(texts.created);

    // The tasks finish: both phones list the package.
    for (const phoneId of phoneIds) {
      await expect
        .poll(() => installed(request, token, phoneId), { timeout: CLOUD_TIMEOUT })
        .toEqual([packageName]);
    }
    // The browser logs the 415 of the non-APK refused above; that refusal is the point of the step.
    expect(consoleErrors.filter((error) => !/status of 415/.test(error))).toEqual([]);
  });
}
