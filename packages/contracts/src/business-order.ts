/**
 * The operators' orders and top-ups (issue 18, `/business/order`, `/business/topup`): every
 * customer's orders with refunds to the balance, every top-up with its gateway callbacks and the
 * manual reconcile of a payment whose callback never arrived.
 */
import { z } from 'zod';
import { billSchema } from './bills';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { exportOptions, optional } from './filters';
import { orderFilter, orderSchema } from './orders';
import { EXPORT_FORMATS } from './organization';
import { dollarAmount, topupFilter } from './wallet';

const exportFields = { format: z.enum(EXPORT_FORMATS).default('xlsx'), ...exportOptions.shape };
/** A dollar bound of a filter ("12.50"). */
const dollarBound = optional(dollarAmount);

// Orders

/** The filters of `/business/order/list` and its export (the customer's own filters and more). */
export const bizOrderFilter = orderFilter.extend({
  /** The customer's e-mail, or its beginning. */
  email: optional(z.string().trim().toLowerCase().max(254)),
  /** Paid amount from (inclusive), dollars. */
  amount_min: dollarBound,
  /** Paid amount up to (inclusive), dollars. */
  amount_max: dollarBound,
});
export type BizOrderFilter = z.output<typeof bizOrderFilter>;
export const bizOrderListQuery = pageQuery.extend(bizOrderFilter.shape);
export type BizOrderListQuery = z.input<typeof bizOrderListQuery>;
export const bizOrderExportBody = bizOrderFilter.extend(exportFields);

export const bizOrderSchema = orderSchema.extend({
  user_id: z.number().int(),
  email: z.string(),
  /** What a refund may still give back: paid − refunded ("0.00" for a gift). */
  refundable_amount: z.string(),
});
export type BizOrder = z.infer<typeof bizOrderSchema>;
export const bizOrderPageSchema = pageOf(bizOrderSchema);

/** One refund of the order (a ledger `refund` naming it), with the operator who gave it, if any. */
export const bizOrderRefundSchema = z.object({
  transaction_id: z.number().int(),
  amount: z.string(),
  memo: z.string().nullable(),
  /** The operator's e-mail; null for the engine's automatic refunds. */
  operator: z.string().nullable(),
  created_at: z.string(),
});
export type BizOrderRefund = z.infer<typeof bizOrderRefundSchema>;

export const bizOrderDetailSchema = bizOrderSchema.extend({
  spec: z.record(z.string(), z.unknown()),
  resource_ids: z.array(z.string()),
  failure: z.string().nullable(),
  /** The customer's wallet movements naming the order (charge, refunds…), newest first. */
  bills: z.array(billSchema),
  refunds: z.array(bizOrderRefundSchema),
});
export type BizOrderDetail = z.infer<typeof bizOrderDetailSchema>;

/** POST /business/order/{id}/refund (Idempotency-Key): `amount` dollars back to the balance. */
export const bizOrderRefundBody = z.object({
  amount: dollarAmount.refine((value) => Number(value) > 0, ErrorCode.VALIDATION_FAILED),
  reason: z.string().trim().min(1, ErrorCode.VALIDATION_FAILED).max(200),
});
export type BizOrderRefundBody = z.input<typeof bizOrderRefundBody>;

// Top-ups

export const bizTopupFilter = topupFilter.extend({
  /** Our order number, or its beginning. */
  no: optional(z.string().trim().toUpperCase().max(32)),
  email: optional(z.string().trim().toLowerCase().max(254)),
  /** The gateway's trade id, exactly. */
  trade_id: optional(z.string().trim().max(128)),
  gateway: optional(z.string().trim().max(20)),
});
export type BizTopupFilter = z.output<typeof bizTopupFilter>;
export const bizTopupListQuery = pageQuery.extend(bizTopupFilter.shape);
export type BizTopupListQuery = z.input<typeof bizTopupListQuery>;
export const bizTopupExportBody = bizTopupFilter.extend(exportFields);

export const bizTopupSchema = z.object({
  id: z.number().int(),
  no: z.string(),
  user_id: z.number().int(),
  email: z.string(),
  /** '1' fiat QR, '2' stablecoin (dictionary `pay_type`). */
  pay_type: z.string(),
  gateway: z.string(),
  trade_id: z.string().nullable(),
  /** 1 pending, 2 paid, 3 timed out, 4 failed (dictionary `topup_status`). */
  status: z.number().int(),
  money: z.string(),
  /** Credited, bonus included. */
  credited: z.string(),
  bonus: z.string(),
  rate_amount: z.string(),
  currency: z.string(),
  paid_amount: z.string().nullable(),
  failure: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type BizTopup = z.infer<typeof bizTopupSchema>;
export const bizTopupPageSchema = pageOf(bizTopupSchema);

/**
 * One callback received for the order: its verdict, whether its signature held (null when it was
 * never checked: no gateway configured, or an operator's manual reconcile), and its body with
 * signatures and secrets masked.
 */
export const bizTopupCallbackSchema = z.object({
  id: z.number().int(),
  gateway: z.string(),
  verdict: z.string(),
  signature_valid: z.boolean().nullable(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type BizTopupCallback = z.infer<typeof bizTopupCallbackSchema>;

export const bizTopupDetailSchema = bizTopupSchema.extend({
  callbacks: z.array(bizTopupCallbackSchema),
});
export type BizTopupDetail = z.infer<typeof bizTopupDetailSchema>;

/** What the gateway says of the payment when asked (GET /business/topup/{id}/gateway). */
export const bizGatewayAnswerSchema = z.object({
  gateway: z.string(),
  paid: z.boolean(),
  trade_id: z.string().nullable(),
  /** The amount paid as the gateway states it, in `currency`. */
  paid_amount: z.string().nullable(),
  currency: z.string().nullable(),
  /** Whether the payment covers the order (what a callback would have to show). */
  covers_order: z.boolean(),
});
export type BizGatewayAnswer = z.infer<typeof bizGatewayAnswerSchema>;

/** POST /business/topup/{id}/reconcile (Idempotency-Key). */
export const bizTopupReconcileBody = z.object({
  reason: z.string().trim().min(1, ErrorCode.VALIDATION_FAILED).max(200),
});
export type BizTopupReconcileBody = z.input<typeof bizTopupReconcileBody>;

/** GET /business/topup/gateways: which gateway serves each pay type. Never a secret. */
export const bizGatewaySettingSchema = z.object({
  pay_type: z.string(),
  gateway: z.string(),
  enabled: z.boolean(),
  /** Where the gateway posts its callbacks; null for the sandbox (its callbacks never leave the server). */
  callback_url: z.string().nullable(),
});
export type BizGatewaySetting = z.infer<typeof bizGatewaySettingSchema>;
