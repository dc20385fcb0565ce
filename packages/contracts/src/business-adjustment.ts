/**
 * Operators' balance adjustments with four-eyes approval, and the read-only support session
 * (issue 18, part B2).
 */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional, timeWindow } from './filters';
import { ADJUSTMENT_DIRECTIONS, ADJUSTMENT_STATUSES } from './business-adjustment-constants';
import { dollarAmount } from './wallet';

const reasonText = z.string().trim().min(1, ErrorCode.VALIDATION_FAILED).max(500);

/** POST /business/customer/{userId}/adjustment (Idempotency-Key required). */
export const adjustmentBody = z.object({
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: ErrorCode.VALIDATION_FAILED }),
  /** Dollars, more than zero, at most 2 decimals. */
  amount: dollarAmount.refine((value) => Number(value) > 0, ErrorCode.VALIDATION_FAILED),
  reason: reasonText,
  /** A ticket or invoice number the adjustment answers. */
  reference: optional(z.string().trim().max(100)),
});
export type AdjustmentBody = z.input<typeof adjustmentBody>;

export const customerIdParams = z.object({ userId: z.coerce.number().int().positive() });
export const adjustmentIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Approve or reject: the decider's reason is kept with the decision. */
export const adjustmentDecisionBody = z.object({ reason: reasonText });

export const adjustmentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  customerEmail: z.string(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  /** Dollars, a decimal string. */
  amount: z.string(),
  reason: z.string(),
  reference: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.number().int(),
  requestedByEmail: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedByEmail: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The ledger transaction it posted, once posted. */
  ledgerTransactionId: z.number().int().nullable(),
  createTime: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentListQuery = pageQuery.extend({
  status: optional(z.enum(ADJUSTMENT_STATUSES)),
  /** The customer's e-mail, by prefix. */
  email: optional(z.string().trim().toLowerCase().max(254)),
  /** The requesting operator's e-mail, by prefix. */
  operator: optional(z.string().trim().toLowerCase().max(254)),
  ...timeWindow.shape,
});
export type AdjustmentListQuery = z.input<typeof adjustmentListQuery>;
export const adjustmentPageSchema = pageOf(adjustmentSchema);

/** GET /business/adjustment/customers: the customers in scope whose e-mail starts with `email`. */
export const adjustmentCustomerQuery = z.object({
  email: z.string().trim().toLowerCase().max(254).default(''),
  /** One customer by id (the dialog opened for a fixed customer). */
  userId: optional(z.coerce.number().int().positive()),
});
export const adjustmentCustomerSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  /** The wallet balance in dollars. */
  balance: z.string(),
});
export type AdjustmentCustomer = z.infer<typeof adjustmentCustomerSchema>;
export const adjustmentCustomersSchema = z.object({
  list: z.array(adjustmentCustomerSchema),
  /** Adjustments above this many dollars wait for a second operator. */
  approvalAbove: z.string(),
});

/** POST /business/customer/{userId}/support-session. */
export const supportSessionBody = z.object({ reason: reasonText });
export const supportSessionSchema = z.object({
  /** The hand-off address (/moneryContro?token=…&loginToken=…&isSon=&support=1), opened in a new tab. */
  url: z.string(),
  expiresAt: z.string(),
});

/** What GET /getInfo says of a support session (null in the customer's own sessions). */
export const supportViewSchema = z.object({
  operatorEmail: z.string(),
  operatorNickname: z.string(),
  customerEmail: z.string(),
  expiresAt: z.string(),
});
export type SupportView = z.infer<typeof supportViewSchema>;

/** One request made in a support session. */
export const supportAuditSchema = z.object({
  id: z.number().int(),
  sessionId: z.string(),
  operatorEmail: z.string(),
  customerEmail: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  createTime: z.string(),
});
export type SupportAudit = z.infer<typeof supportAuditSchema>;
export const supportAuditListQuery = pageQuery.extend({
  email: optional(z.string().trim().toLowerCase().max(254)),
  operator: optional(z.string().trim().toLowerCase().max(254)),
  ...timeWindow.shape,
});
export type SupportAuditListQuery = z.input<typeof supportAuditListQuery>;
export const supportAuditPageSchema = pageOf(supportAuditSchema);
