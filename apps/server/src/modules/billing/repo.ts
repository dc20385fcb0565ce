/**
 * SQL of the billing and lifecycle engines: set-based reads and writes over `resources` and
 * `resource_hour_charges`. Arrays travel as one parameter each (INSERT/UPDATE … FROM unnest), so
 * a statement's size does not grow with the number of placeholders.
 */
import { and, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingHours, resources } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { TRIAL_SPEC_KEY, type ResourceRow } from '../provisioning/repo';

/**
 * Run statuses in which a resource is not running (desktops: shutdown, expired; phones: stopped;
 * both while stopping). Resources of kinds that do not stop (EIPs, networks) never have them.
 */
export const NOT_RUNNING_STATUSES = ['shutdown', 'stopped', 'stopping', 'expired'] as const;

/**
 * Kinds whose outbound traffic is billed by the hour whatever their billing method: office
 * networks (spec: traffic "$0.077/GB billed hourly") and EIPs, the other public lines priced at the
 * same traffic rate (GET /ph/unit_price). A subscription prepays their bandwidth, not their traffic.
 * The free office network is never billed (it has no traffic query, spec §5).
 */
export const TRAFFIC_BILLED_KINDS = ['office_site', 'eip'] as const;

export interface BillableRow {
  id: number;
  resourceId: string;
  userId: number;
  kind: string;
  /** 'payg': the hour's run price and its traffic; 'subscription': its traffic only. */
  billingMethod: string;
  regionId: number | null;
  instanceId: string | null;
  name: string;
  status: string;
  hourlyPriceMicros: bigint;
  /** The traffic rate stored at purchase or last renewal; null for rows older than it. */
  trafficRateMicros: bigint | null;
}

/**
 * The resource-hours of [start, end) not yet billed (see billing/hourly.ts for the rule): every
 * pay-as-you-go resource and every subscription of TRAFFIC_BILLED_KINDS, never the free office
 * network, ordered by customer and resource: the order their charges are decided in.
 */
export async function findUnbilledHour(db: Db, start: Date, end: Date): Promise<BillableRow[]> {
  const result = await db.execute<{
    id: bigint;
    resource_id: string;
    user_id: bigint;
    kind: string;
    billing_method: string;
    region_id: bigint | null;
    instance_id: string | null;
    name: string;
    status: string;
    hourly_price_micros: bigint;
    traffic_rate_micros: bigint | null;
  }>(sql`
    SELECT r.id, r.resource_id, r.user_id, r.kind, r.billing_method, r.region_id, r.instance_id,
           r.name, r.status, r.hourly_price_micros, r.traffic_rate_micros
      FROM resources r
     WHERE (r.billing_method = 'payg'
            OR r.kind IN (${sql.join(
              TRAFFIC_BILLED_KINDS.map((k) => sql`${k}`),
              sql`, `,
            )}))
       AND NOT (r.kind = 'office_site' AND r.spec @> '{"free": true}'::jsonb)
       AND r.resource_status = 'created'
       AND r.created_at < ${end.toISOString()}::timestamptz
       AND (r.deleted_at IS NULL OR r.deleted_at > ${start.toISOString()}::timestamptz)
       AND (r.deleted_at IS NOT NULL
            OR r.status NOT IN (${sql.join(
              NOT_RUNNING_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )}))
       AND NOT EXISTS (SELECT 1 FROM resource_hour_charges c
                        WHERE c.resource_id = r.id AND c.hour_start = ${start.toISOString()}::timestamptz)
     ORDER BY r.user_id, r.id`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    resourceId: row.resource_id,
    userId: Number(row.user_id),
    kind: row.kind,
    billingMethod: row.billing_method,
    regionId: row.region_id === null ? null : Number(row.region_id),
    instanceId: row.instance_id,
    name: row.name,
    status: row.status,
    hourlyPriceMicros: row.hourly_price_micros,
    trafficRateMicros: row.traffic_rate_micros === null ? null : BigInt(row.traffic_rate_micros),
  }));
}

export interface HourCharge {
  id: number;
  userId: number;
  runMicros: bigint;
  trafficBytes: bigint;
  trafficMicros: bigint;
}

const text = (values: readonly (bigint | number)[]) => values.map(String);

/**
 * Claims the resource-hours: inserts their rows unless they exist and answers the ids inserted
 * now. A concurrent run inserting the same (resource, hour) waits on the unique index until this
 * transaction ends, then inserts nothing: each resource-hour is billed by exactly one run.
 * Rows start as 'charged'; `recordOutcomes` corrects them in the same transaction.
 */
export async function claimHour(tx: Tx, hourStart: Date, rows: HourCharge[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const result = await tx.client.query<{ resource_id: bigint }>(
    `INSERT INTO resource_hour_charges
       (resource_id, hour_start, user_id, run_micros, traffic_bytes, traffic_micros, outcome)
     SELECT c.resource_id, $1::timestamptz, c.user_id, c.run, c.bytes, c.traffic, 'charged'
       FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])
         AS c(resource_id, user_id, run, bytes, traffic)
      ORDER BY c.resource_id
     ON CONFLICT (resource_id, hour_start) DO NOTHING
     RETURNING resource_id`,
    [
      hourStart.toISOString(),
      text(rows.map((r) => r.id)),
      text(rows.map((r) => r.userId)),
      text(rows.map((r) => r.runMicros)),
      text(rows.map((r) => r.trafficBytes)),
      text(rows.map((r) => r.trafficMicros)),
    ],
  );
  return new Set(result.rows.map((row) => Number(row.resource_id)));
}

/** The ledger transaction of each charged resource-hour, and 'unpaid' for the refused ones. */
export async function recordOutcomes(
  tx: Tx,
  hourStart: Date,
  charged: { id: number; transactionId: number }[],
  unpaid: number[],
): Promise<void> {
  if (charged.length > 0)
    await tx.client.query(
      `UPDATE resource_hour_charges h SET transaction_id = c.transaction_id
         FROM unnest($2::bigint[], $3::bigint[]) AS c(resource_id, transaction_id)
        WHERE h.resource_id = c.resource_id AND h.hour_start = $1::timestamptz`,
      [hourStart.toISOString(), text(charged.map((c) => c.id)), text(charged.map((c) => c.transactionId))],
    );
  if (unpaid.length > 0)
    await tx.client.query(
      `UPDATE resource_hour_charges SET outcome = 'unpaid'
        WHERE hour_start = $1::timestamptz AND resource_id = ANY($2::bigint[])`,
      [hourStart.toISOString(), text(unpaid)],
    );
}

/** Records that a run finished the hour (a second or concurrent run finds it recorded). */
export async function finishHour(db: Db, hourStart: Date): Promise<void> {
  await db.insert(billingHours).values({ hourStart }).onConflictDoNothing();
}

/** The start times (ms) of the hours in [from, to] a run has finished. */
export async function finishedHours(db: Db, from: Date, to: Date): Promise<Set<number>> {
  const rows = await db
    .select({ hourStart: billingHours.hourStart })
    .from(billingHours)
    .where(and(gte(billingHours.hourStart, from), lte(billingHours.hourStart, to)));
  return new Set(rows.map((row) => row.hourStart.getTime()));
}

// ---------------------------------------------------------------------------------------------
// The expiry sweep

/** Marks where a resource's expiry was handled: the `expires_at` it was handled for. */
export const EXPIRED_FOR = '_expired_for';
const expiredForKey = sql.raw(`'${EXPIRED_FOR}'`);

const liveSubscription = sql`${resources.billingMethod} = 'subscription' and ${resources.deletedAt} is null
  and ${resources.resourceStatus} = 'created'`;
/** A free trial desktop (issue 22, part G2): its own reminder window, deleted at its end. */
const isTrial = sql`${resources.spec} ? ${sql.raw(`'${TRIAL_SPEC_KEY}'`)}`;
const handledExpiry = sql`(${resources.attributes} ->> ${expiredForKey})::timestamptz = ${resources.expiresAt}`;

export interface ExpiringRow {
  id: number;
  userId: number;
  kind: string;
  resourceId: string;
  name: string;
  expiresAt: Date;
  autoRenew: boolean;
}

/**
 * Records that the notice of subscriptions ending in (now, until] goes out for their current
 * `expires_at`, and answers those rows: each expiry is announced once, a renewal re-arms it.
 */
export async function claimExpiryNotices(
  db: Db,
  now: Date,
  until: Date,
  trial = false,
): Promise<ExpiringRow[]> {
  return db
    .update(resources)
    .set({ expiryNoticeFor: sql`${resources.expiresAt}` })
    .where(
      and(
        liveSubscription,
        trial ? isTrial : sql`not (${isTrial})`,
        gt(resources.expiresAt, now),
        lte(resources.expiresAt, until),
        sql`${resources.expiryNoticeFor} is distinct from ${resources.expiresAt}`,
      ),
    )
    .returning({
      id: resources.id,
      userId: resources.userId,
      kind: resources.kind,
      resourceId: resources.resourceId,
      name: resources.name,
      expiresAt: sql<Date>`${resources.expiresAt}`.mapWith(resources.expiresAt),
      autoRenew: resources.autoRenew,
    });
}

/** Subscriptions past their end whose expiry has not been handled yet (auto-renew comes first). */
export function findNewlyExpired(db: Db, now: Date): Promise<ResourceRow[]> {
  return db
    .select()
    .from(resources)
    .where(and(liveSubscription, lte(resources.expiresAt, now), sql`not coalesce(${handledExpiry}, false)`))
    .orderBy(resources.id);
}

/** An attribute key as an SQL literal (keys are constants of this module, never input). */
const keyLiteral = (key: string) => sql.raw(`'${key.replace(/'/g, "''")}'`);

/**
 * Records on these resources that step `key` ran for their current `expires_at` (unless a renewal
 * moved it meanwhile): each step of the sweep happens once per expiry.
 */
export async function markExpiryStep(db: Db, ids: number[], now: Date, key = EXPIRED_FOR): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(resources)
    .set({
      attributes: sql`${resources.attributes} || jsonb_build_object(${keyLiteral(key)}, ${resources.expiresAt})`,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(resources.id, ids), lte(resources.expiresAt, now)));
}

/**
 * An office network that live desktops (not deleted, not failed) still sit in: releasing it would
 * cut them off, so it waits until they are deleted (an expired desktop is, after the same grace).
 */
const officeSiteInUse = sql`${resources.kind} = 'office_site' and exists (
  select 1 from resources d
   where d.kind = 'desktop' and d.deleted_at is null
     and d.resource_status in ('not_created', 'creating', 'created')
     and d.spec ->> 'officeSiteId' = ${resources.resourceId})`;

/**
 * Handled expiries of `kinds` that ended at or before `endedBy`, optionally in some statuses or
 * leaving out office networks still in use by desktops.
 */
export function findExpired(
  db: Db,
  kinds: readonly string[],
  endedBy: Date,
  options: {
    statuses?: readonly string[];
    withoutStep?: string;
    unusedOnly?: boolean;
    trialOnly?: boolean;
  } = {},
): Promise<ResourceRow[]> {
  const { statuses, withoutStep, unusedOnly, trialOnly } = options;
  return db
    .select()
    .from(resources)
    .where(
      and(
        liveSubscription,
        handledExpiry,
        inArray(resources.kind, [...kinds]),
        lte(resources.expiresAt, endedBy),
        statuses ? inArray(resources.status, [...statuses]) : undefined,
        withoutStep
          ? sql`(${resources.attributes} ->> ${keyLiteral(withoutStep)})::timestamptz is distinct from ${resources.expiresAt}`
          : undefined,
        unusedOnly ? sql`not (${officeSiteInUse})` : undefined,
        trialOnly ? isTrial : undefined,
      ),
    )
    .orderBy(resources.id);
}

/**
 * Expired desktops that are shut down (stopped by the sweep, or by their owner before) take the
 * status `expired`: they cannot be started until renewed. Rows with a call in flight are left for
 * the next sweep.
 */
export async function markDesktopsExpired(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(resources)
    .set({
      status: 'expired',
      stopReason: sql`coalesce(${resources.stopReason}, 'expired')`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        liveSubscription,
        handledExpiry,
        eq(resources.kind, 'desktop'),
        eq(resources.status, 'shutdown'),
        lte(resources.expiresAt, now),
        sql`not (${resources.attributes} ? '_engine_pending')`,
      ),
    )
    .returning({ id: resources.id });
  return rows.length;
}
