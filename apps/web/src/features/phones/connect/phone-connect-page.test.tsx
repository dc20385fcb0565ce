import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Phone, PhoneTicketEntry } from '@cloudbay/contracts';
import { getToken, setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { WALL_REFRESH_MS } from './screenshot-wall';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

function testPhone(extra: Partial<Phone> = {}): Phone {
  return {
    id: 'ph-1',
    name: 'farm-1',
    display_name: null,
    status: 'running',
    key_pair_id: null,
    group_id: null,
    order_id: 1,
    instance_id: 'acp-1',
    region_id: 1,
    spec_id: 'ph.basic.2c4g',
    disk: 32,
    memory: 4,
    cpu: 2,
    billing_method: 'subscription',
    expired_at: '2026-12-01T00:00:00.000Z',
    network_type: 'default',
    brand: null,
    model: null,
    resolution: '720x1280',
    orientation: null,
    feature_level: null,
    image_id: 'ph-img-android13',
    private_ip: '10.0.0.8',
    auto_renew: false,
    hourly_price: null,
    created_at: '2026-11-01T00:00:00.000Z',
    actions: ['stop', 'restart', 'reset'],
    ...extra,
  } as Phone;
}

const PHONES = [testPhone(), testPhone({ id: 'ph-2', name: 'farm-2', instance_id: 'acp-2' })];

function servePhones(phones: Phone[] = PHONES) {
  fakeApi.ok('GET', '/user/ph/phone', { list: phones, total: phones.length, page: 1, limit: 20 });
  for (const phone of phones) {
    fakeApi.on('GET', `/user/ph/phone/${phone.id}/screenshot`, {
      data: new Blob([`<svg xmlns="http://www.w3.org/2000/svg"><text>${phone.name}</text></svg>`], {
        type: 'image/svg+xml',
      }),
      headers: { 'content-type': 'image/svg+xml' },
    });
  }
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

afterEach(() => {
  visibility = 'visible';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shots = (phoneId: string) => fakeApi.requests('GET', `/user/ph/phone/${phoneId}/screenshot`).length;

async function openWall() {
  setToken('customer-token');
  servePhones();
  renderApp('/phoneconnet');
  await screen.findByTestId('phone-connect-table');
  fireEvent.click(screen.getByText('截图墙'));
  await waitFor(() => expect(screen.getAllByTestId('phone-wall-shot')).toHaveLength(2));
}

describe('PhoneConnectPage', () => {
  it('asks a visitor without a session to sign in, and asks the API nothing', async () => {
    renderApp('/phoneconnet');
    expect(await screen.findByTestId('phone-connect-sign-in')).toBeTruthy();
    expect(screen.getByText('去登录').closest('a')?.getAttribute('href')).toBe(
      '/login?redirect=/phoneconnet',
    );
    expect(fakeApi.requests('GET', '/user/ph/phone')).toEqual([]);
  });

  it('takes a session handed over in the query, as /moneryContro does, and drops it from the address', async () => {
    servePhones();
    const { router } = renderApp('/phoneconnet?token=handed-token&loginToken=upstream&isSon=1');
    await screen.findByTestId('phone-connect-table');
    expect(router.state.location.pathname).toBe('/phoneconnet');
    expect(router.state.location.search).toBe('');
    expect(getToken()).toBe('handed-token');
    expect(window.localStorage.getItem('loginToken')).toBe('upstream');
    const [list] = fakeApi.requests('GET', '/user/ph/phone');
    expect(list?.headers.authorization).toBe('Bearer handed-token');
    // Only running phones are asked for.
    expect(list?.query).toMatchObject({ status: 'running', page: 1, limit: 20 });
    expect(await screen.findByText('farm-2')).toBeTruthy();
  });

  it('shows the wall’s thumbnails and takes them again every few seconds only while the page is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openWall();
    const wall = screen.getByTestId('phone-wall');
    expect(within(wall).getByText('farm-1')).toBeTruthy();
    expect(screen.getAllByTestId('phone-wall-shot')[0]!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('phone-wall-state').textContent).toBe('每 5 秒刷新一次截图，页面不可见时暂停');
    const first = shots('ph-1');

    await act(() => vi.advanceTimersByTimeAsync(WALL_REFRESH_MS + 100));
    await waitFor(() => expect(shots('ph-1')).toBe(first + 1));

    act(() => setVisibility('hidden'));
    expect(screen.getByTestId('phone-wall-state').textContent).toBe('页面不可见，截图已暂停刷新');
    const whileHidden = shots('ph-1');
    await act(() => vi.advanceTimersByTimeAsync(WALL_REFRESH_MS * 4));
    expect(shots('ph-1')).toBe(whileHidden);
    expect(shots('ph-2')).toBe(whileHidden);

    act(() => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(WALL_REFRESH_MS + 100));
    await waitFor(() => expect(shots('ph-1')).toBeGreaterThan(whileHidden));
  });

  it('connects from a thumbnail: a ticket for that phone opens its screen in the tab opened at the click', async () => {
    await openWall();
    const tab = { closed: false, opener: {}, location: { replace: vi.fn() }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const entry: PhoneTicketEntry = {
      phone_id: 'ph-2',
      ok: true,
      ticket: 'acp-2.secret',
      expire_time: '2026-11-01T00:02:00.000Z',
      connect_url: '/api/sim/phone/screen?ticket=acp-2.secret&lang=zh-CN',
      code: null,
      message: null,
    };
    fakeApi.ok('POST', '/user/ph/phone/connection_ticket', { results: [entry] });

    fireEvent.click(within(screen.getByTestId('phone-wall-ph-2')).getByTestId('phone-wall-connect'));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(entry.connect_url));
    expect(tab.opener).toBeNull();
    expect(
      fakeApi.requests('POST', '/user/ph/phone/connection_ticket').map((request) => request.body),
    ).toEqual([{ phone_ids: ['ph-2'] }]);
  });

  it('closes the tab and says why when the phone cannot be connected to', async () => {
    setToken('customer-token');
    servePhones();
    renderApp('/phoneconnet');
    await screen.findByText('farm-1');
    const tab = { closed: false, opener: {}, location: { replace: vi.fn() }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    fakeApi.ok('POST', '/user/ph/phone/connection_ticket', {
      results: [
        {
          phone_id: 'ph-1',
          ok: false,
          ticket: null,
          expire_time: null,
          connect_url: null,
          code: 'PHONE_NOT_RUNNING',
          message: '云手机未在运行，请先开机',
        },
      ],
    });
    fireEvent.click(screen.getByTestId('phone-connect-ph-1'));
    expect(await screen.findByText('云手机未在运行，请先开机')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it('says so when no phone runs, and shows the server’s reason to a customer without the phone flag', async () => {
    setToken('customer-token');
    servePhones([]);
    const { unmount } = renderApp('/phoneconnet');
    expect(await screen.findByText('暂无运行中的云手机')).toBeTruthy();
    expect(screen.getByTestId('phone-connect-to-list').getAttribute('href')).toBe('/phone/list');
    unmount();

    fakeApi.fail('GET', '/user/ph/phone', 403, '云手机功能暂未对您的账户开放，请联系客服开通', {
      error_code: 'PHONE_ACCESS_DENIED',
    });
    renderApp('/phoneconnet');
    const denied = await screen.findByTestId('phone-connect-denied');
    expect(denied.textContent).toContain('云手机功能暂未对您的账户开放');
  });
});
