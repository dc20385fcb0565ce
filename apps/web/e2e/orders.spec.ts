/**
 * Issue 5's orders and exports journey: a new customer's paid top-up is in the records' CSV export,
 * and the order list explains, in both languages, that orders come with the first purchase.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { signIn } from './accounts';
import { paidTopup } from './wallet';

test('a customer exports the top-up records and sees the empty order list (zh, en)', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { token } = await signIn(page, request);
  const no = await paidTopup(request, token, 100);

  await page.goto('/mesceter/topup');
  await expect(page.getByTestId('topups-table')).toContainText(no);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('topups-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^topups-\d{8}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain(no);

  await page.goto('/mesceter/order');
  await expect(page.getByTestId('orders-empty')).toContainText('暂无订单');
  await expect(page.getByTestId('orders-empty')).toContainText('订单会显示在这里');
  await expect(page.getByTestId('order-export')).toBeDisabled();

  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByTestId('orders-empty')).toContainText('No orders yet');
  await expect(page.getByTestId('orders-empty')).toContainText('Orders appear here after you buy');
  await expect(page.getByRole('columnheader', { name: 'Resource status' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
