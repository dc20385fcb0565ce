/** Home-page content and the code table, in the caller's language (spec §7 content calls). */
import type { AdPopup, Banner, CodeTableEntry, HotGoods, Language } from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { formatDollars } from '../../lib/money';
import { lowestBundlePrices } from '../catalog/service';
import { findCodeTable, findCurrentAdPopup, findEnabledBanners, findEnabledHotGoods } from './repo';

/** The Chinese or English one of a pair of columns. */
const pick = (language: Language, zh: string, en: string) => (language === 'zh-CN' ? zh : en);

/** GET /banner: the carousel in display order. */
export async function listBanners(db: Db, language: Language): Promise<Banner[]> {
  const rows = await findEnabledBanners(db);
  return rows.map((row) => ({
    id: row.id,
    title: pick(language, row.titleZh, row.titleEn),
    subtitle: pick(language, row.subtitleZh, row.subtitleEn),
    image: row.image,
    link: row.link,
  }));
}

/**
 * GET /hot_goods: featured products with their starting price in dollars. An item tied to a
 * catalogue bundle shows the bundle's lowest price now; one whose bundle is off sale is left out
 * (it could not be bought at any price).
 */
export async function listHotGoods(db: Db, language: Language): Promise<HotGoods[]> {
  const rows = await findEnabledHotGoods(db);
  const bundleIds = rows.flatMap(({ goods }) => (goods.bundleId ? [goods.bundleId] : []));
  const catalogue = await lowestBundlePrices(db, bundleIds);
  const priced = rows.flatMap((row) => {
    const { bundleId } = row.goods;
    if (bundleId === null) return [{ ...row, priceMicros: row.goods.priceMicros }];
    const priceMicros = catalogue.get(bundleId);
    return priceMicros === undefined ? [] : [{ ...row, priceMicros }];
  });
  return priced.map(({ goods, unitZh, unitEn, priceMicros }) => ({
    id: goods.id,
    name: pick(language, goods.nameZh, goods.nameEn),
    description: pick(language, goods.descriptionZh, goods.descriptionEn),
    tag: pick(language, goods.tagZh, goods.tagEn),
    price: formatDollars(priceMicros),
    price_unit: pick(language, unitZh, unitEn),
    image: goods.image,
    link: goods.link,
  }));
}

/** GET /ad_popup: the current pop-up, or null when none is running. */
export async function currentAdPopup(db: Db, language: Language): Promise<AdPopup> {
  const row = await findCurrentAdPopup(db);
  if (!row) return null;
  return {
    id: row.id,
    version: row.version,
    title: pick(language, row.titleZh, row.titleEn),
    content: pick(language, row.contentZh, row.contentEn),
    image: row.image,
    link: row.link,
  };
}

/** GET /code_table: every entry with both labels (the web caches it and picks the language). */
export async function listCodeTable(db: Db): Promise<CodeTableEntry[]> {
  const rows = await findCodeTable(db);
  return rows.map((row) => ({ key: row.key, 'zh-cn': row.labelZh, 'en-us': row.labelEn }));
}
