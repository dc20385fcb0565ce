import { formatDecimalShort } from '../../../lib/money';
import { isDecimal, readCallbackAmount } from '../amounts';
import { getForJson, postForJson, readText, type GatewayHttpOptions } from '../http';
import { defaultExpiry, PAYMENT_LIFETIME_SECONDS, trimBaseUrl } from '../lifetime';
import { assertSignature, flatParams, md5Signature } from '../signing';
import {
  CallbackError,
  GatewayError,
  type CallbackRequest,
  type CallbackStatus,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentGateway,
  type PaymentQuery,
  type VerifiedCallback,
} from '../types';

export interface EpusdtSettings {
  url: string;
  token: string;
}

/** The chain bepusdt is asked to receive on (epusdt ignores the field). */
const TRADE_TYPE = 'usdt.trc20';

/** Values below this are "seconds remaining" (bepusdt); above, a unix timestamp (epusdt). */
const TIMESTAMP_THRESHOLD = 1_000_000_000;

const STATUSES: Record<string, CallbackStatus> = { '1': 'waiting', '2': 'paid', '3': 'expired' };

/** epusdt (and bepusdt) signature: non-empty parameters except `signature`, sorted, token appended, MD5. */
export function epusdtSignature(params: Record<string, string>, token: string): string {
  return md5Signature(params, ['signature'], token);
}

/**
 * The stablecoin gateway of PROTOCOLS.md: JSON create call, JSON callback answered `ok`, status
 * query `GET /pay/check-status/{trade_id}`.
 */
export class EpusdtGateway implements PaymentGateway {
  readonly name = 'epusdt' as const;
  readonly acknowledgement = 'ok';

  constructor(
    private readonly settings: EpusdtSettings,
    private readonly http: GatewayHttpOptions = {},
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    // The amount travels as a JSON number and is signed as that number's text: the shortest
    // decimal of the exact micro-dollar amount, which is also what the gateway prints back.
    const amount = formatDecimalShort(input.amountMicros, 6);
    const signed: Record<string, string> = {
      order_id: input.no,
      amount,
      notify_url: input.notifyUrl,
      redirect_url: input.returnUrl,
      trade_type: TRADE_TYPE,
      timeout: String(PAYMENT_LIFETIME_SECONDS),
    };
    const json = JSON.stringify({
      ...signed,
      // Number() of a short decimal text serialises back to the same text: the float is transport only.
      amount: Number(amount),
      timeout: PAYMENT_LIFETIME_SECONDS,
      signature: epusdtSignature(signed, this.settings.token),
    });
    const url = `${trimBaseUrl(this.settings.url)}/api/v1/order/create-transaction`;
    const answer = await postForJson(this.name, url, { json }, this.http);
    return this.readCreated(answer);
  }

  private readCreated(answer: Record<string, unknown>): CreatedPayment {
    const statusCode = readText(answer, 'status_code');
    if (statusCode !== '200') {
      const message = readText(answer, 'message') ?? `status_code ${statusCode ?? 'missing'}`;
      throw new GatewayError(this.name, `payment gateway refused the order: ${message}`);
    }
    const data = answer.data;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new GatewayError(this.name, 'payment gateway answered without order data');
    }
    const fields = data as Record<string, unknown>;
    const tradeId = readText(fields, 'trade_id');
    const actualAmount = readText(fields, 'actual_amount');
    const address = readText(fields, 'token');
    if (!tradeId || !actualAmount || !address || !isDecimal(actualAmount)) {
      throw new GatewayError(this.name, 'payment gateway answered incomplete order data');
    }
    return {
      tradeId,
      address,
      // The checkout page when the gateway has one; a wallet scans the bare address otherwise.
      qrcode: readText(fields, 'payment_url') ?? address,
      rateAmount: actualAmount,
      currency: 'USDT',
      expiresAt: this.readExpiry(fields.expiration_time),
    };
  }

  /** epusdt sends a unix timestamp, bepusdt the seconds remaining; both are accepted. */
  private readExpiry(value: unknown): Date {
    const now = this.now();
    const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds) || seconds <= 0)
      return defaultExpiry(now);
    if (seconds < TIMESTAMP_THRESHOLD) return new Date(now.getTime() + seconds * 1000);
    // A millisecond timestamp has 13 digits; a second one 10.
    return new Date(seconds >= TIMESTAMP_THRESHOLD * 1000 ? seconds : seconds * 1000);
  }

  /**
   * The status query both gateways serve to their checkout page (`GET {EPUSDT_URL}/pay/check-status/
   * {trade_id}`): epusdt answers `{ status_code: 200, data: { trade_id, status } }`, bepusdt the
   * fields bare; an unknown trade answers a failure. It names no amount: the gateway marks a trade
   * paid (status 2) only when the exact `actual_amount` it asked arrived at its address, so a paid
   * answer is read as a payment of what the order recorded the gateway asking. An order without a
   * trade id was never created at the gateway, so nothing can have been paid.
   */
  async queryPayment(order: PaymentQuery): Promise<VerifiedCallback | null> {
    if (!order.tradeId) return null;
    const url = `${trimBaseUrl(this.settings.url)}/pay/check-status/${encodeURIComponent(order.tradeId)}`;
    const answer = await getForJson(this.name, url, this.http);
    const wrapped = answer.data;
    const fields =
      typeof wrapped === 'object' && wrapped !== null && !Array.isArray(wrapped)
        ? (wrapped as Record<string, unknown>)
        : answer;
    const statusCode = readText(answer, 'status_code');
    if (statusCode !== undefined && statusCode !== '200') return null;
    const status = STATUSES[readText(fields, 'status') ?? ''];
    if (readText(fields, 'trade_id') !== order.tradeId || !status) {
      throw new GatewayError(this.name, 'payment gateway answered the status query without the trade');
    }
    if (!isDecimal(order.rateAmount)) {
      throw new GatewayError(this.name, 'the order recorded no USDT amount to compare the payment with');
    }
    const raw: Record<string, string> = { trade_id: order.tradeId, status: readText(fields, 'status')! };
    const hash = readText(fields, 'trade_hash');
    if (hash) raw.trade_hash = hash;
    return {
      no: order.no,
      tradeId: order.tradeId,
      status,
      paidAmount: order.rateAmount,
      paidMicros: readCallbackAmount(this.name, order.rateAmount),
      currency: 'USDT',
      amountMicros: order.amountMicros,
      amountConverted: false,
      raw,
    };
  }

  verifyCallback(request: CallbackRequest): VerifiedCallback {
    const params = flatParams(this.name, request.body);
    assertSignature(this.name, params.signature, epusdtSignature(params, this.settings.token));
    const { order_id: no, trade_id: tradeId, amount, actual_amount: paidAmount } = params;
    const status = STATUSES[params.status ?? ''];
    if (!no || !tradeId || !amount || !paidAmount || !status) {
      throw new CallbackError(
        this.name,
        'malformed',
        'the callback lacks order_id, trade_id, amounts or status',
      );
    }
    return {
      no,
      tradeId,
      status,
      paidAmount,
      paidMicros: readCallbackAmount(this.name, paidAmount),
      currency: 'USDT',
      amountMicros: readCallbackAmount(this.name, amount),
      amountConverted: false,
      raw: params,
    };
  }
}
