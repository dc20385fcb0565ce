/**
 * Issue 16's phone connection journey, in both languages: a new customer, given the phone flag by
 * the operator and money by a sandbox top-up, buys a phone through the API, opens /phoneconnet,
 * sees the phone's thumbnail on the screenshot wall, connects, and turns the simulated phone
 * screen with Rotate.
 */
import { expect, test } from './fixtures';
import { CLOUD_TIMEOUT, type Lang } from './desktops';
import { customerWithPhone } from './phones';

const TEXTS = {
  zh: { wall: '截图墙', running: '运行中', portrait: '竖屏', landscape: '横屏', rotate: '旋转' },
  en: {
    wall: 'Screenshot wall',
    running: 'Running',
    portrait: 'Portrait',
    landscape: 'Landscape',
    rotate: 'Rotate',
  },
} as const;

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`a customer watches a running phone on the wall, connects and rotates its screen (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[lang];
    const name = `wall-${lang}`;
    const { phoneId } = await customerWithPhone(page, request, lang, name);

    await page.goto('/phoneconnet');
    // The phone joins the running list once the simulated cloud has made it (the page re-asks).
    await expect(page.getByTestId(`phone-connect-${phoneId}`)).toBeVisible({ timeout: CLOUD_TIMEOUT });

    await page.getByText(texts.wall, { exact: true }).click();
    const thumbnail = page.getByTestId(`phone-wall-${phoneId}`);
    await expect(thumbnail).toContainText(name);
    await expect(thumbnail.getByTestId('phone-status')).toHaveText(texts.running);
    const shot = thumbnail.getByTestId('phone-wall-shot');
    await expect(shot).toHaveAttribute('src', /^data:image\/svg\+xml/);
    // The picture really is there: the browser decoded it.
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const screenPromise = page.context().waitForEvent('page');
    await thumbnail.getByTestId('phone-wall-connect').click();
    const screen = await screenPromise;
    await expect(screen.getByTestId('phone-screen-name')).toHaveText(name);
    await expect(screen.getByTestId('phone-screen-status')).toHaveText(texts.running);
    await expect(screen.getByTestId('phone-screen-orientation')).toHaveText(texts.portrait);
    await expect(screen.getByTestId('phone-screen')).toHaveAttribute('data-orientation', 'portrait');
    // The ticket is spent: the address bar holds the phone's screen, not the ticket.
    expect(screen.url()).not.toContain('ticket=');

    await screen.getByRole('button', { name: texts.rotate }).click();
    await expect(screen.getByTestId('phone-screen-orientation')).toHaveText(texts.landscape);
    await expect(screen.getByTestId('phone-screen')).toHaveAttribute('data-orientation', 'landscape');
    const box = await screen.locator('[data-testid="phone-screen"] svg').boundingBox();
    expect(box!.width).toBeGreaterThan(box!.height);

    // The wall's next screenshot shows the phone turned.
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth > img.naturalHeight), {
        timeout: 20_000,
      })
      .toBe(true);
    await screen.close();
    expect(consoleErrors).toEqual([]);
  });
}
