/**
 * Issue 18, orders and top-ups: the operator refunds part of the demo customer's order and the
 * customer sees the refund in the bills; the operator reads a top-up's callback history.
 */
import { OPERATOR, bearer, call, loggedInToken } from './accounts';
import { expect, test } from './fixtures';
import { DEMO_CUSTOMER, openAs, signInOperator, type Lang } from './operator';
import { paidTopup } from './wallet';

const TEXT = {
  zh: { refunded: '已退款到客户余额', valid: '有效', credited: '已入账' },
  en: { refunded: "Refunded to the customer's balance", valid: 'Valid', credited: 'Credited' },
} as const;

// Both languages refund the same demo order: one after the other.
test.describe.configure({ mode: 'serial' });

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`the operator refunds part of an order and reads a top-up's callbacks (${lang})`, async ({
    page,
    browser,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const customer = await loggedInToken(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const orders = await call<{ list: Array<{ no: string; paid_amount: string; refunded_amount: string }> }>(
      request.get('/api/user/order?limit=50', { headers: bearer(customer) }),
    );
    const order = orders.list.find((o) => Number(o.paid_amount) - Number(o.refunded_amount) >= 1);
    expect(order, 'the demo customer has an order with $1 left to refund').toBeDefined();
    const reason = `Goodwill ${lang} ${Date.now().toString(36)}`;

    // The operator finds the order by number and refunds $1.00 of it.
    await signInOperator(page, request, lang, OPERATOR);
    await page.goto('/business/order');
    await page.getByTestId('business-order-no').fill(order!.no);
    await page.getByTestId('business-order-search-submit').click();
    const row = page.getByTestId('business-order-table').getByRole('row', { name: new RegExp(order!.no) });
    await expect(row).toContainText(DEMO_CUSTOMER.email);
    await row.getByTestId('business-order-refund').click();
    const dialog = page.getByTestId('order-refund');
    const refundable = (Number(order!.paid_amount) - Number(order!.refunded_amount)).toFixed(2);
    await expect(dialog.getByTestId('order-refund-amount')).toHaveValue(refundable);
    await dialog.getByTestId('order-refund-amount').fill('1.00');
    await dialog.getByTestId('order-refund-reason').fill(reason);
    await page.getByTestId('order-refund-submit').click();
    await expect(page.getByText(TEXT[lang].refunded)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The order's details list the refund with its reason and the operator.
    await row.getByTestId('business-order-details').click();
    const refunds = page.getByTestId('business-order-refunds');
    await expect(refunds).toContainText(reason);
    await expect(refunds).toContainText(OPERATOR.email);
    await page.keyboard.press('Escape');

    // The customer sees it in the bills, newest first.
    const context = await browser.newContext();
    const customerPage = await context.newPage();
    await openAs(customerPage, request, customer, lang);
    await customerPage.goto('/mesceter/bill');
    const newest = customerPage.getByTestId('bills-table').locator('tbody tr.ant-table-row').first();
    await expect(newest).toContainText(reason);
    await expect(newest).toContainText('1.00');
    await context.close();

    // A top-up paid through the sandbox: its callback history shows the signed callback, credited.
    const no = await paidTopup(request, customer, 5);
    await page.goto('/business/topup');
    await expect(page.getByTestId('topup-gateways')).toContainText('sandbox');
    await page.getByTestId('topup-filter-no').fill(no);
    await page.getByTestId('topup-search-submit').click();
    const topupRow = page.getByTestId('business-topup-table').getByRole('row', { name: new RegExp(no) });
    await expect(topupRow).toContainText(DEMO_CUSTOMER.email);
    await topupRow.getByTestId('topup-details').click();
    const callbacks = page.getByTestId('topup-callbacks');
    await expect(callbacks.getByTestId('topup-callback-signature')).toHaveText(TEXT[lang].valid);
    await expect(callbacks.getByTestId('topup-callback-verdict')).toHaveText(TEXT[lang].credited);
    expect(consoleErrors).toEqual([]);
  });
}
