/**
 * The statistics' SQL (issue 22). Spend reuses the dashboard's per-customer rollups and ledger
 * query (business/dashboard/repo.ts) for one customer; traffic reads `resource_month_traffic`,
 * which triggers keep equal to the customer's resource-hours (db/schema/statistics.ts); a
 * resource's order history reads the orders naming it and the refunds they gave back for it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A customer's metered traffic per month (first days as ISO dates) from `from` on. */
export async function trafficByMonth(db: Db, userId: number, from: string) {
  const result = await db.execute<{ month: string; bytes: string; micros: string }>(sql`
    select month::text as month, sum(traffic_bytes)::text as bytes, sum(traffic_micros)::text as micros
    from resource_month_traffic
    where user_id = ${userId} and month >= ${from}::date
    group by month`);
  return result.rows.map((row) => ({
    month: row.month,
    bytes: BigInt(row.bytes),
    micros: BigInt(row.micros),
  }));
}

/** A customer's metered traffic of one month per region, with the region's names. */
export async function trafficByRegion(db: Db, userId: number, month: string) {
  const result = await db.execute<{
    region_id: number;
    name_zh: string | null;
    name_en: string | null;
    bytes: string;
    micros: string;
  }>(sql`
    select t.region_id, g.name_zh, g.name_en, t.bytes::text as bytes, t.micros::text as micros
    from (
      select region_id, sum(traffic_bytes) as bytes, sum(traffic_micros) as micros
      from resource_month_traffic
      where user_id = ${userId} and month = ${month}::date
      group by region_id
    ) t
    left join regions g on g.id = t.region_id
    where t.bytes <> 0 or t.micros <> 0
    order by t.micros desc, t.bytes desc, t.region_id`);
  return result.rows.map((row) => ({
    regionId: Number(row.region_id),
    nameZh: row.name_zh,
    nameEn: row.name_en,
    bytes: BigInt(row.bytes),
    micros: BigInt(row.micros),
  }));
}

export interface OwnedResource {
  id: number;
  resourceId: string;
  orderId: number | null;
}

/** The customer's resource of `kind` (deleted ones too: their history stays). */
export async function findOwnedResource(
  db: Db,
  userId: number,
  kind: string,
  resourceId: string,
): Promise<OwnedResource | undefined> {
  const result = await db.execute<{ id: number; resource_id: string; order_id: number | null }>(sql`
    select r.id, r.resource_id, r.order_id from resources r
    where r.resource_id = ${resourceId} and r.kind = ${kind} and r.user_id = ${userId}`);
  const row = result.rows[0];
  return row
    ? {
        id: Number(row.id),
        resourceId: row.resource_id,
        orderId: row.order_id === null ? null : Number(row.order_id),
      }
    : undefined;
}

export type ResourceOrderRow = {
  type: string;
  order_id: number;
  order_no: string;
  status: string;
  period: number | null;
  amount: string | null;
  created_at: Date;
};

/**
 * The resource's orders (the one that created it, every renewal and change naming it) and the
 * refunds of those orders for it (all of a one-resource order's; of a multi-resource purchase,
 * the ones keyed by this resource), newest first, one page, with the total.
 */
export async function resourceOrders(
  db: Db,
  userId: number,
  resource: OwnedResource,
  page: { offset: number; limit: number },
) {
  const named = JSON.stringify([resource.resourceId]);
  const history = sql`
    with o as (
      select o.id, o.no, o.action, o.status, o.period, o.paid_amount_micros, o.quantity, o.created_at
      from orders o
      where o.user_id = ${userId}
        and (o.resource_ids @> ${named}::jsonb ${resource.orderId === null ? sql`` : sql`or o.id = ${resource.orderId}`})
    )
    select o.action as type, o.id as order_id, o.no as order_no, o.status, o.period,
      o.paid_amount_micros::text as amount, o.created_at, o.id as sort_id, 0 as part
    from o
    union all
    select 'refund', o.id, o.no, o.status, null,
      (select sum(e.amount_micros) from ledger_entries e where e.transaction_id = t.id and e.amount_micros > 0)::text,
      t.created_at, t.id, 1
    from o
    join ledger_transactions t on t.reference = o.no and t.kind = 'refund' and t.user_id = ${userId}
    where o.quantity = 1
      or t.idempotency_key in (${`order-refund:`} || o.no || ${`:${resource.resourceId}`},
        ${`release-refund:`} || o.no || ${`:${resource.resourceId}`})`;
  const [rows, total] = await Promise.all([
    db.execute<ResourceOrderRow>(sql`
      select * from (${history}) h order by h.created_at desc, h.part desc, h.sort_id desc
      limit ${page.limit} offset ${page.offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${history}) h`),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
