import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createdPayment, startFakeEpusdt, type FakeEpusdt } from '../../../../test/fake-gateways';
import { CallbackError, GatewayError, type CreatePaymentInput } from '../types';
import { EpusdtGateway } from './gateway';

const NOW = new Date('2026-11-22T08:00:00Z');
let fake: FakeEpusdt;
let gateway: EpusdtGateway;
let sequence = 0;

function order(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  sequence += 1;
  return {
    no: `CB20261122${String(sequence).padStart(6, '0')}`,
    amountMicros: 100_000_000n,
    payType: '2',
    notifyUrl: 'http://127.0.0.1:1/api/pay/epusdt/notify',
    returnUrl: 'http://127.0.0.1:1/index',
    clientIp: '203.0.113.7',
    subject: 'Cloudbay top-up',
    ...overrides,
  };
}

function callback(body: unknown) {
  return { method: 'POST', query: {}, body, headers: {} };
}

function failure(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  fake = await startFakeEpusdt('epusdt-test-token');
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.expiration = 'timestamp';
  gateway = new EpusdtGateway({ url: `${fake.url}/`, token: fake.token }, { timeoutMs: 500 }, () => NOW);
});

describe('EpusdtGateway.createPayment', () => {
  it('creates a signed order and reads the answer', async () => {
    const input = order({ amountMicros: 5_550_000n });
    const created = await gateway.createPayment(input);
    const recorded = fake.orders.at(-1);
    expect(fake.rejectedSignatures).toBe(0);
    expect(recorded).toMatchObject({
      order_id: input.no,
      amount: 5.55,
      notify_url: input.notifyUrl,
      redirect_url: input.returnUrl,
      trade_type: 'usdt.trc20',
      timeout: 600,
    });
    expect(created).toEqual({
      tradeId: recorded?.trade_id,
      address: fake.wallet,
      qrcode: `${fake.url}/pay/checkout-counter/${recorded?.trade_id}`,
      rateAmount: '5.55',
      currency: 'USDT',
      expiresAt: expect.any(Date),
    });
    // epusdt's unix timestamp is taken as it is: about 600 s from the fake's clock.
    expect(Math.abs(created.expiresAt.getTime() - (Date.now() + 600_000))).toBeLessThan(5_000);
  });

  it("reads bepusdt's seconds-remaining expiry against our clock", async () => {
    fake.expiration = 'remaining';
    const created = await gateway.createPayment(order());
    expect(created.expiresAt.toISOString()).toBe('2026-11-22T08:10:00.000Z');
  });

  it('fails with a GatewayError when the token is wrong (the gateway refuses the signature)', async () => {
    const wrong = new EpusdtGateway({ url: fake.url, token: 'not-the-token' }, { timeoutMs: 500 });
    const rejected = fake.rejectedSignatures;
    await expect(wrong.createPayment(order())).rejects.toThrow(
      /refused the order: signature verification failed/,
    );
    expect(fake.rejectedSignatures).toBe(rejected + 1);
  });

  it.each([
    ['an HTTP 500', { kind: 'status', status: 500, body: 'oops' }, /HTTP 500/],
    [
      'an HTTP 400 with a reason',
      { kind: 'status', status: 400, body: '{"status_code":400,"message":"amount too small"}' },
      /HTTP 400: amount too small/,
    ],
    ['garbage', { kind: 'status', status: 200, body: '<html>' }, /not JSON/],
    ['a JSON array', { kind: 'json', body: [1] }, /unexpected body/],
    [
      'a refusal',
      { kind: 'json', body: { status_code: 10002, message: 'order already exists' } },
      /already exists/,
    ],
    ['no data', { kind: 'json', body: { status_code: 200, data: null } }, /without order data/],
    [
      'a float-looking amount',
      {
        kind: 'json',
        body: { status_code: 200, data: { trade_id: 't', token: 'T1', actual_amount: '1e3' } },
      },
      /incomplete/,
    ],
    [
      'no address',
      { kind: 'json', body: { status_code: 200, data: { trade_id: 't', actual_amount: 1 } } },
      /incomplete/,
    ],
  ] as const)('turns %s into a GatewayError', async (_label, answer, message) => {
    fake.answerNext(answer);
    const error = await gateway.createPayment(order()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toMatch(message);
    expect((error as GatewayError).gateway).toBe('epusdt');
  });

  it('gives up after the timeout', async () => {
    fake.answerNext({ kind: 'hang' });
    await expect(gateway.createPayment(order())).rejects.toThrow(/did not answer within 0.5 s/);
  });

  it('reports an unreachable gateway', async () => {
    const nowhere = new EpusdtGateway({ url: 'http://127.0.0.1:1', token: 't' }, { timeoutMs: 500 });
    await expect(nowhere.createPayment(order())).rejects.toThrow(/unreachable/);
  });
});

describe('EpusdtGateway.verifyCallback', () => {
  it('accepts a correctly signed callback and reads it', async () => {
    const input = order({ amountMicros: 12_340_000n });
    await gateway.createPayment(input);
    const verified = gateway.verifyCallback(callback(fake.callbackBody(input.no)));
    expect(verified).toMatchObject({
      no: input.no,
      tradeId: fake.orders.at(-1)?.trade_id,
      status: 'paid',
      paidAmount: '12.34',
      amountMicros: 12_340_000n,
    });
    expect(verified.raw.block_transaction_id).toMatch(/^0x/);
    expect(gateway.acknowledgement).toBe('ok');
  });

  it('maps the waiting and expired statuses', async () => {
    const input = order();
    await gateway.createPayment(input);
    expect(gateway.verifyCallback(callback(fake.callbackBody(input.no, 'correct', 1))).status).toBe(
      'waiting',
    );
    expect(gateway.verifyCallback(callback(fake.callbackBody(input.no, 'correct', 3))).status).toBe(
      'expired',
    );
  });

  it.each([
    ['tampered', 'bad_signature'],
    ['wrong-key', 'bad_signature'],
    ['unsigned', 'missing_signature'],
  ] as const)('rejects a %s callback', async (variant, reason) => {
    const input = order();
    await gateway.createPayment(input);
    const error = failure(() => gateway.verifyCallback(callback(fake.callbackBody(input.no, variant))));
    expect(error).toBeInstanceOf(CallbackError);
    expect((error as CallbackError).reason).toBe(reason);
  });

  it('rejects a signed callback with an unknown status or an unreadable amount', () => {
    const token = 'epusdt-test-token';
    const bodies = [
      { trade_id: 't', order_id: 'o', amount: 1, actual_amount: 1, status: 9 },
      { trade_id: 't', order_id: 'o', amount: '1e3', actual_amount: 1, status: 2 },
    ];
    for (const body of bodies) {
      const signature = signWith(body, token);
      const error = failure(() => gateway.verifyCallback(callback({ ...body, signature })));
      expect((error as CallbackError).reason).toBe('malformed');
    }
  });

  it('rejects a body that is not a parameter object', () => {
    expect((failure(() => gateway.verifyCallback(callback('ok'))) as CallbackError).reason).toBe('malformed');
  });
});

/** The scheme once more, by hand, for bodies the fake would never send. */
function signWith(body: Record<string, unknown>, token: string): string {
  const text = Object.keys(body)
    .sort()
    .map((key) => `${key}=${String(body[key])}`)
    .join('&');
  return createHash('md5')
    .update(text + token)
    .digest('hex');
}

describe('EpusdtGateway.queryPayment (GET /pay/check-status/{trade_id})', () => {
  beforeEach(() => {
    fake.statusStyle = 'epusdt';
  });

  const created = (amountMicros = 25_000_000n) => createdPayment(gateway, order({ amountMicros }));

  it('reads a waiting trade as not paid and a paid one as a payment of the amount asked', async () => {
    const { input, query } = await created();
    expect(await gateway.queryPayment(query)).toMatchObject({ status: 'waiting' });
    fake.markPaid(input.no);
    const paid = await gateway.queryPayment(query);
    // What the order recorded the gateway asking: the status query itself names no amount.
    expect([paid?.no, paid?.tradeId, paid?.paidMicros, paid?.amountMicros]).toEqual([
      input.no,
      query.tradeId,
      25_000_000n,
      25_000_000n,
    ]);
    expect(paid).toMatchObject({
      status: 'paid',
      paidAmount: '25',
      currency: 'USDT',
      amountConverted: false,
      raw: { trade_id: query.tradeId, status: '2' },
    });
  });

  it("reads bepusdt's bare answer the same way", async () => {
    fake.statusStyle = 'bepusdt';
    const { input, query } = await created();
    fake.markPaid(input.no);
    expect(await gateway.queryPayment(query)).toMatchObject({
      status: 'paid',
      raw: { trade_id: query.tradeId, status: '2', trade_hash: 'f00d' },
    });
  });

  it('holds no payment for an unknown trade or an order never created at the gateway', async () => {
    const { query } = await created();
    const before = fake.statusQueries;
    expect(await gateway.queryPayment({ ...query, tradeId: 'T-unknown' })).toBeNull();
    expect(await gateway.queryPayment({ ...query, tradeId: null })).toBeNull();
    // The order without a trade id was not even asked about.
    expect(fake.statusQueries).toBe(before + 1);
  });

  it('fails with a GatewayError on an answer for another trade or an HTTP failure', async () => {
    const { query } = await created();
    fake.answerNext({ kind: 'json', body: { status_code: 200, data: { trade_id: 'other', status: 2 } } });
    await expect(gateway.queryPayment(query)).rejects.toBeInstanceOf(GatewayError);
    fake.answerNext({ kind: 'status', status: 502, body: 'bad gateway' });
    await expect(gateway.queryPayment(query)).rejects.toThrow(/HTTP 502/);
  });
});
