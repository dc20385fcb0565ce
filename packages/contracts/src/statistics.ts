/**
 * The customer's spending statistics and a resource's order history (issue 22, spec §7
 * `/user/statistics` and its sub-paths, `/user/resource_order`). Money as dollar strings.
 */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ORDER_ACTIONS, ORDER_PRODUCT_TYPES, ORDER_STATUSES } from './statuses';

/** How many months `month_flow_metric` answers (the current one and the 11 before it). */
export const STATISTICS_FLOW_MONTHS = 12;

/** A calendar month (UTC) as `YYYY-MM`. */
export const statisticsMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM');

/** One product type's part of a month: what was charged for it and what was given back. */
export const spendByTypeSchema = z.object({
  /** Dictionary `order_product_type`; `other` for a charge whose product is unknown. */
  product_type: z.string(),
  /** Purchases, renewals, upgrades, hourly pay-as-you-go and traffic charged in the month. */
  spent: z.string(),
  /** Refunds credited in the month. */
  refunded: z.string(),
  /** spent − refunded. */
  net: z.string(),
});
export type SpendByType = z.infer<typeof spendByTypeSchema>;

export const monthSpendSchema = z.object({
  month: statisticsMonth,
  spent: z.string(),
  refunded: z.string(),
  net: z.string(),
  /** The product types with a movement in the month, the largest spend first. */
  by_type: z.array(spendByTypeSchema),
});
export type MonthSpend = z.infer<typeof monthSpendSchema>;

/** GET /user/statistics. */
export const statisticsSchema = z.object({
  this_month: monthSpendSchema,
  last_month: monthSpendSchema,
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** GET /user/statistics/month_flow_metric: metered outbound traffic per month, oldest first. */
export const monthFlowSchema = z.object({
  month: statisticsMonth,
  /** Outbound bytes of the month's metered hours (pay-as-you-go resources, networks, EIPs). */
  traffic_bytes: z.number().int(),
  /** What that traffic was charged. */
  traffic_cost: z.string(),
});
export const monthFlowMetricSchema = z.array(monthFlowSchema);
export type MonthFlow = z.infer<typeof monthFlowSchema>;

/** GET /user/statistics/region_network_cost. */
export const regionNetworkCostQuery = z.object({
  /** One of the last 12 months; default the current one. */
  month: statisticsMonth.optional(),
});
export const regionNetworkCostSchema = z.object({
  month: statisticsMonth,
  regions: z.array(
    z.object({
      region_id: z.number().int().nullable(),
      region_name: z.string(),
      traffic_bytes: z.number().int(),
      traffic_cost: z.string(),
    }),
  ),
});
export type RegionNetworkCost = z.infer<typeof regionNetworkCostSchema>;

/** The resource kinds with an order history. */
export const RESOURCE_ORDER_TYPES = ORDER_PRODUCT_TYPES;
export const RESOURCE_ORDER_ENTRY_TYPES = [...ORDER_ACTIONS, 'refund'] as const;
export type ResourceOrderEntryType = (typeof RESOURCE_ORDER_ENTRY_TYPES)[number];

/** GET /user/resource_order. */
export const resourceOrderQuery = pageQuery.extend({
  resource_type: z.enum(RESOURCE_ORDER_TYPES),
  resource_id: z.string().trim().min(1).max(40),
});
export type ResourceOrderQuery = z.input<typeof resourceOrderQuery>;

export const resourceOrderSchema = z.object({
  /** new / renew / upgrade: the order; refund: money the order gave back for this resource. */
  type: z.enum(RESOURCE_ORDER_ENTRY_TYPES),
  order_id: z.number().int(),
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Months bought; null for pay-as-you-go and refunds. */
  period: z.number().int().nullable(),
  /** What was charged (or refunded); null for a sub-account, which sees no money figures. */
  amount: z.string().nullable(),
  created_at: z.string(),
});
export type ResourceOrder = z.infer<typeof resourceOrderSchema>;
export const resourceOrderPageSchema = pageOf(resourceOrderSchema);
export type ResourceOrderPage = z.infer<typeof resourceOrderPageSchema>;
