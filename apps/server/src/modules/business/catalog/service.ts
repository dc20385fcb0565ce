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
import {
  countTypesByFamily,
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
  typeCount,
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

/** Each table area's view of a row (the families' type counts are passed in). */
const VIEWS = {
  region: regionView,
  bundleType: (row: BundleTypeRow, counts?: Map<string, number>) =>
    bundleTypeView(row, counts?.get(row.key) ?? 0),
  desktopType: desktopTypeView,
  image: imageView,
  phoneSpec: phoneSpecView,
  phoneImage: phoneImageView,
  discount: discountView,
  unitPrice: unitPriceView,
};

/** One page of an area, as the operators' tables show it. */
export async function pageCatalog(db: Db, area: CatalogTableArea, query: CatalogListQuery) {
  const [{ rows, total }, counts] = await Promise.all([
    pageCatalogRows(db, area, query),
    area === 'bundleType' ? countTypesByFamily(db) : Promise.resolve(undefined),
  ]);
  const view = VIEWS[area] as (row: unknown, counts?: Map<string, number>) => unknown;
  return pageOf(
    rows.map((row) => view(row, counts)),
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

/** The columns a patch writes: money to micro-dollars, percentages to basis points. */
function columnsOf(change: Exclude<CatalogChange, { area: 'markup' }>): Record<string, unknown> {
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
  const row = await updateCatalogRow(db, change.area, change.id, columnsOf(change));
  if (!row) throw new AppError('not_found', ErrorCode.CATALOG_ITEM_NOT_FOUND);
  if (change.area === 'bundleType')
    return VIEWS.bundleType(row as BundleTypeRow, await countTypesByFamily(db));
  return (VIEWS[change.area] as (row: unknown) => unknown)(row);
}

/** What the customer's price routes answer for this configuration (the same service calls). */
async function customerQuote(db: Db, config: CatalogPreviewConfig): Promise<PriceQuote> {
  const charge = { billingMethod: config.billingMethod, period: config.period, quantity: config.quantity };
  if (config.product === 'desktop') {
    const { quote } = await quoteDesktopPurchase(db, {
      regionId: config.regionId,
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
