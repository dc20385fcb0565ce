import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * `test` with `consoleErrors`: every console error and uncaught page error of the test's page
 * (a CSP violation, a failed chunk, a React error). Journeys assert it stays empty.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(errors);
  },
});

export { expect };

/**
 * Clicks a button of an antd dialog or pop-confirm once its zoom-in is over. That motion first
 * shows the panel at full size for a frame or two, then shrinks it and grows it back: on a busy
 * machine a click aimed at the full-size button can land beside the shrunken panel and do nothing
 * (CI: a force-logout OK that sent no request).
 */
export async function clickInSettledDialog(page: Page, button: Locator): Promise<void> {
  await expect(button).toBeVisible();
  const panel = page.locator('.ant-modal, .ant-popover').filter({ has: button });
  if ((await panel.count()) > 0) await expect(panel).not.toHaveClass(/-(appear|enter)\b/);
  await button.click();
}
