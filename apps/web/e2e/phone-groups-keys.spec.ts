/**
 * Issue 16's group, ADB key pair and landing pages, in both languages: a customer given cloud
 * phones by an operator makes a group, generates a key pair whose private key is shown (and
 * downloaded) once and never again, renames the pair; a visitor without a session sees the
 * catalogue's phone prices on /phone and is sent to the login on the way to buying.
 */
import fs from 'node:fs';
import type { PhoneSpecItem, Region } from '@cloudbay/contracts';
import { expect, test } from './fixtures';
import { bearer, call, signIn } from './accounts';
import { useLanguage, type Lang } from './desktops';
import { grantPhones } from './phones';

const TEXTS = {
  zh: { ungrouped: '未分组', noGroups: '还没有分组', once: '私钥只显示这一次', login: '登 录' },
  en: {
    ungrouped: 'Ungrouped',
    noGroups: 'No groups yet',
    once: 'The private key is shown only this once',
    login: 'Log in',
  },
} as const;

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test.describe(lang, () => {
    const texts = TEXTS[lang];
    test.beforeEach(({ page }) => useLanguage(page, lang));
    // Every journey here ends without a console error.
    test.afterEach(({ consoleErrors }) => expect(consoleErrors).toEqual([]));

    test(`a phone customer makes a group and a key pair whose private key shows once (${lang})`, async ({
      page,
      request,
    }) => {
      const { token } = await signIn(page, request);
      await grantPhones(request, token);

      // Groups: none yet, the first one from the empty state.
      await page.goto('/phone/group');
      await expect(page.getByTestId('groups-empty')).toContainText(texts.noGroups);
      await page.getByTestId('group-create-first').click();
      const groupName = `e2e-${lang}-group`;
      await page.getByTestId('group-name').fill(groupName);
      await page.getByTestId('group-save').click();
      const rows = page.getByTestId('groups-table').locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText(groupName);
      await expect(rows.nth(1)).toContainText(texts.ungrouped);
      const groups = await call<{ list: { name: string; phone_count: number }[] }>(
        request.get('/api/user/ph/phone_data/group', { headers: bearer(token) }),
      );
      expect(groups.list).toEqual([expect.objectContaining({ name: groupName, phone_count: 0 })]);

      // Key pairs: a name the server rule refuses is refused here first.
      await page.goto('/phone/phoneadb');
      await page.getByTestId('key-create-first').click();
      await page.getByTestId('key-create-name').fill('bad name!');
      await page.getByTestId('key-create-save').click();
      await expect(page.getByTestId('key-create-form').locator('.ant-form-item-explain-error')).toBeVisible();
      const keyName = `adb-${lang}-key`;
      await page.getByTestId('key-create-name').fill(keyName);
      await page.getByTestId('key-create-save').click();

      const secret = page.getByTestId('key-secret');
      await expect(secret).toHaveValue(/^-----BEGIN PRIVATE KEY-----/);
      await expect(page.getByText(texts.once)).toBeVisible();
      const privateKey = await secret.inputValue();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('key-secret-download').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${keyName}.pem`);
      expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(privateKey);
      await page.getByTestId('key-secret-close').click();
      await expect(secret).toHaveCount(0);

      const pairs = page.getByTestId('key-pairs-table').locator('tbody tr.ant-table-row');
      await expect(pairs).toHaveCount(1);
      await expect(pairs.first().getByTestId('key-name')).toHaveText(keyName);
      // Never again: not on the page, not in the list's answer.
      await page.reload();
      await expect(pairs).toHaveCount(1);
      expect(await page.content()).not.toContain('PRIVATE KEY');
      const listed = await request.get('/api/user/ph/adb/key_pair', { headers: bearer(token) });
      expect(await listed.text()).not.toContain('PRIVATE KEY');

      // Rename, with the same rule.
      await pairs.first().getByTestId('key-rename').click();
      await expect(page.getByTestId('key-rename-name')).toHaveValue(keyName);
      const renamed = `${keyName}-renamed`;
      await page.getByTestId('key-rename-name').fill(renamed);
      await page.getByTestId('key-rename-save').click();
      await expect(pairs.first().getByTestId('key-name')).toHaveText(renamed);
    });

    test(`a visitor sees the phone prices on /phone without logging in (${lang})`, async ({
      page,
      request,
    }) => {
      const headers = { 'accept-language': lang === 'zh' ? 'zh-CN' : 'en-US' };
      const regions = await call<Region[]>(request.get('/api/ph/regions', { headers }));
      const specs = await call<PhoneSpecItem[]>(
        request.get('/api/ph/spec', { params: { region_id: regions[0]!.id }, headers }),
      );
      expect(specs.length).toBeGreaterThan(0);

      await page.goto('/phone');
      await expect(page.getByTestId('page-phone-landing')).toBeVisible();
      const cards = page.getByTestId('landing-spec');
      await expect(cards).toHaveCount(specs.length);
      for (const [index, spec] of specs.entries()) {
        await expect(cards.nth(index).getByTestId('landing-spec-name')).toHaveText(spec.name);
        await expect(cards.nth(index).getByTestId('landing-spec-price')).toHaveText(`$${spec.price}`);
      }
      await expect(page.getByTestId('landing-console')).toHaveText(texts.login);

      await page.getByTestId('landing-buy').click();
      await expect(page).toHaveURL(/\/login\?redirect=\/phone\/buyph$/);
    });
  });
}
