import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { proxySetLinks, proxySets, resources } from '../../../db/schema';

export type ProxySetLinkRow = typeof proxySetLinks.$inferSelect;

/** The live (unrevoked) link of a resource, if any. */
export async function findLiveLink(db: Db, resourceRowId: number): Promise<ProxySetLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(proxySetLinks)
    .where(and(eq(proxySetLinks.resourceId, resourceRowId), isNull(proxySetLinks.revokedAt)));
  return row;
}

/** Revokes the resource's live link; answers whether there was one. */
export async function revokeLiveLink(db: Db, userId: number, resourceRowId: number, now: Date) {
  const revoked = await db
    .update(proxySetLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(proxySetLinks.userId, userId),
        eq(proxySetLinks.resourceId, resourceRowId),
        isNull(proxySetLinks.revokedAt),
      ),
    )
    .returning({ id: proxySetLinks.id });
  return revoked.length > 0;
}

export async function insertLink(
  db: Db,
  link: { userId: number; resourceId: number; tokenHash: string; createdAt: Date },
): Promise<ProxySetLinkRow> {
  const [row] = await db.insert(proxySetLinks).values(link).returning();
  return row!;
}

/**
 * The live link of a token hash with its resource, when both are live: a revoked link or a
 * released resource finds nothing.
 */
export async function findLinkByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ link: proxySetLinks, resource: resources })
    .from(proxySetLinks)
    .innerJoin(resources, eq(resources.id, proxySetLinks.resourceId))
    .where(
      and(
        eq(proxySetLinks.tokenHash, tokenHash),
        isNull(proxySetLinks.revokedAt),
        eq(resources.userId, proxySetLinks.userId),
        isNull(resources.deletedAt),
      ),
    );
  return row;
}

export async function touchLink(db: Db, linkId: number, now: Date): Promise<void> {
  await db.update(proxySetLinks).set({ lastUsedAt: now }).where(eq(proxySetLinks.id, linkId));
}

export async function findProxySet(db: Db, userId: number, resourceRowId: number) {
  const [row] = await db
    .select()
    .from(proxySets)
    .where(and(eq(proxySets.userId, userId), eq(proxySets.resourceId, resourceRowId)));
  return row;
}

export async function saveProxySet(
  db: Db,
  set: { userId: number; resourceId: number; configs: unknown[]; updatedAt: Date },
) {
  const [row] = await db
    .insert(proxySets)
    .values(set)
    .onConflictDoUpdate({
      target: proxySets.resourceId,
      set: { configs: set.configs, updatedAt: set.updatedAt },
    })
    .returning();
  return row!;
}
