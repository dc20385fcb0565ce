import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CatalogBundle, CatalogDesktopType, CatalogRegion, PriceQuote } from '@cloudbay/contracts';
import { fakeApi } from '../../../../test/fake-api';
import { openListPage, servePagedList, tableRows } from '../../../../test/list-page';

vi.mock('../../../../lib/request', (original) =>
  import('../../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const region: CatalogRegion = {
  id: 1,
  kind: 'desktop',
  wyRegionId: 'cn-hongkong',
  nameZh: '中国香港',
  nameEn: 'China (Hong Kong)',
  sort: 1,
  enabled: true,
  priceFactorPercent: 100,
};
const type: CatalogDesktopType = {
  id: 7,
  typeId: 'eds.general.2c4g',
  bundleType: 'general',
  cpu: 2,
  memoryGib: 4,
  gpuGib: null,
  monthlyCost: '16',
  hourlyCost: '0.036',
  enabled: true,
  sort: 1,
};
const preset: CatalogBundle = {
  id: 3,
  bundleId: 'b-general-2c4g',
  desktopType: 'eds.general.2c4g',
  bundleType: 'general',
  nameZh: '通用型 2核4G',
  nameEn: 'General 2 vCPU 4 GiB',
  descriptionZh: '',
  descriptionEn: '',
  defaultImageId: null,
  defaultSystemDiskGib: 80,
  enabled: true,
  sort: 1,
};
const quote = (payable: string): PriceQuote => ({
  billing_method: 'subscription',
  period: 1,
  quantity: 1,
  unit_price: payable,
  hourly_price: '0.055',
  original_price: payable,
  discount: 1,
  discount_amount: '0.00',
  payable_price: payable,
  min_balance: '0.00',
});

function serveCatalog() {
  servePagedList('/business/catalog/region/list', [region], () => true);
  servePagedList('/business/catalog/desktop-type/list', [type], () => true);
  servePagedList('/business/catalog/bundle-type/list', [], () => true);
  servePagedList('/business/catalog/bundle/list', [preset], () => true);
  servePagedList('/business/catalog/image/list', [], () => true);
  fakeApi.ok('PUT', '/business/catalog/bundle/3', { ...preset, defaultSystemDiskGib: 120 });
  servePagedList(
    '/business/catalog/discount/list',
    [{ id: 1, unit: 'month', period: 1, discountPercent: '100', phDiscountPercent: '100' }],
    () => true,
  );
  fakeApi.ok('PUT', '/business/catalog/region/1', { ...region, enabled: false });
  fakeApi.ok('PUT', '/business/catalog/desktop-type/7', { ...type, monthlyCost: '20' });
  fakeApi.ok('POST', '/business/catalog/preview', {
    current: quote('26.88'),
    currentError: null,
    pending: quote('32.48'),
    pendingError: null,
  });
}

/** The tabs, lists and dialog load on demand: longer than testing-library's second. */
const SLOW = { timeout: 10_000 };

const openCatalog = (permissions: string[]) =>
  openListPage({
    path: '/business/catalog',
    component: 'business/catalog',
    pageTestId: 'page-business-catalog',
    permissions,
  });

describe('CatalogPage', { timeout: 40_000 }, () => {
  it('takes a region off sale after a confirmation, and says new quotes only', async () => {
    serveCatalog();
    await openCatalog(['business:catalog:list', 'business:catalog:edit']);
    expect(screen.getByTestId('catalog-new-quotes-only').textContent).toContain('价格修改只影响新的报价');
    await waitFor(() => expect(tableRows('catalog-region-table')).toHaveLength(1), SLOW);
    fireEvent.click(await screen.findByTestId('catalog-region-enabled-1'));
    // Nothing is saved before the confirmation.
    expect(fakeApi.requests('PUT')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(fakeApi.requests('PUT', '/business/catalog/region/1')).toHaveLength(1));
    expect(fakeApi.requests('PUT', '/business/catalog/region/1')[0]!.body).toEqual({ enabled: false });
  });

  it('previews and saves only the changed price of a desktop type', async () => {
    serveCatalog();
    await openCatalog(['business:catalog:list', 'business:catalog:edit']);
    fireEvent.click(await screen.findByTestId('catalog-tab-desktopType', {}, SLOW));
    fireEvent.click(await screen.findByTestId('catalog-desktopType-edit-7', {}, SLOW));
    const dialog = await screen.findByTestId('catalog-edit-dialog', {}, SLOW);
    const cost = await within(dialog).findByTestId('catalog-field-monthlyCost', {}, SLOW);
    await waitFor(() => expect((cost as HTMLInputElement).value).toBe('16'));
    fireEvent.change(cost, { target: { value: '20' } });
    // The preview's configuration starts on the edited type, in the first region.
    await waitFor(() =>
      expect(within(dialog).getByTestId('catalog-preview-region').textContent).toContain('中国香港'),
    );
    fireEvent.click(within(dialog).getByTestId('catalog-preview-run'));
    await waitFor(() => expect(fakeApi.requests('POST', '/business/catalog/preview')).toHaveLength(1), {
      timeout: 5000,
    });
    expect((await within(dialog).findByTestId('catalog-preview-after-payable', {}, SLOW)).textContent).toBe(
      '$32.48',
    );
    expect(within(dialog).getByTestId('catalog-preview-now-payable').textContent).toBe('$26.88');
    expect(fakeApi.requests('POST', '/business/catalog/preview')[0]!.body).toEqual({
      config: {
        product: 'desktop',
        regionId: 1,
        desktopType: 'eds.general.2c4g',
        billingMethod: 'subscription',
        period: 1,
        quantity: 1,
      },
      change: { area: 'desktopType', id: 7, patch: { monthlyCost: '20' } },
    });
    fireEvent.click(screen.getByTestId('catalog-edit-save'));
    await waitFor(() => expect(fakeApi.requests('PUT', '/business/catalog/desktop-type/7')).toHaveLength(1));
    expect(fakeApi.requests('PUT', '/business/catalog/desktop-type/7')[0]!.body).toEqual({
      monthlyCost: '20',
    });
  });

  it('edits a bundle preset: previews the preset as the buy page quotes it, saves only the change', async () => {
    serveCatalog();
    await openCatalog(['business:catalog:list', 'business:catalog:edit']);
    fireEvent.click(await screen.findByTestId('catalog-tab-bundle', {}, SLOW));
    await waitFor(() => expect(tableRows('catalog-bundle-table')).toHaveLength(1), SLOW);
    fireEvent.click(await screen.findByTestId('catalog-bundle-edit-3', {}, SLOW));
    const dialog = await screen.findByTestId('catalog-edit-dialog', {}, SLOW);
    const disk = await within(dialog).findByTestId('catalog-field-defaultSystemDiskGib', {}, SLOW);
    await waitFor(() => expect((disk as HTMLInputElement).value).toBe('80'));
    fireEvent.change(disk, { target: { value: '120' } });
    await waitFor(() =>
      expect(within(dialog).getByTestId('catalog-preview-bundle').textContent).toContain('通用型 2核4G'),
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId('catalog-preview-region').textContent).toContain('中国香港'),
    );
    fireEvent.click(within(dialog).getByTestId('catalog-preview-run'));
    await waitFor(() => expect(fakeApi.requests('POST', '/business/catalog/preview')).toHaveLength(1), {
      timeout: 5000,
    });
    expect(fakeApi.requests('POST', '/business/catalog/preview')[0]!.body).toEqual({
      config: {
        product: 'desktop',
        regionId: 1,
        bundleId: 'b-general-2c4g',
        billingMethod: 'subscription',
        period: 1,
        quantity: 1,
      },
      change: { area: 'bundle', id: 3, patch: { defaultSystemDiskGib: 120 } },
    });
    fireEvent.click(screen.getByTestId('catalog-edit-save'));
    await waitFor(() => expect(fakeApi.requests('PUT', '/business/catalog/bundle/3')).toHaveLength(1));
    expect(fakeApi.requests('PUT', '/business/catalog/bundle/3')[0]!.body).toEqual({
      defaultSystemDiskGib: 120,
    });
  });

  it('shows no switch or edit link without the edit permission', async () => {
    serveCatalog();
    await openCatalog(['business:catalog:list']);
    await waitFor(() => expect(tableRows('catalog-region-table')).toHaveLength(1), SLOW);
    expect(screen.queryByTestId('catalog-region-enabled-1')).toBeNull();
    expect(screen.queryByTestId('catalog-region-edit-1')).toBeNull();
    expect(tableRows('catalog-region-table')[0]!.textContent).toContain('已上架');
  });
});
