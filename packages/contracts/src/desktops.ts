/**
 * Cloud computers (spec §3 Cloud computer, §4 Cloud computer statuses, §7 Desktops): the purchase,
 * the customer's list and the run-status actions.
 */
import { z } from 'zod';
import {
  billingMethodField,
  idField as id,
  periodField,
  quantityField,
  requirePeriod,
  systemDiskField,
  textField as text,
} from './catalog';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional } from './filters';
import { orderSchema } from './orders';
import { BILLING_METHODS, DESKTOP_STATUSES, RESOURCE_STATUSES } from './statuses';

/** The public id of a desktop or office network (`dt-…`, `os-…`). */
export const resourceIdField = z.string().trim().min(1).max(40);

/** POST /user/desktop: buy `quantity` cloud computers of a bundle in a region. */
export const desktopPurchaseBody = z
  .object({
    region_id: id,
    /** An office network of the caller's in the region; absent, the free network (made on first use). */
    office_site_id: optional(resourceIdField),
    bundle_id: text(60),
    image_id: text(60),
    /** GiB; the bundle's default when absent. */
    system_disk: optional(systemDiskField),
    billing_method: billingMethodField,
    /** Months (subscriptions only). */
    period: optional(periodField),
    /** Renew from the balance at expiry (subscriptions only). */
    auto_renew: z.boolean().default(false),
    quantity: quantityField.default(1),
    /** 2–64 characters; several computers are numbered name-1, name-2… */
    name: z.string().trim().min(2).max(64),
    /** The disclaimer must be agreed before purchase (spec §5). */
    agreed: z.literal(true, { error: ErrorCode.AGREEMENT_REQUIRED }),
  })
  .superRefine(requirePeriod);
export type DesktopPurchaseBody = z.input<typeof desktopPurchaseBody>;
export type DesktopPurchase = z.infer<typeof desktopPurchaseBody>;

/** The answer of a purchase: the order, and the computers it is making. */
export const desktopPurchaseSchema = z.object({
  order: orderSchema,
  desktop_ids: z.array(z.string()),
  /** The office network the computers join. */
  office_site_id: z.string(),
});
export type DesktopPurchaseResult = z.infer<typeof desktopPurchaseSchema>;

/** GET /user/desktop. */
export const desktopListQuery = pageQuery;
export type DesktopListQuery = z.input<typeof desktopListQuery>;

/** One cloud computer as the list shows it. */
export const desktopSchema = z.object({
  desktop_id: z.string(),
  name: z.string(),
  /** Run status (dictionary `desktop_status`). */
  status: z.enum([...DESKTOP_STATUSES]),
  /** How far creation got (dictionary `resource_status`). */
  resource_status: z.enum(RESOURCE_STATUSES),
  region_id: z.number().int().nullable(),
  office_site_id: z.string().nullable(),
  billing_method: z.enum(BILLING_METHODS),
  auto_renew: z.boolean(),
  /** End of the subscription (ISO); null for pay-as-you-go. */
  expire_time: z.string().nullable(),
  /** Pay-as-you-go: one running hour, dollars to the mill. */
  hourly_price: z.string(),
  /** Why the engine stopped it ('arrears'…), else null. */
  stop_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Desktop = z.infer<typeof desktopSchema>;
export const desktopPageSchema = pageOf(desktopSchema);
export type DesktopPage = z.infer<typeof desktopPageSchema>;

export const desktopIdParams = z.object({ desktop_id: resourceIdField });

/** PUT /user/desktop/{desktop_id}/run_status: the user actions of spec §4. */
export const DESKTOP_RUN_ACTIONS = ['start', 'stop', 'reboot'] as const;
export type DesktopRunAction = (typeof DESKTOP_RUN_ACTIONS)[number];
export const desktopRunStatusBody = z.object({ action: z.enum(DESKTOP_RUN_ACTIONS) });
export type DesktopRunStatusBody = z.infer<typeof desktopRunStatusBody>;

/** The computer right after the action was accepted (status is the transitional one). */
export const desktopRunStatusSchema = z.object({
  desktop_id: z.string(),
  status: z.enum([...DESKTOP_STATUSES]),
});
