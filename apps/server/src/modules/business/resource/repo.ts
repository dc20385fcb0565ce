/**
 * SQL of the operators' resource pages: every customer's resources joined to their owner (for the
 * e-mail and the data scope) and region, paged in SQL on `resources_created_idx` /
 * `resources_kind_created_idx` (a customer filter on `resources_user_kind_created_idx`, an expiry
 * window on `resources_subscription_expiry_idx`); a resource's orders and its action history.
 */
import { and, count, desc, eq, gte, ilike, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern, prefixPattern } from '../../../db/like';
import { orders, regions, resourceOperatorActions, resources, users } from '../../../db/schema';
import type { OrderRow } from '../../orders/repo';
import type { ResourceRow } from '../../provisioning/repo';

export interface ResourceCriteria {
  /** The operator's data scope, a condition on `users`. */
  scope: SQL;
  kind?: string;
  keyword?: string;
  email?: string;
  status?: string;
  regionId?: number;
  billingMethod?: string;
  expireFrom?: Date;
  expireTo?: Date;
  /** Only live subscriptions (an expiry window asks for them). */
  liveSubscriptions?: boolean;
  includeDeleted?: boolean;
}

export interface ResourceListRow {
  resource: ResourceRow;
  email: string;
  regionZh: string | null;
  regionEn: string | null;
}

function where(c: ResourceCriteria): SQL | undefined {
  const keyword = c.keyword;
  return and(
    c.scope,
    c.kind === undefined ? undefined : eq(resources.kind, c.kind),
    keyword === undefined
      ? undefined
      : or(
          eq(resources.resourceId, keyword),
          eq(resources.instanceId, keyword),
          ilike(resources.name, containsPattern(keyword)),
        ),
    // E-mails are stored lower-cased.
    c.email === undefined ? undefined : sql`${users.email} like ${prefixPattern(c.email.toLowerCase())}`,
    c.status === undefined ? undefined : eq(resources.status, c.status),
    c.regionId === undefined ? undefined : eq(resources.regionId, c.regionId),
    c.billingMethod === undefined ? undefined : eq(resources.billingMethod, c.billingMethod),
    c.liveSubscriptions ? eq(resources.billingMethod, 'subscription') : undefined,
    c.expireFrom === undefined ? undefined : gte(resources.expiresAt, c.expireFrom),
    c.expireTo === undefined ? undefined : lte(resources.expiresAt, c.expireTo),
    c.includeDeleted && !c.liveSubscriptions ? undefined : isNull(resources.deletedAt),
  );
}

const listColumns = {
  resource: resources,
  email: users.email,
  regionZh: regions.nameZh,
  regionEn: regions.nameEn,
};

function joined(db: Db) {
  return db
    .select(listColumns)
    .from(resources)
    .innerJoin(users, eq(users.id, resources.userId))
    .leftJoin(regions, eq(regions.id, resources.regionId));
}

export async function findResources(
  db: Db,
  criteria: ResourceCriteria,
  page: { offset: number; limit: number },
): Promise<ResourceListRow[]> {
  return joined(db)
    .where(where(criteria))
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .offset(page.offset)
    .limit(page.limit);
}

/** The export's keyset batches: the same filters, newest id first, below `belowId`. */
export async function findResourceBatch(
  db: Db,
  criteria: ResourceCriteria,
  belowId: number | undefined,
  limit: number,
): Promise<Array<ResourceListRow & { id: number }>> {
  const rows = await joined(db)
    .where(and(where(criteria), belowId === undefined ? undefined : lt(resources.id, belowId)))
    .orderBy(desc(resources.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, id: row.resource.id }));
}

export async function countResources(db: Db, criteria: ResourceCriteria): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(resources)
    .innerJoin(users, eq(users.id, resources.userId))
    .where(where(criteria));
  return row?.n ?? 0;
}

/** One resource inside the scope (released ones too), or undefined. */
export async function findScopedResource(
  db: Db,
  scope: SQL,
  id: number,
): Promise<ResourceListRow | undefined> {
  const [row] = await joined(db).where(and(scope, eq(resources.id, id)));
  return row;
}

/**
 * The orders that paid for the resource: the one that created it and every renewal or change
 * naming it, oldest first (a customer's orders, on `orders_user_created_idx`).
 */
export function findOrdersOfResource(db: Db, resource: ResourceRow): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, resource.userId),
        or(
          resource.orderId === null ? undefined : eq(orders.id, resource.orderId),
          sql`${orders.resourceIds} @> ${JSON.stringify([resource.resourceId])}::jsonb`,
        ),
      ),
    )
    .orderBy(orders.createdAt, orders.id);
}

/** How many resources each order bought (its share of a multi-resource purchase). */
export async function countResourcesOfOrder(db: Db, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(resources).where(eq(resources.orderId, orderId));
  return row?.n ?? 0;
}

export type NewResourceAction = typeof resourceOperatorActions.$inferInsert;

export async function insertResourceAction(db: Db, entry: NewResourceAction): Promise<void> {
  await db.insert(resourceOperatorActions).values(entry);
}

/** The resource's operator actions, newest first. */
export function findResourceActions(db: Db, resourceId: number, limit = 100) {
  return db
    .select({
      id: resourceOperatorActions.id,
      action: resourceOperatorActions.action,
      reason: resourceOperatorActions.reason,
      detail: resourceOperatorActions.detail,
      createdAt: resourceOperatorActions.createdAt,
      operatorEmail: users.email,
    })
    .from(resourceOperatorActions)
    .leftJoin(users, eq(users.id, resourceOperatorActions.operatorId))
    .where(eq(resourceOperatorActions.resourceId, resourceId))
    .orderBy(desc(resourceOperatorActions.createdAt), desc(resourceOperatorActions.id))
    .limit(limit);
}
