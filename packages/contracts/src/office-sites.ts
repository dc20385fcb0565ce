/**
 * Office networks (spec §3 Office network, §4 Office network statuses, §5, §7 Office site): the
 * network a customer's cloud computers sit on. Each region has one free network per customer
 * (made with the first desktop there: shared 5 Mbps peak per computer, no public IP, no traffic
 * query, cannot be released or re-sized); customers buy paid ones of 10–200 Mbps by subscription,
 * whose traffic is billed hourly at the catalogue rate.
 */
import { z } from 'zod';
import { idField as id, officeBandwidthField, periodField, textField as text } from './catalog';
import { resourceIdField } from './desktops';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional } from './filters';
import { orderSchema } from './orders';
import { OFFICE_SITE_STATUSES, RESOURCE_STATUSES } from './statuses';

/** GET /user/office_site: the caller's networks (released ones only when asked by status). */
export const officeSiteListQuery = pageQuery.extend({
  name: optional(z.string().trim().max(64)),
  region_id: optional(id),
  status: optional(z.enum(OFFICE_SITE_STATUSES)),
});
export type OfficeSiteListQuery = z.input<typeof officeSiteListQuery>;

export const officeSiteSchema = z.object({
  office_site_id: z.string(),
  name: z.string(),
  region_id: z.number().int().nullable(),
  /** Mbps. */
  bandwidth: z.number().int(),
  status: z.enum(['creating', ...OFFICE_SITE_STATUSES]),
  resource_status: z.enum(RESOURCE_STATUSES),
  /** The region's free network (the default one): spec §5 rules apply. */
  is_default: z.boolean(),
  /** Public IP; always null on the free network (spec §5 hides it). */
  ip: z.string().nullable(),
  billing_method: z.enum(['payg', 'subscription']),
  auto_renew: z.boolean(),
  expire_time: z.string().nullable(),
  /** Live cloud computers on it. */
  desktop_count: z.number().int(),
  /** Traffic per GB ("0.077"); null on the free network. */
  traffic_price: z.string().nullable(),
  created_at: z.string(),
});
export type OfficeSite = z.infer<typeof officeSiteSchema>;
export const officeSitePageSchema = pageOf(officeSiteSchema);
export type OfficeSitePage = z.infer<typeof officeSitePageSchema>;

export const officeSiteIdParams = z.object({ id: resourceIdField });

/** POST /user/office_site (Idempotency-Key): a paid network, charged GET /user/network_cost's price. */
export const officeSitePurchaseBody = z.object({
  region_id: id,
  name: z.string().trim().min(2).max(64),
  bandwidth: officeBandwidthField,
  period: periodField,
  auto_renew: z.boolean().default(false),
  agreed: z.literal(true, { error: ErrorCode.AGREEMENT_REQUIRED }),
});
export type OfficeSitePurchaseBody = z.input<typeof officeSitePurchaseBody>;
export const officeSitePurchaseSchema = z.object({ order: orderSchema, office_site: officeSiteSchema });
export type OfficeSitePurchase = z.infer<typeof officeSitePurchaseSchema>;

/**
 * PUT /user/office_site/{id}/upgrade (Idempotency-Key): more bandwidth for the rest of the term,
 * prorated to the expiry like a desktop's configuration change (order action upgrade). The free
 * network → 422 OFFICE_SITE_DEFAULT_LOCKED; not higher → 422 OFFICE_BANDWIDTH_NOT_HIGHER.
 */
export const officeSiteUpgradeBody = z.object({ bandwidth: officeBandwidthField });
export type OfficeSiteUpgradeBody = z.infer<typeof officeSiteUpgradeBody>;
/** GET /user/office_site/{id}/upgrade_price?bandwidth=: what the upgrade costs now. */
export const officeSiteUpgradePriceSchema = z.object({
  bandwidth: z.number().int(),
  new_bandwidth: z.number().int(),
  remaining_seconds: z.number().int(),
  payable_price: z.string(),
});
export type OfficeSiteUpgradePrice = z.infer<typeof officeSiteUpgradePriceSchema>;
export const officeSiteUpgradeSchema = z.object({ order: orderSchema, office_site: officeSiteSchema });
export type OfficeSiteUpgrade = z.infer<typeof officeSiteUpgradeSchema>;

/** PUT /user/office_site/{id}: rename, switch auto-renew. */
export const officeSiteUpdateBody = z
  .object({
    name: optional(text(64).min(2)),
    auto_renew: z.boolean().optional(),
  })
  .refine((body) => body.name !== undefined || body.auto_renew !== undefined, {
    error: ErrorCode.VALIDATION_FAILED,
  });
export type OfficeSiteUpdateBody = z.infer<typeof officeSiteUpdateBody>;
