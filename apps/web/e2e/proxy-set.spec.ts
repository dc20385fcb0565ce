/**
 * Issue 19's proxy set journey, in both languages: a customer opens a phone's proxy settings link
 * from the phone list, imports a JSON list on /proxySet (a file that breaks the *.x.y rule is
 * refused first), saves it, sees it again after a reload, then revokes the link in the console and
 * sees the page refuse it.
 */
import { expect, test, clickInSettledDialog } from './fixtures';
import type { Lang } from './desktops';
import { customerWithPhone, phoneRow } from './phones';

const TEXTS = {
  zh: {
    none: '暂无有效链接',
    live: '链接有效',
    invalidFormat: '代理 JSON 格式错误',
    ruleDomain: '规则域名只能是 *.x.y 格式',
    imported: '已导入 2 条配置',
    saved: '保存成功',
    refused: '代理设置链接无效或已被撤销',
  },
  en: {
    none: 'No live link',
    live: 'A link is live',
    invalidFormat: 'Invalid proxy JSON format',
    ruleDomain: 'Rule domains accept only the *.x.y pattern',
    imported: '2 configurations imported',
    saved: 'Saved',
    refused: 'The proxy settings link is invalid or has been revoked',
  },
} as const;

const config = (ip: string, domains: string[]) => ({
  enabled: true,
  type: 'socks5',
  ip,
  tcp_port: 1080,
  udp_port: 1081,
  username: 'shop',
  password: 'S0cks-Pass',
  rules: { mode: 'whitelist', domains },
});
const jsonFile = (value: unknown) => ({
  name: 'proxies.json',
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(value)),
});

const journey = (lang: Lang) =>
  `a customer edits a phone's proxy set through its link, then revokes the link (${lang})`;

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(journey(lang), async ({ page, request, consoleErrors }) => {
    const name = `proxy-${lang}`;
    test.setTimeout(120_000);
    await customerWithPhone(page, request, lang, name);
    const texts = TEXTS[lang];

    // The phone list's row menu opens the link dialog; the new link is shown once.
    await page.goto('/phone/list');
    const row = phoneRow(page, name);
    const openLinkDialog = async () => {
      await row.getByTestId('phone-more').click();
      await page.getByTestId('phone-action-proxy_link').filter({ visible: true }).click();
    };
    await openLinkDialog();
    await expect(page.getByTestId('proxy-link-status')).toContainText(texts.none);
    await page.getByTestId('proxy-link-create').click();
    const link = await page.getByTestId('proxy-link-url').inputValue();
    expect(link).toMatch(/\/proxySet\?id=ph-[^#]+#token=[\w-]{43}$/);
    await expect(page.getByTestId('proxy-link-status')).toContainText(texts.live);

    await page.goto(link);
    await expect(page.getByTestId('proxy-set-resource')).toContainText(name);
    await expect(page.getByTestId('proxy-set-empty')).toBeVisible();

    // A file whose rule is not *.x.y is refused with the spec's error and changes nothing.
    await page
      .getByTestId('proxy-import-file')
      .setInputFiles(jsonFile({ configs: [config('203.0.113.7', ['shop.com'])] }));
    await expect(page.getByText(texts.invalidFormat).first()).toBeVisible();
    await expect(page.getByText(texts.ruleDomain).first()).toBeVisible();
    await expect(page.getByTestId('proxy-set-empty')).toBeVisible();

    await page.getByTestId('proxy-import-file').setInputFiles(
      jsonFile({
        configs: [config('203.0.113.7', ['*.shop.com']), config('198.51.100.20', ['*.mail.example.org'])],
      }),
    );
    await expect(page.getByText(texts.imported).first()).toBeVisible();
    await expect(page.getByTestId('proxy-ip-1')).toHaveValue('198.51.100.20');
    await page.getByTestId('proxy-save').click();
    await expect(page.getByText(texts.saved).first()).toBeVisible();

    // Saved on the server: a reload of the link shows the list again.
    await page.reload();
    await expect(page.getByTestId('proxy-ip-0')).toHaveValue('203.0.113.7');
    await expect(page.getByTestId('proxy-ip-1')).toHaveValue('198.51.100.20');
    await expect(page.getByTestId('proxy-domains-1')).toHaveValue('*.mail.example.org');

    // Revoked from the console (confirmed), the link is refused at once.
    await page.goto('/phone/list');
    await openLinkDialog();
    await expect(page.getByTestId('proxy-link-status')).toContainText(texts.live);
    await page.getByTestId('proxy-link-revoke').click();
    await clickInSettledDialog(page, page.getByTestId('proxy-link-confirm-ok'));
    await expect(page.getByTestId('proxy-link-status')).toContainText(texts.none);

    await page.goto(link);
    await expect(page.getByTestId('proxy-set-refused')).toContainText(texts.refused);
    await expect(page.getByTestId('proxy-ip-0')).toHaveCount(0);
    // The refused request's 401 is the only error the browser reports.
    expect(consoleErrors.filter((error) => !/status of 401/.test(error))).toEqual([]);
  });
}
