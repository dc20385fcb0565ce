/**
 * Local stand-ins for the epusdt and epay gateways of PROTOCOLS.md, for tests: HTTP servers on
 * 127.0.0.1 (free port) that check our create calls' signatures, answer like the real gateways,
 * record the orders, answer their order queries (once `markPaid` says the payer paid) and send
 * signed callbacks (correct, tampered, wrong-key, unsigned) to the notify URL an order named. The signature code here is written separately from the adapters'
 * on purpose, so a mistake in one is caught by the other.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreatedPayment, CreatePaymentInput, PaymentQuery } from '../src/providers/payments/types';

/** A scripted answer to the next create call, in place of the normal one. */
export type FakeAnswer =
  | { kind: 'status'; status: number; body: string }
  | { kind: 'json'; body: unknown }
  /** Never answers (the adapter's timeout must fire); released when the server closes. */
  | { kind: 'hang' };

/** How a callback is spoiled; `correct` sends it as the gateway would. */
export type CallbackVariant = 'correct' | 'tampered' | 'wrong-key' | 'unsigned';

export interface CallbackResult {
  status: number;
  body: string;
}

/** PROTOCOLS.md's MD5 scheme, written out independently of the adapters. */
function md5Sign(params: Record<string, unknown>, skip: string[], secret: string): string {
  const text = Object.keys(params)
    .filter(
      (key) => !skip.includes(key) && params[key] !== undefined && params[key] !== null && params[key] !== '',
    )
    .sort()
    .map((key) => `${key}=${String(params[key])}`)
    .join('&');
  return createHash('md5')
    .update(text + secret)
    .digest('hex');
}

/** Cents (or 1/10000ths) as text without floats: (12345n, 2) → "123.45". */
function fixed(units: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals);
  return `${units / unit}.${String(units % unit).padStart(decimals, '0')}`;
}

/** A decimal text as integer units of 10^-decimals, rounded half up; undefined when it is not one. */
function units(text: string, decimals: number): bigint | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const digits = (match[2] ?? '').padEnd(decimals + 1, '0');
  const whole = BigInt(match[1] ?? '0') * 10n ** BigInt(decimals) + BigInt(digits.slice(0, decimals) || '0');
  return Number(digits[decimals]) >= 5 ? whole + 1n : whole;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The common part: a server on a free port, scripted answers, clean shutdown of hanging requests. */
class FakeServer {
  readonly scripted: FakeAnswer[] = [];
  url = '';
  private server: Server | undefined;

  /** The next create call gets `answer` instead of the normal one (queued, in order). */
  answerNext(answer: FakeAnswer): void {
    this.scripted.push(answer);
  }

  async listen(handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>): Promise<void> {
    this.server = createServer((request, response) => {
      handle(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Answers a scripted answer when one is queued; true when it did. */
  answerScripted(response: ServerResponse): boolean {
    const answer = this.scripted.shift();
    if (!answer) return false;
    if (answer.kind === 'status') response.writeHead(answer.status).end(answer.body);
    if (answer.kind === 'json') sendJson(response, answer.body);
    return true;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export interface FakeEpusdtOrder {
  order_id: string;
  amount: number;
  notify_url: string;
  redirect_url?: string;
  trade_type?: string;
  timeout?: number;
  trade_id: string;
  actual_amount: string;
  token: string;
}

/** A fake epusdt/bepusdt gateway. `expiration` picks epusdt's timestamp or bepusdt's seconds remaining. */
export class FakeEpusdt extends FakeServer {
  readonly orders: FakeEpusdtOrder[] = [];
  /** Create calls whose signature did not verify. */
  rejectedSignatures = 0;
  expiration: 'timestamp' | 'remaining' = 'timestamp';
  /** How the status query answers: epusdt wraps the fields in `data`, bepusdt sends them bare. */
  statusStyle: 'epusdt' | 'bepusdt' = 'epusdt';
  /** Trade ids the payer paid (status 2 in the status query). */
  readonly paid = new Set<string>();
  /** Status queries received. */
  statusQueries = 0;
  /** The wallet address every order is paid to. */
  readonly wallet = 'TFakeEpusdtWa11etAddressXXXXXXXXXX';

  constructor(readonly token: string) {
    super();
  }

  /** The payer paid the order's exact USDT amount: the status query now says 2. */
  markPaid(orderId: string): void {
    const order = this.orders.find((item) => item.order_id === orderId);
    if (!order) throw new Error(`fake epusdt has no order ${orderId}`);
    this.paid.add(order.trade_id);
  }

  /** `GET /pay/check-status/{trade_id}`, answered as `statusStyle` says. */
  private checkStatus(tradeId: string, response: ServerResponse): void {
    this.statusQueries += 1;
    if (this.answerScripted(response)) return;
    const order = this.orders.find((item) => item.trade_id === tradeId);
    if (!order) {
      sendJson(response, { status_code: 400, message: 'order not found' });
      return;
    }
    const status = this.paid.has(tradeId) ? 2 : 1;
    if (this.statusStyle === 'epusdt') {
      sendJson(response, { status_code: 200, message: 'success', data: { trade_id: tradeId, status } });
    } else {
      sendJson(response, {
        trade_id: tradeId,
        trade_hash: status === 2 ? 'f00d' : '',
        status,
        return_url: '',
      });
    }
  }

  handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const statusQuery = /^\/pay\/check-status\/([^/?]+)$/.exec(request.url ?? '');
    if (request.method === 'GET' && statusQuery) {
      this.checkStatus(decodeURIComponent(statusQuery[1]!), response);
      return;
    }
    if (request.method !== 'POST' || request.url !== '/api/v1/order/create-transaction') {
      response.writeHead(404).end('not found');
      return;
    }
    const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    if (this.answerScripted(response)) return;
    if (body.signature !== md5Sign(body, ['signature'], this.token)) {
      this.rejectedSignatures += 1;
      sendJson(response, { status_code: 401, message: 'signature verification failed', data: null });
      return;
    }
    const orderId = String(body.order_id ?? '');
    const amount = typeof body.amount === 'number' ? units(String(body.amount), 4) : undefined;
    if (!orderId || orderId.length > 32 || !amount || amount < 100n || !body.notify_url) {
      sendJson(response, { status_code: 400, message: 'invalid parameters', data: null });
      return;
    }
    if (this.orders.some((order) => order.order_id === orderId)) {
      sendJson(response, { status_code: 10002, message: 'order already exists', data: null });
      return;
    }
    const order: FakeEpusdtOrder = {
      ...(body as Omit<FakeEpusdtOrder, 'trade_id' | 'actual_amount' | 'token'>),
      trade_id: `T${Date.now()}${randomBytes(4).toString('hex')}`,
      actual_amount: fixed(amount, 4),
      token: this.wallet,
    };
    this.orders.push(order);
    const timeout = typeof body.timeout === 'number' ? body.timeout : 600;
    sendJson(response, {
      status_code: 200,
      message: 'success',
      data: {
        trade_id: order.trade_id,
        order_id: order.order_id,
        amount: order.amount,
        actual_amount: Number(order.actual_amount),
        token: order.token,
        expiration_time: this.expiration === 'remaining' ? timeout : Math.floor(Date.now() / 1000) + timeout,
        payment_url: `${this.url}/pay/checkout-counter/${order.trade_id}`,
      },
    });
  };

  /** The callback body the gateway would post for a recorded order, spoiled as `variant` says. */
  callbackBody(
    orderId: string,
    variant: CallbackVariant = 'correct',
    status: 1 | 2 | 3 = 2,
  ): Record<string, unknown> {
    const order = this.orders.find((item) => item.order_id === orderId);
    if (!order) throw new Error(`fake epusdt has no order ${orderId}`);
    const body: Record<string, unknown> = {
      trade_id: order.trade_id,
      order_id: order.order_id,
      amount: order.amount,
      actual_amount: Number(order.actual_amount),
      token: order.token,
      block_transaction_id: `0x${randomBytes(16).toString('hex')}`,
      status,
    };
    if (variant !== 'unsigned') {
      body.signature = md5Sign(body, ['signature'], variant === 'wrong-key' ? `${this.token}x` : this.token);
    }
    // Tampering after signing: a payer who edits the amount cannot re-sign it.
    if (variant === 'tampered') body.amount = order.amount * 10;
    return body;
  }

  /** Posts a callback for a recorded order to its notify_url, as JSON. */
  async sendCallback(
    orderId: string,
    variant: CallbackVariant = 'correct',
    status: 1 | 2 | 3 = 2,
  ): Promise<CallbackResult> {
    const order = this.orders.find((item) => item.order_id === orderId);
    const response = await fetch(order?.notify_url ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(this.callbackBody(orderId, variant, status)),
    });
    return { status: response.status, body: await response.text() };
  }
}

export interface FakeEpayOrder {
  pid: string;
  type: string;
  out_trade_no: string;
  notify_url: string;
  return_url: string;
  name: string;
  money: string;
  clientip: string;
  device: string;
  trade_no: string;
}

/** A fake epay ("易支付") gateway; `link` picks which of qrcode / payurl / urlscheme it answers. */
export class FakeEpay extends FakeServer {
  readonly orders: FakeEpayOrder[] = [];
  rejectedSignatures = 0;
  link: 'qrcode' | 'payurl' | 'urlscheme' = 'qrcode';
  /** Our order numbers the payer paid (status 1 in the order query). */
  readonly paid = new Set<string>();
  /** Order queries received, and how many carried a wrong merchant key. */
  orderQueries = 0;
  rejectedQueryKeys = 0;

  constructor(
    readonly pid: string,
    readonly key: string,
  ) {
    super();
  }

  /** The payer paid the order: the order query now says status 1. */
  markPaid(outTradeNo: string): void {
    if (!this.orders.some((item) => item.out_trade_no === outTradeNo)) {
      throw new Error(`fake epay has no order ${outTradeNo}`);
    }
    this.paid.add(outTradeNo);
  }

  /** `GET /api.php?act=order&pid=&key=&out_trade_no=`, the merchant key checked. */
  private orderQuery(query: URLSearchParams, response: ServerResponse): void {
    this.orderQueries += 1;
    if (this.answerScripted(response)) return;
    if (query.get('pid') !== this.pid || query.get('key') !== this.key) {
      this.rejectedQueryKeys += 1;
      sendJson(response, { code: -3, msg: 'merchant key is wrong' });
      return;
    }
    const order = this.orders.find((item) => item.out_trade_no === query.get('out_trade_no'));
    if (!order) {
      sendJson(response, { code: -1, msg: 'order does not exist' });
      return;
    }
    const paid = this.paid.has(order.out_trade_no);
    sendJson(response, {
      code: 1,
      msg: 'query succeeded',
      trade_no: order.trade_no,
      out_trade_no: order.out_trade_no,
      type: order.type,
      pid: Number(order.pid),
      addtime: '2026-11-22 16:00:00',
      endtime: paid ? '2026-11-22 16:01:00' : '',
      name: order.name,
      money: order.money,
      status: paid ? 1 : 0,
    });
  }

  handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'GET' && url.pathname === '/api.php' && url.searchParams.get('act') === 'order') {
      this.orderQuery(url.searchParams, response);
      return;
    }
    if (request.method !== 'POST' || request.url !== '/mapi.php') {
      response.writeHead(404).end('not found');
      return;
    }
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    if (this.answerScripted(response)) return;
    if (form.pid !== this.pid) {
      sendJson(response, { code: -1, msg: 'merchant does not exist' });
      return;
    }
    if (form.sign_type !== 'MD5' || form.sign !== md5Sign(form, ['sign', 'sign_type'], this.key)) {
      this.rejectedSignatures += 1;
      sendJson(response, { code: -1, msg: 'signature verification failed' });
      return;
    }
    if (!/^\d+\.\d{2}$/.test(form.money ?? '') || !form.out_trade_no || !form.notify_url || !form.type) {
      sendJson(response, { code: -1, msg: 'invalid parameters' });
      return;
    }
    const order = {
      ...(form as unknown as FakeEpayOrder),
      trade_no: `2026${randomBytes(8).toString('hex')}`,
    };
    this.orders.push(order);
    const link =
      this.link === 'urlscheme'
        ? `alipays://platformapi/startapp?trade=${order.trade_no}`
        : `${this.url}/pay/${order.trade_no}`;
    sendJson(response, {
      code: 1,
      msg: 'success',
      trade_no: order.trade_no,
      [this.link]: link,
      money: order.money,
    });
  };

  /** The callback query the gateway would send for a recorded order, spoiled as `variant` says. */
  callbackQuery(outTradeNo: string, variant: CallbackVariant = 'correct'): Record<string, string> {
    const order = this.orders.find((item) => item.out_trade_no === outTradeNo);
    if (!order) throw new Error(`fake epay has no order ${outTradeNo}`);
    const query: Record<string, string> = {
      pid: order.pid,
      trade_no: order.trade_no,
      out_trade_no: order.out_trade_no,
      type: order.type,
      name: order.name,
      money: order.money,
      trade_status: 'TRADE_SUCCESS',
      param: '',
    };
    if (variant !== 'unsigned') {
      query.sign = md5Sign(query, ['sign', 'sign_type'], variant === 'wrong-key' ? `${this.key}x` : this.key);
      query.sign_type = 'MD5';
    }
    if (variant === 'tampered') query.money = fixed((units(order.money, 2) ?? 0n) * 10n, 2);
    return query;
  }

  /**
   * Sends a callback for a recorded order to its notify_url: a GET as epay documents it, or the
   * same fields as a form POST, as some epay builds send them.
   */
  async sendCallback(
    outTradeNo: string,
    variant: CallbackVariant = 'correct',
    method: 'GET' | 'POST' = 'GET',
  ): Promise<CallbackResult> {
    const order = this.orders.find((item) => item.out_trade_no === outTradeNo);
    const url = new URL(order?.notify_url ?? '');
    const fields = new URLSearchParams(this.callbackQuery(outTradeNo, variant));
    const response =
      method === 'GET'
        ? await fetch(`${url.origin}${url.pathname}?${fields}`)
        : await fetch(url, { method: 'POST', body: fields });
    return { status: response.status, body: await response.text() };
  }
}

/** Starts a fake epusdt gateway signing with `token`. Close it in `afterAll`. */
export async function startFakeEpusdt(token = 'fake-epusdt-token'): Promise<FakeEpusdt> {
  const fake = new FakeEpusdt(token);
  await fake.listen(fake.handle);
  return fake;
}

/** Starts a fake epay gateway for merchant `pid` with `key`. Close it in `afterAll`. */
export async function startFakeEpay(pid = '1001', key = 'fake-epay-merchant-key'): Promise<FakeEpay> {
  const fake = new FakeEpay(pid, key);
  await fake.listen(fake.handle);
  return fake;
}

/** The configuration that points both pay types at the fakes (yuan at 7.2 per dollar). */
export function fakeGatewaysConfig(epusdt: FakeEpusdt, epay: FakeEpay) {
  return {
    PAY_STABLECOIN: 'epusdt',
    EPUSDT_URL: epusdt.url,
    EPUSDT_TOKEN: epusdt.token,
    PAY_FIAT: 'epay',
    EPAY_URL: epay.url,
    EPAY_PID: epay.pid,
    EPAY_KEY: epay.key,
    FIAT_CNY_RATE: '7.2',
  } as const;
}

/** A payment created at `gateway` for `input`, and the query that asks about it afterwards. */
export async function createdPayment(
  gateway: { createPayment(input: CreatePaymentInput): Promise<CreatedPayment> },
  input: CreatePaymentInput,
) {
  const payment = await gateway.createPayment(input);
  const query: PaymentQuery = {
    no: input.no,
    tradeId: payment.tradeId,
    amountMicros: input.amountMicros,
    rateAmount: payment.rateAmount,
  };
  return { input, query };
}
