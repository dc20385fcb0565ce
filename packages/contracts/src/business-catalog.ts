/**
 * The operators' catalogue and prices (issue 18, `/api/business/catalog/...`): the rows of the
 * catalogue tables as operators edit them, the edits (one patch schema per area, shared by the
 * save routes and the price preview), and the preview's configuration and answer.
 *
 * Money is a decimal dollar string with at most 6 decimals (the upstream costs are micro-dollars);
 * percentages are decimal strings with at most 2 decimals. Field messages are error codes.
 */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional } from './filters';
import { BILLING_METHODS } from './statuses';
import { priceQuoteSchema, quantityField, systemDiskField } from './catalog';
import { MAX_MARKUP_PERCENT, MAX_PRICE_FACTOR_PERCENT } from './business-catalog-constants';

/** A number or a decimal string as the client sends it, kept as the string. */
const decimalText = z.union([z.number(), z.string().trim()]).transform(String);

/** An upstream cost: more than 0 (no price is free or negative), at most 6 decimals. */
export const catalogCostField = decimalText.refine(
  (value) => /^\d{1,9}(\.\d{1,6})?$/.test(value) && /[1-9]/.test(value),
  ErrorCode.CATALOG_PRICE_INVALID,
);

/** A percentage with at most 2 decimals in [min, max] (min exclusive when `open`). */
const percentField = (code: ErrorCode, min: number, max: number, open: boolean) =>
  decimalText.refine(
    (value) =>
      /^\d{1,4}(\.\d{1,2})?$/.test(value) &&
      (open ? Number(value) > min : Number(value) >= min) &&
      Number(value) <= max,
    code,
  );

/** What a subscription of a period pays, in percent of the full price: more than 0, at most 100. */
export const catalogDiscountField = percentField(ErrorCode.CATALOG_DISCOUNT_RANGE, 0, 100, true);
export const catalogMarkupField = percentField(ErrorCode.CATALOG_MARKUP_RANGE, 0, MAX_MARKUP_PERCENT, false);
export const catalogPriceFactorField = z.coerce
  .number({ error: ErrorCode.CATALOG_PRICE_FACTOR_RANGE })
  .int({ error: ErrorCode.CATALOG_PRICE_FACTOR_RANGE })
  .min(1, { error: ErrorCode.CATALOG_PRICE_FACTOR_RANGE })
  .max(MAX_PRICE_FACTOR_PERCENT, { error: ErrorCode.CATALOG_PRICE_FACTOR_RANGE });

const name = z.string().trim().min(1).max(60);
const sort = z.coerce.number().int().min(0).max(9999);
const id = z.coerce.number().int().positive();

// ---------------------------------------------------------------------------------------------
// Rows

export const catalogRegionSchema = z.object({
  id: z.number().int(),
  /** 'desktop' or 'phone'. */
  kind: z.string(),
  wyRegionId: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  priceFactorPercent: z.number().int(),
});
export const catalogBundleTypeSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
  /** Off sale: the family leaves the buy page and cannot be bought; its desktops keep renewing. */
  enabled: z.boolean(),
  /** Desktop types of this family. */
  typeCount: z.number().int(),
});
/** A preset of the desktop buy page: a desktop type with a default image and system disk. */
export const catalogBundleSchema = z.object({
  id: z.number().int(),
  bundleId: z.string(),
  /** The upstream desktop type (its cost makes the price) and its family. */
  desktopType: z.string(),
  bundleType: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  defaultImageId: z.string().nullable(),
  defaultSystemDiskGib: z.number().int(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const catalogDesktopTypeSchema = z.object({
  id: z.number().int(),
  typeId: z.string(),
  bundleType: z.string(),
  cpu: z.number().int(),
  memoryGib: z.number().int(),
  gpuGib: z.number().int().nullable(),
  monthlyCost: z.string(),
  hourlyCost: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const catalogImageSchema = z.object({
  id: z.number().int(),
  imageId: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  platformType: z.string(),
  osName: z.string(),
  sizeGib: z.number().int(),
  minSystemDiskGib: z.number().int(),
  /** Null: every region. */
  regionId: z.number().int().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const catalogPhoneSpecSchema = z.object({
  id: z.number().int(),
  specId: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  cpu: z.number().int(),
  memoryGib: z.number().int(),
  diskGib: z.number().int(),
  resolution: z.string(),
  monthlyCost: z.string(),
  hourlyCost: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const catalogPhoneImageSchema = z.object({
  id: z.number().int(),
  imageId: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  androidVersion: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const catalogDiscountSchema = z.object({
  id: z.number().int(),
  unit: z.string(),
  period: z.number().int(),
  /** Desktops and office networks pay this percent of the full price ("90" = 9折). */
  discountPercent: z.string(),
  /** Phones, EIPs, phone networks and backup space. */
  phDiscountPercent: z.string(),
});
export const catalogUnitPriceSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  cost: z.string(),
  unitZh: z.string(),
  unitEn: z.string(),
});
export const catalogMarkupSchema = z.object({ markupPercent: z.string() });

export type CatalogRegion = z.infer<typeof catalogRegionSchema>;
export type CatalogBundleType = z.infer<typeof catalogBundleTypeSchema>;
export type CatalogBundle = z.infer<typeof catalogBundleSchema>;
export type CatalogDesktopType = z.infer<typeof catalogDesktopTypeSchema>;
export type CatalogImage = z.infer<typeof catalogImageSchema>;
export type CatalogPhoneSpec = z.infer<typeof catalogPhoneSpecSchema>;
export type CatalogPhoneImage = z.infer<typeof catalogPhoneImageSchema>;
export type CatalogDiscount = z.infer<typeof catalogDiscountSchema>;
export type CatalogUnitPrice = z.infer<typeof catalogUnitPriceSchema>;
export type CatalogMarkup = z.infer<typeof catalogMarkupSchema>;

export const catalogRegionPage = pageOf(catalogRegionSchema);
export const catalogBundleTypePage = pageOf(catalogBundleTypeSchema);
export const catalogBundlePage = pageOf(catalogBundleSchema);
export const catalogDesktopTypePage = pageOf(catalogDesktopTypeSchema);
export const catalogImagePage = pageOf(catalogImageSchema);
export const catalogPhoneSpecPage = pageOf(catalogPhoneSpecSchema);
export const catalogPhoneImagePage = pageOf(catalogPhoneImageSchema);
export const catalogDiscountPage = pageOf(catalogDiscountSchema);
export const catalogUnitPricePage = pageOf(catalogUnitPriceSchema);

// ---------------------------------------------------------------------------------------------
// Lists

export const catalogListQuery = pageQuery.extend({
  /** Regions: 'desktop' or 'phone'. */
  kind: optional(z.enum(['desktop', 'phone'])),
  /** Desktop types and bundle presets: one family. */
  bundleType: optional(z.string().max(30)),
  /** Images: Windows or Linux. */
  platformType: optional(z.string().max(10)),
});
export type CatalogListQuery = z.infer<typeof catalogListQuery>;
export const catalogIdParams = z.object({ id });

// ---------------------------------------------------------------------------------------------
// Edits: what changes, never empty

const patch = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object(shape)
    .partial()
    .refine((value) => Object.values(value).some((v) => v !== undefined), ErrorCode.CATALOG_CHANGE_EMPTY);

export const catalogRegionPatch = patch({
  enabled: z.boolean(),
  priceFactorPercent: catalogPriceFactorField,
  nameZh: name,
  nameEn: name,
  sort,
});
export const catalogBundleTypePatch = patch({ enabled: z.boolean(), nameZh: name, nameEn: name, sort });
const description = z.string().trim().max(500);
export const catalogBundlePatch = patch({
  /** The upstream type id (`eds.general.2c4g`); the server checks it exists. */
  desktopType: z.string().trim().min(1).max(60),
  /** A system image, or null for none; the server checks it fits the default disk. */
  defaultImageId: z.string().trim().min(1).max(60).nullable(),
  defaultSystemDiskGib: systemDiskField,
  enabled: z.boolean(),
  nameZh: name,
  nameEn: name,
  descriptionZh: description,
  descriptionEn: description,
  sort,
});
export const catalogDesktopTypePatch = patch({
  monthlyCost: catalogCostField,
  hourlyCost: catalogCostField,
  enabled: z.boolean(),
  sort,
});
export const catalogImagePatch = patch({ enabled: z.boolean(), nameZh: name, nameEn: name, sort });
export const catalogPhoneSpecPatch = patch({
  monthlyCost: catalogCostField,
  hourlyCost: catalogCostField,
  enabled: z.boolean(),
  nameZh: name,
  nameEn: name,
  sort,
});
export const catalogPhoneImagePatch = catalogImagePatch;
export const catalogDiscountPatch = patch({
  discountPercent: catalogDiscountField,
  phDiscountPercent: catalogDiscountField,
});
export const catalogUnitPricePatch = patch({ cost: catalogCostField });
export const catalogMarkupPatch = patch({ markupPercent: catalogMarkupField });

export type CatalogRegionPatch = z.infer<typeof catalogRegionPatch>;
export type CatalogBundleTypePatch = z.infer<typeof catalogBundleTypePatch>;
export type CatalogBundlePatch = z.infer<typeof catalogBundlePatch>;
export type CatalogDesktopTypePatch = z.infer<typeof catalogDesktopTypePatch>;
export type CatalogImagePatch = z.infer<typeof catalogImagePatch>;
export type CatalogPhoneSpecPatch = z.infer<typeof catalogPhoneSpecPatch>;
export type CatalogDiscountPatch = z.infer<typeof catalogDiscountPatch>;
export type CatalogUnitPricePatch = z.infer<typeof catalogUnitPricePatch>;
export type CatalogMarkupPatch = z.infer<typeof catalogMarkupPatch>;

/** One pending edit of any area: what the preview prices and a save applies. */
export const catalogChange = z.discriminatedUnion('area', [
  z.object({ area: z.literal('region'), id, patch: catalogRegionPatch }),
  z.object({ area: z.literal('bundleType'), id, patch: catalogBundleTypePatch }),
  z.object({ area: z.literal('bundle'), id, patch: catalogBundlePatch }),
  z.object({ area: z.literal('desktopType'), id, patch: catalogDesktopTypePatch }),
  z.object({ area: z.literal('image'), id, patch: catalogImagePatch }),
  z.object({ area: z.literal('phoneSpec'), id, patch: catalogPhoneSpecPatch }),
  z.object({ area: z.literal('phoneImage'), id, patch: catalogPhoneImagePatch }),
  z.object({ area: z.literal('discount'), id, patch: catalogDiscountPatch }),
  z.object({ area: z.literal('unitPrice'), id, patch: catalogUnitPricePatch }),
  z.object({ area: z.literal('markup'), patch: catalogMarkupPatch }),
]);
export type CatalogChange = z.infer<typeof catalogChange>;

// ---------------------------------------------------------------------------------------------
// Price preview

/** The configuration a customer would buy: a desktop of a type or a phone of a spec. */
export const catalogPreviewConfig = z
  .object({
    product: z.enum(['desktop', 'phone']),
    regionId: id,
    desktopType: optional(z.string().trim().min(1).max(60)),
    /** A desktop bundle preset instead of a type: its type, and its disk unless one is given. */
    bundleId: optional(z.string().trim().min(1).max(60)),
    systemDiskGib: optional(systemDiskField),
    specId: optional(z.string().trim().min(1).max(60)),
    billingMethod: z.enum(BILLING_METHODS),
    period: optional(z.coerce.number().int().positive()),
    quantity: quantityField,
  })
  .superRefine((value, ctx) => {
    if (value.product === 'desktop' && !value.desktopType && !value.bundleId)
      ctx.addIssue({ code: 'custom', path: ['desktopType'], message: ErrorCode.BUNDLE_OR_TYPE_REQUIRED });
    if (value.product === 'phone' && !value.specId)
      ctx.addIssue({ code: 'custom', path: ['specId'], message: ErrorCode.PHONE_SPEC_NOT_FOUND });
    if (value.billingMethod === 'subscription' && value.period === undefined)
      ctx.addIssue({ code: 'custom', path: ['period'], message: ErrorCode.PERIOD_REQUIRED });
  });
export type CatalogPreviewConfig = z.infer<typeof catalogPreviewConfig>;

export const catalogPreviewBody = z.object({
  config: catalogPreviewConfig,
  change: catalogChange.optional(),
});
export type CatalogPreviewBody = z.infer<typeof catalogPreviewBody>;

/**
 * The customer's quote now and with the pending change (null without one). When the change makes
 * the configuration unsellable (its region or type disabled), `pending` is null and
 * `pendingError` says why, translated.
 */
export const catalogPreviewSchema = z.object({
  current: priceQuoteSchema.nullable(),
  currentError: z.string().nullable(),
  pending: priceQuoteSchema.nullable(),
  pendingError: z.string().nullable(),
});
export type CatalogPreview = z.infer<typeof catalogPreviewSchema>;
