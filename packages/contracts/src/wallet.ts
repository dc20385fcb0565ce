/** Top-ups (spec §3 Top-up order, Top-up record; §4 Top-up order; §5 Top-up; §7 orders). */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { exportOptions, optional, timeWindow } from './filters';
import { DEFAULT_PAY_TYPE, PAY_TYPES } from './statuses';
import { MIN_TOPUP_DOLLARS, SANDBOX_PAYER_SIGNATURE_PARAM, TOPUP_STATUS } from './wallet-constants';

/** A dollar amount as the client sends it: a number or a decimal string with at most 2 decimals. */
export const dollarAmount = z
  .union([z.number(), z.string().trim()])
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .refine((value) => /^\d{1,9}(\.\d{1,2})?$/.test(value), ErrorCode.VALIDATION_FAILED);

/** A pay type as the API carries it, a number (1 fiat QR, 2 stablecoin), read as one of PAY_TYPES. */
const payTypeNumber = z.coerce
  .number()
  .int()
  .transform(String)
  .pipe(z.enum(PAY_TYPES, { error: ErrorCode.VALIDATION_FAILED }));

const TOPUP_STATUSES: readonly number[] = Object.values(TOPUP_STATUS);

/** POST /orders: `money` in dollars (at least 5), `pay_type` 1 fiat QR or 2 stablecoin (default). */
export const createTopupBody = z.object({
  money: dollarAmount.refine((value) => Number(value) >= MIN_TOPUP_DOLLARS, ErrorCode.TOPUP_AMOUNT_TOO_SMALL),
  pay_type: payTypeNumber.default(DEFAULT_PAY_TYPE),
});
export type CreateTopupBody = z.input<typeof createTopupBody>;

/** What the payment dialog shows; `code` -1 means the gateway refused and `msg` says why. */
export const payInfoSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  /** What the QR encodes (a wallet URI, a payer page or the gateway's QR content). */
  qrcode: z.string(),
  /** The receiving address (stablecoin) or empty. */
  address: z.string(),
  /** The amount to pay in the payment currency, a decimal string. */
  rate_amount: z.string(),
  /** 'USDT', 'CNY' or 'USD': the web shows it with its symbol. */
  currency: z.string(),
  /** When the QR stops being valid (ISO time); the dialog counts down to it. */
  expires_at: z.string(),
});
export type PayInfo = z.infer<typeof payInfoSchema>;
export const topupOrderCreatedSchema = z.object({
  order_id: z.number().int(),
  no: z.string(),
  pay_type: z.number().int(),
  pay_info: payInfoSchema,
});
export type TopupOrderCreated = z.infer<typeof topupOrderCreatedSchema>;

/** GET /orders/{order_id}/status, polled every 4 s. */
export const orderIdParams = z.object({ order_id: z.coerce.number().int().positive() });
export const topupStatusSchema = z.object({ status: z.number().int() });

/** The filters shared by the top-up records list and its export. */
export const topupFilter = z.object({
  status: optional(
    z.coerce
      .number()
      .int()
      .refine((value) => TOPUP_STATUSES.includes(value), ErrorCode.VALIDATION_FAILED),
  ),
  pay_type: optional(payTypeNumber),
  ...timeWindow.shape,
});
export type TopupFilter = z.infer<typeof topupFilter>;

/** GET /orders: the customer's top-up records. */
export const topupListQuery = pageQuery.extend(topupFilter.shape);
export type TopupListQuery = z.input<typeof topupListQuery>;

/** POST /orders/export (form-encoded): the top-up records as CSV. */
export const topupExportBody = topupFilter.extend(exportOptions.shape);
export type TopupExportBody = z.input<typeof topupExportBody>;
export const topupRecordSchema = z.object({
  order_id: z.number().int(),
  no: z.string(),
  pay_type: z.number().int(),
  status: z.number().int(),
  /** Dollars asked for. */
  money: z.string(),
  /** Dollars credited, bonus included; "0.00" until paid. */
  actual_money: z.string(),
  /** The first-recharge bonus credited with it. */
  bonus_money: z.string(),
  rate_amount: z.string(),
  currency: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type TopupRecord = z.infer<typeof topupRecordSchema>;
export const topupPageSchema = pageOf(topupRecordSchema);

/**
 * GET /pay/sandbox/{no} and POST …/pay: shown to and paid by the order's owner (signed in) or the
 * holder of the order's signed link (`pay_info.qrcode`, which carries `?sig=`); else 404.
 */
export const sandboxOrderParams = z.object({ no: z.string().regex(/^[A-Za-z0-9]{8,32}$/) });
export const sandboxPayerQuery = z.object({
  [SANDBOX_PAYER_SIGNATURE_PARAM]: z.string().max(128).optional(),
});
export const sandboxOrderSchema = z.object({
  no: z.string(),
  money: z.string(),
  rate_amount: z.string(),
  currency: z.string(),
  status: z.number().int(),
  expires_at: z.string(),
});
export type SandboxOrder = z.infer<typeof sandboxOrderSchema>;
