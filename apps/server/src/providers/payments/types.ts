import type { PayType } from '@cloudbay/contracts';

/** Which adapter answers a pay type; the notify routes also pick an adapter by this name. */
export type GatewayName = 'sandbox' | 'epusdt' | 'epay';

/** The currency the customer pays in (the balance itself is always US dollars). */
export type PaymentCurrency = 'USDT' | 'CNY' | 'USD';

export interface CreatePaymentInput {
  /** Our order number (≤ 32 characters: epusdt's limit). */
  no: string;
  /** The top-up amount in USD micro-dollars. */
  amountMicros: bigint;
  payType: PayType;
  /** Where the gateway posts its callback (built from PUBLIC_URL by the caller). */
  notifyUrl: string;
  /** Where the payer's browser returns after paying. */
  returnUrl: string;
  clientIp: string;
  /** What the payer sees as the product name. */
  subject: string;
}

export interface CreatedPayment {
  /** What the payment dialog encodes as a QR code (a payer page URL or a wallet address). */
  qrcode: string;
  /** The receiving wallet address for stablecoin payments; empty for fiat QR payments. */
  address: string;
  /** The amount to pay, a decimal string in `currency`. */
  rateAmount: string;
  currency: PaymentCurrency;
  expiresAt: Date;
  /** The gateway's own reference for the payment. */
  tradeId: string;
}

/** A callback as the HTTP layer received it; adapters read the parts their protocol uses. */
export interface CallbackRequest {
  method: string;
  query: unknown;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export type CallbackStatus = 'paid' | 'waiting' | 'expired';

export interface VerifiedCallback {
  /** Our order number. */
  no: string;
  tradeId: string;
  status: CallbackStatus;
  /** The paid amount exactly as the gateway sent it, in the payment currency. */
  paidAmount: string;
  /** The same amount in micro-units of `currency`; the order flow compares it with what the order asked. */
  paidMicros: bigint;
  currency: PaymentCurrency;
  /**
   * The USD amount (micro-dollars) the callback confirms: stated by the gateway itself, or (when
   * `amountConverted`) the paid amount converted at today's configured rate.
   */
  amountMicros: bigint;
  /**
   * A converted amount moves with the rate, so an order paid exactly after a rate change would look
   * short; the order flow trusts it only for an order that recorded no amount of its own.
   */
  amountConverted: boolean;
  /** The callback's parameters, for the callback log. */
  raw: Record<string, string>;
}

/** What a payment query names: our order, and what the gateway answered when it was created. */
export interface PaymentQuery {
  /** Our order number. */
  no: string;
  /** The gateway's reference from the create call; null when none was recorded. */
  tradeId: string | null;
  /** The order's money in USD micro-dollars. */
  amountMicros: bigint;
  /** What the gateway asked the payer for, in the payment currency (decimal text). */
  rateAmount: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The body the gateway expects when a callback was handled ('ok' for epusdt, 'success' for epay). */
  readonly acknowledgement: string;
  /** Registers the payment with the gateway; throws {@link GatewayError} when the gateway fails. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Checks the signature and reads the callback; throws {@link CallbackError} when it is not genuine. */
  verifyCallback(request: CallbackRequest): VerifiedCallback;
  /**
   * Asks the gateway about our order: the payment it holds, read as a paid callback would be (its
   * `status` says whether it is paid), or null when it holds none. Throws {@link GatewayError} when
   * the gateway fails to answer.
   */
  queryPayment(order: PaymentQuery): Promise<VerifiedCallback | null>;
}

/**
 * The gateway could not create a payment (unreachable, timeout, refusal, an answer we cannot
 * read). The message is safe to show: the order flow answers it as `pay_info.msg` with code -1.
 */
export class GatewayError extends Error {
  override name = 'GatewayError';

  constructor(
    readonly gateway: GatewayName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type CallbackErrorReason = 'missing_signature' | 'bad_signature' | 'malformed';

/** A callback that must not be trusted: nothing may be credited from it. */
export class CallbackError extends Error {
  override name = 'CallbackError';

  constructor(
    readonly gateway: GatewayName,
    readonly reason: CallbackErrorReason,
    message: string,
  ) {
    super(message);
  }
}

export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError;
}

export function isCallbackError(value: unknown): value is CallbackError {
  return value instanceof CallbackError;
}
