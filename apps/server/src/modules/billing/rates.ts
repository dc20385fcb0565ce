/**
 * The traffic price per GB of each region, as the catalogue computes it (`pricing.ts` meteredRate
 * of the `traffic_gb` unit cost, the markup and the region's factor): the same rate
 * GET /network_unit_price and /ph/unit_price show, $0.077/GB by default.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { regions } from '../../db/schema';
import { meteredRate } from '../catalog/pricing';
import { priceBasis, unitCosts } from '../catalog/service';

/**
 * Rate per GB (micro-dollars) by region id; `null` stands for a resource without a region (base
 * price). A disabled region still bills its live resources, so regions are read without the
 * catalogue's enabled filter.
 */
export async function trafficRates(
  db: Db,
  regionIds: readonly (number | null)[],
): Promise<Map<number | null, bigint>> {
  const cost = (await unitCosts(db))('traffic_gb');
  const base = await priceBasis(db, 'desktop');
  const ids = [...new Set(regionIds.filter((id): id is number => id !== null))];
  const rows = ids.length
    ? await db
        .select({ id: regions.id, factor: regions.priceFactorPercent })
        .from(regions)
        .where(inArray(regions.id, ids))
    : [];
  const rates = new Map<number | null, bigint>([[null, meteredRate(cost.costMicros, base)]]);
  for (const row of rows)
    rates.set(row.id, meteredRate(cost.costMicros, { ...base, regionFactorPercent: row.factor }));
  return rates;
}

/**
 * Today's traffic rate of one region: what a purchase (or a renewal) stores on its resources, so
 * that a later catalogue change reaches new quotes only (billing/hourly.ts bills the stored rate).
 */
export async function trafficRateOf(db: Db, regionId: number | null): Promise<bigint> {
  const rates = await trafficRates(db, [regionId]);
  return rates.get(regionId) ?? rates.get(null)!;
}
