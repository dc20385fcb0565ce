/** A catalogue for the purchase page's tests, served by the fake API as the server answers it. */
import type {
  Bundle,
  BundleType,
  DesktopImage,
  OfficeSite,
  PeriodDiscount,
  PlatformTypeOption,
  PriceQuote,
  Region,
  RegionCount,
} from '@cloudbay/contracts';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';

export const REGIONS: Region[] = [
  { id: 1, wy_region_id: 'cn-hongkong', name: '中国香港', name_zh: '中国香港', name_en: 'China (Hong Kong)' },
  { id: 2, wy_region_id: 'ap-southeast-1', name: '新加坡', name_zh: '新加坡', name_en: 'Singapore' },
  {
    id: 3,
    wy_region_id: 'ap-northeast-1',
    name: '日本（东京）',
    name_zh: '日本（东京）',
    name_en: 'Japan (Tokyo)',
  },
];

const english = (request: FakeRequest) => request.headers['accept-language'] === 'en-US';

export const BUNDLE_TYPES: BundleType[] = [
  { id: 1, key: 'general', name: '通用型', name_zh: '通用型', name_en: 'General purpose' },
  { id: 2, key: 'graphics', name: '图形型', name_zh: '图形型', name_en: 'Graphics' },
];

function bundle(overrides: Partial<Bundle> & Pick<Bundle, 'bundle_id' | 'cpu' | 'memory'>): Bundle {
  return {
    id: 1,
    name: `通用型 ${overrides.cpu}核${overrides.memory}G`,
    name_zh: `通用型 ${overrides.cpu}核${overrides.memory}G`,
    name_en: `General ${overrides.cpu} vCPU ${overrides.memory} GiB`,
    description: '日常办公',
    bundle_type: 'general',
    bundle_type_name: '通用型',
    desktop_type: `eds.general.${overrides.cpu}c${overrides.memory}g`,
    gpu: null,
    default_image_id: 'img-ws2022',
    system_disk: 80,
    price: '25.20',
    hourly_price: '0.058',
    ...overrides,
  };
}

export const BUNDLES: Bundle[] = [
  bundle({
    id: 2,
    bundle_id: 'b-4c8g',
    cpu: 4,
    memory: 8,
    price: '48.00',
    hourly_price: '0.110',
    system_disk: 100,
  }),
  bundle({ id: 1, bundle_id: 'b-2c4g', cpu: 2, memory: 4 }),
  bundle({
    id: 3,
    bundle_id: 'b-gpu',
    cpu: 8,
    memory: 32,
    gpu: 8,
    bundle_type: 'graphics',
    bundle_type_name: '图形型',
    price: '300.00',
    hourly_price: '0.700',
    system_disk: 120,
  }),
];

export const PLATFORM_TYPES: PlatformTypeOption[] = [
  { value: 'Windows', label: 'Windows' },
  { value: 'Linux', label: 'Linux' },
];

function image(overrides: Partial<DesktopImage> & Pick<DesktopImage, 'image_id' | 'name'>): DesktopImage {
  return {
    id: 1,
    name_zh: overrides.name,
    name_en: overrides.name,
    platform_type: 'Windows',
    os_name: 'Windows Server 2022',
    size: 40,
    min_system_disk: 80,
    region_id: null,
    status: 'available',
    is_custom: false,
    created_at: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

export const IMAGES: DesktopImage[] = [
  image({ image_id: 'img-ws2022', name: 'Windows Server 2022 中文' }),
  image({ image_id: 'img-mine', name: '我的办公镜像', is_custom: true, min_system_disk: 150 }),
  image({ image_id: 'img-ubuntu', name: 'Ubuntu 22.04', platform_type: 'Linux', os_name: 'Ubuntu 22.04' }),
];

export const PERIODS: PeriodDiscount[] = [
  { id: 1, unit: 'month', period: 1, discount: 1, ph_discount: 1 },
  { id: 2, unit: 'month', period: 3, discount: 0.95, ph_discount: 0.93 },
  { id: 3, unit: 'month', period: 12, discount: 0.9, ph_discount: 0.8 },
];

export function officeSite(
  overrides: Partial<OfficeSite> & Pick<OfficeSite, 'office_site_id' | 'name'>,
): OfficeSite {
  return {
    region_id: 2,
    bandwidth: 20,
    status: 'normal',
    resource_status: 'created',
    is_default: false,
    ip: '47.1.2.3',
    billing_method: 'subscription',
    auto_renew: false,
    expire_time: '2027-01-01T00:00:00Z',
    desktop_count: 2,
    traffic_price: '0.077',
    created_at: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

/** A quote the way pricing.ts builds one (monthly 10 × disk step, discount by period), close enough for the page. */
export function quoteFor(query: FakeRequest['query']): PriceQuote {
  const quantity = Number(query.quantity);
  const payg = query.billing_method === 'payg';
  const period = payg ? null : Number(query.period);
  const discount = PERIODS.find((entry) => entry.period === period)?.discount ?? 1;
  const unit = 20 + Number(query.system_disk) / 10;
  const original = payg ? 0 : unit * (period ?? 1) * quantity;
  const payable = Math.round(original * discount * 100) / 100;
  return {
    billing_method: payg ? 'payg' : 'subscription',
    period,
    quantity,
    unit_price: unit.toFixed(2),
    hourly_price: '0.050',
    original_price: original.toFixed(2),
    discount,
    discount_amount: (original - payable).toFixed(2),
    payable_price: payable.toFixed(2),
    min_balance: (0.05 * quantity).toFixed(3),
  };
}

/** Serves the whole catalogue, the customer's counts and office networks, and live prices. */
export function serveBuyCatalog(
  options: {
    desktopCounts?: RegionCount;
    lineCounts?: RegionCount;
    officeSites?: OfficeSite[];
    bundles?: Bundle[];
  } = {},
) {
  fakeApi.on('GET', '/describe_regions', (request) => ({
    data: {
      code: 200,
      msg: '',
      success: true,
      data: REGIONS.map((region) => ({
        ...region,
        name: english(request) ? region.name_en : region.name_zh,
      })),
    },
  }));
  fakeApi.ok('GET', '/user/desktop/region_count', options.desktopCounts ?? []);
  fakeApi.ok('GET', '/user/office_site/region_count', options.lineCounts ?? []);
  fakeApi.on('GET', '/user/office_site', (request) => {
    const list = (options.officeSites ?? []).filter(
      (site) => site.region_id === Number(request.query.region_id),
    );
    return {
      data: { code: 200, msg: '', success: true, data: { list, total: list.length, page: 1, limit: 50 } },
    };
  });
  fakeApi.ok('GET', '/bundles_type', BUNDLE_TYPES);
  fakeApi.ok('GET', '/describe_bundles', options.bundles ?? BUNDLES);
  fakeApi.ok('GET', '/user/desktop_image/platform_type', PLATFORM_TYPES);
  fakeApi.on('GET', '/user/desktop_image/v2', (request) => ({
    data: {
      code: 200,
      msg: '',
      success: true,
      data: IMAGES.filter((entry) => entry.platform_type === request.query.platform_type),
    },
  }));
  fakeApi.ok('GET', '/user/u_period_discount', PERIODS);
  fakeApi.on('GET', '/describe_price', (request) => ({
    data: { code: 200, msg: '', success: true, data: quoteFor(request.query) },
  }));
}
