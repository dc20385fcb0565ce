/**
 * Issue 22's statistics journey, in both languages: a customer buys a desktop and renews it (through
 * the API, as the purchase journeys cover the forms), then reads the spend on the spending
 * statistics page and on the home page, and the desktop's order history in its detail drawer.
 */
import type { Desktop } from '@cloudbay/contracts';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { bearer, bearerWithKey, call, signIn } from './accounts';
import { useLanguage, type Lang } from './desktops';
import { paidTopup } from './wallet';

const TEXTS = {
  zh: { title: '消费统计', history: '订单记录', thisMonth: '本月' },
  en: { title: 'Spending statistics', history: 'Order history', thisMonth: 'This month' },
} as const;

const cents = (amount: string) => Math.round(Number(amount) * 100);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A subscription desktop bought and, once made, renewed for a month: the two orders' numbers and amounts. */
async function boughtAndRenewed(request: APIRequestContext, token: string, name: string) {
  const regions = await call<{ id: number }[]>(request.get('/api/describe_regions'));
  const bought = await call<{ order: { no: string; paid_amount: string }; desktop_ids: string[] }>(
    request.post('/api/user/desktop', {
      headers: bearerWithKey(token),
      data: {
        region_id: regions[0]!.id,
        bundle_id: 'b-general-2c4g',
        image_id: 'img-ubuntu-2204',
        billing_method: 'subscription',
        period: 1,
        quantity: 1,
        name,
        agreed: true,
      },
    }),
  );
  const desktopId = bought.desktop_ids[0]!;
  await expect
    .poll(
      async () => {
        const page = await call<{ list: Desktop[] }>(
          request.get('/api/user/desktop', { headers: bearer(token), params: { page: 1, limit: 10 } }),
        );
        return page.list.find((desktop) => desktop.desktop_id === desktopId)?.resource_status;
      },
      { timeout: 90_000 },
    )
    .toBe('created');
  const renewed = await call<{ order: { no: string; paid_amount: string } }>(
    request.put(`/api/user/desktop/${desktopId}/renew`, {
      headers: bearerWithKey(token),
      data: { period: 1 },
    }),
  );
  return { desktopId, orders: [renewed.order, bought.order] };
}

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`a customer reads this month's spend and a desktop's order history (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(240_000);
    const texts = TEXTS[lang];
    await useLanguage(page, lang);
    const { token } = await signIn(page, request);
    await paidTopup(request, token, 300);
    const name = `stats-${lang}-${Date.now().toString(36)}`;
    const { orders } = await boughtAndRenewed(request, token, name);
    const spent = dollars(orders.reduce((sum, order) => sum + cents(order.paid_amount), 0));

    await page.goto('/mesceter/statistics');
    await expect(page.getByRole('heading', { name: texts.title })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('statistics-this-month')).toContainText(spent);
    await expect(page.getByTestId('spend-type-desktop')).toContainText(spent);
    // A new customer's subscription desktop has no metered traffic: the card says so.
    await expect(page.getByTestId('statistics-no-traffic')).toBeVisible();
    await expect(page.getByTestId('statistics-regions')).toBeVisible();

    await page.goto('/index');
    await expect(page.getByTestId('home-spending-this-month')).toHaveText(spent, { timeout: 60_000 });
    await expect(page.getByTestId('home-spending')).toContainText(texts.thisMonth);

    await page.goto('/cloud/cloudLis');
    await page.getByTestId('desktop-name').filter({ hasText: name }).first().click();
    const drawer = page.getByTestId('desktop-detail');
    await expect(drawer).toContainText(texts.history);
    const history = drawer.getByTestId('resource-order-history');
    await expect(history.locator('tbody tr.ant-table-row')).toHaveCount(2, { timeout: 30_000 });
    for (const order of orders) await expect(history).toContainText(order.no);
    await expect(history.locator('tbody tr.ant-table-row').first()).toContainText(
      dollars(cents(orders[0]!.paid_amount)),
    );
    expect(consoleErrors).toEqual([]);
  });
}
