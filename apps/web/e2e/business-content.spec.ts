import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { OPERATOR, bearer, call, loggedInToken } from './accounts';
import { expect, test } from './fixtures';
import { DEMO_CUSTOMER, openAs, signInOperator, type Lang } from './operator';

/** A 1×1 PNG: the upload checks the bytes and re-encodes them, so it must be a real image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

// A banner every customer's home shows: one language after the other, in the site-wide project.
test.describe.configure({ mode: 'serial' });

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`an operator adds a banner with an image and the customer's home shows it (${lang})`, ({
    page,
    browser,
    request,
    consoleErrors,
  }) => addBannerJourney({ page, browser, request, consoleErrors }, lang));
}

interface Journey {
  page: Page;
  browser: Browser;
  request: APIRequestContext;
  consoleErrors: string[];
}

/** The operator adds a banner through the page; the demo customer's home shows it; it goes again. */
async function addBannerJourney({ page, browser, request, consoleErrors }: Journey, lang: Lang) {
  test.setTimeout(120_000);
  const tag = `${lang}${Date.now().toString(36)}`;
  const titles = { zh: `年终特惠 ${tag}`, en: `Year-end sale ${tag}` };
  const operator = await signInOperator(page, request, lang);

  await page.goto('/business/content');
  await expect(page.getByTestId('content-banner-table')).toBeVisible();
  await page.getByTestId('content-banner-add').click();
  const dialog = page.getByTestId('banner-dialog');
  await dialog.getByTestId('content-field-titleZh').fill(titles.zh);
  await dialog.getByTestId('content-field-titleEn').fill(titles.en);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'sale.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByTestId('image-upload').locator('img')).toBeVisible();
  // The preview is the customer's slide, in either language.
  const preview = dialog.getByTestId('content-preview');
  await expect(preview).toContainText(titles.zh);
  await preview
    .getByTestId('content-preview-language')
    .getByText(lang === 'zh' ? '英文预览' : 'English preview')
    .click();
  await expect(preview).toContainText(titles.en);
  await page.getByTestId('banner-dialog-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('content-banner-table').getByRole('row', { name: new RegExp(tag) });
  await expect(row.getByTestId('content-thumbnail')).toBeVisible();

  // The demo customer's home shows it at once, in the customer's language, with the uploaded picture.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await openAs(
    customer,
    request,
    await loggedInToken(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password),
    lang,
  );
  await customer.goto('/index');
  const slide = customer.getByTestId('home-banners').getByText(titles[lang]).first();
  await expect(slide).toBeAttached();
  const images = await customer
    .getByTestId('home-banners')
    .locator('img')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).getAttribute('src')));
  expect(images.some((src) => src?.startsWith('/api/common/files/'))).toBe(true);
  await customerContext.close();

  // Taken away again, so other journeys' homes are as they expect them.
  const banners = await call<{ list: { id: number; titleEn: string }[] }>(
    request.get(`/api/business/content/banner?keyword=${encodeURIComponent(tag)}`, {
      headers: bearer(operator),
    }),
  );
  for (const banner of banners.list) {
    await request.delete(`/api/business/content/banner/${banner.id}`, { headers: bearer(operator) });
  }
  expect(consoleErrors).toEqual([]);
}

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`the operator's dashboard shows its figures (${lang})`, async ({ page, request, consoleErrors }) => {
    await signInOperator(page, request, lang, OPERATOR);
    await page.goto('/business/dashboard');
    for (const card of ['topups', 'consumption', 'new-customers', 'liability', 'arrears', 'gateway']) {
      await expect(page.getByTestId(`dashboard-${card}`)).toBeVisible();
    }
    // The demo customer's money is part of what the business holds.
    await expect(page.getByTestId('dashboard-liability')).not.toContainText('$0.00');
    await page
      .getByTestId('dashboard-range')
      .getByText(lang === 'zh' ? '近 30 天' : '30 days')
      .click();
    await expect(page.getByTestId('dashboard-chart')).toBeVisible();
    await expect(page.getByTestId('dashboard-top-customers')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}
