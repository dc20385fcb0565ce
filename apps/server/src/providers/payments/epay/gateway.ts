import {
  divideMicros,
  formatDecimal,
  multiplyMicros,
  parseMicros,
  roundMicrosToCents,
} from '../../../lib/money';
import { isDecimal, readCallbackAmount } from '../amounts';
import { getForJson, postForJson, readText, type GatewayHttpOptions } from '../http';
import { defaultExpiry, trimBaseUrl } from '../lifetime';
import { assertSignature, flatParams, md5Signature } from '../signing';
import {
  CallbackError,
  GatewayError,
  type CallbackRequest,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentGateway,
  type PaymentQuery,
  type VerifiedCallback,
} from '../types';

export interface EpaySettings {
  url: string;
  pid: string;
  key: string;
  /** Payment method asked for (alipay, wxpay, …). */
  type: string;
  /** Yuan per US dollar as exact decimal text, e.g. "7.2". */
  cnyRate: string;
}

/** epay signature: drop `sign`, `sign_type` and empty values, sort, join, append the merchant key, MD5. */
export function epaySignature(params: Record<string, string>, key: string): string {
  return md5Signature(params, ['sign', 'sign_type'], key);
}

/** US micro-dollars as the yuan amount asked of the payer, 2 decimals, at an exact rate. */
export function usdToCny(amountMicros: bigint, cnyRate: string): string {
  return formatDecimal(multiplyMicros(amountMicros, parseMicros(cnyRate)), 6, 2);
}

/**
 * A yuan amount back in US micro-dollars, rounded to the cent. With a rate of at least 1 (the
 * configuration insists) a yuan cent is finer than a dollar cent, so a whole-cent dollar amount
 * survives the trip to yuan and back unchanged.
 */
export function cnyToUsdMicros(cnyMicros: bigint, cnyRate: string): bigint {
  return roundMicrosToCents(divideMicros(cnyMicros, parseMicros(cnyRate)));
}

/**
 * The fiat QR gateway ("易支付") of PROTOCOLS.md: form create call to mapi.php, GET callback answered
 * `success`, order query `GET api.php?act=order`.
 */
export class EpayGateway implements PaymentGateway {
  readonly name = 'epay' as const;
  readonly acknowledgement = 'success';

  constructor(
    private readonly settings: EpaySettings,
    private readonly http: GatewayHttpOptions = {},
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const money = usdToCny(input.amountMicros, this.settings.cnyRate);
    const params: Record<string, string> = {
      pid: this.settings.pid,
      type: this.settings.type,
      out_trade_no: input.no,
      notify_url: input.notifyUrl,
      return_url: input.returnUrl,
      name: input.subject,
      money,
      clientip: input.clientIp,
      device: 'pc',
    };
    const form = new URLSearchParams({
      ...params,
      sign: epaySignature(params, this.settings.key),
      sign_type: 'MD5',
    });
    const answer = await postForJson(
      this.name,
      `${trimBaseUrl(this.settings.url)}/mapi.php`,
      { form },
      this.http,
    );
    if (readText(answer, 'code') !== '1') {
      const message = readText(answer, 'msg') ?? `code ${readText(answer, 'code') ?? 'missing'}`;
      throw new GatewayError(this.name, `payment gateway refused the order: ${message}`);
    }
    const tradeId = readText(answer, 'trade_no');
    const qrcode = readText(answer, 'qrcode') ?? readText(answer, 'payurl') ?? readText(answer, 'urlscheme');
    if (!tradeId || !qrcode) {
      throw new GatewayError(this.name, 'payment gateway answered without trade_no or payment link');
    }
    // epay names no expiry; the order's own 600 s lifetime applies.
    return {
      tradeId,
      qrcode,
      address: '',
      rateAmount: money,
      currency: 'CNY',
      expiresAt: defaultExpiry(this.now()),
    };
  }

  /**
   * The order query (`GET {EPAY_URL}/api.php?act=order&pid=&key=&out_trade_no=`): authenticated by
   * the merchant key itself, answered over the gateway's own connection, so the answer is read as
   * the gateway's word. `code` 1 with `status` 1 is a paid order; an unknown order answers another
   * code, which is no payment. The paid amount is the `money` (yuan) the gateway reports.
   */
  async queryPayment(order: PaymentQuery): Promise<VerifiedCallback | null> {
    const query = new URLSearchParams({
      act: 'order',
      pid: this.settings.pid,
      key: this.settings.key,
      out_trade_no: order.no,
    });
    const url = `${trimBaseUrl(this.settings.url)}/api.php?${query.toString()}`;
    const answer = await getForJson(this.name, url, this.http);
    if (readText(answer, 'code') !== '1') return null;
    const tradeId = readText(answer, 'trade_no');
    const money = readText(answer, 'money');
    if (readText(answer, 'out_trade_no') !== order.no || !tradeId || !money || !isDecimal(money)) {
      throw new GatewayError(this.name, 'payment gateway answered the order query without the order');
    }
    const cnyMicros = readCallbackAmount(this.name, money);
    const raw = Object.fromEntries(
      ['trade_no', 'out_trade_no', 'type', 'pid', 'addtime', 'endtime', 'name', 'money', 'status'].flatMap(
        (key) => {
          const value = readText(answer, key);
          return value === undefined ? [] : [[key, value]];
        },
      ),
    );
    return {
      no: order.no,
      tradeId,
      status: readText(answer, 'status') === '1' ? 'paid' : 'waiting',
      paidAmount: money,
      paidMicros: cnyMicros,
      currency: 'CNY',
      amountMicros: cnyToUsdMicros(cnyMicros, this.settings.cnyRate),
      amountConverted: true,
      raw,
    };
  }

  verifyCallback(request: CallbackRequest): VerifiedCallback {
    // The notify call is a GET; some epay builds POST the same fields as a form.
    const source = request.method.toUpperCase() === 'GET' ? request.query : request.body;
    const params = flatParams(this.name, source);
    assertSignature(this.name, params.sign, epaySignature(params, this.settings.key));
    const { out_trade_no: no, trade_no: tradeId, money, trade_status: tradeStatus } = params;
    if (params.pid !== this.settings.pid) {
      throw new CallbackError(this.name, 'malformed', 'the callback is for another merchant id');
    }
    if (!no || !tradeId || !money || !tradeStatus) {
      throw new CallbackError(
        this.name,
        'malformed',
        'the callback lacks out_trade_no, trade_no, money or trade_status',
      );
    }
    const cnyMicros = readCallbackAmount(this.name, money);
    return {
      no,
      tradeId,
      // epay only notifies completed payments; anything else is not money received.
      status: tradeStatus === 'TRADE_SUCCESS' ? 'paid' : 'waiting',
      paidAmount: money,
      paidMicros: cnyMicros,
      currency: 'CNY',
      amountMicros: cnyToUsdMicros(cnyMicros, this.settings.cnyRate),
      amountConverted: true,
      raw: params,
    };
  }
}
