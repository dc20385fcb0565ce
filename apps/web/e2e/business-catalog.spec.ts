/**
 * Issue 18, catalogue and prices: the operator changes a desktop type's upstream cost on
 * /business/catalog, previews the customer's quote before saving, saves, and the customer's quote
 * on the buy page becomes the previewed one; takes a desktop family off sale with its switch and the
 * family leaves the customer's buy page.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { OPERATOR, bearer, call, loggedInToken, signIn } from './accounts';
import { choose, dollarsIn, shownDollars, useLanguage, type Lang } from './desktops';
import { expect, test, clickInSettledDialog } from './fixtures';
import { signInOperator } from './operator';

const TYPE = 'eds.general.2c4g';

const TEXT = {
  zh: {
    tab: '桌面规格',
    saved: '已保存，新的报价立即生效',
    notice: '价格修改只影响新的报价',
    families: '套餐系列',
    graphics: '图形型',
    offSale: '已下架',
  },
  en: {
    tab: 'Desktop types',
    saved: 'Saved; new quotes use it at once',
    notice: 'A price change affects new quotes only',
    families: 'Bundle families',
    graphics: 'Graphics',
    offSale: 'Taken off sale',
  },
} as const;

/** What the buy page quotes for the first region, a 1-month subscription of the first bundle. */
async function buyPageQuote(page: Page): Promise<bigint> {
  await page.goto('/cloud/buy');
  await expect(page.getByTestId('buy-form')).toBeVisible();
  await choose(page.getByTestId('buy-region').getByRole('radio').first());
  await choose(page.getByTestId('buy-billing-subscription'));
  await choose(page.getByTestId('buy-bundles').getByRole('radio').first());
  await choose(page.getByTestId('buy-period-1'));
  await expect(page.getByTestId('buy-price')).toHaveAttribute('aria-busy', 'false');
  return shownDollars(page.getByTestId('buy-payable'));
}

/** A customer of its own on the buy page, in `lang`. */
async function customerPage(browser: Browser, request: APIRequestContext, lang: Lang) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLanguage(page, lang);
  await signIn(page, request);
  return { page, close: () => context.close() };
}

/**
 * A journey's start: two browsers (operator and customer) and a build's worth of pages, so more
 * time; the operator's API token, and a customer of its own in `lang`.
 */
async function journeyStart(browser: Browser, request: APIRequestContext, lang: Lang) {
  test.setTimeout(120_000);
  const token = await loggedInToken(request, OPERATOR.email, OPERATOR.password);
  return { text: TEXT[lang], token, customer: await customerPage(browser, request, lang) };
}

interface FamilyRow {
  id: number;
  key: string;
  enabled: boolean;
}

interface TypeRow {
  id: number;
  typeId: string;
  monthlyCost: string;
}

async function desktopType(request: APIRequestContext, token: string): Promise<TypeRow> {
  const page = await call<{ list: TypeRow[] }>(
    request.get('/api/business/catalog/desktop-type/list', {
      headers: bearer(token),
      params: { bundleType: 'general', limit: 50 },
    }),
  );
  return page.list.find((row) => row.typeId === TYPE)!;
}

// One after the other: both languages change the same type's price and the same family.
test.describe.configure({ mode: 'serial' });

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`an operator changes a desktop type's price and the customer's quote follows (${lang})`, async ({
    browser,
    page,
    consoleErrors,
    request,
  }) => {
    const { text, token, customer } = await journeyStart(browser, request, lang);
    const original = await desktopType(request, token);
    const newCost = lang === 'zh' ? '23.5' : '27';
    try {
      const before = await buyPageQuote(customer.page);

      await signInOperator(page, request, lang);
      await page.goto('/business/catalog');
      await expect(page.getByTestId('catalog-new-quotes-only')).toContainText(text.notice);
      await page.getByTestId('catalog-tab-desktopType').click();
      await expect(page.getByTestId('catalog-tab-desktopType')).toHaveText(text.tab);
      const row = page
        .getByTestId('catalog-desktopType-table')
        .locator('tbody tr.ant-table-row')
        .filter({ hasText: TYPE });
      await row.getByTestId(`catalog-desktopType-edit-${original.id}`).click();

      const dialog = page.getByTestId('catalog-edit-dialog');
      await expect(dialog.getByTestId('catalog-field-monthlyCost')).toHaveValue(original.monthlyCost);
      await dialog.getByTestId('catalog-field-monthlyCost').fill(newCost);
      // The preview: the customer's quote now and after saving, for the same configuration.
      await dialog.getByTestId('catalog-preview-run').click();
      const now = dollarsIn((await dialog.getByTestId('catalog-preview-now-payable').textContent()) ?? '');
      const after = dollarsIn(
        (await dialog.getByTestId('catalog-preview-after-payable').textContent()) ?? '',
      );
      expect(now).toBe(before);
      expect(after).not.toBe(before);

      await dialog.getByTestId('catalog-edit-save').click();
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(`$${newCost}`);

      // The customer's next quote is the previewed one.
      expect(await buyPageQuote(customer.page)).toBe(after);
      expect(consoleErrors).toEqual([]);
    } finally {
      await customer.close();
      // Back to the seed's price, for the journeys that follow.
      await call(
        request.put(`/api/business/catalog/desktop-type/${original.id}`, {
          headers: bearer(token),
          data: { monthlyCost: original.monthlyCost },
        }),
      );
    }
  });

  test(`an operator takes a desktop family off sale and it leaves the customer's buy page (${lang})`, async ({
    browser,
    page,
    consoleErrors,
    request,
  }) => {
    const { text, token, customer } = await journeyStart(browser, request, lang);
    const families = await call<{ list: FamilyRow[] }>(
      request.get('/api/business/catalog/bundle-type/list', { headers: bearer(token) }),
    );
    const graphics = families.list.find((row) => row.key === 'graphics')!;
    expect(graphics.enabled).toBe(true);
    try {
      await customer.page.goto('/cloud/buy');
      await choose(customer.page.getByTestId('buy-region').getByRole('radio').first());
      await expect(customer.page.getByTestId('buy-bundle-type')).toContainText(text.graphics);

      await signInOperator(page, request, lang);
      await page.goto('/business/catalog');
      await page.getByTestId('catalog-tab-bundleType').click();
      await expect(page.getByTestId('catalog-tab-bundleType')).toHaveText(text.families);
      const toggle = page.getByTestId(`catalog-bundleType-enabled-${graphics.id}`);
      await expect(toggle).toBeChecked();
      await toggle.click();
      // Nothing changes before the confirmation.
      await clickInSettledDialog(page, page.getByTestId('confirm-ok'));
      await expect(page.getByText(text.offSale).first()).toBeVisible();
      await expect(toggle).not.toBeChecked();

      // The customer's buy page no longer offers the family.
      await customer.page.reload();
      await choose(customer.page.getByTestId('buy-region').getByRole('radio').first());
      await expect(customer.page.getByTestId('buy-bundle-type')).toBeVisible();
      await expect(customer.page.getByTestId('buy-bundle-type')).not.toContainText(text.graphics);
      expect(consoleErrors).toEqual([]);
    } finally {
      await customer.close();
      // Back on sale, for the journeys that follow.
      await call(
        request.put(`/api/business/catalog/bundle-type/${graphics.id}`, {
          headers: bearer(token),
          data: { enabled: true },
        }),
      );
    }
  });
}
