/**
 * Where desktops and phones are sold, as first installed. Seeded at every start by (kind,
 * wy_region_id): an existing region keeps the operators' names, order and enabled flag.
 */
import type { Db } from '../../db/client';
import { regions } from '../../db/schema';
import type { RegionKind } from './repo';

type RegionSeed = [wyRegionId: string, nameZh: string, nameEn: string];

const DESKTOP_REGIONS: RegionSeed[] = [
  ['cn-hongkong', '中国香港', 'China (Hong Kong)'],
  ['ap-southeast-1', '新加坡', 'Singapore'],
  ['ap-northeast-1', '日本（东京）', 'Japan (Tokyo)'],
  ['us-west-1', '美国（硅谷）', 'US (Silicon Valley)'],
  ['eu-central-1', '德国（法兰克福）', 'Germany (Frankfurt)'],
  ['cn-shanghai', '华东 2（上海）', 'China East 2 (Shanghai)'],
];

const PHONE_REGIONS: RegionSeed[] = [
  ['cn-hongkong', '中国香港', 'China (Hong Kong)'],
  ['ap-southeast-1', '新加坡', 'Singapore'],
  ['ap-northeast-1', '日本（东京）', 'Japan (Tokyo)'],
  ['us-west-1', '美国（硅谷）', 'US (Silicon Valley)'],
];

const rowsOf = (kind: RegionKind, seeds: RegionSeed[]) =>
  seeds.map(([wyRegionId, nameZh, nameEn], index) => ({ kind, wyRegionId, nameZh, nameEn, sort: index + 1 }));

export async function seedCatalogReferenceData(db: Db): Promise<void> {
  await db
    .insert(regions)
    .values([...rowsOf('desktop', DESKTOP_REGIONS), ...rowsOf('phone', PHONE_REGIONS)])
    .onConflictDoNothing({ target: [regions.kind, regions.wyRegionId] });
}
