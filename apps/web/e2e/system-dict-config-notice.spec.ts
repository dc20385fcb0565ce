import type { APIRequestContext, Page } from '@playwright/test';
import { OPERATOR, bearer, call, loggedInToken, readAnnouncements, skipAdPopup } from './accounts';
import { expect, test } from './fixtures';

/** The demo customer `npm start` seeds (README, Demo access). */
const DEMO_CUSTOMER = { email: 'demo@cloudbay.local', password: 'Demo@2026' };

type Language = 'zh-CN' | 'en-US';

/** Signs `page` in with `token`, in `language` (stored as its code, 'zh' or 'en'), with nothing covering the console. */
async function signInAs(page: Page, request: APIRequestContext, token: string, language: Language) {
  await skipAdPopup(page, request);
  await page.addInitScript(
    ([value, lang]) => {
      window.localStorage.setItem('token', value!);
      window.localStorage.setItem('lang', lang!);
    },
    [token, language === 'zh-CN' ? 'zh' : 'en'],
  );
}

const TEXT = {
  'zh-CN': { published: '已发布' },
  'en-US': { published: 'Published' },
} as const;

// One after the other: the demo customer sees the newest announcement first, which must be this run's.
test.describe.configure({ mode: 'serial' });

for (const language of ['zh-CN', 'en-US'] as const) {
  test(`an operator maintains dictionaries, settings and announcements (${language})`, async ({
    page,
    browser,
    request,
    consoleErrors,
  }) => {
    // Three pages, two accounts: longer than one page's journey.
    test.setTimeout(150_000);
    const text = TEXT[language];
    const tag = `${language === 'zh-CN' ? 'zh' : 'en'}${Date.now().toString(36)}`;
    const operator = await loggedInToken(request, OPERATOR.email, OPERATOR.password);
    await readAnnouncements(request, operator);
    await signInAs(page, request, operator, language);

    // A dictionary type, then an entry of it on the type's data page.
    await page.goto('/system/dict');
    await page.getByTestId('dict-type-add').click();
    const typeDialog = page.getByTestId('dict-type-dialog');
    await expect(typeDialog.getByTestId('dict-type-name')).toBeEditable();
    await typeDialog.getByTestId('dict-type-name').fill(`机房等级 ${tag}`);
    await typeDialog.getByTestId('dict-type-name-en').fill(`DC tier ${tag}`);
    await typeDialog.getByTestId('dict-type-key').fill(`dc_tier_${tag}`);
    await page.getByTestId('dict-type-dialog-save').click();
    await expect(typeDialog).toBeHidden();
    const typeRow = page
      .getByTestId('dict-types-table')
      .getByRole('row', { name: new RegExp(`dc_tier_${tag}`) });
    await expect(typeRow).toBeVisible();
    await typeRow.getByTestId('dict-type-open').click();
    await expect(page).toHaveURL(/\/system\/dict-data\/index\/\d+$/);
    await page.getByTestId('dict-data-add').click();
    const dataDialog = page.getByTestId('dict-data-dialog');
    // The form is ready once the new entry's type is filled in.
    await expect(dataDialog.locator('input[disabled]')).toHaveValue(`dc_tier_${tag}`);
    await dataDialog.getByTestId('dict-data-label').fill('三级');
    await dataDialog.getByTestId('dict-data-label-en').fill('Tier III');
    await dataDialog.getByTestId('dict-data-value').fill('t3');
    await page.getByTestId('dict-data-dialog-save').click();
    await expect(dataDialog).toBeHidden();
    await expect(page.getByTestId('dict-data-table').getByRole('row', { name: /t3/ })).toContainText('三级');

    // A setting, added then changed.
    await page.goto('/system/config');
    await page.getByTestId('config-add').click();
    const configDialog = page.getByTestId('config-dialog');
    await configDialog.getByTestId('config-name').fill(`Support line ${tag}`);
    await configDialog.getByTestId('config-key').fill(`support.${tag}`);
    await configDialog.getByTestId('config-value').fill('400-000-0000');
    await page.getByTestId('config-dialog-save').click();
    await expect(configDialog).toBeHidden();
    const configRow = page
      .getByTestId('configs-table')
      .getByRole('row', { name: new RegExp(`support\\.${tag}`) });
    await configRow.getByTestId('config-edit').click();
    await expect(configDialog.getByTestId('config-value')).toHaveValue('400-000-0000');
    await configDialog.getByTestId('config-value').fill('400-111-1111');
    await page.getByTestId('config-dialog-save').click();
    await expect(configDialog).toBeHidden();
    await expect(configRow).toContainText('400-111-1111');
    const stored = await call<{ value: string }>(
      request.get(`/api/system/config/configKey/support.${tag}`, { headers: bearer(operator) }),
    );
    expect(stored.value).toBe('400-111-1111');

    // An announcement, published.
    await page.goto('/system/notice');
    await page.getByTestId('notice-add').click();
    const noticeDialog = page.getByTestId('notice-dialog');
    await noticeDialog.getByTestId('notice-title-zh').fill(`维护通知 ${tag}`);
    await noticeDialog.getByTestId('notice-title-en').fill(`Maintenance ${tag}`);
    await noticeDialog.getByText(text.published, { exact: true }).click();
    await noticeDialog.locator('.ql-editor').first().fill(`周六晚维护 ${tag}`);
    await page.getByTestId('notice-dialog-save').click();
    await expect(noticeDialog).toBeHidden();
    const noticeRow = page.getByTestId('notices-admin-table').getByRole('row', { name: new RegExp(tag) });
    await expect(noticeRow.getByTestId('notice-read-count')).toHaveText('0');

    // The demo customer sees it and reads it.
    const customerToken = await loggedInToken(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const customer = await browser.newPage();
    await signInAs(customer, request, customerToken, language);
    await customer.goto('/index');
    const shown = customer.getByTestId('sys-notice-dialog');
    await expect(shown).toContainText(language === 'zh-CN' ? `维护通知 ${tag}` : `Maintenance ${tag}`);
    // The newest comes first; 'I have read it' records every announcement shown. The dialog closes
    // at once: the page stays open until the read is recorded (closing it could cancel the request).
    const recorded = customer.waitForResponse(
      (response) => response.url().includes('/sys_notice/read') && response.request().method() === 'POST',
    );
    await customer.getByTestId('sys-notice-read').click();
    await expect(shown).toBeHidden();
    expect((await recorded).ok()).toBe(true);
    await customer.close();

    // The operator sees the customer among its readers.
    await expect(async () => {
      await page.getByTestId('table-toolbar-refresh').click();
      await expect(noticeRow.getByTestId('notice-read-count')).toHaveText('1', { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await noticeRow.getByTestId('notice-readers-open').click();
    await expect(page.getByTestId('notice-readers-table')).toContainText(DEMO_CUSTOMER.email);
    expect(consoleErrors).toEqual([]);
  });
}
