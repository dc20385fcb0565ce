/** SQL of the catalog module: regions (bundles, images and prices come with the catalogue). */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { regions } from '../../db/schema';

export type RegionKind = 'desktop' | 'phone';

/** Enabled regions of one kind, in display order. */
export function findRegions(db: Db, kind: RegionKind) {
  return db
    .select()
    .from(regions)
    .where(and(eq(regions.kind, kind), eq(regions.enabled, true)))
    .orderBy(asc(regions.sort), asc(regions.id));
}
