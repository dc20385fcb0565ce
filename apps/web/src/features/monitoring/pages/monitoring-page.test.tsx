import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_METRIC_POINTS } from '@cloudbay/contracts/core';
import { clearDicts } from '../../../lib/dict-cache';
import { i18n } from '../../../lib/i18n';
import { fakeApi } from '../../../test/fake-api';
import { chartSeries, resetCharts } from '../../../test/fake-charts';
import { openListPage, tableRows } from '../../../test/list-page';
import { refreshEvery } from '../api/metric-request';
import { PROCESSES, serveMonitoring, testDesktop } from '../test-monitoring';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);
vi.mock('../../../components/echarts', () =>
  import('../../../test/fake-charts').then((m) => m.fakeEchartsModule()),
);

const HOUR = 3_600_000;
const stopped = testDesktop('dt-1', { name: 'design-pc', status: 'shutdown', actions: ['start'] });
const running = testDesktop('dt-2', { name: 'sales-pc' });

const openMonitoring = (at = '/cloud/log') =>
  openListPage({ path: '/cloud/log', component: 'cloud/log', pageTestId: 'page-monitoring', at });

const flowRequests = (id: string) => fakeApi.requests('GET', `/user/desktop/${id}/network_flow`);
const usageRequests = (id: string) => fakeApi.requests('GET', `/user/desktop/${id}/real_time_data`);
const span = (query: Record<string, unknown>) =>
  Date.parse(String(query.end)) - Date.parse(String(query.start));

/** An instant as the range picker shows it: local 'YYYY-MM-DD HH:mm'. */
function pickerText(at: number): string {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Types a custom range into the picker, each end confirmed with Enter. */
function pickRange(start: number, end: number) {
  const type = (placeholder: string, at: number) => {
    const input = screen.getByPlaceholderText(placeholder);
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: pickerText(at) } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  };
  type('开始时间', start);
  type('结束时间', end);
}

/** A whole minute an hour or more ago, so the picker takes it as it is typed. */
const pastMinute = () => Math.floor(Date.now() / 60_000) * 60_000 - HOUR;

beforeEach(() => {
  clearDicts();
  resetCharts();
});

// Whole-page renders with charts and tables: slow on 2 busy cores, so more than the default 5 s.
describe('MonitoringPage', { timeout: 20_000 }, () => {
  it('opens on the first running desktop: the last hour by the minute, its charts, totals and cost', async () => {
    serveMonitoring([stopped, running]);
    await openMonitoring();

    await waitFor(() => expect(flowRequests('dt-2')).toHaveLength(1));
    expect(flowRequests('dt-1')).toHaveLength(0);
    const query = flowRequests('dt-2')[0]!.query;
    expect(query.interval).toBe('1m');
    expect(span(query)).toBe(HOUR);
    expect(usageRequests('dt-2')[0]?.query.interval).toBe('1m');
    expect(span(usageRequests('dt-2')[0]!.query)).toBe(HOUR);

    await waitFor(() =>
      expect(chartSeries('monitoring-flow-chart').map(([name]) => name)).toEqual(['入流量', '出流量']),
    );
    expect(chartSeries('monitoring-flow-chart')[1]![1]).toHaveLength(3);
    const [, [, outPoints]] = chartSeries('monitoring-flow-chart') as [unknown, [string, [number, number][]]];
    expect(outPoints[0]![1]).toBe(2e9);
    // Each chart draws once ECharts has loaded for it.
    await waitFor(() =>
      expect(chartSeries('monitoring-usage-chart').map(([name]) => name)).toEqual(['CPU', '内存', '磁盘']),
    );
    await waitFor(() =>
      expect(chartSeries('monitoring-bandwidth-chart').map(([name]) => name)).toEqual(['入带宽', '出带宽']),
    );

    const totals = screen.getByTestId('monitoring-flow-totals').textContent ?? '';
    expect(totals).toContain('6 GB');
    expect(totals).toContain('10 GB');
    // The server's figure for the range (10 GB out at $0.077/GB), as it will be billed.
    expect(screen.getByTestId('monitoring-flow-cost').textContent).toContain('$0.770');
    expect(screen.getByTestId('monitoring-flow-cost').textContent).toContain('出流量按小时计费');
  });

  it('switches the traffic chart between volumes and bit rates', async () => {
    serveMonitoring([running]);
    await openMonitoring();
    await waitFor(() => expect(chartSeries('monitoring-flow-chart')).toHaveLength(2));
    fireEvent.click(within(screen.getByTestId('monitoring-flow-mode')).getByText('速率'));
    await waitFor(() => {
      const [[, inPoints]] = chartSeries('monitoring-flow-chart') as [[string, [number, number][]]];
      expect(inPoints[0]![1]).toBe(1e6);
    });
  });

  it('lists the running desktop’s processes, busiest first, and sorts them by memory', async () => {
    serveMonitoring([running]);
    await openMonitoring();
    await waitFor(() => expect(tableRows('monitoring-process-table')).toHaveLength(3));
    // By content, not position: narrow screens leave the PID column out.
    const names = () =>
      [...tableRows('monitoring-process-table')].map((row) =>
        PROCESSES.map((process) => process.name).find((name) => row.textContent?.includes(name)),
      );
    expect(names()).toEqual(['chrome.exe', 'explorer.exe', 'svchost.exe']);
    expect(tableRows('monitoring-process-table')[0]?.textContent).toContain('35.2 %');
    fireEvent.click(screen.getByRole('columnheader', { name: /内存/ }));
    await waitFor(() => expect(names()).toEqual(['svchost.exe', 'chrome.exe', 'explorer.exe']));
  });

  it('opens the desktop the link names; a shut-down one explains why it shows no processes', async () => {
    serveMonitoring([running, stopped]);
    await openMonitoring('/cloud/log?desktop_id=dt-1');
    await waitFor(() => expect(flowRequests('dt-1')).toHaveLength(1));
    const empty = await screen.findByTestId('monitoring-process-not-running');
    await waitFor(() => expect(empty.textContent).toContain('已关机'));
    expect(empty.textContent).toContain('只有运行中的云电脑才能查看进程');
    expect(fakeApi.requests('GET', '/user/desktop/dt-1/process')).toHaveLength(0);
    expect(screen.queryByTestId('monitoring-process-table')).toBeNull();
    expect(flowRequests('dt-2')).toHaveLength(0);
  });

  it('asks nothing of a desktop the cloud has not made yet, and says why', async () => {
    const creating = testDesktop('dt-3', { status: 'pending', instance_id: null, actions: [] });
    serveMonitoring([creating]);
    await openMonitoring();
    expect((await screen.findByTestId('monitoring-not-created')).textContent).toContain('仍在创建中');
    expect(flowRequests('dt-3')).toHaveLength(0);
    expect(usageRequests('dt-3')).toHaveLength(0);
  });

  it('finds a linked desktop beyond the first page', async () => {
    const many = Array.from({ length: 51 }, (_, index) => testDesktop(`dt-${100 + index}`));
    serveMonitoring(many);
    await openMonitoring('/cloud/log?desktop_id=dt-150');
    await waitFor(() => expect(flowRequests('dt-150')).toHaveLength(1));
    expect(fakeApi.requests('GET', '/user/desktop').map((request) => request.query.page)).toContain(2);
    expect(flowRequests('dt-100')).toHaveLength(0);
  });

  it('says when the linked desktop is not the caller’s and shows another', async () => {
    serveMonitoring([running]);
    await openMonitoring('/cloud/log?desktop_id=dt-999');
    expect((await screen.findByTestId('monitoring-linked-missing')).textContent).toContain('dt-999');
    await waitFor(() => expect(flowRequests('dt-2')).toHaveLength(1));
  });

  it('picks another desktop and puts it in the address', async () => {
    serveMonitoring([running, stopped]);
    const { router } = await openMonitoring();
    await waitFor(() => expect(flowRequests('dt-2')).toHaveLength(1));
    fireEvent.mouseDown(within(await screen.findByTestId('monitoring-desktop')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('design-pc'));
    await waitFor(() => expect(flowRequests('dt-1')).toHaveLength(1));
    expect(router.state.location.search).toBe('?desktop_id=dt-1');
  });

  it('gives a week hourly steps and refuses steps with too many points', async () => {
    serveMonitoring([running]);
    await openMonitoring();
    await waitFor(() => expect(flowRequests('dt-2')).toHaveLength(1));

    fireEvent.click(within(screen.getByTestId('monitoring-range')).getByText('近 7 天'));
    await waitFor(() => expect(flowRequests('dt-2').at(-1)?.query.interval).toBe('1h'));
    expect(span(flowRequests('dt-2').at(-1)!.query)).toBe(7 * 24 * HOUR);

    // 10 080 minutes is more than MAX_METRIC_POINTS: the minute is refused, with the reason.
    const refused = screen.getByTestId('monitoring-interval-refused-1m');
    expect(refused.closest('label')?.className).toContain('disabled');
    fireEvent.mouseEnter(refused);
    expect((await screen.findByRole('tooltip')).textContent).toContain(`最多 ${MAX_METRIC_POINTS} 个`);
    fireEvent.click(refused);
    fireEvent.click(within(screen.getByTestId('monitoring-interval')).getByText('15 分钟'));
    await waitFor(() => expect(flowRequests('dt-2').at(-1)?.query.interval).toBe('15m'));
    expect(
      flowRequests('dt-2').some((request) => request.query.interval === '1m' && span(request.query) > HOUR),
    ).toBe(false);
  });

  it('shows no old figures under the warning once a range is too long for any step', async () => {
    serveMonitoring([running]);
    await openMonitoring();
    await waitFor(() => expect(screen.getByTestId('monitoring-flow-totals').textContent).toContain('10 GB'));
    const asked = flowRequests('dt-2').length;

    const end = pastMinute();
    pickRange(end - (MAX_METRIC_POINTS + 24) * HOUR, end);
    expect((await screen.findByTestId('monitoring-range-refused')).textContent).toContain('时间范围过长');
    expect(screen.queryByTestId('monitoring-flow-totals')).toBeNull();
    expect(screen.queryByTestId('monitoring-flow-cost')).toBeNull();
    expect(screen.queryByTestId('monitoring-flow-chart')).toBeNull();
    expect(screen.queryByTestId('monitoring-usage-chart')).toBeNull();
    expect(flowRequests('dt-2')).toHaveLength(asked);
    // The processes are of now, not of the range: they stay.
    expect(screen.getByTestId('monitoring-process-table')).toBeTruthy();

    // A range that fits shows its own figures again.
    pickRange(end - 2 * HOUR, end);
    await waitFor(() => expect(flowRequests('dt-2')).toHaveLength(asked + 1));
    expect(span(flowRequests('dt-2').at(-1)!.query)).toBe(2 * HOUR);
    await waitFor(() => expect(screen.getByTestId('monitoring-flow-totals').textContent).toContain('10 GB'));
    expect(screen.queryByTestId('monitoring-range-refused')).toBeNull();
  });

  it('does not apply a custom range shorter than a minute, and says why', async () => {
    serveMonitoring([running]);
    await openMonitoring();
    await waitFor(() => expect(flowRequests('dt-2')).toHaveLength(1));

    const at = pastMinute();
    pickRange(at, at);
    expect((await screen.findByTestId('monitoring-range-too-short')).textContent).toContain('至少 1 分钟');
    // Still the last hour, asked for nothing else.
    expect(
      within(screen.getByTestId('monitoring-range')).getByText('近 1 小时').closest('label')?.className,
    ).toContain('selected');
    expect(flowRequests('dt-2').every((request) => span(request.query) === HOUR)).toBe(true);
    expect(usageRequests('dt-2').every((request) => span(request.query) === HOUR)).toBe(true);

    pickRange(at - 60_000, at);
    await waitFor(() => expect(flowRequests('dt-2').at(-1)?.query.interval).toBe('1m'));
    await waitFor(() => expect(span(flowRequests('dt-2').at(-1)!.query)).toBe(60_000));
    expect(screen.queryByTestId('monitoring-range-too-short')).toBeNull();
  });

  it('refreshes every 30 s only while the range ends now and the switch is on', () => {
    expect(refreshEvery({ kind: 'quick', range: '1h' }, true)).toBe(30_000);
    expect(refreshEvery({ kind: 'quick', range: '1h' }, false)).toBe(false);
    expect(refreshEvery({ kind: 'custom', start: 0, end: HOUR }, true)).toBe(false);
  });

  it('offers the purchase page when there is no desktop', async () => {
    serveMonitoring([]);
    await openMonitoring();
    const empty = await screen.findByTestId('monitoring-empty');
    expect(empty.textContent).toContain('暂无可监控的云电脑');
    expect(within(empty).getByTestId('monitoring-buy').closest('a')?.getAttribute('href')).toBe('/cloud/buy');
    expect(fakeApi.requests('GET').some((request) => request.path.includes('network_flow'))).toBe(false);
  });

  it('says a subscription’s traffic is not billed, in English on an English page', async () => {
    await i18n.changeLanguage('en-US');
    serveMonitoring([running], { trafficPrice: null });
    await openMonitoring();
    await waitFor(() =>
      expect(screen.getByTestId('monitoring-flow-cost').textContent).toContain('Not billed'),
    );
    expect(screen.getByTestId('monitoring-flow-cost').textContent).toContain(
      'A subscription includes its traffic',
    );
    expect(screen.getByText('Network traffic')).toBeTruthy();
    await waitFor(() =>
      expect(chartSeries('monitoring-flow-chart').map(([name]) => name)).toEqual(['Inbound', 'Outbound']),
    );
    expect(within(screen.getByTestId('monitoring-range')).getByText('Last 7 days')).toBeTruthy();
  });
});
