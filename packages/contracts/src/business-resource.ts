/**
 * The operators' resources (issue 18, `/business/resource`): every customer's desktops, phones,
 * networks, EIPs, proxies… in one list, one detail with its orders and action history, and the
 * operator's actions on one (each with a required reason).
 */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { exportOptions, optional } from './filters';
import { EXPORT_FORMATS } from './organization';
import { orderSchema } from './orders';
import { BILLING_METHODS, ORDER_PRODUCT_TYPES, RESOURCE_STATUSES } from './statuses';
import {
  OPERATOR_RESOURCE_ACTIONS,
  RESOURCE_HISTORY_ACTIONS,
  RESOURCE_REFUND_RULES,
} from './business-resource-constants';

const instant = z.iso.datetime({ offset: true });

/** The filters of GET /business/resource. */
export const businessResourceFilter = z.object({
  kind: optional(z.enum(ORDER_PRODUCT_TYPES)),
  /** The resource id, the upstream instance id, or the beginning of the name (case-insensitive). */
  keyword: optional(z.string().trim().max(64)),
  /** The customer's e-mail, or its beginning (case-insensitive). */
  email: optional(z.string().trim().max(254)),
  /** The run status (`running`, `shutdown`, `normal`…, the kind's own values). */
  status: optional(z.string().trim().max(20)),
  region_id: optional(z.coerce.number().int().positive()),
  billing_method: optional(z.enum(BILLING_METHODS)),
  /** Live subscriptions ending within this many days from now (0: already past their end). */
  expiring_days: optional(z.coerce.number().int().min(0).max(3650)),
  expire_from: optional(instant),
  expire_to: optional(instant),
  /** Released and deleted resources too (by default only those not gone). */
  include_deleted: optional(z.enum(['0', '1'])),
});
export type BusinessResourceFilter = z.output<typeof businessResourceFilter>;
export const businessResourceListQuery = pageQuery.extend(businessResourceFilter.shape);
export type BusinessResourceListQuery = z.input<typeof businessResourceListQuery>;
/** POST /business/resource/export (form body): the list's filters, the format and the time zone. */
export const businessResourceExportBody = z.object({
  ...businessResourceFilter.shape,
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  ...exportOptions.shape,
});

export const businessResourceIdParams = z.object({ id: z.coerce.number().int().positive() });

export const businessResourceSchema = z.object({
  id: z.number().int(),
  /** The public id (`desktop_id`, `office_site_id`…). */
  resource_id: z.string(),
  kind: z.enum(ORDER_PRODUCT_TYPES),
  name: z.string(),
  instance_id: z.string().nullable(),
  user_id: z.number().int(),
  email: z.string(),
  status: z.string(),
  resource_status: z.enum(RESOURCE_STATUSES),
  region_id: z.number().int().nullable(),
  /** The region's name in the reader's language. */
  region_name: z.string().nullable(),
  billing_method: z.enum(BILLING_METHODS),
  auto_renew: z.boolean(),
  gift: z.boolean(),
  /** ISO time; null for pay-as-you-go. */
  expires_at: z.string().nullable(),
  stop_reason: z.string().nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  /** What the engine allows an operator to do now (the page's buttons). */
  actions: z.array(z.enum(OPERATOR_RESOURCE_ACTIONS)),
});
export type BusinessResource = z.infer<typeof businessResourceSchema>;
export const businessResourcePageSchema = pageOf(businessResourceSchema);
export type BusinessResourcePage = z.infer<typeof businessResourcePageSchema>;

/** One entry of a resource's operator action history. */
export const resourceHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(RESOURCE_HISTORY_ACTIONS),
  reason: z.string(),
  operator_email: z.string().nullable(),
  /** What the action did: the refund rule and amount, the days and new expiry, the cloud's answer. */
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ResourceHistoryEntry = z.infer<typeof resourceHistoryEntrySchema>;

export const businessResourceDetailSchema = businessResourceSchema.extend({
  spec: z.record(z.string(), z.unknown()),
  failure: z.string().nullable(),
  hourly_price: z.string(),
  orders: z.array(orderSchema),
  history: z.array(resourceHistoryEntrySchema),
});
export type BusinessResourceDetail = z.infer<typeof businessResourceDetailSchema>;

/** Every operator action names why (kept in the history and the operation log). */
const reason = z
  .string({ error: ErrorCode.OPERATOR_REASON_REQUIRED })
  .trim()
  .min(1, ErrorCode.OPERATOR_REASON_REQUIRED)
  .max(500);

/** POST /business/resource/{id}/action: start, stop or force stop. */
export const resourcePowerBody = z.object({
  action: z.enum(['start', 'stop', 'force_stop']),
  reason,
});
export type ResourcePowerBody = z.infer<typeof resourcePowerBody>;

/** POST /business/resource/{id}/release (Idempotency-Key). */
export const resourceReleaseBody = z.object({
  refund: z.enum(RESOURCE_REFUND_RULES),
  reason,
});
export type ResourceReleaseBody = z.infer<typeof resourceReleaseBody>;

/** POST /business/resource/{id}/extend (Idempotency-Key): a free extension by whole days. */
export const resourceExtendBody = z.object({
  days: z.coerce.number().int().min(1).max(3650),
  reason,
});
export type ResourceExtendBody = z.infer<typeof resourceExtendBody>;

/** POST /business/resource/{id}/reconcile. */
export const resourceReconcileBody = z.object({ reason });
export type ResourceReconcileBody = z.infer<typeof resourceReconcileBody>;

/** GET /business/resource/{id}/refund_preview: what each refund rule would give back now. */
export const resourceRefundPreviewSchema = z.object({
  none: z.string(),
  prorated: z.string(),
  full: z.string(),
  /** What the customer paid for it and has not had back (the full rule's figure). */
  paid: z.string(),
});
export type ResourceRefundPreview = z.infer<typeof resourceRefundPreviewSchema>;

/** What an action answers: the resource as it is now, and what the action did. */
export const resourceActionAnswer = z.object({
  resource: businessResourceSchema,
  /** Release: the amount refunded; extend: the new expiry and the order number. */
  refunded: z.string().optional(),
  expires_at: z.string().nullable().optional(),
  order_no: z.string().optional(),
});
export type ResourceActionAnswer = z.infer<typeof resourceActionAnswer>;

/** What reconciling read from the cloud and what changed here. */
export const resourceReconcileAnswer = z.object({
  resource: businessResourceSchema,
  /** The cloud knows the instance. */
  found: z.boolean(),
  cloud_status: z.string().nullable(),
  before: z.object({ status: z.string(), deleted: z.boolean() }),
  after: z.object({ status: z.string(), deleted: z.boolean() }),
  changed: z.boolean(),
});
export type ResourceReconcileAnswer = z.infer<typeof resourceReconcileAnswer>;
