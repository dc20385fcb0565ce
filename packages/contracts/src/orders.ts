/**
 * Orders (spec §3 Order, §4 Order statuses and Resource statuses, §7 /user/order): every purchase,
 * renewal and configuration change a customer pays for from the balance. The provisioning engine
 * writes them; the customer reads, filters and exports them.
 */
import { z } from 'zod';
import { billSchema } from './bills';
import { pageOf, pageQuery } from './envelope';
import { exportOptions, optional, timeWindow } from './filters';
import {
  BILLING_METHODS,
  ORDER_ACTIONS,
  ORDER_PRODUCT_TYPES,
  ORDER_STATUSES,
  RESOURCE_STATUSES,
} from './statuses';

/** The filters shared by the list and the export. */
export const orderFilter = z.object({
  /** The order number, or its beginning. */
  no: optional(z.string().trim().max(32)),
  type: optional(z.enum(ORDER_PRODUCT_TYPES)),
  status: optional(z.enum(ORDER_STATUSES)),
  resource_status: optional(z.enum(RESOURCE_STATUSES)),
  ...timeWindow.shape,
});
export type OrderFilter = z.infer<typeof orderFilter>;

/** GET /user/order. */
export const orderListQuery = pageQuery.extend(orderFilter.shape);
export type OrderListQuery = z.input<typeof orderListQuery>;

/** GET /user/order/{id}. */
export const userOrderIdParams = z.object({ id: z.coerce.number().int().positive() });

/** POST /user/order/export (form-encoded). */
export const orderExportBody = orderFilter.extend(exportOptions.shape);
export type OrderExportBody = z.input<typeof orderExportBody>;

/** One order as the list shows it. Money in dollars as decimal text ("12.50"). */
export const orderSchema = z.object({
  id: z.number().int(),
  no: z.string(),
  /** What was bought (dictionary `order_product_type`). */
  type: z.enum(ORDER_PRODUCT_TYPES),
  /** New purchase, renewal or configuration change (dictionary `order_action`). */
  action: z.enum(ORDER_ACTIONS),
  status: z.enum(ORDER_STATUSES),
  resource_status: z.enum(RESOURCE_STATUSES),
  quantity: z.number().int(),
  region_id: z.number().int().nullable(),
  billing_method: z.enum(BILLING_METHODS).nullable(),
  /** Months bought (subscriptions); null for pay-as-you-go. */
  period: z.number().int().nullable(),
  /** List price before the period discount. */
  original_amount: z.string(),
  /** What was charged. */
  paid_amount: z.string(),
  /** Given back after a failed creation. */
  refunded_amount: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderPageSchema = pageOf(orderSchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

/** GET /user/order/{id}: the order, what it bought, and the wallet movements it caused. */
export const orderDetailSchema = orderSchema.extend({
  /** The purchase's configuration as the engine recorded it (bundle, image, disk, name…). */
  spec: z.record(z.string(), z.unknown()),
  /** Why creation failed, when it did. */
  failure: z.string().nullable(),
  bills: z.array(billSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET /user/order/product_type: the product types in the caller's language. */
export const productTypeOptionSchema = z.object({ value: z.enum(ORDER_PRODUCT_TYPES), label: z.string() });
export type ProductTypeOption = z.infer<typeof productTypeOptionSchema>;
export const productTypeListSchema = z.array(productTypeOptionSchema);
