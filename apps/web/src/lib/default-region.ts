/**
 * Which region the purchase page opens on (spec §9): the one stored in local storage `region_id`
 * when it is still on sale, else the region where the customer has the most cloud computers, else
 * the first. Choosing a region stores it.
 */
import type { Region, RegionCount } from '@cloudbay/contracts';
import { readItem, StorageKey, writeItem } from './storage';

/** The count of `regionId` in a region_count answer (0 when absent). */
export function countIn(counts: RegionCount | undefined, regionId: number): number {
  return counts?.find((entry) => entry.region_id === regionId)?.count ?? 0;
}

export function pickDefaultRegion(
  regions: readonly Pick<Region, 'id'>[],
  desktopCounts: RegionCount | undefined,
  storedId: number | undefined,
): number | undefined {
  if (storedId !== undefined && regions.some((region) => region.id === storedId)) return storedId;
  let best: { id: number; count: number } | undefined;
  for (const region of regions) {
    const count = countIn(desktopCounts, region.id);
    // Strictly more: on a tie the earlier region (the catalogue's order) stays.
    if (!best || count > best.count) best = { id: region.id, count };
  }
  return best?.id;
}

export function storedRegionId(): number | undefined {
  const raw = readItem(StorageKey.regionId);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function storeRegionId(regionId: number): void {
  writeItem(StorageKey.regionId, String(regionId));
}
