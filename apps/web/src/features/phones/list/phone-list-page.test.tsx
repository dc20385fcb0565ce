import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../../lib/i18n';
import { LIVE_REFRESH_MS } from '../../../lib/live-refresh';
import { phRegions } from '../../../lib/regions';
import { readItem, StorageKey } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { chooseOption, openListPage, tableRows } from '../../../test/list-page';
import { PHONE_GROUPS, PHONE_REGIONS, servePhones, testPhone } from '../test-phones';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const openPhones = () =>
  openListPage({ path: '/phone/list', component: 'phone/list', pageTestId: 'page-phones' });
const rows = () => tableRows('phones-table');
const listRequests = () => fakeApi.requests('GET', '/user/ph/phone');
const STOPPED = ['start', 'reset', 'rename', 'renew', 'auto_renew', 'upgrade'] as const;

beforeAll(() => import('./phone-list-page'), 30_000);

beforeEach(() => {
  phRegions.reset();
  fakeApi.ok('GET', '/ph/regions', PHONE_REGIONS);
  fakeApi.ok('GET', '/user/ph/phone_data/group', PHONE_GROUPS);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PhoneListPage', { timeout: 40_000 }, () => {
  it('lists the phones with status, spec, region, group and billing, and sends the filters', async () => {
    servePhones([
      testPhone(1, { display_name: '主播 A', group_id: 7 }),
      testPhone(2, { status: 'stopped', actions: [...STOPPED], billing_method: 'payg', expired_at: null }),
    ]);
    await openPhones();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('中国香港'));
    const [first, second] = [...rows()].map((row) => row.textContent ?? '');
    expect(first).toContain('phone-1');
    expect(first).toContain('主播 A');
    expect(first).toContain('运行中');
    expect(first).toContain('2 核 / 4 GiB / 32 GiB');
    expect(first).toContain('直播组');
    expect(first).toContain('包年包月');
    expect(second).toContain('已关机');
    expect(second).toContain('未分组');
    expect(second).toContain('按量付费');
    expect(listRequests()[0]?.query).toEqual({ page: 1, limit: 20 });

    const search = screen.getByTestId('phone-search');
    fireEvent.change(within(search).getByPlaceholderText('请输入名称'), { target: { value: ' live ' } });
    await chooseOption('phone-filter-status', '已关机');
    await chooseOption('phone-filter-region', '新加坡');
    await chooseOption('phone-filter-group', '直播组');
    await chooseOption('phone-filter-billing', '按量付费');
    fireEvent.click(screen.getByTestId('phone-search-submit'));
    await waitFor(() =>
      expect(listRequests().at(-1)?.query).toEqual({
        page: 1,
        limit: 20,
        name: 'live',
        status: 'stopped',
        region_id: 12,
        group_id: 7,
        billing_method: 'payg',
      }),
    );
  });

  it('shows the phones as cards when chosen, and remembers the choice', async () => {
    servePhones([testPhone(1, { group_id: 7 }), testPhone(2, { status: 'creating', actions: [] })]);
    await openPhones();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(screen.getByTestId('phone-view')).getByText('卡片'));
    const cards = await screen.findAllByTestId('phone-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('phone-1');
    expect(cards[0]?.textContent).toContain('直播组');
    expect(cards[1]?.textContent).toContain('创建中');
    expect(screen.queryByTestId('phones-table')).toBeNull();
    expect(readItem(StorageKey.phoneListView)).toBe('cards');
    // A card's checkbox selects the phone for the batch actions.
    fireEvent.click(within(cards[0]!).getByTestId('phone-card-select'));
    expect(screen.getByTestId('phone-batch-count').textContent).toBe('已选择 1 台');
  });

  it('asks again while a phone is changing, and stops once all have settled', async () => {
    // Fake timers from the start: the list's refresh timer is set with them.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'starting' | 'running' = 'starting';
    fakeApi.on('GET', '/user/ph/phone', () => ({
      data: {
        code: 200,
        msg: '',
        success: true,
        data: { list: [testPhone(1, { status })], total: 1, page: 1, limit: 20 },
      },
    }));
    await openPhones();
    await waitFor(() => expect(rows()[0]?.textContent).toContain('开机中'));
    const asked = listRequests().length;
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(listRequests()).toHaveLength(asked + 1));

    status = 'running';
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('运行中'));
    const settled = listRequests().length;
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3));
    expect(listRequests()).toHaveLength(settled);
  });

  it('restarts a selection after confirming and lists the phones that refused', async () => {
    servePhones([testPhone(1), testPhone(2, { status: 'stopped', actions: [...STOPPED] })]);
    fakeApi.ok('POST', '/user/ph/phone/action', {
      results: [
        { phone_id: 'ph-000001', ok: true, status: 'rebooting', code: null, message: null },
        {
          phone_id: 'ph-000002',
          ok: false,
          status: null,
          code: 'RESOURCE_ACTION_FORBIDDEN',
          message: '云手机未运行',
        },
      ],
    });
    await openPhones();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const batchRestart = screen.getByTestId('phone-batch-restart') as HTMLButtonElement;
    expect(batchRestart.disabled).toBe(true);
    for (const row of rows()) fireEvent.click(within(row as HTMLElement).getByRole('checkbox'));
    await waitFor(() => expect(batchRestart.disabled).toBe(false));
    fireEvent.click(batchRestart);
    fireEvent.click(await screen.findByTestId('phone-confirm-ok'));
    const summary = await screen.findByTestId('phone-result-summary');
    expect(summary.textContent).toContain('成功 1 台，失败 1 台');
    const results = within(screen.getByTestId('phone-result-table')).getAllByRole('row').slice(1);
    expect(results[0]?.textContent).toContain('phone-2');
    expect(results[0]?.textContent).toContain('云手机未运行');
    expect(fakeApi.requests('POST', '/user/ph/phone/action')[0]?.body).toEqual({
      action: 'restart',
      phone_ids: ['ph-000001', 'ph-000002'],
    });
  });

  it('resets only once the confirmation word is typed', async () => {
    servePhones([testPhone(1)]);
    fakeApi.ok('POST', '/user/ph/phone/action', {
      results: [{ phone_id: 'ph-000001', ok: true, status: 'resetting', code: null, message: null }],
    });
    await openPhones();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('phone-more'));
    fireEvent.click(await screen.findByTestId('phone-action-reset'));
    const dialog = await screen.findByTestId('phone-reset-dialog', undefined, { timeout: 5_000 });
    expect(dialog.textContent).toContain('清空云手机内的全部应用和数据');
    const ok = screen.getByTestId('phone-reset-ok') as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('phone-reset-input'), { target: { value: 'reset' } });
    expect(ok.disabled).toBe(true);
    fireEvent.click(ok);
    expect(fakeApi.requests('POST', '/user/ph/phone/action')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('phone-reset-input'), { target: { value: 'RESET' } });
    await waitFor(() => expect(ok.disabled).toBe(false));
    fireEvent.click(ok);
    await waitFor(() =>
      expect(fakeApi.requests('POST', '/user/ph/phone/action')[0]?.body).toEqual({
        action: 'reset',
        phone_ids: ['ph-000001'],
      }),
    );
  });

  it('renews at the price shown, with an Idempotency-Key', async () => {
    servePhones([testPhone(1)]);
    fakeApi.ok('GET', '/user/u_period_discount', [
      { id: 1, unit: 'month', period: 1, discount: 1, ph_discount: 1 },
      { id: 2, unit: 'month', period: 3, discount: 0.95, ph_discount: 0.9 },
    ]);
    fakeApi.on('GET', '/user/ph/phone/ph-000001/renew_price', (request) => ({
      data: {
        code: 200,
        msg: '',
        success: true,
        data: {
          billing_method: 'subscription',
          period: Number(request.query.period),
          quantity: 1,
          unit_price: '10.00',
          hourly_price: '0.020',
          original_price: '30.00',
          discount: 0.9,
          discount_amount: '3.00',
          payable_price: Number(request.query.period) === 3 ? '27.00' : '10.00',
          min_balance: '10.00',
        },
      },
    }));
    fakeApi.ok('POST', '/user/ph/phone/ph-000001/renew', { order: { id: 3 }, phone: testPhone(1) });
    await openPhones();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('phone-more'));
    fireEvent.click(await screen.findByTestId('phone-action-renew'));
    await screen.findByTestId('phone-renew-dialog', undefined, { timeout: 5_000 });
    // Three months cost more than the balance ($12.50): the shortfall is said, and nothing is payable.
    fireEvent.click(await screen.findByTestId('phone-renew-period-3'));
    await waitFor(() => expect(screen.getByTestId('phone-renew-price-due').textContent).toBe('$27.00'));
    expect(document.body.textContent).toContain('当前账户余额不足');
    expect((screen.getByTestId('phone-renew-pay') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('phone-renew-period-1'));
    await waitFor(() => expect(screen.getByTestId('phone-renew-price-due').textContent).toBe('$10.00'));
    const pay = screen.getByTestId('phone-renew-pay') as HTMLButtonElement;
    await waitFor(() => expect(pay.disabled).toBe(false));
    expect(pay.textContent).toContain('$10.00');
    fireEvent.click(pay);
    await waitFor(() => expect(fakeApi.requests('POST', '/user/ph/phone/ph-000001/renew')).toHaveLength(1));
    const [renew] = fakeApi.requests('POST', '/user/ph/phone/ph-000001/renew');
    expect(renew?.body).toEqual({ period: 1 });
    expect(renew?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads in English on an English page', async () => {
    await i18n.changeLanguage('en-US');
    servePhones([testPhone(1)]);
    await openPhones();
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Running'));
    expect(rows()[0]?.textContent).toContain('2 vCPU / 4 GiB / 32 GiB');
    expect(screen.getByTestId('phone-batch-reset').textContent).toContain('Factory reset');
    expect(screen.getByRole('columnheader', { name: 'Region' })).toBeTruthy();
  });

  it('shows how each phone goes online: its IP and network, and the proxy it uses', async () => {
    await i18n.changeLanguage('en-US');
    servePhones([
      testPhone(1, {
        eip_id: 'eip-1',
        eip_address: '47.74.1.2',
        network_type: 'un-farm',
        proxy: {
          source: 'residential',
          id: 'px-1',
          type: 'socks5',
          host: '153.142.0.9',
          port: 1080,
          country: 'JP',
          city: 'Tokyo',
        },
      }),
      testPhone(2, {
        proxy: {
          source: 'own',
          id: 'op-1',
          type: 'http',
          host: 'proxy.example.net',
          port: 3128,
          country: null,
          city: null,
        },
      }),
      testPhone(3),
    ]);
    await openPhones();
    await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 10_000 });
    const [first, second, third] = Array.from(
      rows(),
      (row) => within(row as HTMLElement).getByTestId('phone-network').textContent,
    );
    expect(first).toContain('47.74.1.2');
    expect(first).toContain('un-farm');
    expect(first).toContain('Residential');
    expect(first).toContain('Japan · Tokyo');
    expect(second).toContain('Default network');
    expect(second).toContain('HTTP proxy.example.net:3128');
    expect(third).toContain('No proxy');
  });
});
