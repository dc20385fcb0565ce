import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Phone } from '@cloudbay/contracts';
import { phRegions } from '../../../lib/regions';
import { fakeApi } from '../../../test/fake-api';
import { openListPage, tableRows } from '../../../test/list-page';
import { testPhone as toolPhone } from '../operations/test-phone';
import { PHONE_GROUPS, PHONE_REGIONS, servePhones, testPhone } from '../test-phones';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const openPhones = () =>
  openListPage({ path: '/phone/list', component: 'phone/list', pageTestId: 'page-phones' });
const rows = () => tableRows('phones-table');
const STOPPED = ['start', 'reset', 'rename', 'renew', 'auto_renew', 'upgrade'] as const;
const TOOLS = ['run_command', 'adb', 'import_contacts', 'replace'] as const;
/** A running phone without a key pair, with what the server then offers (tools included). */
const running = (index: number, overrides: Partial<Phone> = {}) =>
  testPhone(index, { actions: toolPhone().actions, ...overrides });

/** The row's "More" menu item of `key`, and whether it can be chosen. */
async function menuItem(key: string) {
  const label = await screen.findByTestId(`phone-action-${key}`);
  const item = label.closest('li')!;
  return { label, enabled: item.getAttribute('aria-disabled') !== 'true' };
}

async function openMenuOf(phone: Phone) {
  servePhones([phone]);
  await openPhones();
  await waitFor(() => expect(rows()).toHaveLength(1));
  fireEvent.click(screen.getByTestId('phone-more'));
}

beforeAll(() => import('./phone-list-page'), 30_000);

beforeEach(() => {
  phRegions.reset();
  fakeApi.ok('GET', '/ph/regions', PHONE_REGIONS);
  fakeApi.ok('GET', '/user/ph/phone_data/group', PHONE_GROUPS);
  fakeApi.ok('GET', '/ph/replace/country', [
    { code: 'US', name: '美国', name_zh: '美国', name_en: 'United States' },
  ]);
  fakeApi.ok('GET', '/ph/fake_ph/brand', [{ brand: 'samsung', name: 'Samsung' }]);
  fakeApi.ok('GET', '/ph/fake_ph/ph', []);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the phone list’s tools', { timeout: 40_000 }, () => {
  it('offers every tool and Connect on a running phone', async () => {
    await openMenuOf(running(1));
    for (const key of TOOLS) expect((await menuItem(key)).enabled, key).toBe(true);
    expect((screen.getByTestId('phone-connect') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the device each phone presents, which a replacement changes', async () => {
    servePhones([running(1, { brand: 'samsung', model: 'Galaxy S24', resolution: '1080x2340' }), running(2)]);
    await openPhones();
    await waitFor(() => expect(rows()).toHaveLength(2));
    // The brand by its display name once the names have arrived (the cloud reports `samsung`).
    await waitFor(() =>
      expect(screen.getAllByTestId('phone-device').map((cell) => cell.textContent)).toEqual([
        'Samsung Galaxy S24',
        '—',
      ]),
    );
    expect(rows()[0]?.textContent).toContain('1080x2340');
  });

  it('offers only device replacement on a stopped phone, and no Connect', async () => {
    await openMenuOf(testPhone(1, { status: 'stopped', actions: [...STOPPED] }));
    expect((await menuItem('run_command')).enabled).toBe(false);
    expect((await menuItem('adb')).enabled).toBe(false);
    expect((await menuItem('import_contacts')).enabled).toBe(false);
    expect((await menuItem('replace')).enabled).toBe(true);
    expect((screen.getByTestId('phone-connect') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers no tool on a phone being created', async () => {
    await openMenuOf(testPhone(1, { status: 'creating', actions: [] }));
    for (const key of TOOLS) expect((await menuItem(key)).enabled, key).toBe(false);
  });

  it.each([
    ['run_command', 'phone-command-input'],
    ['adb', 'phone-adb-key-required'],
    ['import_contacts', 'phone-contacts-import'],
    ['replace', 'phone-replace-body'],
  ])('opens the %s tool for the row’s phone', async (key, testId) => {
    await openMenuOf(running(1));
    fireEvent.click((await menuItem(key)).label);
    expect(await screen.findByTestId(testId, undefined, { timeout: 10_000 })).toBeTruthy();
    if (key === 'replace')
      expect(screen.getByTestId('phone-replace-targets').textContent).toContain('phone-1');
  });

  it('refetches the list when ADB is switched on in its dialog', async () => {
    await openMenuOf(testPhone(1, { key_pair_id: 'kp-1', actions: ['stop', 'restart', 'enable_adb'] }));
    fakeApi.ok('POST', '/user/ph/phone/ph-000001/enable_adb', {
      adb_address: '10.0.0.2:5555',
      phone: testPhone(1, { key_pair_id: 'kp-1', adb_enabled: true, adb_address: '10.0.0.2:5555' }),
    });
    fireEvent.click((await menuItem('adb')).label);
    const before = fakeApi.requests('GET', '/user/ph/phone').length;
    fireEvent.click(await screen.findByTestId('phone-adb-enable', undefined, { timeout: 10_000 }));
    expect((await screen.findByTestId('phone-adb-address')).textContent).toContain('10.0.0.2:5555');
    await waitFor(() => expect(fakeApi.requests('GET', '/user/ph/phone').length).toBeGreaterThan(before));
  });

  it('asks the list again while the cloud confirms ADB, and shows the address once it has', async () => {
    const withKey = running(1, { key_pair_id: 'kp-1', actions: ['stop', 'restart', 'enable_adb'] });
    await openMenuOf(withKey);
    fakeApi.ok('POST', '/user/ph/phone/ph-000001/enable_adb', { adb_address: null, phone: withKey });
    fireEvent.click((await menuItem('adb')).label);
    const enable = await screen.findByTestId('phone-adb-enable', undefined, { timeout: 10_000 });
    const before = fakeApi.requests('GET', '/user/ph/phone').length;
    fireEvent.click(enable);
    // The refetch right after the answer still finds no address; only asking again finds it.
    await waitFor(() => expect(fakeApi.requests('GET', '/user/ph/phone').length).toBeGreaterThan(before));
    const asked = fakeApi.requests('GET', '/user/ph/phone').length;
    servePhones([{ ...withKey, adb_enabled: true, adb_address: '47.100.1.2:40123', actions: ['close_adb'] }]);
    const address = await screen.findByTestId('phone-adb-address', undefined, { timeout: 8_000 });
    expect(address.textContent).toContain('47.100.1.2:40123');
    expect(fakeApi.requests('GET', '/user/ph/phone').length).toBeGreaterThan(asked);
    // Once the address is there the list is not asked again for it.
    const settled = fakeApi.requests('GET', '/user/ph/phone').length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(fakeApi.requests('GET', '/user/ph/phone').length).toBe(settled);
  });

  it('replaces a selection from the batch actions', async () => {
    servePhones([running(1), testPhone(2, { status: 'stopped', actions: [...STOPPED] })]);
    await openPhones();
    await waitFor(() => expect(rows()).toHaveLength(2));
    for (const row of rows()) fireEvent.click(within(row as HTMLElement).getByRole('checkbox'));
    const batch = screen.getByTestId('phone-batch-dialog:replace') as HTMLButtonElement;
    await waitFor(() => expect(batch.disabled).toBe(false));
    fireEvent.click(batch);
    const targets = await screen.findByTestId('phone-replace-targets', undefined, { timeout: 10_000 });
    expect(targets.textContent).toContain('phone-1');
    expect(targets.textContent).toContain('phone-2');
  });

  it('connects to a running phone: its ticket opens the screen in the tab opened at the click', async () => {
    servePhones([running(1)]);
    await openPhones();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const tab = { closed: false, opener: {}, location: { replace: vi.fn() }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const url = '/api/sim/phone/screen?ticket=acp-1.secret&lang=zh-CN';
    fakeApi.ok('POST', '/user/ph/phone/connection_ticket', {
      results: [
        {
          phone_id: 'ph-000001',
          ok: true,
          ticket: 'acp-1.secret',
          expire_time: '2026-11-01T00:02:00.000Z',
          connect_url: url,
          code: null,
          message: null,
        },
      ],
    });
    fireEvent.click(screen.getByTestId('phone-connect'));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(url));
    expect(fakeApi.requests('POST', '/user/ph/phone/connection_ticket')[0]?.body).toEqual({
      phone_ids: ['ph-000001'],
    });
  });
});
