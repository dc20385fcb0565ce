/**
 * Issue 19's proxies in both languages: a phone customer buys a static residential IP from the
 * balance and binds it to a phone (the list names the phone, the login is revealed on demand);
 * an own proxy is added and checked for real against a SOCKS5 server this spec starts on
 * 127.0.0.1 (the product runs with PROXY_CHECK_ALLOW_PRIVATE, playwright.config.ts).
 */
import type { Phone } from '@cloudbay/contracts';
import { startSocks5Proxy, type TestProxy } from '../../server/test/proxy-servers';
import { expect, pickOption, test } from './fixtures';
import { bearer, call, signIn } from './accounts';
import { useLanguage, type Lang } from './desktops';
import { buyPhone, fundedPhoneCustomer, grantPhones } from './phones';

const TEXTS = {
  zh: { bind: '绑 定', bought: '购买成功', unchecked: '未检测', save: '保 存', releasing: '释放中' },
  en: { bind: 'Bind', bought: 'Bought', unchecked: 'Not checked', save: 'Save', releasing: 'Releasing' },
} as const;
const LOGIN = { username: 'e2e-user', password: 'e2e-pass:word' };

let socks: TestProxy;
test.beforeAll(async () => {
  socks = await startSocks5Proxy(LOGIN);
});
test.afterAll(() => socks.close());

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test.describe(lang, () => {
    const texts = TEXTS[lang];
    test.beforeEach(({ page }) => useLanguage(page, lang));
    test.afterEach(({ consoleErrors }) => expect(consoleErrors).toEqual([]));

    test(`buys a residential proxy and binds it to a phone (${lang})`, async ({ page, request }) => {
      // Buying, binding, the phone list and the release: more than one default timeout on 2 cores.
      test.slow();
      const account = await signIn(page, request);
      await fundedPhoneCustomer(request, account);
      const phoneName = `proxy-${lang}`;
      const phoneId = await buyPhone(request, account.token, phoneName);

      await page.goto('/zqgl/testIp');
      await page.getByTestId('proxy-buy-first').click();
      const dialog = page.getByTestId('proxy-buy-dialog');
      // The pool's list is long (virtual): the city is typed to find it. The pools may still be
      // arriving when the list first opens (a click on an option being replaced is lost), so the
      // pick is repeated until the field shows it, the search replaced each time (typed on, it
      // grew to 'TokyoTokyo…' and found nothing: CI saw it).
      const location = dialog.getByTestId('proxy-buy-location');
      await expect(async () => {
        await location.click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type('Tokyo');
        await page
          .locator('.ant-select-item-option')
          .filter({ hasText: 'Tokyo' })
          .first()
          .click({ timeout: 5_000 });
        await expect(location).toContainText('Tokyo', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await dialog.getByTestId('proxy-buy-agree').check();
      // The price of GET /price is what the pay button charges.
      await expect(dialog.getByTestId('proxy-buy-pay')).toContainText('$');
      await dialog.getByTestId('proxy-buy-pay').click();
      await expect(page.locator('.ant-message')).toContainText(texts.bought);

      const rows = page.getByTestId('proxies-table').locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Tokyo');
      // The list follows the proxy until the cloud has made it.
      await expect(rows.first().getByTestId('proxy-bind')).toBeVisible({ timeout: 30_000 });
      await expect(rows.first().getByTestId('proxy-endpoint')).toContainText(/^153\.142\.\d+\.\d+:\d+$/);

      // The phone is being made too: bound once it runs.
      await expect
        .poll(
          async () => {
            const phones = await call<{ list: Phone[] }>(
              request.get('/api/user/ph/phone', {
                headers: bearer(account.token),
                params: { page: 1, limit: 10 },
              }),
            );
            return phones.list.find((phone) => phone.id === phoneId)?.status;
          },
          { timeout: 30_000 },
        )
        .toBe('running');
      await rows.first().getByTestId('proxy-bind').click();
      const bind = page.getByTestId('proxy-bind-dialog');
      await bind.getByTestId('proxy-bind-phone').click();
      await pickOption(page, phoneName);
      await bind.getByRole('button', { name: texts.bind }).click();
      await expect(rows.first().getByTestId('proxy-bound-phones')).toContainText(phoneName);

      await rows.first().getByTestId('proxy-credentials').click();
      await expect(page.getByTestId('proxy-credentials-password')).toContainText(/^[a-z0-9]{16}$/);
      await page.keyboard.press('Escape');

      // The phone list shows the proxy the phone goes through.
      await page.goto('/phone/list');
      const phoneRow = page.locator('tbody tr.ant-table-row').filter({ hasText: phoneName });
      await expect(phoneRow.getByTestId('phone-proxy')).toContainText('Tokyo');

      // Released early: confirmed (it says nothing is refunded), off the phone, releasing.
      await page.goto('/zqgl/testIp');
      await rows.first().getByTestId('proxy-release').click();
      await expect(page.getByTestId('proxy-release-content')).toContainText(phoneName);
      await page.getByTestId('proxy-release-confirm').click();
      await expect(rows.first().getByTestId('proxy-status')).toHaveText(texts.releasing);
      await expect(rows.first().getByTestId('proxy-bound-phones')).toHaveCount(0);
    });

    test(`adds an own proxy and sees its check result (${lang})`, async ({ page, request }) => {
      const account = await signIn(page, request);
      await grantPhones(request, account.token);

      await page.goto('/zqgl/ownProxy');
      await page.getByTestId('own-proxy-add-first').click();
      const dialog = page.getByTestId('own-proxy-dialog');
      await dialog.getByTestId('own-proxy-host').fill('127.0.0.1');
      await dialog.getByTestId('own-proxy-port').fill(String(socks.port));
      await dialog.getByTestId('own-proxy-username').fill(LOGIN.username);
      await dialog.getByTestId('own-proxy-password').fill(LOGIN.password);
      await dialog.getByRole('button', { name: texts.save }).click();

      const row = page.getByTestId('own-proxies-table').locator('tbody tr.ant-table-row').first();
      await expect(row.getByTestId('own-proxy-endpoint')).toContainText(`127.0.0.1:${socks.port}`);
      await expect(row.getByTestId('own-proxy-check-result')).toContainText(texts.unchecked);
      // The password never comes back: the list answer does not carry it.
      const listed = await request.get('/api/user/ph/own_proxy', { headers: bearer(account.token) });
      expect(await listed.text()).not.toContain(LOGIN.password);

      const before = socks.connections();
      await row.getByTestId('own-proxy-check').click();
      await expect(row.getByTestId('own-proxy-check-result')).toContainText(/\d+ ms/);
      expect(socks.connections()).toBeGreaterThan(before);
    });
  });
}
