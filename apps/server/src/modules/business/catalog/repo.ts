/**
 * The operators' reads and writes of the catalogue tables (issue 18): every row, enabled or not,
 * paged in SQL; one update per edit. The customers' reads (only what is on sale) stay in
 * modules/catalog/repo.ts.
 */
import { PRICE_MARKUP_CONFIG_KEY, type CatalogListQuery } from '@cloudbay/contracts';
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import * as schema from '../../../db/schema';
import { offsetOf } from '../../../lib/paging';

/** The tables an operator edits, by catalogue area (the markup is a setting, not a table). */
export const CATALOG_TABLES = {
  region: schema.regions,
  bundleType: schema.desktopBundleTypes,
  bundle: schema.desktopBundles,
  desktopType: schema.desktopTypes,
  image: schema.desktopImages,
  phoneSpec: schema.phoneSpecs,
  phoneImage: schema.phoneImages,
  discount: schema.periodDiscounts,
  unitPrice: schema.unitPrices,
} as const;
const { regions, desktopTypes, desktopBundles, desktopImages, periodDiscounts, unitPrices, sysConfigs } =
  schema;
export type CatalogTableArea = keyof typeof CATALOG_TABLES;
type RowOf<A extends CatalogTableArea> = (typeof CATALOG_TABLES)[A]['$inferSelect'];

/** Only system images are the catalogue's; a customer's own image is theirs. */
const systemImage = isNull(desktopImages.ownerUserId);

/** Which rows an area's list (and its edits) reach, with the list's filters. */
function areaWhere(area: CatalogTableArea, query: Partial<CatalogListQuery> = {}): SQL | undefined {
  switch (area) {
    case 'region':
      return query.kind === undefined ? undefined : eq(regions.kind, query.kind);
    case 'desktopType':
      return query.bundleType === undefined ? undefined : eq(desktopTypes.bundleType, query.bundleType);
    case 'bundle':
      return query.bundleType === undefined
        ? undefined
        : sql`${desktopBundles.desktopTypeId} in (select ${desktopTypes.id} from ${desktopTypes} where ${desktopTypes.bundleType} = ${query.bundleType})`;
    case 'image':
      return and(
        systemImage,
        query.platformType === undefined ? undefined : eq(desktopImages.platformType, query.platformType),
      );
    default:
      return undefined;
  }
}

/** Display order of each area: the customers' order (sort, then id), discounts by period. */
function areaOrder(area: CatalogTableArea): AnyPgColumn[] {
  switch (area) {
    case 'region':
      return [regions.kind, regions.sort, regions.id];
    case 'discount':
      return [periodDiscounts.unit, periodDiscounts.period];
    case 'unitPrice':
      return [unitPrices.id];
    default: {
      const table = CATALOG_TABLES[area] as typeof desktopTypes;
      return [table.sort, table.id];
    }
  }
}

/** One page of an area's rows and how many there are. */
export async function pageCatalogRows<A extends CatalogTableArea>(
  db: Db,
  area: A,
  query: CatalogListQuery,
): Promise<{ rows: RowOf<A>[]; total: number }> {
  const table = CATALOG_TABLES[area] as PgTable;
  const where = areaWhere(area, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...areaOrder(area).map((column) => asc(column)))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { rows: rows as RowOf<A>[], total: counted?.n ?? 0 };
}

/** Updates one row of an area (a system image only); undefined when there is no such row. */
export async function updateCatalogRow<A extends CatalogTableArea>(
  db: Db,
  area: A,
  id: number,
  values: Partial<RowOf<A>>,
): Promise<RowOf<A> | undefined> {
  const table = CATALOG_TABLES[area] as typeof regions;
  const [row] = await db
    .update(table)
    .set(values as Partial<typeof regions.$inferInsert>)
    .where(and(eq(table.id, id), areaWhere(area)))
    .returning();
  return row as RowOf<A> | undefined;
}

/** How many desktop types each family has (the families tab shows it). */
export async function countTypesByFamily(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: desktopTypes.bundleType, n: count() })
    .from(desktopTypes)
    .groupBy(desktopTypes.bundleType);
  return new Map(rows.map((row) => [row.key, row.n]));
}

/** Every desktop type's upstream id and family by row id (the presets tab shows them). */
export async function desktopTypeKeys(db: Db): Promise<Map<number, { typeId: string; bundleType: string }>> {
  const rows = await db
    .select({ id: desktopTypes.id, typeId: desktopTypes.typeId, bundleType: desktopTypes.bundleType })
    .from(desktopTypes);
  return new Map(rows.map(({ id, ...keys }) => [id, keys]));
}

/** One desktop type by its upstream id, on sale or not (a preset may point at any). */
export async function findDesktopTypeId(db: Db, typeId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: desktopTypes.id })
    .from(desktopTypes)
    .where(eq(desktopTypes.typeId, typeId));
  return row?.id;
}

/** One system image's smallest system disk; undefined for no such system image. */
export async function systemImageMinDisk(db: Db, imageId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ min: desktopImages.minSystemDiskGib })
    .from(desktopImages)
    .where(and(eq(desktopImages.imageId, imageId), systemImage));
  return row?.min;
}

/** One bundle preset as stored (its current disk and image, to check a partial edit). */
export async function findBundlePreset(db: Db, id: number) {
  const [row] = await db.select().from(desktopBundles).where(eq(desktopBundles.id, id));
  return row;
}

/** Writes the markup setting (built in, so normally there; made if an operator's database lacks it). */
export async function saveMarkupSetting(db: Db, value: string): Promise<void> {
  await db
    .insert(sysConfigs)
    .values({ key: PRICE_MARKUP_CONFIG_KEY, name: 'Price markup (%)', value, isBuiltin: true })
    .onConflictDoUpdate({ target: sysConfigs.key, set: { value, updatedAt: new Date() } });
}
