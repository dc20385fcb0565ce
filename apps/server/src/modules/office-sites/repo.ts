/**
 * SQL of the customer's office network pages: the filtered list (paged in SQL on
 * resources_user_kind_created_idx), live networks per region, and one network locked for a
 * change. Purchases and actions go through the provisioning engine.
 */
import type { OfficeSiteStatus } from '@cloudbay/contracts';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { resources } from '../../db/schema';
import { LIVE_RESOURCE_STATUSES, type ResourceRow } from '../provisioning/repo';

export interface OfficeSiteCriteria {
  userId: number;
  /** Part of the name, case-insensitive. */
  name?: string;
  regionId?: number;
  /** Absent: the live networks (being made, normal or releasing). */
  status?: OfficeSiteStatus;
}

const FAILED_RESOURCE_STATUSES = ['creation_failed', 'refunded'];

/** A network that exists or is being made: not released, not a creation that failed. */
export const liveOfficeSite = (): SQL =>
  and(
    isNull(resources.deletedAt),
    ne(resources.status, 'released'),
    inArray(resources.resourceStatus, [...LIVE_RESOURCE_STATUSES]),
  )!;

/**
 * The status filter. Released networks are history, so the list shows them only when asked for;
 * a creation that failed (refunded, never usable) is listed with them.
 */
function statusWhere(status: OfficeSiteStatus | undefined): SQL {
  if (status === undefined) return liveOfficeSite();
  if (status === 'released') {
    return or(
      isNotNull(resources.deletedAt),
      eq(resources.status, 'released'),
      inArray(resources.resourceStatus, FAILED_RESOURCE_STATUSES),
    )!;
  }
  return and(liveOfficeSite(), eq(resources.resourceStatus, 'created'), eq(resources.status, status))!;
}

function officeSiteWhere(criteria: OfficeSiteCriteria): SQL | undefined {
  return and(
    eq(resources.userId, criteria.userId),
    eq(resources.kind, 'office_site'),
    statusWhere(criteria.status),
    criteria.name === undefined ? undefined : ilike(resources.name, containsPattern(criteria.name)),
    criteria.regionId === undefined ? undefined : eq(resources.regionId, criteria.regionId),
  );
}

/** A page of the customer's networks, newest first. */
export function findOfficeSitePage(
  db: Db,
  criteria: OfficeSiteCriteria,
  page: { offset: number; limit: number },
): Promise<ResourceRow[]> {
  return db
    .select()
    .from(resources)
    .where(officeSiteWhere(criteria))
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countOfficeSites(db: Db, criteria: OfficeSiteCriteria): Promise<number> {
  const [row] = await db.select({ n: count() }).from(resources).where(officeSiteWhere(criteria));
  return row?.n ?? 0;
}

/** Live networks per region (the free ones included: they are broadband lines too). */
export async function countOfficeSitesByRegion(db: Db, userId: number) {
  const rows = await db
    .select({ regionId: resources.regionId, count: count() })
    .from(resources)
    .where(
      and(
        eq(resources.userId, userId),
        eq(resources.kind, 'office_site'),
        liveOfficeSite(),
        isNotNull(resources.regionId),
      ),
    )
    .groupBy(resources.regionId)
    .orderBy(resources.regionId);
  return rows.map((row) => ({ regionId: row.regionId!, count: row.count }));
}

/** One of the customer's live networks, locked until the caller's transaction ends. */
export async function lockOfficeSiteOfUser(
  db: Db,
  userId: number,
  officeSiteId: string,
): Promise<ResourceRow | undefined> {
  const [row] = await db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.resourceId, officeSiteId),
        eq(resources.userId, userId),
        eq(resources.kind, 'office_site'),
        isNull(resources.deletedAt),
      ),
    )
    .for('update');
  return row;
}

/** Switches auto-renew (the table's check refuses it on pay-as-you-go rows). */
export async function setAutoRenew(db: Db, id: number, autoRenew: boolean): Promise<ResourceRow> {
  const [row] = await db
    .update(resources)
    .set({ autoRenew, updatedAt: sql`now()` })
    .where(eq(resources.id, id))
    .returning();
  return row!;
}
