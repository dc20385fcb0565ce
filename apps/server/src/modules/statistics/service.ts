/**
 * The customer's spending statistics and a resource's order history (issue 22, spec §7).
 *
 * - Spend of this and last month (UTC months, as the ledger's days) per product type: the
 *   dashboard's movements for one customer — the rolled-up days from `ledger_daily_customer_totals`
 *   (the rollup keeps every day since the first of last month), the rest (today, and any day not
 *   rolled yet) from the ledger on the customer's index. Spent = purchase, renewal, upgrade,
 *   pay-as-you-go hours and traffic; refunded = refunds; both as the bills show them.
 * - Traffic per month and per region from `resource_month_traffic` (triggers keep it equal to the
 *   resource-hours): a handful of rows per customer whatever their number of resources.
 */
import {
  ErrorCode,
  STATISTICS_FLOW_MONTHS,
  type Language,
  type MonthFlow,
  type MonthSpend,
  type RegionNetworkCost,
  type ResourceOrderPage,
  type Statistics,
  type SubAccountResourceKind,
  type resourceOrderQuery,
} from '@cloudbay/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { formatDollars } from '../../lib/money';
import { offsetOf, pageOf } from '../../lib/paging';
import { CONSUMPTION_KINDS, movementsByDay, type MovementRow } from '../business/dashboard/repo';
import { liveFrom } from '../business/dashboard/service';
import { findBoundResources } from '../sub-accounts/repo';
import { findOwnedResource, resourceOrders, trafficByMonth, trafficByRegion } from './repo';

const isConsumption = (kind: string) => (CONSUMPTION_KINDS as readonly string[]).includes(kind);

/** The first instant of the UTC month `offset` months from `now`'s. */
export function monthStart(now: Date, offset = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}
/** `YYYY-MM` of an instant (UTC). */
export const monthOf = (instant: Date) => instant.toISOString().slice(0, 7);

function monthSpend(month: string, rows: MovementRow[]): MonthSpend {
  const types = new Map<string, { spent: bigint; refunded: bigint }>();
  for (const row of rows) {
    const total = types.get(row.product_type) ?? { spent: 0n, refunded: 0n };
    if (row.kind === 'refund') total.refunded += BigInt(row.amount);
    else total.spent += BigInt(row.amount);
    types.set(row.product_type, total);
  }
  const spent = [...types.values()].reduce((sum, t) => sum + t.spent, 0n);
  const refunded = [...types.values()].reduce((sum, t) => sum + t.refunded, 0n);
  return {
    month,
    spent: formatDollars(spent),
    refunded: formatDollars(refunded),
    net: formatDollars(spent - refunded),
    by_type: [...types]
      .sort(([ta, a], [tb, b]) => (b.spent > a.spent ? 1 : b.spent < a.spent ? -1 : ta.localeCompare(tb)))
      .map(([productType, t]) => ({
        product_type: productType,
        spent: formatDollars(t.spent),
        refunded: formatDollars(t.refunded),
        net: formatDollars(t.spent - t.refunded),
      })),
  };
}

/**
 * GET /user/statistics. `ledgerOnly` reads both months from the ledger alone (what the tests
 * compare the rollups with); the route never sets it.
 */
export async function statistics(
  db: Db,
  userId: number,
  now: Date,
  { ledgerOnly = false } = {},
): Promise<Statistics> {
  const lastMonth = monthStart(now, -1);
  const thisMonth = monthStart(now);
  const next = monthStart(now, 1);
  const scope = (column: SQL) => sql`${column} = ${userId}`;
  const live = ledgerOnly ? lastMonth : await liveFrom(db, lastMonth, now);
  const rows = (await movementsByDay(db, live, scope, lastMonth)).filter(
    (row) => isConsumption(row.kind) || row.kind === 'refund',
  );
  const inRange = (from: Date, to: Date) =>
    rows.filter((row) => new Date(row.day) >= from && new Date(row.day) < to);
  return {
    this_month: monthSpend(monthOf(thisMonth), inRange(thisMonth, next)),
    last_month: monthSpend(monthOf(lastMonth), inRange(lastMonth, thisMonth)),
  };
}

/** GET /user/statistics/month_flow_metric: the 12 months to `now`'s, oldest first, zeros included. */
export async function monthFlowMetric(db: Db, userId: number, now: Date): Promise<MonthFlow[]> {
  const first = monthStart(now, 1 - STATISTICS_FLOW_MONTHS);
  const rows = await trafficByMonth(db, userId, first.toISOString().slice(0, 10));
  const byMonth = new Map(rows.map((row) => [row.month.slice(0, 7), row]));
  return Array.from({ length: STATISTICS_FLOW_MONTHS }, (_, i) => {
    const month = monthOf(monthStart(now, i + 1 - STATISTICS_FLOW_MONTHS));
    const row = byMonth.get(month);
    return {
      month,
      traffic_bytes: Number(row?.bytes ?? 0n),
      traffic_cost: formatDollars(row?.micros ?? 0n),
    };
  });
}

const NO_REGION: Record<Language, string> = { 'zh-CN': '无地域', 'en-US': 'No region' };

/** GET /user/statistics/region_network_cost: one month's metered traffic and its cost per region. */
export async function regionNetworkCost(
  db: Db,
  userId: number,
  now: Date,
  month: string | undefined,
  language: Language,
): Promise<RegionNetworkCost> {
  const shown = month ?? monthOf(now);
  const rows = await trafficByRegion(db, userId, `${shown}-01`);
  return {
    month: shown,
    regions: rows.map((row) => ({
      region_id: row.regionId === 0 ? null : row.regionId,
      region_name:
        (language === 'en-US' ? row.nameEn : row.nameZh) ?? (row.regionId === 0 ? NO_REGION[language] : ''),
      traffic_bytes: Number(row.bytes),
      traffic_cost: formatDollars(row.micros),
    })),
  };
}

const SUB_ACCOUNT_KINDS: readonly string[] = ['desktop', 'phone'];

/**
 * GET /user/resource_order: every order of one of the customer's resources and its refunds, newest
 * first. Another customer's resource, or for a sub-account one not bound to it, answers 404; a
 * sub-account sees no money figures (spec §2: it has no spending centre).
 */
export async function resourceOrderHistory(
  db: Db,
  userId: number,
  query: z.infer<typeof resourceOrderQuery>,
  boundTo: number | undefined,
): Promise<ResourceOrderPage> {
  const notFound = () => new AppError('not_found', ErrorCode.RESOURCE_NOT_FOUND);
  if (boundTo !== undefined) {
    if (!SUB_ACCOUNT_KINDS.includes(query.resource_type)) throw notFound();
    const kind = query.resource_type as SubAccountResourceKind;
    const bound = await findBoundResources(db, kind, boundTo, [query.resource_id]);
    if (bound.length === 0) throw notFound();
  }
  const resource = await findOwnedResource(db, userId, query.resource_type, query.resource_id);
  if (!resource) throw notFound();
  const { rows, total } = await resourceOrders(db, userId, resource, {
    offset: offsetOf(query),
    limit: query.limit,
  });
  return pageOf(
    rows.map((row) => ({
      type: row.type as ResourceOrderPage['list'][number]['type'],
      order_id: Number(row.order_id),
      order_no: row.order_no,
      status: row.status as ResourceOrderPage['list'][number]['status'],
      period: row.period,
      amount: boundTo === undefined ? formatDollars(BigInt(row.amount ?? '0')) : null,
      created_at: new Date(row.created_at).toISOString(),
    })),
    total,
    query,
  );
}
