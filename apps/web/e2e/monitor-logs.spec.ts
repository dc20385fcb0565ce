/**
 * The operator's monitor logs (RuoYi's 操作日志 and 登录日志), in both languages: a customer's
 * write just made is found in the operation log and opened in detail, its secrets masked; the
 * customer's latest login is at the top of the login log.
 */
import { randomBytes } from 'node:crypto';
import { bearer, call, signedUpToken } from './accounts';
import { expect, test } from './fixtures';
import { signInOperator } from './operator';

const TEXT = {
  zh: { operlog: '操作日志', logininfor: '登录日志', update: '修改', success: '成功', signedIn: '登录成功' },
  en: {
    operlog: 'Operation log',
    logininfor: 'Login log',
    update: 'Update',
    success: 'Success',
    signedIn: 'Signed in',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`the operator finds a customer's write in the operation log and the latest login (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const text = TEXT[lang];
    // The customer signs up and logs in (a login attempt), then renames itself (a write).
    const customer = await signedUpToken(request);
    const nickname = `Journey ${randomBytes(3).toString('hex')}`;
    await call(request.put('/api/user/profile', { headers: bearer(customer.token), data: { nickname } }));

    await signInOperator(page, request, lang);
    await page.goto('/monitor/operlog');
    const operlog = page.getByTestId('page-operlog');
    // The first admin page loads the admin chunk and its strings.
    await expect(operlog.getByRole('heading', { name: text.operlog })).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('operlog-email').fill(customer.email);
    await page.getByTestId('operlog-search-submit').click();
    const row = page
      .getByTestId('operlog-table')
      .locator('tbody tr.ant-table-row', { hasText: '/api/user/profile' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text.update);
    await expect(row).toContainText(text.success);
    await row.getByTestId('operlog-details').click();
    const detail = page.getByTestId('operlog-detail');
    await expect(detail.getByTestId('operlog-params')).toContainText(nickname);
    await expect(detail).toContainText(customer.email);
    await expect(detail).toContainText('PUT');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    await page.goto('/monitor/logininfor');
    await expect(
      page.getByTestId('page-logininfor').getByRole('heading', { name: text.logininfor }),
    ).toBeVisible();
    await page.getByTestId('logininfor-email').fill(customer.email);
    await page.getByTestId('logininfor-search-submit').click();
    const latest = page.getByTestId('logininfor-table').locator('tbody tr.ant-table-row').first();
    await expect(latest).toContainText(customer.email);
    await expect(latest).toContainText(text.success);
    await expect(latest).toContainText(text.signedIn);
    expect(consoleErrors).toEqual([]);
  });
}
