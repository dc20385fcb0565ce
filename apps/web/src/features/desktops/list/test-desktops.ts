/** Desktop answers as the server gives them, in either language, and a fake server for the list page's tests. */
import type {
  BatchResult,
  Desktop,
  OfficeSite,
  PeriodDiscount,
  Policy,
  PriceQuote,
  Region,
} from '@cloudbay/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { openListPage, servePagedList, tableRows } from '../../../test/list-page';
import { envelope } from '../../../test/mock-adapter';
import { dictEntries, languageOf, type DictLabels } from '../../../test/dicts';

/** Every action a running desktop allows. */
export const RUNNING_ACTIONS: Desktop['actions'] = [
  'stop',
  'reboot',
  'rebuild',
  'migrate',
  'disconnect',
  'renew',
  'auto_renew',
  'rename',
  'set_policy',
  'connect',
];
/** Every action a shut-down desktop allows. */
export const SHUTDOWN_ACTIONS: Desktop['actions'] = [
  'start',
  'rebuild',
  'modify_spec',
  'migrate',
  'renew',
  'auto_renew',
  'rename',
  'set_policy',
];

const DAY_MS = 24 * 3600 * 1000;

export function testDesktop(n: number, overrides: Partial<Desktop> = {}): Desktop {
  return {
    desktop_id: `dt-${String(n).padStart(6, '0')}`,
    name: `office-pc-${n}`,
    status: 'running',
    resource_status: 'created',
    region_id: 3,
    office_site_id: 'os-free-3',
    billing_method: 'subscription',
    auto_renew: false,
    expire_time: new Date(Date.now() + 20 * DAY_MS).toISOString(),
    hourly_price: '0.058',
    stop_reason: null,
    created_at: '2026-11-22T08:00:00.000Z',
    instance_id: `ecd-${n}abc`,
    desktop_type: 'eds.general.2c4g',
    cpu: 2,
    memory: 4,
    system_disk: 100,
    bundle_id: 'b-2c4g',
    image_id: 'img-win2022',
    bandwidth: 5,
    end_user: null,
    policy_id: 'pl-default',
    gift: false,
    private_ip: '10.0.0.8',
    actions: RUNNING_ACTIONS,
    ...overrides,
  };
}

const DICTS: Record<string, DictLabels> = {
  desktop_status: {
    pending: ['待创建', 'Pending', 'warning'],
    starting: ['启动中', 'Starting', 'primary'],
    running: ['运行中', 'Running', 'success'],
    stopping: ['关机中', 'Stopping', 'warning'],
    shutdown: ['已关机', 'Shut down', 'info'],
    rebuilding: ['重装中', 'Reinstalling', 'primary'],
    expired: ['已过期', 'Expired', 'danger'],
    deleted: ['已删除', 'Deleted', 'info'],
  },
  resource_status: {
    not_created: ['未创建', 'Not created', 'info'],
    creating: ['创建中', 'Creating', 'primary'],
    created: ['已创建', 'Created', 'success'],
    creation_failed: ['创建失败', 'Creation failed', 'danger'],
  },
  billing_method: {
    payg: ['按量付费', 'Pay-as-you-go', 'primary'],
    subscription: ['包年包月', 'Subscription', 'success'],
  },
  sys_normal_disable: { '0': ['正常', 'Enabled', 'primary'], '1': ['停用', 'Disabled', 'danger'] },
};

export const REGIONS: Region[] = [
  { id: 3, wy_region_id: 'cn-hongkong', name: '中国香港', name_zh: '中国香港', name_en: 'Hong Kong' },
  { id: 5, wy_region_id: 'eu-central-1', name: '法兰克福', name_zh: '法兰克福', name_en: 'Frankfurt' },
];

export function testOfficeSite(id: string, overrides: Partial<OfficeSite> = {}): OfficeSite {
  return {
    office_site_id: id,
    name: `网络 ${id}`,
    region_id: 3,
    bandwidth: 20,
    status: 'normal',
    resource_status: 'created',
    is_default: false,
    ip: '47.0.0.1',
    billing_method: 'subscription',
    auto_renew: false,
    expire_time: null,
    desktop_count: 1,
    traffic_price: '0.077',
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export const OFFICE_SITES: OfficeSite[] = [
  testOfficeSite('os-free-3', { name: '香港免费网络', is_default: true, bandwidth: 5, ip: null }),
  testOfficeSite('os-hk-fast', { name: '香港高速专线', bandwidth: 50 }),
  testOfficeSite('os-fra', { name: '法兰克福专线', region_id: 5 }),
];

export const POLICIES: Policy[] = [
  {
    policy_id: 'pl-default',
    name: '默认策略',
    clipboard: 'readwrite',
    local_drive: 'off',
    usb_redirect: false,
    is_default: true,
    desktop_count: 1,
    created_at: '2026-11-01T00:00:00.000Z',
  },
  {
    policy_id: 'pl-strict',
    name: '严格策略',
    clipboard: 'off',
    local_drive: 'read',
    usb_redirect: true,
    is_default: false,
    desktop_count: 0,
    created_at: '2026-11-02T00:00:00.000Z',
  },
];

export const PERIODS: PeriodDiscount[] = [
  { id: 1, unit: 'month', period: 1, discount: 1, ph_discount: 1 },
  { id: 2, unit: 'month', period: 3, discount: 0.95, ph_discount: 0.9 },
  { id: 3, unit: 'month', period: 12, discount: 0.85, ph_discount: 0.8 },
];

/** GET /renewal_price's answer for `period` months at $30 a month with its discount. */
export function renewalQuote(period: number): PriceQuote {
  const discount = PERIODS.find((entry) => entry.period === period)?.discount ?? 1;
  const original = 30 * period;
  const payable = Math.round(original * discount * 100) / 100;
  return {
    billing_method: 'subscription',
    period,
    quantity: 1,
    unit_price: '30.00',
    hourly_price: '0.058',
    original_price: original.toFixed(2),
    discount,
    discount_amount: (original - payable).toFixed(2),
    payable_price: payable.toFixed(2),
    min_balance: '0.00',
  };
}

export const ok = (data: unknown) => ({ data: envelope(data) });

/** A batch answer: every id ok except those in `refused`, which say why. */
export function batchAnswer(ids: readonly string[], refused: Record<string, string> = {}): BatchResult {
  return {
    results: ids.map((id) => ({
      desktop_id: id,
      ok: !(id in refused),
      status: id in refused ? null : 'stopping',
      code: id in refused ? 'RESOURCE_ACTION_FORBIDDEN' : null,
      message: refused[id] ?? null,
    })),
  };
}

/**
 * A server with these desktops: dictionaries in the caller's language, regions, office networks,
 * policies and the client link, and GET /user/desktop filtered by name, status, region and billing.
 */
export function serveDesktops(desktops: readonly Desktop[]) {
  for (const type of Object.keys(DICTS)) {
    fakeApi.on('GET', `/system/dict/data/type/${type}`, (request) =>
      ok(dictEntries(type, DICTS[type], languageOf(request))),
    );
  }
  fakeApi.ok('GET', '/describe_regions', REGIONS);
  fakeApi.ok('GET', '/config/EXE_URL', 'https://cloudbay.example/client.exe');
  fakeApi.on('GET', '/user/office_site', (request) => {
    const region = request.query.region_id;
    const list = OFFICE_SITES.filter((site) => region === undefined || site.region_id === Number(region));
    return ok({ list, total: list.length, page: 1, limit: 50 });
  });
  fakeApi.ok('GET', '/user/policy', { list: POLICIES, total: POLICIES.length, page: 1, limit: 50 });
  servePagedList(
    '/user/desktop',
    desktops,
    (desktop, query) =>
      (query.name === undefined || desktop.name.includes(String(query.name))) &&
      (query.status === undefined || desktop.status === query.status) &&
      (query.region_id === undefined || desktop.region_id === Number(query.region_id)) &&
      (query.billing_method === undefined || desktop.billing_method === query.billing_method),
  );
}

/** Opens /cloud/cloudLis as a signed-in customer. */
export const openDesktopList = () =>
  openListPage({ path: '/cloud/cloudLis', component: 'cloud/list', pageTestId: 'page-desktops' });

/** The table's data rows. */
export const desktopRows = () => tableRows('desktops-table');

/** The `index`th row, to look inside. */
export const rowAt = (index: number) => within(desktopRows()[index] as HTMLElement);

/** Opens a row's "More" menu and returns the menu item of `action`. */
export async function moreItem(index: number, action: string): Promise<HTMLElement> {
  fireEvent.click(rowAt(index).getByTestId('desktop-more'));
  const items = await screen.findAllByTestId(`desktop-action-${action}`);
  // Every opened menu stays in the document; the last one is this row's.
  return items.at(-1)!;
}

/** Whether a menu item is disabled. */
export const isDisabledItem = (item: HTMLElement) =>
  item.closest('li')?.getAttribute('aria-disabled') === 'true';

/** Presses OK in the open confirm box. */
export async function confirmBox() {
  fireEvent.click(await screen.findByTestId('desktop-confirm-ok'));
}
