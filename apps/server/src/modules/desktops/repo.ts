/**
 * SQL of the customer's desktop pages: the filtered list (paged in SQL on
 * resources_user_kind_created_idx), counts per region, the networks a page names, a batch's
 * desktops and images, the sub-accounts bound to one, the bundle a changed type is sold as.
 * Changes to desktops go through the provisioning engine.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { desktopBundles, desktopImages, resources, subAccountDesktops, users } from '../../db/schema';
import type { ResourceRow } from '../provisioning/repo';

export interface DesktopCriteria {
  userId: number;
  /** Part of the name, case-insensitive. */
  name?: string;
  status?: string;
  regionId?: number;
  billingMethod?: string;
  officeSiteId?: string;
  expireFrom?: Date;
  expireTo?: Date;
}

/** A customer's live desktops matching the criteria; the first two terms lead the index. */
function desktopWhere(criteria: DesktopCriteria): SQL | undefined {
  return and(
    eq(resources.userId, criteria.userId),
    eq(resources.kind, 'desktop'),
    isNull(resources.deletedAt),
    criteria.name === undefined ? undefined : sql`${resources.name} ilike ${containsPattern(criteria.name)}`,
    criteria.status === undefined ? undefined : eq(resources.status, criteria.status),
    criteria.regionId === undefined ? undefined : eq(resources.regionId, criteria.regionId),
    criteria.billingMethod === undefined ? undefined : eq(resources.billingMethod, criteria.billingMethod),
    criteria.officeSiteId === undefined
      ? undefined
      : sql`${resources.spec} ->> 'officeSiteId' = ${criteria.officeSiteId}`,
    criteria.expireFrom === undefined ? undefined : gte(resources.expiresAt, criteria.expireFrom),
    criteria.expireTo === undefined ? undefined : lte(resources.expiresAt, criteria.expireTo),
  );
}

/** A page of the customer's desktops, newest first. */
export function findDesktopPage(
  db: Db,
  criteria: DesktopCriteria,
  page: { offset: number; limit: number },
): Promise<ResourceRow[]> {
  return db
    .select()
    .from(resources)
    .where(desktopWhere(criteria))
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countDesktops(db: Db, criteria: DesktopCriteria): Promise<number> {
  const [row] = await db.select({ n: count() }).from(resources).where(desktopWhere(criteria));
  return row?.n ?? 0;
}

/** The customer's live desktops among `desktopIds` (public ids); unknown and others' are absent. */
export function findDesktopsOfUser(
  db: Db,
  userId: number,
  desktopIds: readonly string[],
): Promise<ResourceRow[]> {
  if (desktopIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.userId, userId),
        eq(resources.kind, 'desktop'),
        isNull(resources.deletedAt),
        inArray(resources.resourceId, [...desktopIds]),
      ),
    );
}

/** Office networks by public id (a page's desktops name theirs), the customer's only. */
export function findOfficeSites(db: Db, userId: number, siteIds: readonly string[]): Promise<ResourceRow[]> {
  if (siteIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.userId, userId),
        eq(resources.kind, 'office_site'),
        inArray(resources.resourceId, [...siteIds]),
      ),
    );
}

/**
 * Live desktops per region: not deleted, and not a creation that failed (those were refunded
 * and will never run).
 */
export async function countDesktopsByRegion(db: Db, userId: number) {
  const rows = await db
    .select({ regionId: resources.regionId, count: count() })
    .from(resources)
    .where(
      and(
        eq(resources.userId, userId),
        eq(resources.kind, 'desktop'),
        isNull(resources.deletedAt),
        sql`${resources.resourceStatus} not in ('creation_failed', 'refunded')`,
        sql`${resources.regionId} is not null`,
      ),
    )
    .groupBy(resources.regionId)
    .orderBy(resources.regionId);
  return rows.map((row) => ({ regionId: row.regionId!, count: row.count }));
}

/** The customer's sub-accounts bound to a desktop, in binding order. */
export function findBoundSubAccounts(db: Db, userId: number, resourceId: number) {
  return db
    .select({
      id: users.id,
      nickname: users.nickname,
      email: users.email,
      status: users.status,
      boundAt: subAccountDesktops.createdAt,
    })
    .from(subAccountDesktops)
    .innerJoin(users, eq(users.id, subAccountDesktops.subUserId))
    .where(and(eq(subAccountDesktops.resourceId, resourceId), eq(users.parentId, userId)))
    .orderBy(subAccountDesktops.createdAt, users.id);
}

/** The first enabled bundle of a desktop type (what a changed desktop's type is sold as), if any. */
export async function findBundleOfType(db: Db, desktopTypeId: number) {
  const [row] = await db
    .select()
    .from(desktopBundles)
    .where(and(eq(desktopBundles.desktopTypeId, desktopTypeId), eq(desktopBundles.enabled, true)))
    .orderBy(asc(desktopBundles.sort), asc(desktopBundles.id))
    .limit(1);
  return row;
}

/** Images by id (a batch's desktops name theirs). */
export function findImagesByIds(db: Db, imageIds: readonly string[]) {
  if (imageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(desktopImages)
    .where(inArray(desktopImages.imageId, [...imageIds]));
}
