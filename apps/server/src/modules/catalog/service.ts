/** The catalogue customers buy from; so far the regions (spec §3 Region). */
import type { Language, Region } from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { findRegions, type RegionKind } from './repo';

/** GET /describe_regions (desktops) and GET /ph/regions (phones): `name` in the caller's language. */
export async function listRegions(db: Db, kind: RegionKind, language: Language): Promise<Region[]> {
  const rows = await findRegions(db, kind);
  return rows.map((row) => ({
    id: row.id,
    wy_region_id: row.wyRegionId,
    name: language === 'zh-CN' ? row.nameZh : row.nameEn,
    name_zh: row.nameZh,
    name_en: row.nameEn,
  }));
}
