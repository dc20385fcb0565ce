/** Office network answers as the server gives them, in either language, for this feature's tests. */
import type {
  NetworkCost,
  NetworkFlow,
  OfficeSite,
  Order,
  PeriodDiscount,
  Region,
} from '@cloudbay/contracts';
import { fakeApi } from '../../test/fake-api';
import { servePagedList } from '../../test/list-page';
import { envelope } from '../../test/mock-adapter';
import { dictEntries, languageOf, type DictLabels } from '../../test/dicts';

export const REGIONS: Region[] = [
  { id: 3, wy_region_id: 'cn-shanghai', name: '上海', name_zh: '上海', name_en: 'Shanghai' },
  { id: 5, wy_region_id: 'eu-central-1', name: '法兰克福', name_zh: '法兰克福', name_en: 'Frankfurt' },
];

/** A paid, running 50 Mbps subscription network, far from its expiry. */
export function testOfficeSite(id: string, overrides: Partial<OfficeSite> = {}): OfficeSite {
  return {
    office_site_id: id,
    name: `办公网络 ${id}`,
    region_id: 3,
    bandwidth: 50,
    status: 'normal',
    resource_status: 'created',
    is_default: false,
    ip: '47.100.12.34',
    billing_method: 'subscription',
    auto_renew: false,
    expire_time: '2099-12-22T08:00:00.000Z',
    desktop_count: 0,
    traffic_price: '0.077',
    created_at: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

/** The region's free default network, as the first desktop there made it. */
export function freeOfficeSite(id: string, overrides: Partial<OfficeSite> = {}): OfficeSite {
  return testOfficeSite(id, {
    name: 'Free network',
    bandwidth: 10,
    is_default: true,
    ip: null,
    billing_method: 'payg',
    expire_time: null,
    desktop_count: 3,
    traffic_price: null,
    ...overrides,
  });
}

/** The dictionaries the page labels networks with, as the server seeds them. */
const DICTS: Record<string, DictLabels> = {
  office_site_status: {
    normal: ['正常', 'Normal', 'success'],
    releasing: ['释放中', 'Releasing', 'warning'],
    released: ['已释放', 'Released', 'info'],
  },
  resource_status: {
    not_created: ['未创建', 'Not created', 'info'],
    creating: ['创建中', 'Creating', 'primary'],
    created: ['已创建', 'Created', 'success'],
    creation_failed: ['创建失败', 'Creation failed', 'danger'],
    refunded: ['已退款', 'Refunded', 'warning'],
  },
  billing_method: {
    payg: ['按量付费', 'Pay-as-you-go', 'primary'],
    subscription: ['包年包月', 'Subscription', 'success'],
  },
};

export const PERIODS: PeriodDiscount[] = [
  { id: 1, unit: 'month', period: 1, discount: 1, ph_discount: 1 },
  { id: 2, unit: 'month', period: 3, discount: 0.95, ph_discount: 0.9 },
  { id: 3, unit: 'month', period: 12, discount: 0.85, ph_discount: 0.8 },
];

/** GET /user/network_cost at $0.60 per Mbps-month, with the period's discount. */
export function networkCost(bandwidth: number, period: number): NetworkCost {
  const discount = PERIODS.find((entry) => entry.period === period)?.discount ?? 1;
  const original = 0.6 * bandwidth * period;
  const payable = Math.round(original * discount * 100) / 100;
  return {
    billing_method: 'subscription',
    period,
    quantity: 1,
    unit_price: (0.6 * bandwidth).toFixed(2),
    hourly_price: '0.000',
    original_price: original.toFixed(2),
    discount,
    discount_amount: (original - payable).toFixed(2),
    payable_price: payable.toFixed(2),
    min_balance: '0.00',
    bandwidth,
    traffic_price: '0.077',
  };
}

export function testOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 9,
    no: 'OD202611220000000009',
    type: 'office_site',
    action: 'new',
    status: 'paid',
    resource_status: 'not_created',
    quantity: 1,
    region_id: 3,
    billing_method: 'subscription',
    period: 3,
    original_amount: '90.00',
    paid_amount: '85.50',
    refunded_amount: '0.00',
    created_at: '2026-11-22T08:00:00.000Z',
    paid_at: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

export function testFlow(overrides: Partial<NetworkFlow> = {}): NetworkFlow {
  return {
    interval: '1m',
    points: [
      {
        time: '2026-11-22T08:00:00.000Z',
        in_bytes: 1_500_000,
        out_bytes: 7_500_000,
        in_bps: 200_000,
        out_bps: 1_000_000,
      },
      {
        time: '2026-11-22T08:01:00.000Z',
        in_bytes: 3_000_000,
        out_bytes: 12_000_000,
        in_bps: 400_000,
        out_bps: 1_600_000,
      },
    ],
    total_in_bytes: 4_500_000,
    total_out_bytes: 19_500_000,
    traffic_price: '0.002',
    ...overrides,
  };
}

/**
 * A server with these networks: labels in the caller's language, GET /user/office_site filtered
 * by name, region and status and paged, and the lists the purchase dialog reads.
 */
export function serveOfficeSites(sites: readonly OfficeSite[]) {
  for (const type of Object.keys(DICTS)) {
    fakeApi.on('GET', `/system/dict/data/type/${type}`, (request) => ({
      data: envelope(dictEntries(type, DICTS[type], languageOf(request))),
    }));
  }
  fakeApi.on('GET', '/describe_regions', (request) => ({
    data: envelope(
      REGIONS.map((region) => ({
        ...region,
        name: languageOf(request) === 'zh' ? region.name_zh : region.name_en,
      })),
    ),
  }));
  fakeApi.ok('GET', '/user/office_site/region_count', [{ region_id: 3, count: 2 }]);
  fakeApi.ok('GET', '/user/u_period_discount', PERIODS);
  fakeApi.on('GET', '/user/network_cost', (request) => ({
    data: envelope(networkCost(Number(request.query.bandwidth), Number(request.query.period))),
  }));
  servePagedList(
    '/user/office_site',
    sites,
    (site, query) =>
      (query.name === undefined || site.name.includes(String(query.name))) &&
      (query.region_id === undefined || site.region_id === Number(query.region_id)) &&
      (query.status === undefined ? site.status !== 'released' : site.status === query.status),
  );
}
