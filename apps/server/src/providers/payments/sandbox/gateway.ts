import { createHash } from 'node:crypto';
import { PAY_TYPE_STABLECOIN, SANDBOX_PAYER_SIGNATURE_PARAM, type PayType } from '@cloudbay/contracts';
import { formatDecimal } from '../../../lib/money';
import { readCallbackAmount } from '../amounts';
import { usdToCny } from '../epay/gateway';
import { defaultExpiry, trimBaseUrl } from '../lifetime';
import { assertSignature, flatParams, hmacSignature, signaturesMatch } from '../signing';
import {
  CallbackError,
  type CallbackRequest,
  type CallbackStatus,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentGateway,
  type PaymentQuery,
  type VerifiedCallback,
} from '../types';
import type { SandboxBooks } from './books';

export interface SandboxSettings {
  /** Stablecoin pays 1:1 in USDT, fiat in yuan at `cnyRate`. */
  payType: PayType;
  publicUrl: string;
  /** HMAC key of the sandbox callbacks. */
  secret: string;
  cnyRate: string;
}

/** The body of a sandbox callback, as the sandbox pay route posts it to the verify path. */
export interface SandboxCallbackBody {
  no: string;
  trade_id: string;
  /** US dollars, exact decimal text. */
  amount: string;
  /** The amount in the payment currency. */
  paid_amount: string;
  status: 'paid';
  signature: string;
}

const SIGNATURE_FIELD = ['signature'] as const;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * The signature of an order's payer link: an HMAC of its number, so the link opens that order's
 * payer page without a session while a guessed number opens nothing. It carries no expiry: the
 * link shows one order to whoever the owner gave it to, and the order's own window limits paying.
 */
export function sandboxPayerSignature(secret: string, no: string): string {
  // The purpose field keeps these apart from callback signatures made with the same key.
  return hmacSignature({ purpose: 'payer-page', no }, [], secret);
}

/** The payer page that stands in for a gateway's checkout page, signed for its order. */
export function sandboxPayerUrl(publicUrl: string, no: string, signature: string): string {
  const query = new URLSearchParams({ [SANDBOX_PAYER_SIGNATURE_PARAM]: signature });
  return `${trimBaseUrl(publicUrl)}/pay/sandbox/${encodeURIComponent(no)}?${query.toString()}`;
}

/**
 * A TRON-looking address (T + 33 base58 characters) derived from the order number: the same order
 * always shows the same address, and it cannot be mistaken for a real receiving wallet in a test.
 */
export function sandboxAddress(no: string): string {
  let value = BigInt(`0x${createHash('sha256').update(`cloudbay-sandbox:${no}`).digest('hex')}`);
  let text = '';
  for (let i = 0; i < 33; i += 1) {
    text += BASE58[Number(value % 58n)];
    value /= 58n;
  }
  return `T${text}`;
}

/**
 * The default gateway: no network. Its QR opens a local payer page whose Pay button makes the
 * server sign a callback ({@link signSandboxCallback}) and feed it to {@link verifyCallback}, the
 * path a real gateway's callback takes.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly acknowledgement = 'ok';

  /**
   * `books` holds the payments this sandbox received (its own books, in the database for the app),
   * so `queryPayment` answers what was paid here whether or not the callback got through.
   */
  constructor(
    private readonly settings: SandboxSettings,
    private readonly books: SandboxBooks,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get stablecoin(): boolean {
    return this.settings.payType === PAY_TYPE_STABLECOIN;
  }

  /** What the payer is asked for, in the payment currency. */
  private rateAmount(amountMicros: bigint): string {
    return this.stablecoin
      ? formatDecimal(amountMicros, 6, 2)
      : usdToCny(amountMicros, this.settings.cnyRate);
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    return {
      tradeId: sandboxTradeId(input.no),
      qrcode: sandboxPayerUrl(
        this.settings.publicUrl,
        input.no,
        sandboxPayerSignature(this.settings.secret, input.no),
      ),
      address: this.stablecoin ? sandboxAddress(input.no) : '',
      rateAmount: this.rateAmount(input.amountMicros),
      currency: this.stablecoin ? 'USDT' : 'CNY',
      expiresAt: defaultExpiry(this.now()),
    };
  }

  /** Whether `signature` is the one this gateway put in `no`'s payer link (constant time). */
  isPayerSignature(no: string, signature: string | undefined): boolean {
    return (
      signature !== undefined && signaturesMatch(signature, sandboxPayerSignature(this.settings.secret, no))
    );
  }

  /** The signed callback body of a payment of the order in full (what the sandbox pay route posts). */
  signSandboxCallback(no: string, amountMicros: bigint): SandboxCallbackBody {
    const fields = {
      no,
      trade_id: sandboxTradeId(no),
      amount: formatDecimal(amountMicros, 6),
      paid_amount: this.rateAmount(amountMicros),
      status: 'paid' as const,
    };
    return { ...fields, signature: hmacSignature(fields, SIGNATURE_FIELD, this.settings.secret) };
  }

  /**
   * The payer pays the order in full at the sandbox: recorded in the sandbox's books first (the
   * money reached the gateway), then answered as the callback body to hand to {@link verifyCallback}.
   */
  async receivePayment(no: string, amountMicros: bigint): Promise<SandboxCallbackBody> {
    const body = this.signSandboxCallback(no, amountMicros);
    await this.books.record(this.settings.payType, body);
    return (await this.books.find(this.settings.payType, no)) ?? body;
  }

  /**
   * Reads its books. The fields are signed again with today's secret: SANDBOX_PAY_SECRET is random
   * per process by default, so the signature stored before a restart would no longer match.
   */
  async queryPayment(order: PaymentQuery): Promise<VerifiedCallback | null> {
    const booked = await this.books.find(this.settings.payType, order.no);
    if (!booked) return null;
    const { signature: _stored, ...fields } = booked;
    const body = { ...fields, signature: hmacSignature(fields, SIGNATURE_FIELD, this.settings.secret) };
    return this.verifyCallback({ method: 'POST', body, query: {}, headers: {} });
  }

  verifyCallback(request: CallbackRequest): VerifiedCallback {
    const params = flatParams(this.name, request.body);
    assertSignature(
      this.name,
      params.signature,
      hmacSignature(params, SIGNATURE_FIELD, this.settings.secret),
    );
    const { no, trade_id: tradeId, amount, paid_amount: paidAmount } = params;
    const status = params.status as CallbackStatus | undefined;
    if (
      !no ||
      !tradeId ||
      !amount ||
      !paidAmount ||
      (status !== 'paid' && status !== 'waiting' && status !== 'expired')
    ) {
      throw new CallbackError(this.name, 'malformed', 'the callback lacks no, trade_id, amounts or status');
    }
    return {
      no,
      tradeId,
      status,
      paidAmount,
      paidMicros: readCallbackAmount(this.name, paidAmount),
      currency: this.stablecoin ? 'USDT' : 'CNY',
      amountMicros: readCallbackAmount(this.name, amount),
      amountConverted: false,
      raw: params,
    };
  }
}

function sandboxTradeId(no: string): string {
  return `sandbox-${no}`;
}
