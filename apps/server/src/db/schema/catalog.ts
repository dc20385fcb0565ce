import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns';
import { users } from './identity';

/** Regions where desktops ('desktop') and phones ('phone') are sold (GET /describe_regions, /ph/regions). */
export const regions = pgTable(
  'regions',
  {
    id: serialId(),
    kind: varchar('kind', { length: 10 }).notNull(),
    /** The upstream cloud's region id. */
    wyRegionId: varchar('wy_region_id', { length: 60 }).notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Every price sold in this region is multiplied by this percentage (upstream costs differ by region). */
    priceFactorPercent: integer('price_factor_percent').notNull().default(100),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('regions_kind_wy_region_unique').on(t.kind, t.wyRegionId),
    check('regions_price_factor_positive', sql`${t.priceFactorPercent} > 0`),
  ],
);

/** Families of desktop bundles (general, performance, graphics): GET /bundles_type. */
export const desktopBundleTypes = pgTable('desktop_bundle_types', {
  id: serialId(),
  key: varchar('key', { length: 30 }).notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
  /**
   * Operators take a family off sale (issue 18): it leaves the buy page and cannot be bought, while
   * the desktops already of it keep renewing.
   */
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * Upstream desktop instance types and what they cost the reseller (integer micro-dollars); the
 * customer's price is derived from these by the pricing module (markup × region factor).
 */
export const desktopTypes = pgTable(
  'desktop_types',
  {
    id: serialId(),
    /** The upstream instance type, e.g. `eds.general.2c4g`. */
    typeId: varchar('type_id', { length: 60 }).notNull().unique(),
    bundleType: varchar('bundle_type', { length: 30 })
      .notNull()
      .references(() => desktopBundleTypes.key),
    cpu: integer('cpu').notNull(),
    memoryGib: integer('memory_gib').notNull(),
    /** GPU memory of graphics types; null for the others. */
    gpuGib: integer('gpu_gib'),
    monthlyCostMicros: bigint('monthly_cost_micros', { mode: 'bigint' }).notNull(),
    hourlyCostMicros: bigint('hourly_cost_micros', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check(
      'desktop_types_costs_valid',
      sql`${t.monthlyCostMicros} >= 0 and ${t.hourlyCostMicros} >= 0 and ${t.cpu} > 0 and ${t.memoryGib} > 0`,
    ),
  ],
);

/**
 * Customer-visible images. System images have no owner; a customer's own image belongs to them
 * (created from a desktop, issue 7+). A null region means every region.
 */
export const desktopImages = pgTable(
  'desktop_images',
  {
    id: serialId(),
    imageId: varchar('image_id', { length: 60 }).notNull().unique(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** DESKTOP_PLATFORM_TYPES. */
    platformType: varchar('platform_type', { length: 10 }).notNull(),
    osName: text('os_name').notNull(),
    sizeGib: integer('size_gib').notNull(),
    /** A desktop made from this image needs at least this system disk. */
    minSystemDiskGib: integer('min_system_disk_gib').notNull(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id),
    regionId: bigint('region_id', { mode: 'number' }).references(() => regions.id),
    /** DESKTOP_IMAGE_STATUSES. */
    status: varchar('status', { length: 20 }).notNull().default('available'),
    /** Operators take a system image off sale (issue 18): customers no longer see or buy it. */
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('desktop_images_owner_idx').on(t.ownerUserId, t.createdAt.desc(), t.id.desc()),
    check('desktop_images_platform_known', sql`${t.platformType} in ('Windows', 'Linux')`),
    check('desktop_images_status_known', sql`${t.status} in ('creating', 'available', 'failed')`),
  ],
);

/** Presets of the purchase page: a desktop type with a default image and system disk. */
export const desktopBundles = pgTable(
  'desktop_bundles',
  {
    id: serialId(),
    bundleId: varchar('bundle_id', { length: 60 }).notNull().unique(),
    desktopTypeId: bigint('desktop_type_id', { mode: 'number' })
      .notNull()
      .references(() => desktopTypes.id),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    defaultImageId: varchar('default_image_id', { length: 60 }).references(() => desktopImages.imageId),
    defaultSystemDiskGib: integer('default_system_disk_gib').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check(
      'desktop_bundles_system_disk_valid',
      sql`${t.defaultSystemDiskGib} between 80 and 500 and ${t.defaultSystemDiskGib} % 10 = 0`,
    ),
  ],
);

/** Cloud phone instance specs and what they cost the reseller. */
export const phoneSpecs = pgTable(
  'phone_specs',
  {
    id: serialId(),
    specId: varchar('spec_id', { length: 60 }).notNull().unique(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    cpu: integer('cpu').notNull(),
    memoryGib: integer('memory_gib').notNull(),
    diskGib: integer('disk_gib').notNull(),
    /** Screen size in pixels, e.g. `720x1280`. */
    resolution: varchar('resolution', { length: 20 }).notNull(),
    monthlyCostMicros: bigint('monthly_cost_micros', { mode: 'bigint' }).notNull(),
    hourlyCostMicros: bigint('hourly_cost_micros', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [check('phone_specs_costs_valid', sql`${t.monthlyCostMicros} >= 0 and ${t.hourlyCostMicros} >= 0`)],
);

/** Android images a cloud phone can run. */
export const phoneImages = pgTable('phone_images', {
  id: serialId(),
  imageId: varchar('image_id', { length: 60 }).notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  androidVersion: varchar('android_version', { length: 10 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/**
 * Discounts by subscription length (spec §3 Discount period), in exact basis points: 9000 is 0.9,
 * "9折", 10 % off. `discount` applies to desktops and office networks, `ph_discount` to phones
 * and what belongs to them (EIPs, phone networks, backup space).
 */
export const periodDiscounts = pgTable(
  'period_discounts',
  {
    id: serialId(),
    unit: varchar('unit', { length: 10 }).notNull().default('month'),
    period: integer('period').notNull(),
    discountBp: integer('discount_bp').notNull(),
    phDiscountBp: integer('ph_discount_bp').notNull(),
  },
  (t) => [
    uniqueIndex('period_discounts_unit_period_unique').on(t.unit, t.period),
    check('period_discounts_unit_known', sql`${t.unit} in ('month')`),
    check(
      'period_discounts_valid',
      sql`${t.period} > 0 and ${t.discountBp} between 1 and 10000 and ${t.phDiscountBp} between 1 and 10000`,
    ),
  ],
);

/** Upstream cost of the metered extras, per unit (bandwidth, traffic, storage, phone network). */
export const unitPrices = pgTable(
  'unit_prices',
  {
    id: serialId(),
    /** UNIT_PRICE_KEYS. */
    key: varchar('key', { length: 40 }).notNull().unique(),
    costMicros: bigint('cost_micros', { mode: 'bigint' }).notNull(),
    /** What one unit is, for people: "Mbps/月", "Mbps/month". */
    unitZh: text('unit_zh').notNull(),
    unitEn: text('unit_en').notNull(),
  },
  (t) => [check('unit_prices_cost_valid', sql`${t.costMicros} >= 0`)],
);
