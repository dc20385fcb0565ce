import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Desktop } from '@cloudbay/contracts';
import { clearDicts } from '../../../../lib/dict-cache';
import { i18n } from '../../../../lib/i18n';
import { areaList } from '../../../../lib/regions';
import { fakeApi } from '../../../../test/fake-api';
import { narrowScreen } from '../../../../test/screen';
import { chooseOption, openListPage, tableRows } from '../../../../test/list-page';
import { LIVE_REFRESH_MS } from '../../api/desktops-list';
import { SHUTDOWN_ACTIONS, ok, serveDesktops, testDesktop } from '../test-desktops';

vi.mock('../../../../lib/request', (original) =>
  import('../../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const DAY_MS = 24 * 3600 * 1000;

const openDesktops = () =>
  openListPage({ path: '/cloud/cloudLis', component: 'cloud/list', pageTestId: 'page-desktops' });
const rows = () => tableRows('desktops-table');
const listRequests = () => fakeApi.requests('GET', '/user/desktop');

// The page's chunk is large: load it once before the first test waits for it.
beforeAll(() => import('./desktop-list-page'), 30_000);

beforeEach(() => {
  clearDicts();
  areaList.reset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DesktopListPage', { timeout: 20_000 }, () => {
  it('lists the desktops with their status, configuration, network, billing and policy (zh-CN)', async () => {
    const soon = testDesktop(2, {
      name: 'design-pc',
      status: 'shutdown',
      actions: SHUTDOWN_ACTIONS,
      expire_time: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      office_site_id: 'os-hk-fast',
      bandwidth: 50,
      policy_id: 'pl-strict',
      end_user: 'alice',
      cpu: 4,
      memory: 8,
      system_disk: 120,
    });
    serveDesktops([testDesktop(1), soon]);
    await openDesktops();
    await waitFor(() => expect(rows()).toHaveLength(2));
    // The secondary columns start hidden; the toolbar's column choice shows them.
    expect(rows()[1]?.textContent).not.toContain('alice');
    fireEvent.click(screen.getByTestId('table-toolbar-columns'));
    const chooser = await screen.findByTestId('table-columns');
    for (const label of ['实例 ID', '办公网络', '终端用户', '策略', '创建时间']) {
      fireEvent.click(within(chooser).getByLabelText(label));
    }
    await waitFor(() => expect(rows()[1]?.textContent).toContain('严格策略'));

    const [running, shutdown] = [...rows()].map((row) => row.textContent ?? '');
    expect(running).toContain('office-pc-1');
    expect(running).toContain('dt-000001');
    expect(running).toContain('ecd-1abc');
    expect(running).toContain('运行中');
    expect(running).toContain('2 核 · 4 GiB · 100 GiB');
    expect(running).toContain('中国香港');
    expect(running).toContain('香港免费网络');
    expect(running).toContain('包年包月');
    expect(running).toContain('默认策略');
    expect(shutdown).toContain('已关机');
    expect(shutdown).toContain('4 核 · 8 GiB · 120 GiB');
    expect(shutdown).toContain('香港高速专线');
    expect(shutdown).toContain('50 Mbps');
    expect(shutdown).toContain('alice');
    expect(shutdown).toContain('剩余 2 天');
    // Under three days left the expiry is a warning.
    const expiries = screen.getAllByTestId('desktop-expiry').map((cell) => cell.dataset.level);
    expect(expiries).toEqual(['normal', 'soon']);
    expect(listRequests()[0]?.query).toEqual({ page: 1, limit: 20 });
    expect(screen.getByTestId('desktop-download-client').getAttribute('href')).toBe(
      'https://cloudbay.example/client.exe',
    );
  });

  it('shows the labels in English on an English page', async () => {
    await i18n.changeLanguage('en-US');
    serveDesktops([testDesktop(1, { billing_method: 'payg', expire_time: null })]);
    await openDesktops();
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Running'));
    const row = rows()[0]?.textContent ?? '';
    expect(row).toContain('2 vCPU · 4 GiB · 100 GiB');
    expect(row).toContain('Hong Kong');
    expect(row).toContain('Pay-as-you-go');
    expect(row).toContain('$0.058/hour');
    expect(screen.getByRole('columnheader', { name: 'Region' })).toBeTruthy();
    expect(screen.getByTestId('desktop-connect').textContent).toContain('Connect');
    expect(screen.getByTestId('desktop-batch-stop').textContent).toContain('Shut down');
    await chooseOption('desktop-filter-status', 'Shut down');
  });

  it('sends the chosen filters to the server and resets them', async () => {
    serveDesktops([
      testDesktop(1),
      testDesktop(2, { name: 'design-pc', status: 'shutdown', region_id: 5, billing_method: 'payg' }),
    ]);
    await openDesktops();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByText('中国香港').length).toBeGreaterThan(0));

    const search = screen.getByTestId('desktop-search');
    fireEvent.change(within(search).getByPlaceholderText('输入云电脑名称'), {
      target: { value: ' design ' },
    });
    await chooseOption('desktop-filter-status', '已关机');
    // The list never holds deleted desktops, so that status is not offered as a filter.
    expect(screen.queryByTitle('已删除')).toBeNull();
    await chooseOption('desktop-filter-region', '法兰克福');
    await chooseOption('desktop-filter-billing', '按量付费');
    fireEvent.click(screen.getByTestId('desktop-search-submit'));
    await waitFor(() =>
      expect(listRequests().at(-1)?.query).toEqual({
        page: 1,
        limit: 20,
        name: 'design',
        status: 'shutdown',
        region_id: 5,
        billing_method: 'payg',
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('desktop-search-reset'));
    await waitFor(() => expect(listRequests().at(-1)?.query).toEqual({ page: 1, limit: 20 }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('asks again every few seconds while a desktop is changing, and stops once all have settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let desktop: Desktop = testDesktop(1, { status: 'starting', actions: [] });
    serveDesktops([]);
    fakeApi.on('GET', '/user/desktop', () => ok({ list: [desktop], total: 1, page: 1, limit: 20 }));
    await openDesktops();
    await waitFor(() => expect(rows()[0]?.textContent).toContain('启动中'));
    expect(screen.getByTestId('desktop-changing')).toBeTruthy();
    const asked = listRequests().length;

    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(listRequests()).toHaveLength(asked + 1));

    desktop = testDesktop(1);
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('运行中'));
    expect(screen.queryByTestId('desktop-changing')).toBeNull();
    const settled = listRequests().length;

    await act(() => vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS));
    expect(listRequests()).toHaveLength(settled);
  });

  it('polls a desktop the cloud is still making, showing its creation status', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveDesktops([
      testDesktop(1, { status: 'pending', resource_status: 'creating', instance_id: null, actions: [] }),
    ]);
    await openDesktops();
    await waitFor(() => expect(rows()[0]?.textContent).toContain('创建中'));
    const asked = listRequests().length;
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(asked));
  });

  it('explains an empty list and offers to buy a cloud computer', async () => {
    serveDesktops([]);
    const { router } = await openDesktops();
    const empty = await screen.findByTestId('desktops-empty');
    expect(empty.textContent).toContain('还没有云电脑');
    expect(empty.textContent).toContain('购买云电脑后');
    expect(screen.queryByTestId('pagination')).toBeNull();
    fireEvent.click(within(empty).getByTestId('desktops-empty-buy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/buy'));
  });

  it('says when the filters match nothing', async () => {
    serveDesktops([testDesktop(1)]);
    await openDesktops();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await chooseOption('desktop-filter-status', '已过期');
    fireEvent.click(screen.getByTestId('desktop-search-submit'));
    expect((await screen.findByTestId('desktops-empty')).textContent).toContain('没有符合条件的云电脑');
  });

  it('on a phone folds the search and puts every row action in one menu', async () => {
    narrowScreen();
    serveDesktops([testDesktop(1)]);
    await openDesktops();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByTestId('desktop-search')).toBeNull();
    expect(screen.queryByTestId('desktop-connect')).toBeNull();
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId('desktop-actions'));
    expect(await screen.findByTestId('desktop-action-connect')).toBeTruthy();
    expect(screen.getByTestId('desktop-action-rebuild')).toBeTruthy();
  });
});
