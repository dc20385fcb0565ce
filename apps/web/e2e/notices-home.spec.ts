import type { APIRequestContext } from '@playwright/test';
import { sendNotice, signIn, unreadAnnouncements, uniqueEmail } from './accounts';
import { expect, test } from './fixtures';

interface Envelope<T> {
  data: T;
}

/** A public answer of the API in a language, as the console asks for it. */
async function publicData<T>(
  request: APIRequestContext,
  path: string,
  language: 'zh-cn' | 'en-US',
): Promise<T> {
  const answer = await request.get(`/api${path}`, { headers: { 'accept-language': language } });
  return ((await answer.json()) as Envelope<T>).data;
}

test('a new account sees the announcements and the pop-up once', async ({ page, request, consoleErrors }) => {
  const { token } = await signIn(page, request, { fresh: true, email: uniqueEmail('fresh') });
  const announcements = await unreadAnnouncements(request, token);
  expect(announcements.length).toBeGreaterThan(0);
  const popup = await publicData<{ title: string } | null>(request, '/ad_popup', 'zh-cn');
  expect(popup).not.toBeNull();

  await page.goto('/index');
  const dialog = page.getByTestId('sys-notice-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(announcements[0]!.title);
  const adPopup = page.getByTestId('ad-popup');
  // The announcements come first: the pop-up waits until they are read.
  await expect(adPopup).toHaveCount(0);
  await page.getByTestId('sys-notice-read').click();
  await expect(dialog).toBeHidden();
  await expect(adPopup).toContainText(popup!.title);
  await adPopup.getByRole('button', { name: '我知道了' }).click();
  await expect(adPopup).toBeHidden();
  expect(await unreadAnnouncements(request, token)).toEqual([]);

  // Neither comes back: the server has the announcements read, the browser remembers the pop-up.
  const asked = Promise.all([
    page.waitForResponse((answer) => answer.url().endsWith('/api/user/sys_notice')),
    page.waitForResponse((answer) => answer.url().endsWith('/api/ad_popup')),
  ]);
  await page.reload();
  await asked;
  await expect(page.getByTestId('page-home')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(adPopup).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('the welcome notice lights the bell until it is read', async ({ page, request, consoleErrors }) => {
  await signIn(page, request);
  await page.goto('/index');
  const count = page.getByTestId('notice-count');
  await expect(count).toHaveText('1');
  await expect(page.getByTestId('home-unread')).toHaveText('1');

  await page.getByTestId('notice-bell').click();
  await expect(page).toHaveURL(/\/cloud\/notice$/);
  const list = page.getByTestId('notice-list');
  await expect(list.locator('[data-testid^="notice-state-"]')).toHaveText(['未读']);
  await list.getByRole('button', { expanded: false }).first().click();
  await expect(list.locator('[data-testid^="notice-content-"]')).toBeVisible();
  await expect(list.locator('[data-testid^="notice-state-"]')).toHaveText([/^已读于 /]);
  await expect(count).toHaveText('');
  await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-label', '消息通知');
  expect(consoleErrors).toEqual([]);
});

test('every notice is marked read at once, after a confirmation', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { token } = await signIn(page, request);
  await sendNotice(request, token, { zh: '维护通知', en: 'Maintenance' });
  await sendNotice(request, token, { zh: '账单提醒', en: 'Bill reminder' });
  await page.goto('/cloud/notice');
  const count = page.getByTestId('notice-count');
  await expect(count).toHaveText('3');
  const states = page.getByTestId('notice-list').locator('[data-testid^="notice-state-"]');
  await expect(states).toHaveText(['未读', '未读', '未读']);
  await expect(page.getByTestId('notice-list')).toContainText('维护通知');

  await page.getByTestId('notice-mark-all').click();
  await page.getByRole('button', { name: '确 定' }).click();
  await expect(states).toHaveText([/^已读于 /, /^已读于 /, /^已读于 /]);
  await expect(count).toHaveText('');
  await expect(page.getByTestId('notice-mark-all')).toBeDisabled();

  await page.getByTestId('notice-filter').getByText('未读').click();
  await expect(page.getByTestId('notice-empty')).toBeVisible();
  await expect(page).toHaveURL(/\/cloud\/notice\?filter=unread$/);
  expect(consoleErrors).toEqual([]);
});

test('the support widget shows QR codes and opens links in a new tab', async ({
  page,
  request,
  consoleErrors,
}) => {
  const setting = await publicData<{ value: string }>(request, '/config/SUPPORT_CHANNELS', 'zh-cn');
  const channels = JSON.parse(setting.value) as {
    key: string;
    kind: string;
    label_zh: string;
    url: string;
    image: string;
  }[];
  const qr = channels.find((channel) => channel.kind === 'qr')!;
  const link = channels.find((channel) => channel.kind === 'link')!;
  await signIn(page, request);
  await page.goto('/index');

  await page.getByTestId('support-button').click();
  const panel = page.getByTestId('support-panel');
  await expect(panel).toBeVisible();
  const anchor = panel.getByTestId(`support-channel-${link.key}`);
  await expect(anchor).toHaveAttribute('href', link.url);
  await expect(anchor).toHaveAttribute('target', '_blank');
  await expect(anchor).toHaveAttribute('rel', /noopener/);

  await panel.getByTestId(`support-channel-${qr.key}`).click();
  const dialog = page.getByTestId('support-qr-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.ant-modal-title')).toHaveText(qr.label_zh);
  // The uploaded image, else the address drawn as a QR code: 500 px high on a desktop.
  const code = qr.image ? dialog.locator('img') : dialog.getByTestId('support-qr-code');
  await expect(code).toBeVisible();
  // Measured once the dialog's zoom-in animation is over.
  await expect.poll(async () => Math.round((await code.boundingBox())?.height ?? 0)).toBe(500);
  expect(consoleErrors).toEqual([]);
});

for (const [lang, language] of [
  ['zh', 'zh-cn'],
  ['en', 'en-US'],
] as const) {
  test(`the home shows the server's banners and hot goods (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const banners = await publicData<{ title: string }[]>(request, '/banner', language);
    const goods = await publicData<{ id: number; name: string; price: string }[]>(
      request,
      '/hot_goods',
      language,
    );
    expect(banners.length).toBeGreaterThan(0);
    expect(goods.length).toBeGreaterThan(0);
    await page.addInitScript((value) => window.localStorage.setItem('lang', value), lang);
    await signIn(page, request);
    await page.goto('/index');

    const carousel = page.getByTestId('home-banners');
    for (const banner of banners) await expect(carousel.getByText(banner.title).first()).toBeAttached();
    await expect(carousel.locator('[data-active="true"]').getByText(banners[0]!.title)).toBeVisible();
    for (const item of goods) {
      const card = page.getByTestId(`hot-goods-${item.id}`);
      await expect(card).toContainText(item.name);
      await expect(card).toContainText(`$${item.price}`);
    }
    expect(consoleErrors).toEqual([]);
  });
}
