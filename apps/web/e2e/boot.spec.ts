import { signIn } from './accounts';
import { expect, test } from './fixtures';

test.describe('the app boots', () => {
  test('the API answers health and readiness', async ({ request }) => {
    const health = await request.get('/api/healthz');
    expect(health.ok()).toBe(true);
    expect(await health.json()).toMatchObject({ code: 200, success: true, data: { status: 'up' } });

    const ready = await request.get('/api/readyz');
    expect((await ready.json()).data.status).toBe('ready');
  });

  test('the API documentation is served', async ({ page, consoleErrors }) => {
    await page.goto('/api/docs');
    await expect(page.getByText('/api/config/{key}')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('an anonymous visitor is sent to log in, the page kept for later', async ({ page, consoleErrors }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL(/\/login\?redirect=\/no\/such\/page%3Fx%3D1$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown page shows the 404 page in Chinese by default', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await signIn(page, request);
    await page.goto('/no/such/page');
    const notFound = page.getByTestId('page-not-found');
    await expect(notFound).toBeVisible();
    await expect(notFound).toContainText('404');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(notFound).toContainText(/[\u4e00-\u9fff]/);
    expect(consoleErrors).toEqual([]);
  });

  test('the 404 page follows the stored language (en)', async ({ page, request, consoleErrors }) => {
    await signIn(page, request);
    await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
    await page.goto('/no/such/page');
    const notFound = page.getByTestId('page-not-found');
    await expect(notFound).toBeVisible();
    await expect(notFound).not.toContainText(/[\u4e00-\u9fff]/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    expect(consoleErrors).toEqual([]);
  });

  test('the 401 page renders in both languages', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/401');
    await expect(page.getByTestId('page-unauthorized')).toContainText(/[\u4e00-\u9fff]/);
    await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
    await page.reload();
    await expect(page.getByTestId('page-unauthorized')).not.toContainText(/[\u4e00-\u9fff]/);
  });
});
