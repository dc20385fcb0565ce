import { test as base, expect } from '@playwright/test';

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
