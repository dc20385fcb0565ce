/**
 * The operators' catalogue and prices (issue 18): lists of every catalogue area, one edit
 * (`applyCatalogChange`) that both the save routes and the price preview run, and the preview.
 *
 * New quotes only: an edit changes the catalogue rows the customers' quotes read (modules/catalog,
 * priced by `pricing.ts`). What a customer already bought keeps its price until renewal: a
 * subscription's period is prepaid, a pay-as-you-go resource is billed the hourly price and the
 * traffic rate stored on it at purchase (`resources.hourly_price_micros`,
 * `resources.traffic_rate_micros`), and a renewal charges the catalogue's price of that day.
 */
import {
  ErrorCode,
  type CatalogBundle,
  type CatalogBundlePatch,
  type CatalogBundleType,
  type CatalogChange,
  type CatalogDesktopType,
  type CatalogDiscount,
  type CatalogImage,
  type CatalogListQuery,
  type CatalogMarkup,
  type CatalogMarkupPatch,
  type CatalogPhoneImage,
  type CatalogPhoneSpec,
  type CatalogPreview,
  type CatalogPreviewBody,
  type CatalogPreviewConfig,
  type CatalogRegion,
  type CatalogUnitPrice,
  type Language,
  type PriceQuote,
  DEFAULT_PRICE_MARKUP_PERCENT,
  PRICE_MARKUP_CONFIG_KEY,
} from '@cloudbay/contracts';
import type pg from 'pg';
import type { Db } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { AppError, isAppError } from '../../../lib/errors';
import { translate } from '../../../lib/i18n';
import { formatDecimalShort, parseDecimal, parseMicros } from '../../../lib/money';
import { quoteDesktopPurchase, quotePhonePurchase, toPriceQuote } from '../../catalog/service';
import type {
  BundleTypeRow,
  DesktopImageRow,
  DesktopTypeRow,
  PeriodDiscountRow,
  PhoneImageRow,
  PhoneSpecRow,
  RegionRow,
  UnitPriceRow,
} from '../../catalog/repo';
import { findSetting } from '../../system/repo';
import type { desktopBundles } from '../../../db/schema';
import {
  countTypesByFamily,
  desktopTypeKeys,
  findBundlePreset,
  findDesktopTypeId,
  systemImageMinDisk,
  pageCatalogRows,
  saveMarkupSetting,
  updateCatalogRow,
  type CatalogTableArea,
} from './repo';
import { pageOf } from '../../../lib/paging';

const money = (micros: bigint) => formatDecimalShort(micros, 6);
/** Basis points as a percentage: 9000 → "90". */
const percentOfBp = (bp: number) => formatDecimalShort(BigInt(bp), 2);
const bpOfPercent = (percent: string) => Number(parseDecimal(percent, 2));

const regionView = (row: RegionRow): CatalogRegion => ({
  id: row.id,
  kind: row.kind,
  wyRegionId: row.wyRegionId,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  sort: row.sort,
  enabled: row.enabled,
  priceFactorPercent: row.priceFactorPercent,
});
const bundleTypeView = (row: BundleTypeRow, typeCount: number): CatalogBundleType => ({
  id: row.id,
  key: row.key,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  sort: row.sort,
  enabled: row.enabled,
  typeCount,
});
type BundlePresetRow = typeof desktopBundles.$inferSelect;
type TypeKeys = Map<number, { typeId: string; bundleType: string }>;
const bundleView = (row: BundlePresetRow, types: TypeKeys): CatalogBundle => ({
  id: row.id,
  bundleId: row.bundleId,
  desktopType: types.get(row.desktopTypeId)?.typeId ?? '',
  bundleType: types.get(row.desktopTypeId)?.bundleType ?? '',
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  descriptionZh: row.descriptionZh,
  descriptionEn: row.descriptionEn,
  defaultImageId: row.defaultImageId,
  defaultSystemDiskGib: row.defaultSystemDiskGib,
  enabled: row.enabled,
  sort: row.sort,
});
const desktopTypeView = (row: DesktopTypeRow): CatalogDesktopType => ({
  id: row.id,
  typeId: row.typeId,
  bundleType: row.bundleType,
  cpu: row.cpu,
  memoryGib: row.memoryGib,
  gpuGib: row.gpuGib,
  monthlyCost: money(row.monthlyCostMicros),
  hourlyCost: money(row.hourlyCostMicros),
  enabled: row.enabled,
  sort: row.sort,
});
const imageView = (row: DesktopImageRow): CatalogImage => ({
  id: row.id,
  imageId: row.imageId,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  platformType: row.platformType,
  osName: row.osName,
  sizeGib: row.sizeGib,
  minSystemDiskGib: row.minSystemDiskGib,
  regionId: row.regionId,
  enabled: row.enabled,
  sort: row.sort,
});
const phoneSpecView = (row: PhoneSpecRow): CatalogPhoneSpec => ({
  id: row.id,
  specId: row.specId,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  cpu: row.cpu,
  memoryGib: row.memoryGib,
  diskGib: row.diskGib,
  resolution: row.resolution,
  monthlyCost: money(row.monthlyCostMicros),
  hourlyCost: money(row.hourlyCostMicros),
  enabled: row.enabled,
  sort: row.sort,
});
const phoneImageView = (row: PhoneImageRow): CatalogPhoneImage => ({
  id: row.id,
  imageId: row.imageId,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  androidVersion: row.androidVersion,
  enabled: row.enabled,
  sort: row.sort,
});
const discountView = (row: PeriodDiscountRow): CatalogDiscount => ({
  id: row.id,
  unit: row.unit,
  period: row.period,
  discountPercent: percentOfBp(row.discountBp),
  phDiscountPercent: percentOfBp(row.phDiscountBp),
});
const unitPriceView = (row: UnitPriceRow): CatalogUnitPrice => ({
  id: row.id,
  key: row.key,
  cost: money(row.costMicros),
  unitZh: row.unitZh,
  unitEn: row.unitEn,
});

/**
 * Each table area's view of a row; `extra` is what a view needs beyond its row (the families'
 * type counts, the presets' type keys), read once per page by `extraOf`.
 */
const VIEWS = {
  region: regionView,
  bundleType: (row: BundleTypeRow, counts: Map<string, number>) =>
    bundleTypeView(row, counts.get(row.key) ?? 0),
  bundle: bundleView,
  desktopType: desktopTypeView,
  image: imageView,
  phoneSpec: phoneSpecView,
  phoneImage: phoneImageView,
  discount: discountView,
  unitPrice: unitPriceView,
};

/** What an area's view needs beyond the row (see VIEWS). */
function extraOf(db: Db, area: CatalogTableArea): Promise<unknown> {
  if (area === 'bundleType') return countTypesByFamily(db);
  if (area === 'bundle') return desktopTypeKeys(db);
  return Promise.resolve(undefined);
}
const viewOf = (area: CatalogTableArea) => VIEWS[area] as (row: unknown, extra: unknown) => unknown;

/** One page of an area, as the operators' tables show it. */
export async function pageCatalog(db: Db, area: CatalogTableArea, query: CatalogListQuery) {
  const [{ rows, total }, extra] = await Promise.all([pageCatalogRows(db, area, query), extraOf(db, area)]);
  const view = viewOf(area);
  return pageOf(
    rows.map((row) => view(row, extra)),
    total,
    query,
  );
}

export async function getMarkup(db: Db): Promise<CatalogMarkup> {
  const value = (await findSetting(db, PRICE_MARKUP_CONFIG_KEY))?.trim();
  return { markupPercent: value || String(DEFAULT_PRICE_MARKUP_PERCENT) };
}

export async function saveMarkup(db: Db, patch: CatalogMarkupPatch): Promise<CatalogMarkup> {
  await saveMarkupSetting(db, patch.markupPercent!);
  return getMarkup(db);
}

/**
 * A preset edit's columns, checked against the catalogue: the type must exist (on sale or not:
 * operators may prepare a preset before its type goes on sale), the default image must be a system
 * image whose smallest disk fits the preset's disk (as it will be after this edit).
 */
async function bundleColumns(
  db: Db,
  id: number,
  patch: CatalogBundlePatch,
): Promise<Record<string, unknown>> {
  const { desktopType, ...rest } = patch;
  const current = await findBundlePreset(db, id);
  if (!current) throw new AppError('not_found', ErrorCode.CATALOG_ITEM_NOT_FOUND);
  const columns: Record<string, unknown> = { ...rest };
  if (desktopType !== undefined) {
    const typeRowId = await findDesktopTypeId(db, desktopType);
    if (typeRowId === undefined) throw new AppError('validation', ErrorCode.CATALOG_BUNDLE_TYPE_INVALID);
    columns.desktopTypeId = typeRowId;
  }
  const imageId = patch.defaultImageId === undefined ? current.defaultImageId : patch.defaultImageId;
  if (imageId !== null && (patch.defaultImageId !== undefined || patch.defaultSystemDiskGib !== undefined)) {
    const minDisk = await systemImageMinDisk(db, imageId);
    const disk = patch.defaultSystemDiskGib ?? current.defaultSystemDiskGib;
    if (minDisk === undefined || minDisk > disk)
      throw new AppError('validation', ErrorCode.CATALOG_BUNDLE_IMAGE_INVALID);
  }
  return columns;
}

/** The columns a patch writes: money to micro-dollars, percentages to basis points. */
function columnsOf(change: Exclude<CatalogChange, { area: 'markup' | 'bundle' }>): Record<string, unknown> {
  const { patch } = change;
  switch (change.area) {
    case 'desktopType':
    case 'phoneSpec': {
      const { monthlyCost, hourlyCost, ...rest } = change.patch;
      return {
        ...rest,
        ...(monthlyCost === undefined ? {} : { monthlyCostMicros: parseMicros(monthlyCost) }),
        ...(hourlyCost === undefined ? {} : { hourlyCostMicros: parseMicros(hourlyCost) }),
      };
    }
    case 'discount':
      return {
        ...(change.patch.discountPercent === undefined
          ? {}
          : { discountBp: bpOfPercent(change.patch.discountPercent) }),
        ...(change.patch.phDiscountPercent === undefined
          ? {}
          : { phDiscountBp: bpOfPercent(change.patch.phDiscountPercent) }),
      };
    case 'unitPrice':
      return { costMicros: parseMicros(change.patch.cost!) };
    default:
      return patch;
  }
}

/**
 * Applies one edit in `db` (the app's pool, or the preview's transaction) and answers the row as
 * it is now; 404 CATALOG_ITEM_NOT_FOUND for an id the area does not have.
 */
export async function applyCatalogChange(db: Db, change: CatalogChange): Promise<unknown> {
  if (change.area === 'markup') return saveMarkup(db, change.patch);
  const columns =
    change.area === 'bundle' ? await bundleColumns(db, change.id, change.patch) : columnsOf(change);
  const row = await updateCatalogRow(db, change.area, change.id, columns);
  if (!row) throw new AppError('not_found', ErrorCode.CATALOG_ITEM_NOT_FOUND);
  return viewOf(change.area)(row, await extraOf(db, change.area));
}

/** What the customer's price routes answer for this configuration (the same service calls). */
async function customerQuote(db: Db, config: CatalogPreviewConfig): Promise<PriceQuote> {
  const charge = { billingMethod: config.billingMethod, period: config.period, quantity: config.quantity };
  if (config.product === 'desktop') {
    const { quote } = await quoteDesktopPurchase(db, {
      regionId: config.regionId,
      bundleId: config.bundleId,
      desktopType: config.desktopType,
      systemDiskGib: config.systemDiskGib,
      ...charge,
    });
    return toPriceQuote(quote);
  }
  return toPriceQuote(
    await quotePhonePurchase(db, { regionId: config.regionId, specId: config.specId!, ...charge }),
  );
}

/** The quote, or why this configuration cannot be sold (translated): the preview shows either. */
async function quoteOrReason(db: Db, config: CatalogPreviewConfig, language: Language) {
  try {
    return { quote: await customerQuote(db, config), reason: null };
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return { quote: null, reason: translate(language, error.code, error.params) };
  }
}

/** Thrown to roll the preview's transaction back with what it computed. */
class RolledBack<T> {
  constructor(readonly value: T) {}
}

/** Runs `work` in a transaction that is always rolled back, and answers its result. */
async function inRolledBackTransaction<T>(pool: pg.Pool, work: (db: Db) => Promise<T>): Promise<T> {
  try {
    await inTransaction(pool, async (tx) => {
      throw new RolledBack(await work(tx.db));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: the preview transaction always rolls back');
}

/**
 * The price preview: the customer's quote of `config` now, and with `change` applied — applied
 * for real inside a transaction that is rolled back, and quoted by the same functions the
 * customer's price routes call, so the preview is the quote, never a second formula.
 */
export async function previewCatalogChange(
  db: Db,
  pool: pg.Pool,
  body: CatalogPreviewBody,
  language: Language,
): Promise<CatalogPreview> {
  const current = await quoteOrReason(db, body.config, language);
  const { change } = body;
  const pending = change
    ? await inRolledBackTransaction(pool, async (tx) => {
        await applyCatalogChange(tx, change);
        return quoteOrReason(tx, body.config, language);
      })
    : { quote: null, reason: null };
  return {
    current: current.quote,
    currentError: current.reason,
    pending: pending.quote,
    pendingError: pending.reason,
  };
}
