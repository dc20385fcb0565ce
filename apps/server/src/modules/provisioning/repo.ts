/**
 * SQL on `resources` for the provisioning engine: purchase inserts, the actions' locked updates,
 * the status refresh (one statement per batch) and the customer's lists of one kind (desktops,
 * phones: filtered and paged in SQL on resources_user_kind_created_idx).
 */
import { and, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/like';
import type { ResourceListFilter } from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { concurrently } from '../../db/concurrently';
import { resources } from '../../db/schema';
import { boundToSubAccount } from '../sub-accounts/bound';

/**
 * The spec field of a free trial desktop (issue 22, part G2): its hours, counted from when it first
 * runs. The engine's, not the cloud's (jobs.ts strips it from the create call).
 */
export const TRIAL_SPEC_KEY = 'trialHours';

export type ResourceRow = typeof resources.$inferSelect;
export type NewResource = typeof resources.$inferInsert;

export async function insertResources(db: Db, rows: NewResource[]): Promise<ResourceRow[]> {
  return db.insert(resources).values(rows).returning();
}

export async function findResource(db: Db, id: number): Promise<ResourceRow | undefined> {
  const [row] = await db.select().from(resources).where(eq(resources.id, id));
  return row;
}

/** The row locked until the caller's transaction ends: one action or job step at a time. */
export async function lockResource(db: Db, id: number): Promise<ResourceRow | undefined> {
  const [row] = await db.select().from(resources).where(eq(resources.id, id)).for('update');
  return row;
}

export async function findResourceByPublicId(db: Db, resourceId: string): Promise<ResourceRow | undefined> {
  const [row] = await db.select().from(resources).where(eq(resources.resourceId, resourceId));
  return row;
}

/**
 * One live resource of a customer by its public id; another customer's answers undefined. With
 * `lock` the row is locked until the caller's transaction ends (`share`: against a concurrent
 * change of the row, e.g. a release, without serialising the readers).
 */
export async function findResourceOfUser(
  db: Db,
  userId: number,
  kind: string,
  resourceId: string,
  options: { lock?: 'share' | 'update' } = {},
): Promise<ResourceRow | undefined> {
  const query = db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.resourceId, resourceId),
        eq(resources.userId, userId),
        eq(resources.kind, kind),
        isNull(resources.deletedAt),
      ),
    );
  const [row] = options.lock ? await query.for(options.lock) : await query;
  return row;
}

/** An order's resources in creation order. */
export function findResourcesOfOrder(db: Db, orderId: number): Promise<ResourceRow[]> {
  return db.select().from(resources).where(eq(resources.orderId, orderId)).orderBy(resources.id);
}

export type ResourcePatch = Partial<
  Pick<
    ResourceRow,
    | 'status'
    | 'resourceStatus'
    | 'instanceId'
    | 'attributes'
    | 'stopReason'
    | 'failure'
    | 'deletedAt'
    | 'spec'
    | 'hourlyPriceMicros'
    | 'name'
    | 'autoRenew'
  >
>;

export async function updateResource(db: Db, id: number, patch: ResourcePatch): Promise<ResourceRow> {
  const [row] = await db
    .update(resources)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(resources.id, id))
    .returning();
  return row!;
}

/** The customer's free office network in a region (live, not failed), if one was bought. */
export async function findFreeOfficeSite(
  db: Db,
  userId: number,
  regionId: number,
): Promise<ResourceRow | undefined> {
  const [row] = await db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.userId, userId),
        eq(resources.kind, 'office_site'),
        eq(resources.regionId, regionId),
        isNull(resources.deletedAt),
        sql`${resources.spec} @> '{"free": true}'::jsonb`,
        sql`${resources.resourceStatus} in ('not_created', 'creating', 'created')`,
      ),
    )
    .orderBy(resources.id)
    .limit(1);
  return row;
}

/** One status as the cloud reported it. */
export interface StatusUpdate {
  id: number;
  status: string;
  /** Gone upstream (deleted, released): the row gets its `deleted_at`. */
  gone: boolean;
  /** The kind's ready status: written only to a created row (actions.ts READY_STATUSES). */
  ready: boolean;
}

/**
 * Applies many cloud statuses in one statement; rows whose status is unchanged are not written,
 * nor a ready status to a row not created yet (checked here, under the row's lock, so a creation
 * recorded meanwhile is seen). Answers the ids that changed.
 */
export async function applyStatuses(db: Db, updates: StatusUpdate[], now: Date): Promise<number[]> {
  if (updates.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`
    update ${resources} r
       set status = u.status,
           deleted_at = case when u.gone then coalesce(r.deleted_at, ${now.toISOString()}::timestamptz)
                             else r.deleted_at end,
           updated_at = now()
      from unnest(${sql.param(updates.map((u) => u.id))}::bigint[],
                  ${sql.param(updates.map((u) => u.status))}::text[],
                  ${sql.param(updates.map((u) => u.gone))}::boolean[],
                  ${sql.param(updates.map((u) => u.ready))}::boolean[])
           as u(id, status, gone, ready)
     where r.id = u.id
       and (r.resource_status = 'created' or not u.ready)
       and (r.status is distinct from u.status or (u.gone and r.deleted_at is null))
    returning r.id`);
  return result.rows.map((row) => Number(row.id));
}

/**
 * Live created resources whose status is still moving (or whose last action call is unconfirmed),
 * oldest change first: what the refresh sweep looks at.
 */
export function findUnsettled(db: Db, settling: Record<string, readonly string[]>, limit: number) {
  const conditions = Object.entries(settling).map(
    ([kind, statuses]) =>
      sql`(${resources.kind} = ${kind} and ${resources.status} in (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
  );
  return db
    .select()
    .from(resources)
    .where(
      and(
        isNull(resources.deletedAt),
        eq(resources.resourceStatus, 'created'),
        sql`(${sql.join(conditions, sql` or `)} or ${resources.attributes} ? '_engine_pending')`,
      ),
    )
    .orderBy(resources.updatedAt)
    .limit(limit);
}

/** Rows by id (for job steps that name several). */
export function findResourcesByIds(db: Db, ids: number[]): Promise<ResourceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(resources).where(inArray(resources.id, ids));
}

/** Resource statuses of a resource that exists or is being made (not failed, not refunded). */
export const LIVE_RESOURCE_STATUSES = ['not_created', 'creating', 'created'] as const;

/** The desktop spec keys that name another object of the customer's (by its public id). */
const DESKTOP_REFERENCES = {
  officeSiteId: sql`${resources.spec} ->> 'officeSiteId'`,
  policyId: sql`${resources.spec} ->> 'policyId'`,
};

/** The phone spec key naming its group (the console's `phone_groups.id`; absent: ungrouped). */
export const PHONE_GROUP_REFERENCE = sql`${resources.spec} ->> 'groupId'`;

/**
 * How many live resources (not deleted, not failed) of a kind a customer has per value of
 * `reference` (a spec key), in one grouped query; with `values` only those are counted. An
 * absent key counts under null.
 */
export async function countLiveBy(
  db: Db,
  userId: number,
  kind: string,
  reference: SQL,
  values?: readonly string[],
): Promise<Map<string | null, number>> {
  if (values?.length === 0) return new Map();
  const rows = await db
    .select({ value: sql<string | null>`${reference}`, n: count() })
    .from(resources)
    .where(
      and(
        eq(resources.userId, userId),
        eq(resources.kind, kind),
        isNull(resources.deletedAt),
        inArray(resources.resourceStatus, [...LIVE_RESOURCE_STATUSES]),
        values === undefined ? undefined : inArray(reference, [...values]),
      ),
    )
    .groupBy(reference);
  return new Map(rows.map((row) => [row.value, row.n]));
}

/** How many live desktops of a customer name each of `values` under a spec key (office networks, policies). */
export function countLiveDesktopsBy(
  db: Db,
  userId: number,
  key: keyof typeof DESKTOP_REFERENCES,
  values: readonly string[],
): Promise<Map<string | null, number>> {
  return countLiveBy(db, userId, 'desktop', DESKTOP_REFERENCES[key], values);
}

/** The live resources of a kind of a customer whose `reference` (a spec key) is one of `values`, oldest first. */
export function findLiveBy(
  db: Db,
  userId: number,
  kind: string,
  reference: SQL,
  values: readonly string[],
): Promise<ResourceRow[]> {
  if (values.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.userId, userId),
        eq(resources.kind, kind),
        isNull(resources.deletedAt),
        inArray(resources.resourceStatus, [...LIVE_RESOURCE_STATUSES]),
        inArray(reference, [...values]),
      ),
    )
    .orderBy(resources.id);
}

/** The live desktops of a customer that name `value` under a spec key, oldest first. */
export function findLiveDesktopsBy(
  db: Db,
  userId: number,
  key: keyof typeof DESKTOP_REFERENCES,
  value: string,
): Promise<ResourceRow[]> {
  return findLiveBy(db, userId, 'desktop', DESKTOP_REFERENCES[key], [value]);
}

// ---------------------------------------------------------------------------------------------
// The customer's list of one kind

export interface ResourceListCriteria {
  userId: number;
  kind: string;
  /** Part of the name, case-insensitive (LIKE wildcards match themselves). */
  name?: string;
  status?: string;
  regionId?: number;
  billingMethod?: string;
  expireFrom?: Date;
  expireTo?: Date;
  /** A kind's own filter (a desktop's office network…). */
  extra?: SQL;
  /** A sub-account's session: only the resources bound to this sub-account (issue 21). */
  boundTo?: number;
}

/** A customer's live resources of a kind matching the criteria; the first two terms lead the index. */
function listWhere(criteria: ResourceListCriteria): SQL | undefined {
  return and(
    eq(resources.userId, criteria.userId),
    eq(resources.kind, criteria.kind),
    isNull(resources.deletedAt),
    criteria.name === undefined ? undefined : sql`${resources.name} ilike ${containsPattern(criteria.name)}`,
    criteria.status === undefined ? undefined : eq(resources.status, criteria.status),
    criteria.regionId === undefined ? undefined : eq(resources.regionId, criteria.regionId),
    criteria.billingMethod === undefined ? undefined : eq(resources.billingMethod, criteria.billingMethod),
    criteria.expireFrom === undefined ? undefined : gte(resources.expiresAt, criteria.expireFrom),
    criteria.expireTo === undefined ? undefined : lte(resources.expiresAt, criteria.expireTo),
    criteria.extra,
    criteria.boundTo === undefined ? undefined : boundToSubAccount(criteria.kind, criteria.boundTo),
  );
}

/** A page of the customer's resources of a kind, newest first. */
export function findResourcePage(
  db: Db,
  criteria: ResourceListCriteria,
  page: { offset: number; limit: number },
): Promise<ResourceRow[]> {
  return db
    .select()
    .from(resources)
    .where(listWhere(criteria))
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countResources(db: Db, criteria: ResourceListCriteria): Promise<number> {
  const [row] = await db.select({ n: count() }).from(resources).where(listWhere(criteria));
  return row?.n ?? 0;
}

/** A list query's criteria (contracts `resourceListFilter` and a status) for the customer's `kind`. */
export function listCriteriaOf(
  userId: number,
  kind: string,
  query: ResourceListFilter & { status?: string; boundTo?: number },
): ResourceListCriteria {
  return {
    userId,
    kind,
    boundTo: query.boundTo,
    name: query.name,
    status: query.status,
    regionId: query.region_id,
    billingMethod: query.billing_method,
    expireFrom: query.expire_from === undefined ? undefined : new Date(query.expire_from),
    expireTo: query.expire_to === undefined ? undefined : new Date(query.expire_to),
  };
}

/** The page `query` asks for (1-based) and the total, in two queries at once. */
export async function findListPage(
  db: Db,
  criteria: ResourceListCriteria,
  query: { page: number; limit: number },
): Promise<{ rows: ResourceRow[]; total: number }> {
  const [rows, total] = await concurrently(
    db,
    () => findResourcePage(db, criteria, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    () => countResources(db, criteria),
  );
  return { rows, total };
}

/**
 * The customer's resources of a kind among `resourceIds` (public ids); others' are absent, and
 * deleted ones unless `withDeleted` (a desktop's page still names the network it was on).
 */
export function findResourcesOfUser(
  db: Db,
  userId: number,
  kind: string,
  resourceIds: readonly string[],
  options: { withDeleted?: boolean } = {},
): Promise<ResourceRow[]> {
  if (resourceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.userId, userId),
        eq(resources.kind, kind),
        options.withDeleted ? undefined : isNull(resources.deletedAt),
        inArray(resources.resourceId, [...resourceIds]),
      ),
    );
}
