import { bigint, date, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * Metered traffic per customer, month, region and resource kind (issue 22: the statistics'
 * `month_flow_metric` and `region_network_cost`), kept by the database itself: statement-level
 * triggers on `resource_hour_charges` (migration 0043, `resource_month_traffic_*` functions) add
 * every metered hour in the statement that claims it and move its cost out when the hour turns out
 * unpaid, set-based, so the figures equal the hour charges at every commit without reading a
 * customer's thousands of resource-hours per request. `month` is the UTC month of the metered
 * hour; `traffic_micros` counts charged hours only (what the bills took).
 */
export const resourceMonthTraffic = pgTable(
  'resource_month_traffic',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The first day of the hour's UTC month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The resource's region; 0 for a resource without one. */
    regionId: bigint('region_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    trafficBytes: bigint('traffic_bytes', { mode: 'bigint' }).notNull(),
    trafficMicros: bigint('traffic_micros', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.regionId, t.kind] })],
);
