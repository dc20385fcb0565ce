/**
 * The catalogue and its prices (spec §3 Region, Discount period; §7 Desktops and Cloud phone price
 * calls, /user/u_period_discount). Names come in the caller's language (`name`) and in both;
 * money is decimal text in dollars: "25.20" per month, hourly and per-GB rates with three
 * decimals ("0.058"). Limits are `catalog-constants.ts`'s; their field messages are error codes.
 */
import { z } from 'zod';
import {
  BACKUP_SPACE_MAX_GIB,
  BACKUP_SPACE_MIN_GIB,
  BACKUP_SPACE_STEP_GIB,
  DESKTOP_IMAGE_STATUSES,
  DESKTOP_PLATFORM_TYPES,
  EIP_BANDWIDTH_MAX_MBPS,
  EIP_BANDWIDTH_MIN_MBPS,
  MAX_PURCHASE_QUANTITY,
  OFFICE_BANDWIDTH_MAX_MBPS,
  OFFICE_BANDWIDTH_MIN_MBPS,
  PERIOD_UNITS,
  SYSTEM_DISK_MAX_GIB,
  SYSTEM_DISK_MIN_GIB,
  SYSTEM_DISK_STEP_GIB,
  UNIT_PRICE_KEYS,
} from './catalog-constants';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional } from './filters';
import { BILLING_METHODS } from './statuses';

// ---------------------------------------------------------------------------------------------
// Query fields

/** A whole number from `min` to `max` (a multiple of `step`), or `code` as the field's message. */
const wholeNumber = (code: ErrorCode, min: number, max: number, step = 1) =>
  z.coerce
    .number({ error: code })
    .int({ error: code })
    .min(min, { error: code })
    .max(max, { error: code })
    .refine((n) => n % step === 0, { error: code });

const id = z.coerce.number().int().positive();
const regionId = id;
const optionalId = optional(id);
const text = (max: number) => z.string().trim().min(1).max(max);

export const systemDiskField = wholeNumber(
  ErrorCode.SYSTEM_DISK_RANGE,
  SYSTEM_DISK_MIN_GIB,
  SYSTEM_DISK_MAX_GIB,
  SYSTEM_DISK_STEP_GIB,
);
export const officeBandwidthField = wholeNumber(
  ErrorCode.OFFICE_BANDWIDTH_RANGE,
  OFFICE_BANDWIDTH_MIN_MBPS,
  OFFICE_BANDWIDTH_MAX_MBPS,
);
export const eipBandwidthField = wholeNumber(
  ErrorCode.EIP_BANDWIDTH_RANGE,
  EIP_BANDWIDTH_MIN_MBPS,
  EIP_BANDWIDTH_MAX_MBPS,
);
export const backupSpaceField = wholeNumber(
  ErrorCode.BACKUP_SPACE_RANGE,
  BACKUP_SPACE_MIN_GIB,
  BACKUP_SPACE_MAX_GIB,
  BACKUP_SPACE_STEP_GIB,
);
export const quantityField = wholeNumber(ErrorCode.QUANTITY_RANGE, 1, MAX_PURCHASE_QUANTITY);
/** Months; which ones are sold is the period-discount table's business (checked by the server). */
export const periodField = z.coerce.number().int().positive().max(120);

const billingMethod = z.enum(BILLING_METHODS).default('subscription');
const platformType = z.enum(DESKTOP_PLATFORM_TYPES);

// Shared with the purchase bodies of desktops.ts.
export { id as idField, text as textField, billingMethod as billingMethodField };

/** A subscription needs its months. */
export function requirePeriod(
  value: { billing_method: string; period?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.billing_method === 'subscription' && value.period === undefined) {
    ctx.addIssue({ code: 'custom', path: ['period'], message: ErrorCode.PERIOD_REQUIRED });
  }
}

// ---------------------------------------------------------------------------------------------
// Bundles, types, images

/** GET /bundles_type. */
export const bundleTypeSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
});
export type BundleType = z.infer<typeof bundleTypeSchema>;

/** GET /desktop_types: an upstream instance type with its prices in the region asked for. */
export const desktopTypeQuery = z.object({
  /** Prices in this region; without it the catalogue's base prices (factor 100 %). */
  region_id: optionalId,
  bundle_type: optional(text(30)),
});
export const desktopTypeSchema = z.object({
  id: z.number().int(),
  /** The upstream instance type, e.g. `eds.general.2c4g`. */
  desktop_type: z.string(),
  bundle_type: z.string(),
  cpu: z.number().int(),
  /** GiB. */
  memory: z.number().int(),
  /** GPU memory in GiB; null without a GPU. */
  gpu: z.number().int().nullable(),
  /** Per month, the type alone (no system disk). */
  price: z.string(),
  /** Per hour, the type alone. */
  hourly_price: z.string(),
});
export type DesktopType = z.infer<typeof desktopTypeSchema>;

/** GET /describe_bundles: the same filters as the desktop types. */
export const bundleQuery = desktopTypeQuery;
/** A purchase-page preset; prices include its default system disk. */
export const bundleSchema = z.object({
  id: z.number().int(),
  bundle_id: z.string(),
  name: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  description: z.string(),
  bundle_type: z.string(),
  bundle_type_name: z.string(),
  desktop_type: z.string(),
  cpu: z.number().int(),
  memory: z.number().int(),
  gpu: z.number().int().nullable(),
  default_image_id: z.string().nullable(),
  /** GiB. */
  system_disk: z.number().int(),
  price: z.string(),
  hourly_price: z.string(),
});
export type Bundle = z.infer<typeof bundleSchema>;

export const desktopImageSchema = z.object({
  id: z.number().int(),
  image_id: z.string(),
  name: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  platform_type: platformType,
  os_name: z.string(),
  /** GiB. */
  size: z.number().int(),
  /** The smallest system disk (GiB) a desktop made from it may have. */
  min_system_disk: z.number().int(),
  /** Null: every region. */
  region_id: z.number().int().nullable(),
  status: z.enum(DESKTOP_IMAGE_STATUSES),
  /** True for the caller's own images, false for system images. */
  is_custom: z.boolean(),
  created_at: z.string(),
});
export type DesktopImage = z.infer<typeof desktopImageSchema>;

/** GET /user/bundles/details. */
export const bundleDetailQuery = z.object({ bundle_id: text(60), region_id: optionalId });
export const bundleDetailSchema = bundleSchema.extend({
  description_zh: z.string(),
  description_en: z.string(),
  default_image: desktopImageSchema.nullable(),
});
export type BundleDetail = z.infer<typeof bundleDetailSchema>;

/** GET /desktop_image (system images) and GET /user/desktop_image/v2 (system and own). */
export const desktopImageQuery = z.object({
  platform_type: optional(platformType),
  region_id: optionalId,
});
/** GET /user/desktop_image: the caller's own images, paged. */
export const ownDesktopImageQuery = pageQuery.extend(desktopImageQuery.shape);
export const desktopImagePageSchema = pageOf(desktopImageSchema);
export type DesktopImagePage = z.infer<typeof desktopImagePageSchema>;

/** GET /user/desktop_image/platform_type. */
export const platformTypeOptionSchema = z.object({ value: platformType, label: z.string() });
export type PlatformTypeOption = z.infer<typeof platformTypeOptionSchema>;

// ---------------------------------------------------------------------------------------------
// Period discounts

/** GET /user/u_period_discount: `discount` 0.9 is "9折", 10 % off; `ph_discount` is the phones'. */
export const periodDiscountSchema = z.object({
  id: z.number().int(),
  unit: z.enum(PERIOD_UNITS),
  period: z.number().int(),
  discount: z.number(),
  ph_discount: z.number(),
});
export type PeriodDiscount = z.infer<typeof periodDiscountSchema>;

// ---------------------------------------------------------------------------------------------
// Desktop prices

/** GET /describe_price: a new purchase of a bundle or a desktop type. */
export const describePriceQuery = z
  .object({
    region_id: regionId,
    bundle_id: optional(text(60)),
    desktop_type: optional(text(60)),
    /** GiB; the bundle's default (or the minimum) when absent. */
    system_disk: optional(systemDiskField),
    billing_method: billingMethod,
    period: optional(periodField),
    quantity: quantityField.default(1),
  })
  .superRefine((value, ctx) => {
    requirePeriod(value, ctx);
    if (!value.bundle_id && !value.desktop_type) {
      ctx.addIssue({ code: 'custom', path: ['bundle_id'], message: ErrorCode.BUNDLE_OR_TYPE_REQUIRED });
    }
  });
export type DescribePriceQuery = z.input<typeof describePriceQuery>;

/**
 * A purchase quote. Subscription: `original_price` = unit × months × quantity, `payable_price` =
 * original × discount. Pay-as-you-go: nothing is payable up front; `min_balance` (one hour of
 * every resource) must be in the wallet to buy.
 */
export const priceQuoteSchema = z.object({
  billing_method: z.enum(BILLING_METHODS),
  period: z.number().int().nullable(),
  quantity: z.number().int(),
  /** One resource, one month. */
  unit_price: z.string(),
  /** One resource, one hour. */
  hourly_price: z.string(),
  original_price: z.string(),
  discount: z.number(),
  /** original − payable. */
  discount_amount: z.string(),
  payable_price: z.string(),
  min_balance: z.string(),
});
export type PriceQuote = z.infer<typeof priceQuoteSchema>;

/** The desktop's configuration: its instance type and system disk. */
const desktopSpecFields = {
  region_id: regionId,
  desktop_type: text(60),
  system_disk: systemDiskField,
};

/** GET /renewal_price: renewing a desktop of this spec for `period` months. */
export const renewalPriceQuery = z.object({
  ...desktopSpecFields,
  period: periodField,
  quantity: quantityField.default(1),
});
export type RenewalPriceQuery = z.input<typeof renewalPriceQuery>;

/**
 * GET /user/modify_spec_price: a desktop's current spec and the new one (each field defaults to
 * the current). A subscription passes its `expire_time`; the difference is prorated to it.
 */
export const modifySpecPriceQuery = z
  .object({
    ...desktopSpecFields,
    new_desktop_type: optional(text(60)),
    new_system_disk: optional(systemDiskField),
    billing_method: billingMethod,
    expire_time: optional(z.iso.datetime({ offset: true })),
  })
  .superRefine((value, ctx) => {
    if (value.billing_method === 'subscription' && value.expire_time === undefined) {
      ctx.addIssue({ code: 'custom', path: ['expire_time'], message: ErrorCode.EXPIRE_TIME_REQUIRED });
    }
  });
export type ModifySpecPriceQuery = z.input<typeof modifySpecPriceQuery>;

/**
 * A configuration change. Subscription: (new − old monthly price) × remaining seconds / 30 days,
 * never below 0 (a downgrade costs nothing and refunds nothing). Pay-as-you-go: nothing now,
 * the new hourly price from the change on.
 */
export const modifySpecQuoteSchema = z.object({
  billing_method: z.enum(BILLING_METHODS),
  old_unit_price: z.string(),
  new_unit_price: z.string(),
  old_hourly_price: z.string(),
  new_hourly_price: z.string(),
  remaining_seconds: z.number().int(),
  payable_price: z.string(),
});
export type ModifySpecQuote = z.infer<typeof modifySpecQuoteSchema>;

// ---------------------------------------------------------------------------------------------
// Networks

/** GET /network_unit_price: per-unit network prices in a region. */
export const regionQuery = z.object({ region_id: regionId });
export const networkUnitPriceSchema = z.object({
  /** Office network bandwidth, per Mbps and month. */
  bandwidth_price: z.string(),
  /** Traffic, per GB (billed hourly). */
  traffic_price: z.string(),
  /** EIP bandwidth, per Mbps and month. */
  eip_bandwidth_price: z.string(),
  min_bandwidth: z.number().int(),
  max_bandwidth: z.number().int(),
});
export type NetworkUnitPrice = z.infer<typeof networkUnitPriceSchema>;

/** GET /user/network_cost: what an office network of `bandwidth` Mbps costs in a region (subscription). */
export const networkCostQuery = z.object({
  region_id: regionId,
  bandwidth: officeBandwidthField,
  /** Months of bandwidth (1 when absent); traffic is billed by the hour on top. */
  period: periodField.default(1),
});
export type NetworkCostQuery = z.input<typeof networkCostQuery>;
export const networkCostSchema = priceQuoteSchema.extend({
  bandwidth: z.number().int(),
  traffic_price: z.string(),
});
export type NetworkCost = z.infer<typeof networkCostSchema>;

// ---------------------------------------------------------------------------------------------
// Cloud phones

/** GET /ph/spec: phone specs with their prices in the region asked for. */
export const phoneSpecQuery = z.object({ region_id: optionalId });
export const phoneSpecSchema = z.object({
  id: z.number().int(),
  spec_id: z.string(),
  name: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  cpu: z.number().int(),
  memory: z.number().int(),
  disk: z.number().int(),
  resolution: z.string(),
  price: z.string(),
  hourly_price: z.string(),
});
export type PhoneSpecItem = z.infer<typeof phoneSpecSchema>;

/** GET /ph/unit_price: the phones' metered prices in a region. */
export const unitPriceItemSchema = z.object({
  key: z.enum(UNIT_PRICE_KEYS),
  price: z.string(),
  /** What one unit is, in the caller's language ("Mbps/month"). */
  unit: z.string(),
});
export type UnitPriceItem = z.infer<typeof unitPriceItemSchema>;
export const phoneUnitPriceSchema = z.object({
  eip_bandwidth_price: z.string(),
  phone_network_price: z.string(),
  backup_space_price: z.string(),
  traffic_price: z.string(),
  items: z.array(unitPriceItemSchema),
});
export type PhoneUnitPrice = z.infer<typeof phoneUnitPriceSchema>;

/** GET /ph/ph_price: buying phones of a spec (the `ph_discount` applies). */
export const phonePriceQuery = z
  .object({
    region_id: regionId,
    spec_id: text(60),
    billing_method: billingMethod,
    period: optional(periodField),
    quantity: quantityField.default(1),
  })
  .superRefine(requirePeriod);
export type PhonePriceQuery = z.input<typeof phonePriceQuery>;
