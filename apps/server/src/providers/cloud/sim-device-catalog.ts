/**
 * The devices a cloud phone can pass for (its "identity": brand, model, screen, first API level,
 * IMEI, Android id, SIM country). The single source of the catalogue: the simulated cloud draws a
 * phone's identity from it at creation and on device replacement, and the console's public routes
 * (`/ph/fake_ph/brand`, `/ph/fake_ph/ph`, `/ph/replace/country`) list it, so what a customer can
 * pick is exactly what the cloud accepts. (Upstream, eds-aic's SystemPropertyTemplate plays this
 * part; the Alibaba provider will map these entries onto templates.)
 */

export interface DeviceBrand {
  /** What the phone reports as `ro.product.brand`, and what the replace call names. */
  brand: string;
  name_zh: string;
  name_en: string;
}

export interface DeviceModel {
  brand: string;
  /** What the phone reports as `ro.product.model`. */
  model: string;
  /** Screen in pixels, portrait: width x height. */
  resolution: string;
  /** The Android API level the model launched with (`ro.product.first_api_level`). */
  featureLevel: string;
}

export interface SimCountry {
  /** ISO 3166-1 alpha-2, as `gsm.sim.operator.iso-country` reports it (upper case here). */
  code: string;
  name_zh: string;
  name_en: string;
}

/** The identity a phone reports; the simulated cloud keeps it in the phone's attributes. */
export interface DeviceIdentity {
  brand: string;
  model: string;
  resolution: string;
  orientation: 'portrait' | 'landscape';
  featureLevel: string;
  /** 15 digits, the last one a Luhn check digit. */
  imei: string;
  /** 16 hex digits (`Settings.Secure.ANDROID_ID`). */
  androidId: string;
  simCountry: string;
}

/** [brand, name_zh, name_en] */
const BRAND_ROWS: [string, string, string][] = [
  ['Xiaomi', '小米', 'Xiaomi'],
  ['Redmi', '红米', 'Redmi'],
  ['HUAWEI', '华为', 'HUAWEI'],
  ['HONOR', '荣耀', 'HONOR'],
  ['OPPO', 'OPPO', 'OPPO'],
  ['vivo', 'vivo', 'vivo'],
  ['OnePlus', '一加', 'OnePlus'],
  ['realme', '真我', 'realme'],
  ['samsung', '三星', 'Samsung'],
  ['google', '谷歌', 'Google'],
  ['Meizu', '魅族', 'Meizu'],
  ['motorola', '摩托罗拉', 'Motorola'],
];

export const DEVICE_BRANDS: readonly DeviceBrand[] = BRAND_ROWS.map(([brand, name_zh, name_en]) => ({
  brand,
  name_zh,
  name_en,
}));

const model = (brand: string, name: string, resolution: string, featureLevel: number): DeviceModel => ({
  brand,
  model: name,
  resolution,
  featureLevel: String(featureLevel),
});

/** Each brand's models, newest first; every phone spec's screen (720x1280, 1080x1920, 1080x2400) has some. */
export const DEVICE_MODELS: readonly DeviceModel[] = [
  model('Xiaomi', 'Xiaomi 14', '1200x2670', 34),
  model('Xiaomi', 'Xiaomi 13', '1080x2400', 33),
  model('Xiaomi', 'Xiaomi 12', '1080x2400', 31),
  model('Redmi', 'Redmi Note 13 Pro', '1220x2712', 33),
  model('Redmi', 'Redmi Note 12', '1080x2400', 33),
  model('Redmi', 'Redmi 5A', '720x1280', 25),
  model('HUAWEI', 'Mate 40 Pro', '1344x2772', 29),
  model('HUAWEI', 'P40', '1080x2340', 29),
  model('HUAWEI', 'nova 9', '1080x2340', 30),
  model('HONOR', 'Magic6', '1216x2688', 34),
  model('HONOR', 'HONOR 90', '1200x2664', 33),
  model('HONOR', 'X50', '1200x2652', 33),
  model('OPPO', 'Find X7', '1264x2780', 34),
  model('OPPO', 'Reno11', '1080x2412', 34),
  model('OPPO', 'A58', '1080x2400', 33),
  model('vivo', 'X100', '1260x2800', 34),
  model('vivo', 'S18', '1260x2800', 34),
  model('vivo', 'Y100', '1080x2400', 33),
  model('OnePlus', 'OnePlus 12', '1440x3168', 34),
  model('OnePlus', 'OnePlus Ace 3', '1264x2780', 34),
  model('OnePlus', 'OnePlus 5', '1080x1920', 25),
  model('realme', 'GT5', '1240x2772', 33),
  model('realme', 'realme 11', '1080x2400', 33),
  model('samsung', 'Galaxy S24', '1080x2340', 34),
  model('samsung', 'Galaxy A54', '1080x2340', 33),
  model('samsung', 'Galaxy J5', '720x1280', 22),
  model('google', 'Pixel 8', '1080x2400', 34),
  model('google', 'Pixel 7', '1080x2400', 33),
  model('google', 'Pixel 2', '1080x1920', 26),
  model('Meizu', 'Meizu 21', '1200x2664', 34),
  model('Meizu', 'Meizu 20', '1080x2400', 33),
  model('Meizu', 'M6 Note', '1080x1920', 25),
  model('motorola', 'moto g54', '1080x2400', 33),
  model('motorola', 'moto g5', '1080x1920', 24),
  model('motorola', 'moto e5 play', '720x1280', 26),
];

/** [code, name_zh, name_en] */
const COUNTRY_ROWS: [string, string, string][] = [
  ['CN', '中国大陆', 'Chinese mainland'],
  ['HK', '中国香港', 'Hong Kong, China'],
  ['TW', '中国台湾', 'Taiwan, China'],
  ['SG', '新加坡', 'Singapore'],
  ['JP', '日本', 'Japan'],
  ['KR', '韩国', 'South Korea'],
  ['TH', '泰国', 'Thailand'],
  ['VN', '越南', 'Vietnam'],
  ['MY', '马来西亚', 'Malaysia'],
  ['ID', '印度尼西亚', 'Indonesia'],
  ['PH', '菲律宾', 'Philippines'],
  ['IN', '印度', 'India'],
  ['US', '美国', 'United States'],
  ['GB', '英国', 'United Kingdom'],
  ['DE', '德国', 'Germany'],
  ['BR', '巴西', 'Brazil'],
];

export const SIM_COUNTRIES: readonly SimCountry[] = COUNTRY_ROWS.map(([code, name_zh, name_en]) => ({
  code,
  name_zh,
  name_en,
}));

/** Where a region's phones get their SIM by default (upstream region id prefix → country). */
const REGION_COUNTRIES: [prefix: string, country: string][] = [
  ['cn-hongkong', 'HK'],
  ['cn-', 'CN'],
  ['ap-southeast-1', 'SG'],
  ['ap-southeast-3', 'MY'],
  ['ap-southeast-5', 'ID'],
  ['ap-southeast-6', 'PH'],
  ['ap-southeast-7', 'TH'],
  ['ap-northeast-1', 'JP'],
  ['ap-northeast-2', 'KR'],
  ['ap-south-1', 'IN'],
  ['us-', 'US'],
  ['eu-west-1', 'GB'],
  ['eu-central-1', 'DE'],
];

/** A source of numbers in [0, 1): Math.random, or a seeded sequence in the simulated cloud. */
export type Random = () => number;

const pick = <T>(items: readonly T[], random: Random): T =>
  items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;

export const findBrand = (brand: string): DeviceBrand | undefined =>
  DEVICE_BRANDS.find((entry) => entry.brand === brand);

export const modelsOf = (brand: string): DeviceModel[] =>
  DEVICE_MODELS.filter((entry) => entry.brand === brand);

/** The model of that brand, or undefined (also when the model exists under another brand). */
export const findModel = (brand: string, modelName: string): DeviceModel | undefined =>
  DEVICE_MODELS.find((entry) => entry.brand === brand && entry.model === modelName);

export const findCountry = (code: string): SimCountry | undefined =>
  SIM_COUNTRIES.find((entry) => entry.code === code);

/** The SIM country of a new phone in an upstream region (CN when the region is not listed). */
export function countryOfRegion(region: string): string {
  return REGION_COUNTRIES.find(([prefix]) => region.startsWith(prefix))?.[1] ?? 'CN';
}

/**
 * A model at random: of `brand` when given (any brand otherwise), and among those with the
 * `resolution` when some have it (a new phone looks like the screen it was sold with).
 */
export function pickModel(random: Random, wanted: { brand?: string; resolution?: string } = {}): DeviceModel {
  const ofBrand = wanted.brand === undefined ? DEVICE_MODELS : modelsOf(wanted.brand);
  if (ofBrand.length === 0) throw new RangeError(`no models of brand ${wanted.brand}`);
  const sameScreen = ofBrand.filter((entry) => entry.resolution === wanted.resolution);
  return pick(sameScreen.length > 0 ? sameScreen : ofBrand, random);
}

/** The Luhn check digit of a digit string (IMEIs end with one). */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    // Every second digit from the right, starting with the rightmost, is doubled.
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

const digitsOf = (count: number, random: Random) =>
  Array.from({ length: count }, () => Math.floor(random() * 10) % 10).join('');

/** A well-formed IMEI: reporting body 35, 6 more TAC digits, a 6-digit serial, the check digit. */
export function newImei(random: Random): string {
  const body = `35${digitsOf(12, random)}`;
  return `${body}${luhnDigit(body)}`;
}

export function newAndroidId(random: Random): string {
  return Array.from({ length: 16 }, () => (Math.floor(random() * 16) % 16).toString(16)).join('');
}

/** A complete identity for the model: fresh IMEI and Android id, the SIM of `country`. */
export function identityOf(device: DeviceModel, country: string, random: Random): DeviceIdentity {
  return {
    brand: device.brand,
    model: device.model,
    resolution: device.resolution,
    orientation: 'portrait',
    featureLevel: device.featureLevel,
    imei: newImei(random),
    androidId: newAndroidId(random),
    simCountry: country,
  };
}
