/**
 * Every price the console shows and charges, as pure functions over integer micro-dollars. The
 * price endpoints and the purchase engine both call these, so the price shown is the charge.
 *
 * Rules:
 * - A resource's upstream cost (its parts added up exactly: a desktop type plus its system disk,
 *   bandwidth × Mbps…) is multiplied by (100 % + the reseller's markup) × the region's factor and
 *   rounded half up ONCE: to the cent for what it costs per month, to the mill (0.001 USD) for
 *   metered rates (per hour, per GB, per Mbps or GiB) so that $0.077/GB survives.
 * - Subscription: original = monthly unit × months × quantity; payable = original × the period's
 *   discount, rounded to the cent. Pay-as-you-go: nothing up front; the buyer needs one hour of
 *   every resource in the wallet.
 * - A configuration change pays the monthly difference for the exact remaining seconds of a
 *   30-day month, never less than 0; pay-as-you-go pays the new hourly price from then on.
 * - Limits (spec §5) are checked here too, so the engine cannot price what cannot be sold.
 */
import {
  BACKUP_SPACE_MAX_GIB,
  BACKUP_SPACE_MIN_GIB,
  BACKUP_SPACE_STEP_GIB,
  EIP_BANDWIDTH_MAX_MBPS,
  EIP_BANDWIDTH_MIN_MBPS,
  PHONE_NETWORK_EIP_BANDWIDTH_MAX_MBPS,
  PHONE_NETWORK_EIP_BANDWIDTH_MIN_MBPS,
  ErrorCode,
  MAX_PURCHASE_QUANTITY,
  OFFICE_BANDWIDTH_MAX_MBPS,
  OFFICE_BANDWIDTH_MIN_MBPS,
  SECONDS_PER_BILLING_MONTH,
  SYSTEM_DISK_MAX_GIB,
  SYSTEM_DISK_MIN_GIB,
  SYSTEM_DISK_STEP_GIB,
  type BillingMethod,
} from '@cloudbay/contracts';
import { AppError } from '../../lib/errors';

/** 0.01 USD and 0.001 USD in micro-dollars: the two precisions prices are rounded to. */
export const CENT = 10_000n;
export const MILL = 1_000n;
/** 100 % in basis points: a period discount of 9000 is 0.9. */
export const FULL_PRICE_BP = 10_000;

/** What turns upstream costs into the customer's prices in one region. */
export interface PriceBasis {
  /** The reseller's markup in millionths of a percent (40 % → 40_000_000n). */
  markupPercentMicros: bigint;
  /** The region's price factor in percent (Frankfurt 110). */
  regionFactorPercent: number;
}

/** What one resource costs upstream, per month and per hour, in micro-dollars. */
export interface UpstreamCost {
  monthlyMicros: bigint;
  hourlyMicros: bigint;
}

/** How a resource is paid: months with their discount (basis points), or by the hour. */
export type Charge =
  { billingMethod: 'subscription'; months: number; discountBp: number } | { billingMethod: 'payg' };

/** A purchase's figures (the API's price quote), all micro-dollars. */
export interface Quote {
  billingMethod: BillingMethod;
  months: number | null;
  quantity: number;
  /** One resource, one month (cent). */
  unitMicros: bigint;
  /** One resource, one hour (mill). */
  hourlyMicros: bigint;
  originalMicros: bigint;
  discountBp: number;
  payableMicros: bigint;
  /** Pay-as-you-go: one hour × quantity must be in the wallet; subscription: the payable. */
  minBalanceMicros: bigint;
}

/** A configuration change's figures. */
export interface SpecChangeQuote {
  billingMethod: BillingMethod;
  oldUnitMicros: bigint;
  newUnitMicros: bigint;
  oldHourlyMicros: bigint;
  newHourlyMicros: bigint;
  remainingSeconds: number;
  payableMicros: bigint;
}

// ---------------------------------------------------------------------------------------------
// Rounding and the markup

/** `numerator / denominator` rounded half up to a multiple of `unit` (non-negative values). */
function roundHalfUp(numerator: bigint, denominator: bigint, unit: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('prices are never negative');
  const step = denominator * unit;
  return ((numerator * 2n + step) / (step * 2n)) * unit;
}

/** 100 % in the millionths of a percent of `markupPercentMicros`. */
const HUNDRED_PERCENT_MICROS = 100_000_000n;

/**
 * The customer's price of an upstream cost (micro-dollars): cost × (100 % + markup) × region
 * factor, rounded half up to `precision` (CENT or MILL).
 */
export function customerPrice(costMicros: bigint, basis: PriceBasis, precision: bigint): bigint {
  const factor = BigInt(basis.regionFactorPercent);
  if (basis.markupPercentMicros < 0n || factor <= 0n) throw new RangeError('invalid price basis');
  const numerator = costMicros * (HUNDRED_PERCENT_MICROS + basis.markupPercentMicros) * factor;
  return roundHalfUp(numerator, HUNDRED_PERCENT_MICROS * 100n, precision);
}

/** The monthly price (cent) and the hourly price (mill) of one resource. */
export function unitPrices(
  cost: UpstreamCost,
  basis: PriceBasis,
): { unitMicros: bigint; hourlyMicros: bigint } {
  return {
    unitMicros: customerPrice(cost.monthlyMicros, basis, CENT),
    hourlyMicros: customerPrice(cost.hourlyMicros, basis, MILL),
  };
}

/** A metered rate (per GB, per Mbps-month, per GiB-month…) as the customer pays it (mill). */
export function meteredRate(costMicros: bigint, basis: PriceBasis): bigint {
  return customerPrice(costMicros, basis, MILL);
}

/** `amountMicros` × the discount (basis points), rounded half up to the cent. */
export function applyDiscount(amountMicros: bigint, discountBp: number): bigint {
  if (!Number.isInteger(discountBp) || discountBp <= 0 || discountBp > FULL_PRICE_BP) {
    throw new RangeError(`invalid discount ${discountBp}`);
  }
  return roundHalfUp(amountMicros * BigInt(discountBp), BigInt(FULL_PRICE_BP), CENT);
}

// ---------------------------------------------------------------------------------------------
// Limits (spec §5 Resources)

function assertWhole(value: number, min: number, max: number, step: number, code: ErrorCode) {
  if (!Number.isInteger(value) || value < min || value > max || value % step !== 0) {
    throw new AppError('validation', code);
  }
}

export function assertQuantity(quantity: number): void {
  assertWhole(quantity, 1, MAX_PURCHASE_QUANTITY, 1, ErrorCode.QUANTITY_RANGE);
}

export function assertSystemDisk(gib: number): void {
  assertWhole(
    gib,
    SYSTEM_DISK_MIN_GIB,
    SYSTEM_DISK_MAX_GIB,
    SYSTEM_DISK_STEP_GIB,
    ErrorCode.SYSTEM_DISK_RANGE,
  );
}

/** A system disk may only grow (and stays within the limits). */
export function assertSystemDiskChange(currentGib: number, newGib: number): void {
  assertSystemDisk(newGib);
  if (newGib < currentGib) {
    throw new AppError('validation', ErrorCode.SYSTEM_DISK_SHRINK, { current: currentGib });
  }
}

export function assertOfficeBandwidth(mbps: number): void {
  assertWhole(
    mbps,
    OFFICE_BANDWIDTH_MIN_MBPS,
    OFFICE_BANDWIDTH_MAX_MBPS,
    1,
    ErrorCode.OFFICE_BANDWIDTH_RANGE,
  );
}

/** The EIP purchase form's range, 1–1000 Mbps (spec §5). */
export function assertEipBandwidth(mbps: number): void {
  assertWhole(mbps, EIP_BANDWIDTH_MIN_MBPS, EIP_BANDWIDTH_MAX_MBPS, 1, ErrorCode.EIP_BANDWIDTH_RANGE);
}

/** An EIP of a custom phone network: 5–200 Mbps (spec §5's other form, §9 "up to 200M"). */
export function assertPhoneNetworkEipBandwidth(mbps: number): void {
  assertWhole(
    mbps,
    PHONE_NETWORK_EIP_BANDWIDTH_MIN_MBPS,
    PHONE_NETWORK_EIP_BANDWIDTH_MAX_MBPS,
    1,
    ErrorCode.PHONE_NETWORK_EIP_BANDWIDTH_RANGE,
  );
}

export function assertBackupSpace(gib: number): void {
  assertWhole(
    gib,
    BACKUP_SPACE_MIN_GIB,
    BACKUP_SPACE_MAX_GIB,
    BACKUP_SPACE_STEP_GIB,
    ErrorCode.BACKUP_SPACE_RANGE,
  );
}

function assertMonths(months: number): void {
  if (!Number.isInteger(months) || months <= 0) throw new RangeError(`invalid period ${months}`);
}

// ---------------------------------------------------------------------------------------------
// Quotes, generic over resource types

/** The quote for `quantity` resources whose one-resource prices are `prices`. */
export function quote(
  prices: { unitMicros: bigint; hourlyMicros: bigint },
  charge: Charge,
  quantity: number,
): Quote {
  assertQuantity(quantity);
  const count = BigInt(quantity);
  if (charge.billingMethod === 'payg') {
    return {
      billingMethod: 'payg',
      months: null,
      quantity,
      ...prices,
      originalMicros: 0n,
      discountBp: FULL_PRICE_BP,
      payableMicros: 0n,
      minBalanceMicros: prices.hourlyMicros * count,
    };
  }
  assertMonths(charge.months);
  const originalMicros = prices.unitMicros * BigInt(charge.months) * count;
  const payableMicros = applyDiscount(originalMicros, charge.discountBp);
  return {
    billingMethod: 'subscription',
    months: charge.months,
    quantity,
    ...prices,
    originalMicros,
    discountBp: charge.discountBp,
    payableMicros,
    minBalanceMicros: payableMicros,
  };
}

/** Renewing `quantity` resources for months: the current monthly price × months × discount. */
export function quoteRenewal(
  unitMicros: bigint,
  renewal: { months: number; discountBp: number },
  quantity = 1,
): Quote {
  return quote({ unitMicros, hourlyMicros: 0n }, { billingMethod: 'subscription', ...renewal }, quantity);
}

/**
 * A configuration change from `before` to `after` (one resource's prices). Subscription: the
 * monthly difference × the whole seconds left until `expiresAt` / 30 days, rounded to the cent,
 * never negative; an expired subscription has nothing left to pay for. Pay-as-you-go: nothing now.
 */
export function quoteSpecChange(input: {
  billingMethod: BillingMethod;
  before: { unitMicros: bigint; hourlyMicros: bigint };
  after: { unitMicros: bigint; hourlyMicros: bigint };
  expiresAt?: Date | null;
  now: Date;
}): SpecChangeQuote {
  const { before, after } = input;
  const base = {
    billingMethod: input.billingMethod,
    oldUnitMicros: before.unitMicros,
    newUnitMicros: after.unitMicros,
    oldHourlyMicros: before.hourlyMicros,
    newHourlyMicros: after.hourlyMicros,
  };
  if (input.billingMethod === 'payg') return { ...base, remainingSeconds: 0, payableMicros: 0n };
  if (!input.expiresAt) throw new AppError('validation', ErrorCode.EXPIRE_TIME_REQUIRED);
  const remainingSeconds = Math.max(0, Math.floor((input.expiresAt.getTime() - input.now.getTime()) / 1000));
  const difference = after.unitMicros - before.unitMicros;
  const payableMicros =
    difference > 0n
      ? roundHalfUp(difference * BigInt(remainingSeconds), BigInt(SECONDS_PER_BILLING_MONTH), CENT)
      : 0n;
  return { ...base, remainingSeconds, payableMicros };
}

// ---------------------------------------------------------------------------------------------
// What each resource type costs upstream

/** A desktop instance type's upstream costs. */
export interface DesktopTypeCost {
  monthlyCostMicros: bigint;
  hourlyCostMicros: bigint;
}

/** The system disk's upstream costs per GiB. */
export interface SystemDiskCost {
  gibMonthMicros: bigint;
  gibHourMicros: bigint;
}

/** A desktop's upstream cost: its type plus its system disk. */
export function desktopCost(
  type: DesktopTypeCost,
  disk: SystemDiskCost,
  systemDiskGib: number,
): UpstreamCost {
  assertSystemDisk(systemDiskGib);
  const gib = BigInt(systemDiskGib);
  return {
    monthlyMicros: type.monthlyCostMicros + disk.gibMonthMicros * gib,
    hourlyMicros: type.hourlyCostMicros + disk.gibHourMicros * gib,
  };
}

/** One desktop's monthly and hourly prices. */
export function desktopPrices(
  type: DesktopTypeCost,
  disk: SystemDiskCost,
  systemDiskGib: number,
  basis: PriceBasis,
) {
  return unitPrices(desktopCost(type, disk, systemDiskGib), basis);
}

/** Buying desktops (GET /describe_price and the purchase). */
export function quoteDesktop(input: {
  type: DesktopTypeCost;
  disk: SystemDiskCost;
  systemDiskGib: number;
  basis: PriceBasis;
  charge: Charge;
  quantity: number;
}): Quote {
  return quote(
    desktopPrices(input.type, input.disk, input.systemDiskGib, input.basis),
    input.charge,
    input.quantity,
  );
}

/** Changing a desktop's type and/or system disk (GET /user/modify_spec_price and the change). */
export function quoteDesktopSpecChange(input: {
  current: { type: DesktopTypeCost; systemDiskGib: number };
  next: { type: DesktopTypeCost; systemDiskGib: number };
  disk: SystemDiskCost;
  basis: PriceBasis;
  billingMethod: BillingMethod;
  expiresAt?: Date | null;
  now: Date;
}): SpecChangeQuote {
  assertSystemDiskChange(input.current.systemDiskGib, input.next.systemDiskGib);
  const prices = (spec: { type: DesktopTypeCost; systemDiskGib: number }) =>
    desktopPrices(spec.type, input.disk, spec.systemDiskGib, input.basis);
  return quoteSpecChange({
    billingMethod: input.billingMethod,
    before: prices(input.current),
    after: prices(input.next),
    expiresAt: input.expiresAt,
    now: input.now,
  });
}

/**
 * More bandwidth for an office network (GET /user/office_site/{id}/upgrade_price and the
 * upgrade): the monthly difference prorated to the expiry exactly like a desktop's change. Only
 * upwards: the same or a lower bandwidth answers 422 OFFICE_BANDWIDTH_NOT_HIGHER, since a
 * downgrade would refund nothing (`quoteSpecChange` never pays back) and still cut the line.
 */
export function quoteOfficeBandwidthChange(input: {
  currentMbps: number;
  nextMbps: number;
  mbpsMonthCostMicros: bigint;
  basis: PriceBasis;
  billingMethod: BillingMethod;
  expiresAt?: Date | null;
  now: Date;
}): SpecChangeQuote {
  assertOfficeBandwidth(input.nextMbps);
  if (input.nextMbps <= input.currentMbps) {
    throw new AppError('business_rule', ErrorCode.OFFICE_BANDWIDTH_NOT_HIGHER, {
      current: input.currentMbps,
    });
  }
  const prices = (mbps: number) => perUnitPrices(input.mbpsMonthCostMicros, mbps, input.basis);
  return quoteSpecChange({
    billingMethod: input.billingMethod,
    before: prices(input.currentMbps),
    after: prices(input.nextMbps),
    expiresAt: input.expiresAt,
    now: input.now,
  });
}

/** A quantity of a per-unit monthly cost (bandwidth × Mbps, space × GiB) as one resource's prices. */
function perUnitPrices(costPerUnitMonthMicros: bigint, units: number, basis: PriceBasis) {
  return { unitMicros: customerPrice(costPerUnitMonthMicros * BigInt(units), basis, CENT), hourlyMicros: 0n };
}

/** An office network of `bandwidthMbps` for months (traffic is metered apart, see `meteredRate`). */
export function quoteOfficeNetwork(input: {
  bandwidthMbps: number;
  mbpsMonthCostMicros: bigint;
  basis: PriceBasis;
  months: number;
  discountBp: number;
}): Quote {
  assertOfficeBandwidth(input.bandwidthMbps);
  const prices = perUnitPrices(input.mbpsMonthCostMicros, input.bandwidthMbps, input.basis);
  return quote(
    prices,
    { billingMethod: 'subscription', months: input.months, discountBp: input.discountBp },
    1,
  );
}

/** An EIP of `bandwidthMbps` for months (phones' discount). */
export function quoteEip(input: {
  bandwidthMbps: number;
  mbpsMonthCostMicros: bigint;
  basis: PriceBasis;
  months: number;
  phDiscountBp: number;
  quantity?: number;
}): Quote {
  assertEipBandwidth(input.bandwidthMbps);
  const prices = perUnitPrices(input.mbpsMonthCostMicros, input.bandwidthMbps, input.basis);
  const charge: Charge = {
    billingMethod: 'subscription',
    months: input.months,
    discountBp: input.phDiscountBp,
  };
  return quote(prices, charge, input.quantity ?? 1);
}

/**
 * An EIP's bandwidth from `currentMbps` to `nextMbps` (PUT /user/ph/eip/{id}): the monthly
 * difference prorated to the expiry like any change; lowering it costs and refunds nothing.
 */
export function quoteEipBandwidthChange(input: {
  currentMbps: number;
  nextMbps: number;
  mbpsMonthCostMicros: bigint;
  basis: PriceBasis;
  expiresAt: Date | null;
  now: Date;
}): SpecChangeQuote {
  assertEipBandwidth(input.nextMbps);
  const prices = (mbps: number) => perUnitPrices(input.mbpsMonthCostMicros, mbps, input.basis);
  return quoteSpecChange({
    billingMethod: 'subscription',
    before: prices(input.currentMbps),
    after: prices(input.nextMbps),
    expiresAt: input.expiresAt,
    now: input.now,
  });
}

/** Backup space of `sizeGib` for months (phones' discount). */
export function quoteBackupSpace(input: {
  sizeGib: number;
  gibMonthCostMicros: bigint;
  basis: PriceBasis;
  months: number;
  phDiscountBp: number;
}): Quote {
  assertBackupSpace(input.sizeGib);
  const prices = perUnitPrices(input.gibMonthCostMicros, input.sizeGib, input.basis);
  return quote(
    prices,
    { billingMethod: 'subscription', months: input.months, discountBp: input.phDiscountBp },
    1,
  );
}

/**
 * Backup space grown from `currentGib` to `nextGib`: the monthly difference prorated to the
 * expiry like every change (the space only grows, its callers refuse anything else).
 */
export function quoteBackupSpaceChange(input: {
  currentGib: number;
  nextGib: number;
  gibMonthCostMicros: bigint;
  basis: PriceBasis;
  expiresAt: Date | null;
  now: Date;
}): SpecChangeQuote {
  assertBackupSpace(input.nextGib);
  const prices = (gib: number) => perUnitPrices(input.gibMonthCostMicros, gib, input.basis);
  return quoteSpecChange({
    billingMethod: 'subscription',
    before: prices(input.currentGib),
    after: prices(input.nextGib),
    expiresAt: input.expiresAt,
    now: input.now,
  });
}

/** Cloud phones of a spec (GET /ph/ph_price and the purchase); subscriptions take the ph_discount. */
export function quotePhone(input: {
  spec: UpstreamCost;
  basis: PriceBasis;
  charge: Charge;
  quantity: number;
}): Quote {
  return quote(unitPrices(input.spec, input.basis), input.charge, input.quantity);
}

/**
 * Moving a cloud phone to another spec (GET /user/ph/phone/{id}/upgrade_price and the upgrade):
 * the monthly difference prorated to the expiry exactly like a desktop's change, never below 0.
 */
export function quotePhoneSpecChange(input: {
  current: UpstreamCost;
  next: UpstreamCost;
  basis: PriceBasis;
  billingMethod: BillingMethod;
  expiresAt?: Date | null;
  now: Date;
}): SpecChangeQuote {
  return quoteSpecChange({
    billingMethod: input.billingMethod,
    before: unitPrices(input.current, input.basis),
    after: unitPrices(input.next, input.basis),
    expiresAt: input.expiresAt,
    now: input.now,
  });
}

/** `quantity` things of one monthly cost for months at the phones' discount (a phone network, a proxy). */
function quoteMonthlyThing(input: {
  monthCostMicros: bigint;
  basis: PriceBasis;
  months: number;
  phDiscountBp: number;
  quantity?: number;
}): Quote {
  const prices = perUnitPrices(input.monthCostMicros, 1, input.basis);
  return quote(
    prices,
    { billingMethod: 'subscription', months: input.months, discountBp: input.phDiscountBp },
    input.quantity ?? 1,
  );
}

/** A custom phone network for months (phones' discount). */
export function quotePhoneNetwork(input: {
  monthCostMicros: bigint;
  basis: PriceBasis;
  months: number;
  phDiscountBp: number;
}): Quote {
  return quoteMonthlyThing(input);
}

/** `quantity` static residential proxies for months (phones' discount: they are bought for phones). */
export function quoteResidentialProxy(input: {
  monthCostMicros: bigint;
  basis: PriceBasis;
  months: number;
  phDiscountBp: number;
  quantity: number;
}): Quote {
  return quoteMonthlyThing(input);
}

/** Bytes in one billed GB (decimal, as clouds bill traffic). */
export const BYTES_PER_GB = 1_000_000_000n;

/** What `bytes` of traffic cost at a customer rate per GB (the hourly traffic bill), to the micro. */
export function trafficCharge(ratePerGbMicros: bigint, bytes: bigint): bigint {
  return roundHalfUp(ratePerGbMicros * bytes, BYTES_PER_GB, 1n);
}
