/** Desktops and their monitoring answers as the server gives them, for this feature's tests. */
import type { Desktop, DesktopProcess, DictEntry, NetworkFlow, RealTimeData } from '@cloudbay/contracts';
import { FLOW_INTERVAL_SECONDS, type FlowInterval } from '@cloudbay/contracts/core';
import { fakeApi, type FakeRequest } from '../../test/fake-api';
import { servePagedList } from '../../test/list-page';

export function testDesktop(id: string, overrides: Partial<Desktop> = {}): Desktop {
  return {
    desktop_id: id,
    name: `office-${id}`,
    status: 'running',
    resource_status: 'created',
    region_id: 1,
    office_site_id: 'os-1',
    billing_method: 'subscription',
    auto_renew: false,
    expire_time: '2026-12-22T08:00:00.000Z',
    hourly_price: '0.000',
    stop_reason: null,
    created_at: '2026-11-22T08:00:00.000Z',
    instance_id: `ecd-${id}`,
    desktop_type: 'general-2c4g',
    cpu: 2,
    memory: 4,
    system_disk: 80,
    bundle_id: 'b-2c4g',
    image_id: 'img-win11',
    bandwidth: 10,
    end_user: null,
    policy_id: 'pl-default',
    gift: false,
    private_ip: '10.0.0.2',
    actions: ['stop', 'reboot'],
    ...overrides,
  };
}

const STATUS_LABELS: Record<string, [zh: string, en: string, listClass: string]> = {
  running: ['运行中', 'Running', 'success'],
  shutdown: ['已关机', 'Shut down', 'info'],
};

const languageOf = (request: FakeRequest) => (request.headers['accept-language'] === 'en-US' ? 1 : 0);

/** The steps of the asked range, each with `value(index)`. */
function stepsOf(request: FakeRequest): string[] {
  const interval = request.query.interval as FlowInterval;
  const start = Date.parse(String(request.query.start));
  const end = Date.parse(String(request.query.end));
  const step = FLOW_INTERVAL_SECONDS[interval] * 1000;
  const times: string[] = [];
  for (let at = start; at < end && times.length < 3; at += step) times.push(new Date(at).toISOString());
  return times;
}

/** A network flow answer for the asked range: three steps, 10 GB out in all ($0.77 at $0.077/GB). */
export function flowAnswer(request: FakeRequest, trafficPrice: string | null = '0.770'): NetworkFlow {
  const points = stepsOf(request).map((time, index) => ({
    time,
    in_bytes: 1e9 * (index + 1),
    out_bytes: 2e9 * (index + 1),
    in_bps: 1e6 * (index + 1),
    out_bps: 2e6 * (index + 1),
  }));
  return {
    interval: request.query.interval as FlowInterval,
    points,
    total_in_bytes: 6e9,
    total_out_bytes: 10e9,
    traffic_price: trafficPrice,
  };
}

export function usageAnswer(request: FakeRequest): RealTimeData {
  return {
    interval: request.query.interval as FlowInterval,
    points: stepsOf(request).map((time, index) => ({
      time,
      cpu: 10 * (index + 1),
      memory: 50,
      disk: 30,
      bandwidth_in: 1e6,
      bandwidth_out: 3e6,
    })),
  };
}

export const PROCESSES: DesktopProcess[] = [
  { pid: 101, name: 'explorer.exe', user: 'ada', cpu_percent: 2.5, memory_mib: 512 },
  { pid: 202, name: 'chrome.exe', user: 'ada', cpu_percent: 35.2, memory_mib: 1024.4 },
  { pid: 303, name: 'svchost.exe', user: 'SYSTEM', cpu_percent: 0.4, memory_mib: 2048 },
];

/**
 * A server with these desktops: the list searched by name and paged, their status labels, and
 * monitoring answers for each (processes only of running ones).
 */
export function serveMonitoring(desktops: Desktop[], options: { trafficPrice?: string | null } = {}) {
  fakeApi.on('GET', '/system/dict/data/type/desktop_status', (request) => ({
    data: {
      code: 200,
      msg: '',
      success: true,
      data: Object.entries(STATUS_LABELS).map(([dictValue, labels], index): DictEntry => ({
        dictType: 'desktop_status',
        dictValue,
        dictLabel: labels[languageOf(request)],
        listClass: labels[2],
        cssClass: '',
        dictSort: index + 1,
      })),
    },
  }));
  servePagedList(
    '/user/desktop',
    desktops,
    (desktop, query) => query.name === undefined || desktop.name.includes(String(query.name)),
  );
  const ok = (data: unknown) => ({ data: { code: 200, msg: '', success: true, data } });
  for (const desktop of desktops) {
    const base = `/user/desktop/${desktop.desktop_id}`;
    fakeApi.on('GET', `${base}/network_flow`, (request) => ok(flowAnswer(request, options.trafficPrice)));
    fakeApi.on('GET', `${base}/real_time_data`, (request) => ok(usageAnswer(request)));
    if (desktop.status === 'running') fakeApi.ok('GET', `${base}/process`, PROCESSES);
    else fakeApi.fail('GET', `${base}/process`, 422, '云电脑未运行，请先开机');
  }
}
