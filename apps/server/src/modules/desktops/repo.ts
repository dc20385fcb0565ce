/**
 * SQL of the customer's desktop pages: the filtered list (paged in SQL on
 * resources_user_kind_created_idx), counts per region, the networks a page names, a batch's
 * desktops and images, the sub-accounts bound to one, the bundle a changed type is sold as.
 * Changes to desktops go through the provisioning engine.
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { desktopBundles, desktopImages, resources, subAccountDesktops, users } from '../../db/schema';
import { findResourcesOfUser, type ResourceListCriteria } from '../provisioning/repo';
import { boundToSubAccount } from '../sub-accounts/bound';

/** A desktop list's criteria: the generic ones, and the office network, the desktops' own filter. */
export const desktopCriteria = (
  criteria: ResourceListCriteria,
  officeSiteId?: string,
): ResourceListCriteria => ({
  ...criteria,
  extra: officeSiteId === undefined ? undefined : sql`${resources.spec} ->> 'officeSiteId' = ${officeSiteId}`,
});

/** The customer's live desktops among `desktopIds` (public ids); unknown and others' are absent. */
export const findDesktopsOfUser = (db: Db, userId: number, desktopIds: readonly string[]) =>
  findResourcesOfUser(db, userId, 'desktop', desktopIds);

/** Office networks by public id (a page's desktops name theirs, released ones too), the customer's only. */
export const findOfficeSites = (db: Db, userId: number, siteIds: readonly string[]) =>
  findResourcesOfUser(db, userId, 'office_site', siteIds, { withDeleted: true });

/**
 * Live desktops per region: not deleted, and not a creation that failed (those were refunded
 * and will never run).
 */
export async function countDesktopsByRegion(db: Db, userId: number, boundTo?: number) {
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
        boundTo === undefined ? undefined : boundToSubAccount('desktop', boundTo),
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
