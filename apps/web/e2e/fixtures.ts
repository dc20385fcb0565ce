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

// antd's opening motions (a dialog's zoom, a select list's slide) leave `-appear`/`-enter`
// classes on their panel until they are over.
const OPENING = /-(appear|enter)\b/;

/**
 * Clicks a button of an antd dialog or pop-confirm once its zoom-in is over. That motion first
 * shows the panel at full size for a frame or two, then shrinks it and grows it back: on a busy
 * machine a click aimed at the full-size button can land beside the shrunken panel and do nothing
 * (CI: a force-logout OK that sent no request).
 */
export async function clickInSettledDialog(page: Page, button: Locator): Promise<void> {
  await expect(button).toBeVisible();
  const panel = page.locator('.ant-modal, .ant-popover').filter({ has: button });
  if ((await panel.count()) > 0) await expect(panel).not.toHaveClass(OPENING);
  await button.click();
}

/**
 * Picks the option showing `label` (without one, the first option that can be picked) from the open
 * select list once its slide-in is over. A click during the slide can land on the moving list and
 * pick nothing, leaving it open over the form (CI: the adjustment dialog's customer, the data-scope
 * dialog). Only the open list counts: a closed one stays in the page, hidden, with the same options.
 */
export async function pickOption(page: Page, label?: string | RegExp): Promise<void> {
  const options =
    label === undefined
      ? page.locator('.ant-select-item-option:not(.ant-select-item-option-disabled)')
      : page.locator('.ant-select-item-option').filter({ hasText: label });
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').filter({ has: options });
  const option = list.locator(options).first();
  await expect(option).toBeVisible();
  await expect(list).not.toHaveClass(OPENING);
  await option.click();
}
