/** Phones and a phone catalogue for the phone pages' tests, answered by the fake API as the server does. */
import type {
  PeriodDiscount,
  Phone,
  PhoneGroupList,
  PhoneImage,
  PhoneSpecItem,
  PriceQuote,
  Region,
} from '@cloudbay/contracts';
import { fakeApi, type FakeRequest } from '../../test/fake-api';
import { servePagedList } from '../../test/list-page';
import { testPhone as baseTestPhone } from './operations/test-phone';

export const PHONE_REGIONS: Region[] = [
  { id: 11, wy_region_id: 'cn-hongkong', name: '中国香港', name_zh: '中国香港', name_en: 'Hong Kong' },
  { id: 12, wy_region_id: 'ap-southeast-1', name: '新加坡', name_zh: '新加坡', name_en: 'Singapore' },
];

export const PHONE_SPECS: PhoneSpecItem[] = [
  {
    id: 1,
    spec_id: 'acp.basic.small',
    name: '基础型',
    name_zh: '基础型',
    name_en: 'Basic',
    cpu: 2,
    memory: 4,
    disk: 32,
    resolution: '720x1280',
    price: '10.00',
    hourly_price: '0.020',
  },
  {
    id: 2,
    spec_id: 'acp.pro.large',
    name: '专业型',
    name_zh: '专业型',
    name_en: 'Pro',
    cpu: 4,
    memory: 8,
    disk: 64,
    resolution: '1080x1920',
    price: '20.00',
    hourly_price: '0.040',
  },
];

export const PHONE_IMAGES: PhoneImage[] = [
  { image_id: 'android-12', name: '安卓 12 标准版', android_version: '12' },
  { image_id: 'android-14', name: '安卓 14 标准版', android_version: '14' },
];

export const PHONE_PERIODS: PeriodDiscount[] = [
  { id: 1, unit: 'month', period: 1, discount: 1, ph_discount: 1 },
  { id: 2, unit: 'month', period: 3, discount: 0.95, ph_discount: 0.9 },
];

export const PHONE_GROUPS: PhoneGroupList = {
  list: [{ id: 7, name: '直播组', phone_count: 1, created_at: '2026-01-01T00:00:00.000Z' }],
  ungrouped_count: 1,
};

/** What /ph/ph_price answers: the spec's monthly price × months × quantity, with the phones' discount. */
export function phoneQuote(query: FakeRequest['query']): PriceQuote {
  const spec = PHONE_SPECS.find((entry) => entry.spec_id === query.spec_id) ?? PHONE_SPECS[0]!;
  const quantity = Number(query.quantity ?? 1);
  const payg = query.billing_method === 'payg';
  const period = payg ? null : Number(query.period);
  const discount = PHONE_PERIODS.find((entry) => entry.period === period)?.ph_discount ?? 1;
  const original = payg ? 0 : Number(spec.price) * (period ?? 1) * quantity;
  const payable = Math.round(original * discount * 100) / 100;
  const hourly = Number(spec.hourly_price);
  return {
    billing_method: payg ? 'payg' : 'subscription',
    period,
    quantity,
    unit_price: spec.price,
    hourly_price: spec.hourly_price,
    original_price: original.toFixed(2),
    discount,
    discount_amount: (original - payable).toFixed(2),
    payable_price: payable.toFixed(2),
    min_balance: payg ? (hourly * quantity).toFixed(3) : payable.toFixed(2),
  };
}

export function servePhoneCatalog() {
  fakeApi.ok('GET', '/ph/regions', PHONE_REGIONS);
  fakeApi.ok('GET', '/ph/spec', PHONE_SPECS);
  fakeApi.ok('GET', '/user/ph/ph_image', PHONE_IMAGES);
  fakeApi.ok('GET', '/user/u_period_discount', PHONE_PERIODS);
  fakeApi.ok('GET', '/user/ph/phone_data/group', PHONE_GROUPS);
  fakeApi.on('GET', '/ph/ph_price', (request) => ({
    data: { code: 200, msg: '', success: true, data: phoneQuote(request.query) },
  }));
}

/** Phone `index`: the tools' running phone in this file's region and spec, no device reported yet. */
export function testPhone(index: number, overrides: Partial<Phone> = {}): Phone {
  return baseTestPhone({
    id: `ph-00000${index}`,
    name: `phone-${index}`,
    instance_id: `acp-${index}`,
    region_id: 11,
    spec_id: 'acp.basic.small',
    order_id: 1,
    disk: 32,
    memory: 4,
    cpu: 2,
    image_id: 'android-12',
    hourly_price: '0.020',
    created_at: '2026-01-01T00:00:00.000Z',
    brand: null,
    model: null,
    resolution: '720x1280',
    expired_at: '2099-01-01T00:00:00.000Z',
    actions: ['stop', 'restart', 'reset', 'rename', 'renew', 'auto_renew', 'upgrade'],
    ...overrides,
  });
}

/** GET /user/ph/phone over `phones`, filtered by status and group as the server does. */
export function servePhones(phones: readonly Phone[]) {
  servePagedList('/user/ph/phone', phones, (phone, query) => {
    if (query.status !== undefined && phone.status !== query.status) return false;
    if (query.group_id !== undefined && (phone.group_id ?? 0) !== Number(query.group_id)) return false;
    return true;
  });
}
