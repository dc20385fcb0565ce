import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { routeTable, type RouteTable } from '../../../app/router';
import { i18n } from '../../../lib/i18n';
import { areaList } from '../../../lib/regions';
import { setToken, StorageKey, writeItem } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { networkFailure } from '../../../test/mock-adapter';
import { routerNode, serveSession, testUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { officeSite, serveBuyCatalog } from './test-catalog';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

function ListStub() {
  return <div data-testid="page-desktop-list-stub" />;
}

/** Signs in with a menu of the purchase page and the computer list (a stub), and opens /cloud/buy. */
async function openBuyPage(balance = '500.00', ready = 'buy-form') {
  const table: RouteTable = {
    ...routeTable,
    frame: () => Promise.resolve(Outlet),
    pages: { 'cloud/buy': routeTable.pages['cloud/buy']!, 'cloud/list': () => Promise.resolve(ListStub) },
  };
  setToken('tok');
  serveSession({
    user: testUser({ balance }),
    routers: [
      routerNode('/cloud/buy', 'cloud/buy', {
        meta: { title: 'cloudBuy', icon: null, noCache: true, link: null, permissions: [] },
      }),
      routerNode('/cloud/cloudLis', 'cloud/list'),
    ],
  });
  const view = renderApp('/cloud/buy', table);
  await screen.findByTestId(ready);
  return view;
}

const radio = (group: string, name: RegExp | string) =>
  within(screen.getByTestId(group)).getByRole('radio', { name }) as HTMLInputElement;
const priceQueries = () => fakeApi.requests('GET', '/describe_price').map((request) => request.query);
const lastPriceQuery = () => priceQueries().at(-1);

/** Waits until the price on screen is the quote of the form as it is now (Buy is on again). */
async function priceSettled() {
  await waitFor(() => expect(screen.getByTestId('buy-price').getAttribute('aria-busy')).toBe('false'));
  await waitFor(() => expect((screen.getByTestId('buy-submit') as HTMLButtonElement).disabled).toBe(false));
}

async function fillAndAgree() {
  fireEvent.change(screen.getByTestId('buy-name'), { target: { value: 'office' } });
  fireEvent.click(screen.getByTestId('buy-agreed'));
  await waitFor(() => expect((screen.getByTestId('buy-agreed') as HTMLInputElement).checked).toBe(true));
  await priceSettled();
}

beforeEach(() => {
  // The area list is kept in memory per page load; each test loads its own.
  areaList.reset();
});

// Whole-app renders with a dozen interactions each: more than the default 5 s on busy CI cores.
describe('DesktopBuyPage', { timeout: 20_000 }, () => {
  it('opens on the region with the most desktops, shows the counts, and stores the region chosen', async () => {
    serveBuyCatalog({
      desktopCounts: [
        { region_id: 1, count: 1 },
        { region_id: 2, count: 3 },
      ],
      lineCounts: [{ region_id: 2, count: 2 }],
    });
    await openBuyPage();
    await waitFor(() => expect(radio('buy-region', /新加坡/).checked).toBe(true));
    expect(radio('buy-region', /新加坡/).closest('label')?.textContent).toContain('云电脑 3 · 宽带 2');
    expect(radio('buy-region', /中国香港/).closest('label')?.textContent).toContain('云电脑 1 · 宽带 0');
    await waitFor(() => expect(lastPriceQuery()?.region_id).toBe(2));
    // The default becomes the stored region_id, which the other purchase forms start from.
    expect(window.localStorage.getItem(StorageKey.regionId)).toBe('2');

    fireEvent.click(radio('buy-region', /日本/));
    expect(window.localStorage.getItem(StorageKey.regionId)).toBe('3');
    await waitFor(() => expect(lastPriceQuery()?.region_id).toBe(3));
  });

  it('prefers the stored region_id over the counts', async () => {
    writeItem(StorageKey.regionId, '1');
    serveBuyCatalog({ desktopCounts: [{ region_id: 2, count: 5 }] });
    await openBuyPage();
    await waitFor(() => expect(radio('buy-region', /中国香港/).checked).toBe(true));
  });

  it('prices the form as it changes: defaults first, then the term, disk and quantity', async () => {
    serveBuyCatalog();
    await openBuyPage();
    await waitFor(() =>
      expect(lastPriceQuery()).toEqual({
        region_id: 1,
        bundle_id: 'b-2c4g',
        system_disk: 80,
        billing_method: 'subscription',
        period: 1,
        quantity: 1,
      }),
    );
    expect(await screen.findByTestId('buy-payable')).toHaveProperty('textContent', '$28.00');
    // A screen reader hears the new price as it changes.
    expect(screen.getByTestId('buy-price').getAttribute('aria-live')).toBe('polite');

    // The term shows its off-rate (0.9 → 9折) and is priced with its discount.
    const year = screen.getByTestId('buy-period-12');
    expect(year.closest('label')?.textContent).toBe('1 年9折');
    fireEvent.click(year);
    await waitFor(() => expect(lastPriceQuery()?.period).toBe(12));
    await waitFor(() => expect(screen.getByTestId('buy-payable').textContent).toBe('$302.40'));
    expect(screen.getByTestId('buy-original').textContent).toContain('$336.00');

    // A bundle with a larger default disk moves the disk with it.
    fireEvent.click(radio('buy-bundles', /4 核 8 GiB/));
    await waitFor(() => expect(lastPriceQuery()).toMatchObject({ bundle_id: 'b-4c8g', system_disk: 100 }));

    // Typing is priced once it settles, not per keystroke.
    const before = priceQueries().length;
    const quantity = screen.getByTestId('buy-quantity');
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.change(quantity, { target: { value: '30' } });
    await waitFor(() => expect(lastPriceQuery()?.quantity).toBe(30));
    expect(
      priceQueries()
        .slice(before)
        .map((query) => query.quantity),
    ).toEqual([30]);
  });

  it('raises the disk to what the image needs and keeps it on the 10 GiB steps', async () => {
    serveBuyCatalog();
    await openBuyPage();
    await waitFor(() => expect(lastPriceQuery()?.system_disk).toBe(80));
    const disk = screen.getByTestId('buy-disk') as HTMLInputElement;
    fireEvent.change(disk, { target: { value: '123' } });
    fireEvent.blur(disk);
    await waitFor(() => expect(lastPriceQuery()?.system_disk).toBe(120));

    // A custom image that needs 150 GiB.
    fireEvent.mouseDown(within(screen.getByTestId('buy-image')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('我的办公镜像'));
    await waitFor(() => expect(lastPriceQuery()?.system_disk).toBe(150));
    expect(screen.getByText('所选镜像至少需要 150 GiB')).toBeTruthy();
  });

  it('hides the term and auto-renewal for pay-as-you-go and shows the hourly price', async () => {
    serveBuyCatalog();
    await openBuyPage();
    await screen.findByTestId('buy-period');
    expect(screen.getByTestId('buy-auto-renew')).toBeTruthy();

    fireEvent.click(radio('buy-billing', /按量付费/));
    await waitFor(() => expect(screen.queryByTestId('buy-period')).toBeNull());
    expect(screen.queryByTestId('buy-auto-renew')).toBeNull();
    await waitFor(() => expect(lastPriceQuery()?.billing_method).toBe('payg'));
    expect(lastPriceQuery()).not.toHaveProperty('period');
    await waitFor(() => expect(screen.getByTestId('buy-payable').textContent).toBe('$0.050/小时'));
    expect(screen.getByTestId('buy-min-balance').textContent).toContain(
      '需账户余额至少 $0.050（一小时费用）',
    );

    fakeApi.ok('POST', '/user/desktop', { order: {}, desktop_ids: ['dt-1'], office_site_id: 'os-1' });
    await fillAndAgree();
    fireEvent.click(screen.getByTestId('buy-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', '/user/desktop')).toHaveLength(1));
    const body = fakeApi.requests('POST', '/user/desktop')[0]?.body as Record<string, unknown>;
    expect(body.billing_method).toBe('payg');
    expect(body).not.toHaveProperty('period');
    expect(body.auto_renew).toBe(false);
  });

  it('does not buy until the disclaimer is agreed', async () => {
    serveBuyCatalog();
    await openBuyPage();
    await waitFor(() => expect(lastPriceQuery()).toBeDefined());
    fireEvent.change(screen.getByTestId('buy-name'), { target: { value: 'office' } });
    fireEvent.click(screen.getByTestId('buy-submit'));

    expect(await screen.findByText('请先阅读并同意免责声明')).toBeTruthy();
    expect((await screen.findAllByText('请检查表单输入')).length).toBeGreaterThan(0);
    expect(fakeApi.requests('POST', '/user/desktop')).toEqual([]);
  });

  it('says the balance is short and opens the top-up from the shortcut', async () => {
    serveBuyCatalog();
    fakeApi.fail('POST', '/user/desktop', 422, '当前账户余额不足', { error_code: 'INSUFFICIENT_BALANCE' });
    await openBuyPage('10.00');
    await waitFor(() => expect(screen.getByTestId('buy-payable').textContent).toBe('$28.00'));
    // The balance next to the price already says it does not cover the purchase.
    expect(screen.getByTestId('buy-balance').textContent).toContain('$10.00');
    expect(screen.getByTestId('buy-balance-short').textContent).toBe('余额不足');

    await fillAndAgree();
    fireEvent.click(screen.getByTestId('buy-submit'));
    const outcome = await screen.findByTestId('buy-outcome');
    expect(outcome.textContent).toContain('当前账户余额不足');
    expect(outcome.textContent).toContain('本次需要 $28.00，当前余额 $10.00');

    fireEvent.click(within(outcome).getByTestId('buy-topup'));
    expect(await screen.findByTestId('topup-dialog-body')).toBeTruthy();
  });

  it('shows another refusal as a failed purchase with the server message', async () => {
    serveBuyCatalog();
    fakeApi.fail('POST', '/user/desktop', 409, '该镜像已下架', { error_code: 'RESOURCE_ACTION_FORBIDDEN' });
    await openBuyPage();
    await waitFor(() => expect(lastPriceQuery()).toBeDefined());
    await fillAndAgree();
    fireEvent.click(screen.getByTestId('buy-submit'));
    const outcome = await screen.findByTestId('buy-outcome');
    expect(outcome.textContent).toContain('购买失败');
    expect(outcome.textContent).toContain('该镜像已下架');
  });

  it('keeps Buy off while the price is catching up with the form, so only a price on screen is charged', async () => {
    serveBuyCatalog();
    await openBuyPage();
    await fillAndAgree();
    const buy = screen.getByTestId('buy-submit') as HTMLButtonElement;
    expect(buy.disabled).toBe(false);
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '3' } });
    await waitFor(() => expect(buy.disabled).toBe(true));
    fireEvent.click(buy);
    await waitFor(() => expect(lastPriceQuery()?.quantity).toBe(3));
    await priceSettled();
    expect(buy.disabled).toBe(false);
    expect(fakeApi.requests('POST', '/user/desktop')).toHaveLength(0);
  });

  it('says the result is unknown when no answer came, and reads the desktops and balance again', async () => {
    serveBuyCatalog();
    fakeApi.on('POST', '/user/desktop', () => {
      throw networkFailure();
    });
    await openBuyPage();
    await fillAndAgree();
    const userReads = fakeApi.requests('GET', '/user').length;
    fireEvent.click(screen.getByTestId('buy-submit'));
    const outcome = await screen.findByTestId('buy-outcome');
    expect(outcome.textContent).toContain('无法确认购买结果');
    expect(outcome.textContent).not.toContain('购买失败');
    await waitFor(() => expect(fakeApi.requests('GET', '/user').length).toBeGreaterThan(userReads));
  });

  it('shows why the price could not be had', async () => {
    serveBuyCatalog();
    fakeApi.fail('GET', '/describe_price', 404, '该地域暂不销售此套餐');
    await openBuyPage();
    const error = await screen.findByTestId('buy-price-error');
    expect(error.textContent).toContain('价格获取失败');
    expect(error.textContent).toContain('该地域暂不销售此套餐');
  });

  it('buys with an idempotency key and goes to the computer list', async () => {
    serveBuyCatalog({
      officeSites: [
        officeSite({
          office_site_id: 'os-free',
          name: 'Free network',
          region_id: 1,
          is_default: true,
          ip: null,
        }),
        officeSite({ office_site_id: 'os-paid', name: '总部专线', region_id: 1 }),
      ],
    });
    fakeApi.ok('POST', '/user/desktop', {
      order: { no: 'OD1' },
      desktop_ids: ['dt-1', 'dt-2'],
      office_site_id: 'os-paid',
    });
    const { router } = await openBuyPage();
    await waitFor(() => expect(lastPriceQuery()).toBeDefined());
    expect(radio('buy-network', /免费网络/).checked).toBe(true);
    fireEvent.click(
      await within(screen.getByTestId('buy-network')).findByRole('radio', { name: /总部专线/ }),
    );
    fireEvent.click(radio('buy-period', /3 个月/));
    fireEvent.click(screen.getByTestId('buy-auto-renew'));
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '2' } });
    await fillAndAgree();
    fireEvent.click(screen.getByTestId('buy-submit'));

    await screen.findByTestId('page-desktop-list-stub');
    expect(router.state.location.pathname).toBe('/cloud/cloudLis');
    const [request] = fakeApi.requests('POST', '/user/desktop');
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.body).toEqual({
      region_id: 1,
      office_site_id: 'os-paid',
      bundle_id: 'b-2c4g',
      image_id: 'img-ws2022',
      system_disk: 80,
      billing_method: 'subscription',
      period: 3,
      auto_renew: true,
      quantity: 2,
      name: 'office',
      agreed: true,
    });
  });

  it('renders in English with off-rates as percentages', async () => {
    await i18n.changeLanguage('en-US');
    serveBuyCatalog({ desktopCounts: [{ region_id: 1, count: 2 }] });
    await openBuyPage();
    expect(screen.getByRole('heading', { name: 'Buy cloud computers' })).toBeTruthy();
    await waitFor(() =>
      expect(radio('buy-region', /Hong Kong/).closest('label')?.textContent).toContain(
        'Computers 2 · Lines 0',
      ),
    );
    expect(screen.getByTestId('buy-period-12').closest('label')?.textContent).toBe('1 year10% off');
    expect(screen.getByTestId('buy-agreed').closest('label')?.textContent).toContain('I have read and agree');
    await waitFor(() => expect(screen.getByTestId('buy-payable').textContent).toBe('$28.00'));
    expect(screen.getByTestId('buy-submit').textContent).toContain('Buy now');
  });

  it('says so when no region is on sale', async () => {
    serveBuyCatalog();
    fakeApi.ok('GET', '/describe_regions', []);
    await openBuyPage('500.00', 'buy-no-regions');
    expect(screen.queryByTestId('buy-form')).toBeNull();
  });

  it('says so when the region has no bundles, and Buy stays off', async () => {
    serveBuyCatalog({ bundles: [] });
    await openBuyPage();
    expect(await screen.findByTestId('buy-bundles-empty')).toBeTruthy();
    expect((screen.getByTestId('buy-submit') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => undefined);
  });
});
