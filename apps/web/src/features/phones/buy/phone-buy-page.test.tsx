import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { routeTable, type RouteTable } from '../../../app/router';
import { i18n } from '../../../lib/i18n';
import { phRegions } from '../../../lib/regions';
import { readItem, setToken, StorageKey } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { routerNode, serveSession, testUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { servePhoneCatalog } from '../test-phones';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

/** The list as a stub that shows what the purchase handed over. */
function ListStub() {
  const location = useLocation();
  return <div data-testid="phone-list-stub">{JSON.stringify(location.state)}</div>;
}

async function openBuyPage(balance = '500.00') {
  const table: RouteTable = {
    ...routeTable,
    frame: () => Promise.resolve(Outlet),
    pages: { 'phone/buy': routeTable.pages['phone/buy']!, 'phone/list': () => Promise.resolve(ListStub) },
  };
  setToken('tok');
  serveSession({
    user: testUser({ balance }),
    routers: [routerNode('/phone/buyph', 'phone/buy'), routerNode('/phone/list', 'phone/list')],
  });
  const view = renderApp('/phone/buyph', table);
  // The catalogue's answers come in one after the other before the form shows.
  await screen.findByTestId('phone-buy-form', undefined, { timeout: 15_000 });
  return view;
}

const priceQueries = () => fakeApi.requests('GET', '/ph/ph_price').map((request) => request.query);
const radio = (group: string, name: RegExp | string) =>
  within(screen.getByTestId(group)).getByRole('radio', { name }) as HTMLInputElement;

async function priceSettled() {
  await waitFor(() => expect(screen.getByTestId('buy-price').getAttribute('aria-busy')).toBe('false'));
  await waitFor(() => expect((screen.getByTestId('buy-submit') as HTMLButtonElement).disabled).toBe(false));
}

async function fillAndAgree() {
  fireEvent.change(screen.getByTestId('phone-buy-name'), { target: { value: 'live' } });
  fireEvent.click(screen.getByTestId('buy-agreed'));
  await waitFor(() => expect((screen.getByTestId('buy-agreed') as HTMLInputElement).checked).toBe(true));
  await priceSettled();
}

// The page's chunk is large: load it once before the first test waits for it.
beforeAll(() => import('./phone-buy-page'), 30_000);

beforeEach(() => {
  phRegions.reset();
});

describe('PhoneBuyPage', { timeout: 40_000 }, () => {
  it('prices the first spec, then follows the spec, term and quantity chosen (with the phones’ off-rate)', async () => {
    servePhoneCatalog();
    await openBuyPage();
    await waitFor(() => expect(screen.getByTestId('buy-payable').textContent).toBe('$10.00'));
    expect(priceQueries()[0]).toEqual({
      region_id: 11,
      spec_id: 'acp.basic.small',
      billing_method: 'subscription',
      period: 1,
      quantity: 1,
    });
    // The 3-month term shows the phones' discount (ph_discount 0.9), not the desktops' (0.95).
    expect(radio('buy-period', /3 个月/).closest('label')?.textContent).toBe('3 个月9折');

    fireEvent.click(radio('phone-buy-specs', /专业型/));
    fireEvent.click(radio('buy-period', /3 个月/));
    fireEvent.change(screen.getByTestId('phone-buy-quantity'), { target: { value: '2' } });
    // 20 × 3 × 2 = 120, 10 % off.
    await waitFor(() => expect(screen.getByTestId('buy-payable').textContent).toBe('$108.00'));
    expect(priceQueries().at(-1)).toEqual({
      region_id: 11,
      spec_id: 'acp.pro.large',
      billing_method: 'subscription',
      period: 3,
      quantity: 2,
    });
    expect(screen.getByTestId('buy-original').textContent).toContain('$120.00');
    // The chosen region is remembered for the next purchase (spec §9 region_id).
    fireEvent.click(radio('phone-buy-regions', /新加坡/));
    await waitFor(() => expect(readItem(StorageKey.regionId)).toBe('12'));
  });

  it('refuses to buy before the disclaimer is agreed, then buys with an Idempotency-Key and opens the list', async () => {
    servePhoneCatalog();
    fakeApi.ok('POST', '/user/ph/phone', {
      order: { id: 1, no: 'PH1' },
      phone_ids: ['ph-000001', 'ph-000002'],
    });
    await openBuyPage();
    fireEvent.change(screen.getByTestId('phone-buy-name'), { target: { value: 'live' } });
    await priceSettled();
    fireEvent.click(screen.getByTestId('buy-submit'));
    expect(await screen.findByText('请先阅读并同意免责声明', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(fakeApi.requests('POST', '/user/ph/phone')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('phone-buy-quantity'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('buy-payable').textContent).toBe('$20.00'));
    fireEvent.click(screen.getByTestId('buy-agreed'));
    await waitFor(() => expect((screen.getByTestId('buy-agreed') as HTMLInputElement).checked).toBe(true));
    await priceSettled();
    fireEvent.click(screen.getByTestId('buy-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', '/user/ph/phone')).toHaveLength(1), {
      timeout: 5_000,
    });
    await screen.findByTestId('phone-list-stub', undefined, { timeout: 5_000 });
    const [purchase] = fakeApi.requests('POST', '/user/ph/phone');
    expect(purchase?.body).toEqual({
      region_id: 11,
      spec_id: 'acp.basic.small',
      image_id: 'android-12',
      billing_method: 'subscription',
      period: 1,
      auto_renew: false,
      quantity: 2,
      name: 'live',
      agreed: true,
    });
    expect(purchase?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByTestId('phone-list-stub').textContent).toContain('ph-000002');
  });

  it('sends the group and pay-as-you-go without a term, and asks for a name of 2–30 characters', async () => {
    servePhoneCatalog();
    fakeApi.ok('POST', '/user/ph/phone', { order: { id: 2, no: 'PH2' }, phone_ids: ['ph-000003'] });
    await openBuyPage();
    fireEvent.click(screen.getByTestId('buy-billing-payg'));
    await waitFor(() => expect(screen.getByTestId('buy-payable').textContent).toContain('$0.020'));
    fireEvent.mouseDown(within(screen.getByTestId('phone-buy-group')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('直播组'));
    fireEvent.change(screen.getByTestId('phone-buy-name'), { target: { value: 'x' } });
    expect(await screen.findByText('名称长度须为 2–30 个字符')).toBeTruthy();
    await fillAndAgree();
    fireEvent.click(screen.getByTestId('buy-submit'));
    await screen.findByTestId('phone-list-stub');
    expect(fakeApi.requests('POST', '/user/ph/phone')[0]?.body).toMatchObject({
      billing_method: 'payg',
      auto_renew: false,
      group_id: 7,
      name: 'live',
    });
    expect(fakeApi.requests('POST', '/user/ph/phone')[0]?.body).not.toHaveProperty('period');
  });

  it('says 当前账户余额不足 with a top-up shortcut when the balance does not cover the phones', async () => {
    servePhoneCatalog();
    fakeApi.fail('POST', '/user/ph/phone', 422, '当前账户余额不足', { error_code: 'INSUFFICIENT_BALANCE' });
    await openBuyPage('5.00');
    await waitFor(() => expect(screen.getByTestId('buy-payable').textContent).toBe('$10.00'));
    expect(screen.getByTestId('buy-balance-short').textContent).toBe('余额不足');
    await fillAndAgree();
    fireEvent.click(screen.getByTestId('buy-submit'));
    const outcome = await screen.findByTestId('buy-outcome');
    expect(outcome.textContent).toContain('当前账户余额不足');
    expect(outcome.textContent).toContain('本次需要 $10.00，当前余额 $5.00');
    fireEvent.click(within(outcome).getByTestId('buy-topup'));
    expect(await screen.findByTestId('topup-dialog-body')).toBeTruthy();
  });

  it('reads in English on an English page', async () => {
    await i18n.changeLanguage('en-US');
    servePhoneCatalog();
    await openBuyPage();
    await waitFor(() => expect(screen.getByTestId('buy-payable').textContent).toBe('$10.00'));
    expect(screen.getByTestId('phone-buy-section-region').textContent).toContain('Region and spec');
    expect(radio('phone-buy-specs', /Basic/)).toBeTruthy();
    expect(screen.getByTestId('buy-submit').textContent).toContain('Buy now');
    expect(radio('buy-period', /3 months/).closest('label')?.textContent).toContain('10% off');
  });
});
