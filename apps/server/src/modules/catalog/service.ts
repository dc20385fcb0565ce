/**
 * The catalogue customers buy from (spec §3 Region, Discount period; §7 price calls): regions,
 * desktop bundles, types and images, phone specs, and every price, computed by `pricing.ts` from
 * the catalogue's upstream costs, the reseller's markup (setting PRICE_MARKUP_PERCENT) and the
 * region's factor. The `quote*` functions answer micro-dollars for the purchase engine; the
 * endpoints format the same figures.
 */
import {
  DEFAULT_PRICE_MARKUP_PERCENT,
  DESKTOP_PLATFORM_TYPES,
  ErrorCode,
  OFFICE_BANDWIDTH_MAX_MBPS,
  OFFICE_BANDWIDTH_MIN_MBPS,
  PRICE_MARKUP_CONFIG_KEY,
  type BillingMethod,
  type Bundle,
  type BundleDetail,
  type BundleType,
  type DesktopImage,
  type DesktopImagePage,
  type DesktopType,
  type Language,
  type ModifySpecQuote,
  type NetworkCost,
  type NetworkUnitPrice,
  type PeriodDiscount,
  type PhoneImage,
  type PhoneSpecItem,
  type PhoneUnitPrice,
  type PlatformTypeOption,
  type PriceQuote,
  type Region,
  type UnitPriceKey,
} from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { concurrently } from '../../db/concurrently';
import { AppError } from '../../lib/errors';
import { formatDecimal, formatDollars, parseMicros } from '../../lib/money';
import {
  FULL_PRICE_BP,
  desktopPrices,
  meteredRate,
  quoteDesktop,
  quoteDesktopSpecChange,
  quoteOfficeBandwidthChange,
  quoteOfficeNetwork,
  quotePhone,
  quotePhoneSpecChange,
  quoteResidentialProxy,
  quoteRenewal,
  unitPrices,
  type Charge,
  type DesktopTypeCost,
  type PriceBasis,
  type Quote,
  type SpecChangeQuote,
  type SystemDiskCost,
} from './pricing';
import {
  countImages,
  findBundles,
  findBundleTypeOf,
  findBundleTypes,
  findDesktopType,
  findDesktopTypes,
  findImage,
  findImages,
  findPeriodDiscount,
  findPeriodDiscounts,
  findPhoneImages,
  findPhoneSpec,
  findPhoneSpecs,
  findRegion,
  findRegions,
  findSetting,
  findUnitPrices,
  type BundleRow,
  type DesktopImageRow,
  type DesktopTypeRow,
  type ImageCriteria,
  type PhoneSpecRow,
  type RegionKind,
  type UnitPriceRow,
} from './repo';

const nameIn = (language: Language, row: { nameZh: string; nameEn: string }) =>
  language === 'zh-CN' ? row.nameZh : row.nameEn;

/** Metered rates (per hour, per GB, per Mbps or GiB) are shown to the mill: "0.077". */
export const formatRate = (micros: bigint) => formatDecimal(micros, 6, 3);

// ---------------------------------------------------------------------------------------------
// Regions and the price basis

/** GET /describe_regions (desktops) and GET /ph/regions (phones): `name` in the caller's language. */
export async function listRegions(db: Db, kind: RegionKind, language: Language): Promise<Region[]> {
  const rows = await findRegions(db, kind);
  return rows.map((row) => ({
    id: row.id,
    wy_region_id: row.wyRegionId,
    name: nameIn(language, row),
    name_zh: row.nameZh,
    name_en: row.nameEn,
  }));
}

/**
 * The markup from the settings in millionths of a percent; a missing or unreadable value falls
 * back to the default rather than selling at cost.
 */
async function markupPercentMicros(db: Db): Promise<bigint> {
  const text = (await findSetting(db, PRICE_MARKUP_CONFIG_KEY))?.trim();
  try {
    if (text !== undefined) return parseMicros(text);
  } catch {
    // An operator's typo must not stop sales; the default is the documented fallback.
  }
  return BigInt(DEFAULT_PRICE_MARKUP_PERCENT) * 1_000_000n;
}

/**
 * What prices are computed with in a region of `kind` (enabled unless `onSale` is false, for
 * renewals; another kind's or an unknown id answers 404). Without a region, the catalogue's base
 * prices (factor 100 %).
 */
export async function priceBasis(
  db: Db,
  kind: RegionKind,
  regionId?: number,
  onSale = true,
): Promise<PriceBasis> {
  let regionFactorPercent = 100;
  if (regionId !== undefined) {
    const region = await findRegion(db, kind, regionId, onSale);
    if (!region) throw new AppError('not_found', ErrorCode.REGION_NOT_FOUND);
    regionFactorPercent = region.priceFactorPercent;
  }
  return { markupPercentMicros: await markupPercentMicros(db), regionFactorPercent };
}

/** The subscription of `period` months at its discount (`discount` or `ph_discount`), or pay-as-you-go. */
export async function chargeFor(
  db: Db,
  billingMethod: BillingMethod,
  period: number | undefined,
  discountOf: 'desktop' | 'phone',
): Promise<Charge> {
  if (billingMethod === 'payg') return { billingMethod: 'payg' };
  if (period === undefined) throw new AppError('validation', ErrorCode.PERIOD_REQUIRED);
  return {
    billingMethod: 'subscription',
    months: period,
    discountBp: await discountFor(db, period, discountOf),
  };
}

/** The period's discount in basis points; a period the table does not sell answers 400. */
export async function discountFor(db: Db, period: number, discountOf: 'desktop' | 'phone'): Promise<number> {
  const row = await findPeriodDiscount(db, period);
  if (!row) {
    const periods = (await findPeriodDiscounts(db)).map((d) => d.period).join(', ');
    throw new AppError('validation', ErrorCode.PERIOD_NOT_OFFERED, { period, periods });
  }
  return discountOf === 'phone' ? row.phDiscountBp : row.discountBp;
}

/** The upstream unit costs by key; a key the operators removed answers 503 rather than a wrong price. */
export async function unitCosts(db: Db) {
  const rows = new Map((await findUnitPrices(db)).map((row) => [row.key as UnitPriceKey, row]));
  return (key: UnitPriceKey): UnitPriceRow => {
    const row = rows.get(key);
    if (!row) throw new AppError('unavailable', ErrorCode.PRICE_NOT_CONFIGURED, { item: key });
    return row;
  };
}

async function systemDiskCost(db: Db): Promise<SystemDiskCost> {
  const cost = await unitCosts(db);
  return {
    gibMonthMicros: cost('system_disk_gib_month').costMicros,
    gibHourMicros: cost('system_disk_gib_hour').costMicros,
  };
}

// ---------------------------------------------------------------------------------------------
// Bundles and types

/** GET /bundles_type. */
export async function listBundleTypes(db: Db, language: Language): Promise<BundleType[]> {
  return (await findBundleTypes(db)).map((row) => ({
    id: row.id,
    key: row.key,
    name: nameIn(language, row),
    name_zh: row.nameZh,
    name_en: row.nameEn,
  }));
}

const typeCost = (row: DesktopTypeRow): DesktopTypeCost => ({
  monthlyCostMicros: row.monthlyCostMicros,
  hourlyCostMicros: row.hourlyCostMicros,
});

/** GET /desktop_types: enabled types with the type's own price (no disk) in the region. */
export async function listDesktopTypes(
  db: Db,
  query: { region_id?: number; bundle_type?: string },
): Promise<DesktopType[]> {
  const basis = await priceBasis(db, 'desktop', query.region_id);
  return (await findDesktopTypes(db, query.bundle_type)).map((row) => {
    const prices = unitPrices(
      { monthlyMicros: row.monthlyCostMicros, hourlyMicros: row.hourlyCostMicros },
      basis,
    );
    return {
      id: row.id,
      desktop_type: row.typeId,
      bundle_type: row.bundleType,
      cpu: row.cpu,
      memory: row.memoryGib,
      gpu: row.gpuGib,
      price: formatDollars(prices.unitMicros),
      hourly_price: formatRate(prices.hourlyMicros),
    };
  });
}

function toBundle(
  row: BundleRow,
  language: Language,
  prices: { unitMicros: bigint; hourlyMicros: bigint },
): Bundle {
  const { bundle, type, bundleType } = row;
  return {
    id: bundle.id,
    bundle_id: bundle.bundleId,
    name: nameIn(language, bundle),
    name_zh: bundle.nameZh,
    name_en: bundle.nameEn,
    description: language === 'zh-CN' ? bundle.descriptionZh : bundle.descriptionEn,
    bundle_type: bundleType.key,
    bundle_type_name: nameIn(language, bundleType),
    desktop_type: type.typeId,
    cpu: type.cpu,
    memory: type.memoryGib,
    gpu: type.gpuGib,
    default_image_id: bundle.defaultImageId,
    system_disk: bundle.defaultSystemDiskGib,
    price: formatDollars(prices.unitMicros),
    hourly_price: formatRate(prices.hourlyMicros),
  };
}

/** GET /describe_bundles: bundles on sale with their prices (default disk included) in the region. */
export async function listBundles(
  db: Db,
  query: { region_id?: number; bundle_type?: string },
  language: Language,
): Promise<Bundle[]> {
  const [basis, disk, rows] = await concurrently(
    db,
    () => priceBasis(db, 'desktop', query.region_id),
    () => systemDiskCost(db),
    () => findBundles(db, { bundleType: query.bundle_type }),
  );
  return rows.map((row) =>
    toBundle(row, language, desktopPrices(typeCost(row.type), disk, row.bundle.defaultSystemDiskGib, basis)),
  );
}

/**
 * The lowest monthly price (default disk included) of each bundle on sale over the desktop regions
 * on sale: the "from" price of the home page's featured products. Bundles not on sale are absent.
 */
export async function lowestBundlePrices(db: Db, bundleIds: readonly string[]): Promise<Map<string, bigint>> {
  const lowest = new Map<string, bigint>();
  if (bundleIds.length === 0) return lowest;
  const [regionRows, disk, rows, markupMicros] = await concurrently(
    db,
    () => findRegions(db, 'desktop'),
    () => systemDiskCost(db),
    () => findBundles(db, {}),
    () => markupPercentMicros(db),
  );
  for (const row of rows.filter((bundle) => bundleIds.includes(bundle.bundle.bundleId))) {
    for (const region of regionRows) {
      const basis = { markupPercentMicros: markupMicros, regionFactorPercent: region.priceFactorPercent };
      const { unitMicros } = desktopPrices(typeCost(row.type), disk, row.bundle.defaultSystemDiskGib, basis);
      const current = lowest.get(row.bundle.bundleId);
      if (current === undefined || unitMicros < current) lowest.set(row.bundle.bundleId, unitMicros);
    }
  }
  return lowest;
}

async function bundleOnSale(db: Db, bundleId: string): Promise<BundleRow> {
  const [row] = await findBundles(db, { bundleId, anyFamily: true });
  if (!row) throw new AppError('not_found', ErrorCode.BUNDLE_NOT_FOUND);
  if (!row.bundleType.enabled) throw familyOffSale(row.bundleType);
  return row;
}

/** GET /user/bundles/details: one bundle on sale with its default image. */
export async function bundleDetails(
  db: Db,
  query: { bundle_id: string; region_id?: number },
  language: Language,
): Promise<BundleDetail> {
  const row = await bundleOnSale(db, query.bundle_id);
  const [basis, disk] = await concurrently(
    db,
    () => priceBasis(db, 'desktop', query.region_id),
    () => systemDiskCost(db),
  );
  const image = row.bundle.defaultImageId ? await findImage(db, row.bundle.defaultImageId) : undefined;
  return {
    ...toBundle(
      row,
      language,
      desktopPrices(typeCost(row.type), disk, row.bundle.defaultSystemDiskGib, basis),
    ),
    description_zh: row.bundle.descriptionZh,
    description_en: row.bundle.descriptionEn,
    // A default image that is no longer a system image (or gone) is not offered.
    default_image: image && image.ownerUserId === null ? toImage(image, language) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Images

function toImage(row: DesktopImageRow, language: Language): DesktopImage {
  return {
    id: row.id,
    image_id: row.imageId,
    name: nameIn(language, row),
    name_zh: row.nameZh,
    name_en: row.nameEn,
    platform_type: row.platformType as DesktopImage['platform_type'],
    os_name: row.osName,
    size: row.sizeGib,
    min_system_disk: row.minSystemDiskGib,
    region_id: row.regionId,
    status: row.status as DesktopImage['status'],
    is_custom: row.ownerUserId !== null,
    created_at: row.createdAt.toISOString(),
  };
}

interface ImageQuery {
  platform_type?: string;
  region_id?: number;
}

const imageCriteria = (scope: ImageCriteria['scope'], query: ImageQuery): ImageCriteria => ({
  scope,
  platformType: query.platform_type,
  regionId: query.region_id,
});

/** GET /desktop_image: system images. */
export async function listSystemImages(
  db: Db,
  query: ImageQuery,
  language: Language,
): Promise<DesktopImage[]> {
  const rows = await findImages(db, imageCriteria({ system: true }, query));
  return rows.map((row) => toImage(row, language));
}

/** GET /user/desktop_image: the caller's own images, newest first, paged. */
export async function listOwnImages(
  db: Db,
  userId: number,
  query: ImageQuery & { page: number; limit: number },
  language: Language,
): Promise<DesktopImagePage> {
  const criteria = imageCriteria({ system: false, ownerUserId: userId }, query);
  const [rows, total] = await concurrently(
    db,
    () => findImages(db, criteria, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    () => countImages(db, criteria),
  );
  return { list: rows.map((row) => toImage(row, language)), total, page: query.page, limit: query.limit };
}

/** GET /user/desktop_image/v2: the purchase picker's images, system ones first, then the caller's. */
export async function listPickerImages(
  db: Db,
  userId: number,
  query: ImageQuery,
  language: Language,
): Promise<DesktopImage[]> {
  const rows = await findImages(db, imageCriteria({ system: true, ownerUserId: userId }, query));
  return rows.map((row) => toImage(row, language));
}

/** GET /user/desktop_image/platform_type (platform names are the same in both languages). */
export function platformTypes(): PlatformTypeOption[] {
  return DESKTOP_PLATFORM_TYPES.map((value) => ({ value, label: value }));
}

// ---------------------------------------------------------------------------------------------
// Period discounts

const decimalOf = (bp: number) => bp / FULL_PRICE_BP;

/** GET /user/u_period_discount: 9000 basis points answer 0.9. */
export async function listPeriodDiscounts(db: Db): Promise<PeriodDiscount[]> {
  return (await findPeriodDiscounts(db)).map((row) => ({
    id: row.id,
    unit: 'month',
    period: row.period,
    discount: decimalOf(row.discountBp),
    ph_discount: decimalOf(row.phDiscountBp),
  }));
}

// ---------------------------------------------------------------------------------------------
// Desktop prices (for the endpoints and the purchase engine)

/** A quote as the API answers it. */
export function toPriceQuote(q: Quote): PriceQuote {
  return {
    billing_method: q.billingMethod,
    period: q.months,
    quantity: q.quantity,
    unit_price: formatDollars(q.unitMicros),
    hourly_price: formatRate(q.hourlyMicros),
    original_price: formatDollars(q.originalMicros),
    discount: decimalOf(q.discountBp),
    discount_amount: formatDollars(q.originalMicros - q.payableMicros),
    payable_price: formatDollars(q.payableMicros),
    min_balance:
      q.billingMethod === 'payg' ? formatRate(q.minBalanceMicros) : formatDollars(q.minBalanceMicros),
  };
}

/** A desktop family taken off sale by the operators: new purchases are refused (422), translated. */
function familyOffSale(family: { nameZh: string; nameEn: string }): AppError {
  return new AppError('business_rule', ErrorCode.DESKTOP_FAMILY_OFF_SALE, {
    familyZh: family.nameZh,
    familyEn: family.nameEn,
  });
}

/**
 * A desktop type by its upstream id. On sale (new purchases and spec changes) the type and its
 * family must be on sale; renewals pass `onSale` false, so what a customer owns keeps renewing.
 */
async function desktopTypeOf(db: Db, typeId: string, onSale = true): Promise<DesktopTypeRow> {
  const row = await findDesktopType(db, typeId, onSale);
  if (!row) throw new AppError('not_found', ErrorCode.DESKTOP_TYPE_NOT_FOUND);
  if (onSale) {
    const [family] = await findBundleTypeOf(db, row.bundleType);
    if (family && !family.enabled) throw familyOffSale(family);
  }
  return row;
}

export interface DesktopPurchase {
  regionId: number;
  /** A bundle, or a desktop type (then `systemDiskGib` is needed or the minimum is taken). */
  bundleId?: string;
  desktopType?: string;
  systemDiskGib?: number;
  billingMethod: BillingMethod;
  period?: number;
  quantity: number;
}

/** What buying desktops costs, and the type and disk it resolved to (the engine records them). */
export async function quoteDesktopPurchase(
  db: Db,
  input: DesktopPurchase,
): Promise<{ quote: Quote; desktopType: DesktopTypeRow; systemDiskGib: number; bundle: BundleRow | null }> {
  const bundle = input.bundleId ? await bundleOnSale(db, input.bundleId) : null;
  if (!bundle && !input.desktopType) throw new AppError('validation', ErrorCode.BUNDLE_OR_TYPE_REQUIRED);
  const desktopType = bundle ? bundle.type : await desktopTypeOf(db, input.desktopType!);
  const systemDiskGib = input.systemDiskGib ?? bundle?.bundle.defaultSystemDiskGib ?? 80;
  const [basis, disk, charge] = await concurrently(
    db,
    () => priceBasis(db, 'desktop', input.regionId),
    () => systemDiskCost(db),
    () => chargeFor(db, input.billingMethod, input.period, 'desktop'),
  );
  const q = quoteDesktop({
    type: typeCost(desktopType),
    disk,
    systemDiskGib,
    basis,
    charge,
    quantity: input.quantity,
  });
  return { quote: q, desktopType, systemDiskGib, bundle };
}

/** A desktop's current spec, as the engine passes it (and GET /renewal_price's query). */
export interface DesktopSpecRef {
  regionId: number;
  desktopType: string;
  systemDiskGib: number;
}

/**
 * One owned desktop's current monthly and hourly prices: its type and region are read whether
 * or not they are still on sale (taking them off sale must not block renewals).
 */
async function currentDesktopPrices(db: Db, spec: DesktopSpecRef) {
  const [type, basis, disk] = await concurrently(
    db,
    () => desktopTypeOf(db, spec.desktopType, false),
    () => priceBasis(db, 'desktop', spec.regionId, false),
    () => systemDiskCost(db),
  );
  return desktopPrices(typeCost(type), disk, spec.systemDiskGib, basis);
}

/** Renewing desktops of `spec` for `period` months: today's monthly price × months × discount. */
export async function quoteDesktopRenewal(
  db: Db,
  spec: DesktopSpecRef,
  period: number,
  quantity = 1,
): Promise<Quote> {
  const [prices, discountBp] = await concurrently(
    db,
    () => currentDesktopPrices(db, spec),
    () => discountFor(db, period, 'desktop'),
  );
  return quoteRenewal(prices.unitMicros, { months: period, discountBp }, quantity);
}

/** Changing a desktop from `current` to `next` (same region), prorated to `expiresAt`. */
export async function quoteDesktopModification(
  db: Db,
  input: {
    current: DesktopSpecRef;
    next: { desktopType: string; systemDiskGib: number };
    billingMethod: BillingMethod;
    expiresAt?: Date | null;
    now: Date;
  },
): Promise<SpecChangeQuote> {
  const [currentType, nextType, basis, disk] = await concurrently(
    db,
    () => desktopTypeOf(db, input.current.desktopType),
    () => desktopTypeOf(db, input.next.desktopType),
    () => priceBasis(db, 'desktop', input.current.regionId),
    () => systemDiskCost(db),
  );
  return quoteDesktopSpecChange({
    current: { type: typeCost(currentType), systemDiskGib: input.current.systemDiskGib },
    next: { type: typeCost(nextType), systemDiskGib: input.next.systemDiskGib },
    disk,
    basis,
    billingMethod: input.billingMethod,
    expiresAt: input.expiresAt,
    now: input.now,
  });
}

export function toModifySpecQuote(q: SpecChangeQuote): ModifySpecQuote {
  return {
    billing_method: q.billingMethod,
    old_unit_price: formatDollars(q.oldUnitMicros),
    new_unit_price: formatDollars(q.newUnitMicros),
    old_hourly_price: formatRate(q.oldHourlyMicros),
    new_hourly_price: formatRate(q.newHourlyMicros),
    remaining_seconds: q.remainingSeconds,
    payable_price: formatDollars(q.payableMicros),
  };
}

// ---------------------------------------------------------------------------------------------
// Networks

/** GET /network_unit_price. */
export async function networkUnitPrice(db: Db, regionId: number): Promise<NetworkUnitPrice> {
  const [basis, cost] = await concurrently(
    db,
    () => priceBasis(db, 'desktop', regionId),
    () => unitCosts(db),
  );
  const rate = (key: UnitPriceKey) => formatRate(meteredRate(cost(key).costMicros, basis));
  return {
    bandwidth_price: rate('office_bandwidth_mbps_month'),
    traffic_price: rate('traffic_gb'),
    eip_bandwidth_price: rate('eip_bandwidth_mbps_month'),
    min_bandwidth: OFFICE_BANDWIDTH_MIN_MBPS,
    max_bandwidth: OFFICE_BANDWIDTH_MAX_MBPS,
  };
}

/**
 * An office network of `bandwidthMbps` for `period` months; traffic is billed hourly apart.
 * `onSale: false` (a renewal) prices it in its region even if the region is no longer sold.
 */
export async function quoteOfficeNetworkPurchase(
  db: Db,
  input: { regionId: number; bandwidthMbps: number; period: number; onSale?: boolean },
): Promise<{ quote: Quote; trafficRateMicros: bigint }> {
  const [basis, cost, discountBp] = await concurrently(
    db,
    () => priceBasis(db, 'desktop', input.regionId, input.onSale ?? true),
    () => unitCosts(db),
    () => discountFor(db, input.period, 'desktop'),
  );
  const q = quoteOfficeNetwork({
    bandwidthMbps: input.bandwidthMbps,
    mbpsMonthCostMicros: cost('office_bandwidth_mbps_month').costMicros,
    basis,
    months: input.period,
    discountBp,
  });
  return { quote: q, trafficRateMicros: meteredRate(cost('traffic_gb').costMicros, basis) };
}

/**
 * Raising an office network's bandwidth from `currentMbps` to `nextMbps` in its region, prorated
 * to `expiresAt` (GET /user/office_site/{id}/upgrade_price and the upgrade's charge).
 */
export async function quoteOfficeNetworkUpgrade(
  db: Db,
  input: {
    regionId: number;
    currentMbps: number;
    nextMbps: number;
    billingMethod: BillingMethod;
    expiresAt?: Date | null;
    now: Date;
  },
): Promise<SpecChangeQuote> {
  const [basis, cost] = await concurrently(
    db,
    () => priceBasis(db, 'desktop', input.regionId),
    () => unitCosts(db),
  );
  return quoteOfficeBandwidthChange({
    ...input,
    mbpsMonthCostMicros: cost('office_bandwidth_mbps_month').costMicros,
    basis,
  });
}

/** GET /user/network_cost. */
export async function networkCost(
  db: Db,
  query: { region_id: number; bandwidth: number; period: number },
): Promise<NetworkCost> {
  const { quote: q, trafficRateMicros } = await quoteOfficeNetworkPurchase(db, {
    regionId: query.region_id,
    bandwidthMbps: query.bandwidth,
    period: query.period,
  });
  return { ...toPriceQuote(q), bandwidth: query.bandwidth, traffic_price: formatRate(trafficRateMicros) };
}

// ---------------------------------------------------------------------------------------------
// Static residential proxies

/**
 * `quantity` residential proxies for `period` months: the catalogue's `residential_proxy_month`
 * with the markup (no region factor: they are sold by city, not region) and the phones' period
 * discount. Renewals quote one for the months the same way.
 */
export async function quoteProxyPurchase(
  db: Db,
  input: { period: number; quantity: number },
): Promise<Quote> {
  const [basis, cost, phDiscountBp] = await concurrently(
    db,
    () => priceBasis(db, 'phone'),
    () => unitCosts(db),
    () => discountFor(db, input.period, 'phone'),
  );
  return quoteResidentialProxy({
    monthCostMicros: cost('residential_proxy_month').costMicros,
    basis,
    months: input.period,
    phDiscountBp,
    quantity: input.quantity,
  });
}

// ---------------------------------------------------------------------------------------------
// Cloud phones

/** GET /ph/spec: enabled specs with their prices in the (phone) region. */
export async function listPhoneSpecs(
  db: Db,
  query: { region_id?: number },
  language: Language,
): Promise<PhoneSpecItem[]> {
  const basis = await priceBasis(db, 'phone', query.region_id);
  return (await findPhoneSpecs(db)).map((row) => {
    const prices = unitPrices(
      { monthlyMicros: row.monthlyCostMicros, hourlyMicros: row.hourlyCostMicros },
      basis,
    );
    return {
      id: row.id,
      spec_id: row.specId,
      name: nameIn(language, row),
      name_zh: row.nameZh,
      name_en: row.nameEn,
      cpu: row.cpu,
      memory: row.memoryGib,
      disk: row.diskGib,
      resolution: row.resolution,
      price: formatDollars(prices.unitMicros),
      hourly_price: formatRate(prices.hourlyMicros),
    };
  });
}

const PHONE_UNIT_KEYS = [
  'eip_bandwidth_mbps_month',
  'phone_network_month',
  'backup_space_gib_month',
  'traffic_gb',
] as const satisfies readonly UnitPriceKey[];

/** GET /ph/unit_price: the phones' metered prices in a phone region. */
export async function phoneUnitPrice(db: Db, regionId: number, language: Language): Promise<PhoneUnitPrice> {
  const [basis, cost] = await concurrently(
    db,
    () => priceBasis(db, 'phone', regionId),
    () => unitCosts(db),
  );
  const items = PHONE_UNIT_KEYS.map((key) => {
    const row = cost(key);
    return {
      key,
      price: formatRate(meteredRate(row.costMicros, basis)),
      unit: language === 'zh-CN' ? row.unitZh : row.unitEn,
    };
  });
  const price = (key: UnitPriceKey) => items.find((item) => item.key === key)!.price;
  return {
    eip_bandwidth_price: price('eip_bandwidth_mbps_month'),
    phone_network_price: price('phone_network_month'),
    backup_space_price: price('backup_space_gib_month'),
    traffic_price: price('traffic_gb'),
    items,
  };
}

/** A phone spec by id (`onSale: false` reads one no longer sold); 404 PHONE_SPEC_NOT_FOUND. */
export async function phoneSpecOf(db: Db, specId: string, onSale = true): Promise<PhoneSpecRow> {
  const spec = await findPhoneSpec(db, specId, onSale);
  if (!spec) throw new AppError('not_found', ErrorCode.PHONE_SPEC_NOT_FOUND);
  return spec;
}

const phoneCost = (spec: PhoneSpecRow) => ({
  monthlyMicros: spec.monthlyCostMicros,
  hourlyMicros: spec.hourlyCostMicros,
});

/** What a phone purchase (or renewal) is quoted for. */
export interface PhonePurchaseInput {
  regionId: number;
  specId: string;
  billingMethod: BillingMethod;
  period?: number;
  quantity: number;
  /** False for a renewal: the spec and region are read even if no longer sold. */
  onSale?: boolean;
}

/**
 * Buying cloud phones of a spec (GET /ph/ph_price and the purchase): subscriptions take the
 * ph_discount. `onSale: false` (a renewal) reads the spec and region even if no longer sold.
 */
export async function quotePhonePurchase(db: Db, input: PhonePurchaseInput): Promise<Quote> {
  return (await quotePhoneSpecPurchase(db, input)).quote;
}

/** `quotePhonePurchase`, with the spec it quoted (the purchase records its sizes). */
export async function quotePhoneSpecPurchase(
  db: Db,
  input: PhonePurchaseInput,
): Promise<{ quote: Quote; spec: PhoneSpecRow }> {
  const onSale = input.onSale ?? true;
  const spec = await phoneSpecOf(db, input.specId, onSale);
  const [basis, charge] = await concurrently(
    db,
    () => priceBasis(db, 'phone', input.regionId, onSale),
    () => chargeFor(db, input.billingMethod, input.period, 'phone'),
  );
  const quote = quotePhone({ spec: phoneCost(spec), basis, charge, quantity: input.quantity });
  return { quote, spec };
}

/**
 * Moving a phone of region `regionId` from spec `currentSpecId` (read even if no longer sold) to
 * `nextSpecId` (on sale), prorated to `expiresAt`.
 */
export async function quotePhoneModification(
  db: Db,
  input: {
    regionId: number;
    currentSpecId: string;
    nextSpecId: string;
    billingMethod: BillingMethod;
    expiresAt?: Date | null;
    now: Date;
  },
): Promise<{ quote: SpecChangeQuote; current: PhoneSpecRow; next: PhoneSpecRow }> {
  const [current, next, basis] = await concurrently(
    db,
    () => phoneSpecOf(db, input.currentSpecId, false),
    () => phoneSpecOf(db, input.nextSpecId),
    () => priceBasis(db, 'phone', input.regionId, false),
  );
  const quote = quotePhoneSpecChange({
    current: phoneCost(current),
    next: phoneCost(next),
    basis,
    billingMethod: input.billingMethod,
    expiresAt: input.expiresAt,
    now: input.now,
  });
  return { quote, current, next };
}

/** GET /user/ph/ph_image: the Android images phones are sold with, named in `language`. */
export async function listPhoneImages(db: Db, language: Language): Promise<PhoneImage[]> {
  return (await findPhoneImages(db)).map((row) => ({
    image_id: row.imageId,
    name: nameIn(language, row),
    android_version: row.androidVersion,
  }));
}
