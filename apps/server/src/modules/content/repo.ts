/** SQL of the content module: banners, hot_goods, ad_popups and code_table. */
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adPopups, banners, codeTable, hotGoods } from '../../db/schema';

export type BannerRow = typeof banners.$inferSelect;
export type AdPopupRow = typeof adPopups.$inferSelect;

export function findEnabledBanners(db: Db) {
  return db
    .select()
    .from(banners)
    .where(eq(banners.enabled, true))
    .orderBy(asc(banners.sort), asc(banners.id));
}

/** Enabled featured products with their price unit's labels (the key itself when it has none). */
export function findEnabledHotGoods(db: Db) {
  return db
    .select({
      goods: hotGoods,
      unitZh: sql<string>`coalesce(${codeTable.labelZh}, ${hotGoods.priceUnit})`,
      unitEn: sql<string>`coalesce(${codeTable.labelEn}, ${hotGoods.priceUnit})`,
    })
    .from(hotGoods)
    .leftJoin(codeTable, eq(codeTable.key, hotGoods.priceUnit))
    .where(eq(hotGoods.enabled, true))
    .orderBy(asc(hotGoods.sort), asc(hotGoods.id));
}

/** The newest enabled pop-up whose window contains now. */
export async function findCurrentAdPopup(db: Db) {
  const [row] = await db
    .select()
    .from(adPopups)
    .where(
      and(
        eq(adPopups.enabled, true),
        lte(adPopups.startsAt, sql`now()`),
        or(isNull(adPopups.endsAt), gt(adPopups.endsAt, sql`now()`)),
      ),
    )
    .orderBy(desc(adPopups.startsAt), desc(adPopups.id))
    .limit(1);
  return row;
}

export function findCodeTable(db: Db) {
  return db.select().from(codeTable).orderBy(asc(codeTable.sort), asc(codeTable.key));
}
