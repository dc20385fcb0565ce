/** SQL of the catalog module: regions, desktop bundles, types and images, phone specs, prices. */
import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  desktopBundles,
  desktopBundleTypes,
  desktopImages,
  desktopTypes,
  periodDiscounts,
  phoneImages,
  phoneSpecs,
  regions,
  unitPrices,
} from '../../db/schema';

export type RegionKind = 'desktop' | 'phone';
export type RegionRow = typeof regions.$inferSelect;
export type BundleTypeRow = typeof desktopBundleTypes.$inferSelect;
export type DesktopTypeRow = typeof desktopTypes.$inferSelect;
export type DesktopImageRow = typeof desktopImages.$inferSelect;
export type PhoneSpecRow = typeof phoneSpecs.$inferSelect;
export type PhoneImageRow = typeof phoneImages.$inferSelect;
export type PeriodDiscountRow = typeof periodDiscounts.$inferSelect;
export type UnitPriceRow = typeof unitPrices.$inferSelect;

/** Enabled regions of one kind, in display order. */
export function findRegions(db: Db, kind: RegionKind) {
  return db
    .select()
    .from(regions)
    .where(and(eq(regions.kind, kind), eq(regions.enabled, true)))
    .orderBy(asc(regions.sort), asc(regions.id));
}

/**
 * One region of a kind by id: enabled only, unless `onSale` is false (renewing what a customer
 * already owns must not depend on the region still being sold).
 */
export async function findRegion(
  db: Db,
  kind: RegionKind,
  id: number,
  onSale = true,
): Promise<RegionRow | undefined> {
  const [row] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.id, id), eq(regions.kind, kind), onSale ? eq(regions.enabled, true) : undefined));
  return row;
}

/** Desktop families on sale, in display order. */
export function findBundleTypes(db: Db): Promise<BundleTypeRow[]> {
  return db
    .select()
    .from(desktopBundleTypes)
    .where(eq(desktopBundleTypes.enabled, true))
    .orderBy(asc(desktopBundleTypes.sort), asc(desktopBundleTypes.id));
}

/** One desktop family by its key, on sale or not. */
export function findBundleTypeOf(db: Db, key: string): Promise<BundleTypeRow[]> {
  return db.select().from(desktopBundleTypes).where(eq(desktopBundleTypes.key, key));
}

/** Enabled desktop types of families on sale, optionally of one family, in display order. */
export function findDesktopTypes(db: Db, bundleType?: string): Promise<DesktopTypeRow[]> {
  return db
    .select({ type: desktopTypes })
    .from(desktopTypes)
    .innerJoin(desktopBundleTypes, eq(desktopBundleTypes.key, desktopTypes.bundleType))
    .where(
      and(
        eq(desktopTypes.enabled, true),
        eq(desktopBundleTypes.enabled, true),
        bundleType === undefined ? undefined : eq(desktopTypes.bundleType, bundleType),
      ),
    )
    .orderBy(asc(desktopTypes.sort), asc(desktopTypes.id))
    .then((rows) => rows.map((row) => row.type));
}

/** One desktop type by its upstream type id: enabled only, unless `onSale` is false (renewals). */
export async function findDesktopType(
  db: Db,
  typeId: string,
  onSale = true,
): Promise<DesktopTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(desktopTypes)
    .where(and(eq(desktopTypes.typeId, typeId), onSale ? eq(desktopTypes.enabled, true) : undefined));
  return row;
}

/**
 * Bundles on sale: enabled, of an enabled type of a family on sale; with their type and family.
 * `anyFamily` keeps the bundles of families off sale (the purchase then says why it refuses).
 */
export function findBundles(db: Db, filter: { bundleType?: string; bundleId?: string; anyFamily?: boolean }) {
  return db
    .select({ bundle: desktopBundles, type: desktopTypes, bundleType: desktopBundleTypes })
    .from(desktopBundles)
    .innerJoin(desktopTypes, eq(desktopTypes.id, desktopBundles.desktopTypeId))
    .innerJoin(desktopBundleTypes, eq(desktopBundleTypes.key, desktopTypes.bundleType))
    .where(
      and(
        eq(desktopBundles.enabled, true),
        eq(desktopTypes.enabled, true),
        filter.anyFamily ? undefined : eq(desktopBundleTypes.enabled, true),
        filter.bundleType === undefined ? undefined : eq(desktopTypes.bundleType, filter.bundleType),
        filter.bundleId === undefined ? undefined : eq(desktopBundles.bundleId, filter.bundleId),
      ),
    )
    .orderBy(asc(desktopBundles.sort), asc(desktopBundles.id));
}
export type BundleRow = Awaited<ReturnType<typeof findBundles>>[number];

/**
 * Whose images a list shows: the system's (no owner), one customer's own, or both (the purchase
 * picker). Own images are always filtered by their owner.
 */
export type ImageScope = { system: true; ownerUserId?: number } | { system: false; ownerUserId: number };

export interface ImageCriteria {
  scope: ImageScope;
  platformType?: string;
  /** Images of this region and those of every region. */
  regionId?: number;
}

function imageWhere({ scope, platformType, regionId }: ImageCriteria): SQL | undefined {
  const own = scope.ownerUserId === undefined ? undefined : eq(desktopImages.ownerUserId, scope.ownerUserId);
  // A system image an operator took off sale is no longer offered (own images have no switch).
  const system = scope.system
    ? and(isNull(desktopImages.ownerUserId), eq(desktopImages.enabled, true))
    : undefined;
  return and(
    scope.system && own ? or(system, own) : (system ?? own),
    platformType === undefined ? undefined : eq(desktopImages.platformType, platformType),
    regionId === undefined
      ? undefined
      : or(isNull(desktopImages.regionId), eq(desktopImages.regionId, regionId)),
  );
}

/** System images first in their display order, then own images newest first. */
const imageOrder = [
  sql`${desktopImages.ownerUserId} asc nulls first`,
  asc(desktopImages.sort),
  desc(desktopImages.createdAt),
  desc(desktopImages.id),
];

export function findImages(
  db: Db,
  criteria: ImageCriteria,
  page?: { offset: number; limit: number },
): Promise<DesktopImageRow[]> {
  const query = db
    .select()
    .from(desktopImages)
    .where(imageWhere(criteria))
    .orderBy(...imageOrder);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countImages(db: Db, criteria: ImageCriteria): Promise<number> {
  const [row] = await db.select({ n: count() }).from(desktopImages).where(imageWhere(criteria));
  return row?.n ?? 0;
}

export async function findImage(db: Db, imageId: string): Promise<DesktopImageRow | undefined> {
  const [row] = await db.select().from(desktopImages).where(eq(desktopImages.imageId, imageId));
  return row;
}

export function findPeriodDiscounts(db: Db): Promise<PeriodDiscountRow[]> {
  return db.select().from(periodDiscounts).orderBy(asc(periodDiscounts.unit), asc(periodDiscounts.period));
}

export async function findPeriodDiscount(db: Db, period: number): Promise<PeriodDiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(periodDiscounts)
    .where(and(eq(periodDiscounts.unit, 'month'), eq(periodDiscounts.period, period)));
  return row;
}

export function findUnitPrices(db: Db): Promise<UnitPriceRow[]> {
  return db.select().from(unitPrices).orderBy(asc(unitPrices.id));
}

export function findPhoneSpecs(db: Db): Promise<PhoneSpecRow[]> {
  return db
    .select()
    .from(phoneSpecs)
    .where(eq(phoneSpecs.enabled, true))
    .orderBy(asc(phoneSpecs.sort), asc(phoneSpecs.id));
}

/** One phone spec by id: enabled only, unless `onSale` is false (renewals). */
export async function findPhoneSpec(
  db: Db,
  specId: string,
  onSale = true,
): Promise<PhoneSpecRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneSpecs)
    .where(and(eq(phoneSpecs.specId, specId), onSale ? eq(phoneSpecs.enabled, true) : undefined));
  return row;
}

export { findSetting } from '../system/repo';

/** Android images a phone can be bought with (enabled ones), in display order. */
export function findPhoneImages(db: Db): Promise<PhoneImageRow[]> {
  return db
    .select()
    .from(phoneImages)
    .where(eq(phoneImages.enabled, true))
    .orderBy(asc(phoneImages.sort), asc(phoneImages.id));
}

export async function findPhoneImage(db: Db, imageId: string): Promise<PhoneImageRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneImages)
    .where(and(eq(phoneImages.imageId, imageId), eq(phoneImages.enabled, true)));
  return row;
}
