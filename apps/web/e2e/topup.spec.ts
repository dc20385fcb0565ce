/**
 * Issue 5's journey: a customer tops up $100 through the sandbox gateway, in both languages, and
 * sees the payment succeed, the balance become $110.00 (10 % first-recharge bonus) and the records.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { bearer, call, signIn, signedUpToken } from './accounts';

const TEXTS = {
  zh: { succeeded: '支付成功', topup: '充值', bonus: '首充赠送' },
  en: { succeeded: 'Payment succeeded', topup: 'Top-up', bonus: 'First top-up bonus' },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`a customer tops up $100 with the sandbox gateway (${lang})`, async ({
    page,
    context,
    request,
    consoleErrors,
  }) => {
    await page.addInitScript((value) => window.localStorage.setItem('lang', value), lang);
    await signIn(page, request);
    await page.goto('/index');

    await page.getByTestId('topup-open').click();
    // The defaults of spec §5: $100, stablecoin.
    await page.getByTestId('topup-pay').click();
    const dialog = page.getByTestId('payment-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toContainText('100');
    await expect(page.getByTestId('payment-countdown')).toContainText(/(?:09:[0-5]\d|10:00)/);

    // The QR's payer page, opened as a phone would after scanning it.
    const [payer] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('payment-open-payer').click(),
    ]);
    // The QR carries the order's signed link: the page opens for whoever scans it.
    expect(new URL(payer.url()).searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
    await payer.getByTestId('sandbox-pay').click();
    await expect(payer.getByTestId('sandbox-paid')).toBeVisible();
    await payer.close();

    // The dialog polls every 4 s, then says so, refreshes the user and closes.
    await expect(page.getByText(TEXTS[lang].succeeded)).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toBeHidden();
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-balance')).toContainText('110.00');
    await page.keyboard.press('Escape');

    await page.goto('/mesceter/topup');
    await expect(page.getByTestId('topups-table')).toContainText('110.00');

    // The bill list shows both ledger movements, newest first: the bonus, then the top-up.
    await page.goto('/mesceter/bill');
    const rows = page.getByTestId('bills-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(TEXTS[lang].bonus);
    await expect(rows.nth(0)).toContainText('10.00');
    await expect(rows.nth(1)).toContainText(TEXTS[lang].topup);
    await expect(rows.nth(1)).toContainText('100.00');
    expect(consoleErrors).toEqual([]);
  });
}

test('a guessed order number opens nothing; the signed link opens the payer page without a session', async ({
  page,
  request,
}) => {
  const { token } = await signedUpToken(request);
  const order = await call<{ no: string; pay_info: { qrcode: string } }>(
    request.post('/api/orders', {
      headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      data: { money: 20, pay_type: 2 },
    }),
  );
  // This browser has no session: the number alone shows what an unknown number shows.
  await page.goto(`/pay/sandbox/${order.no}`);
  await expect(page.getByTestId('sandbox-not-found')).toBeVisible();
  await expect(page.getByTestId('sandbox-pay')).toHaveCount(0);

  const link = new URL(order.pay_info.qrcode);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('sandbox-paid')).toBeVisible();
});
