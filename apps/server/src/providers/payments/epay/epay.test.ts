import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createdPayment, startFakeEpay, type FakeEpay } from '../../../../test/fake-gateways';
import { CallbackError, GatewayError, type CreatePaymentInput } from '../types';
import { cnyToUsdMicros, EpayGateway, usdToCny } from './gateway';

const NOW = new Date('2026-11-22T08:00:00Z');
let fake: FakeEpay;
let gateway: EpayGateway;
let sequence = 0;

function order(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  sequence += 1;
  return {
    no: `CB20261122${String(sequence).padStart(6, '0')}`,
    amountMicros: 100_000_000n,
    payType: '1',
    notifyUrl: 'http://127.0.0.1:1/api/pay/epay/notify',
    returnUrl: 'http://127.0.0.1:1/index',
    clientIp: '203.0.113.7',
    subject: 'Cloudbay top-up',
    ...overrides,
  };
}

function gatewayWith(settings: Partial<{ key: string; pid: string; cnyRate: string; type: string }> = {}) {
  return new EpayGateway(
    { url: fake.url, pid: fake.pid, key: fake.key, type: 'wxpay', cnyRate: '7.2', ...settings },
    { timeoutMs: 500 },
    () => NOW,
  );
}

function getCallback(query: unknown) {
  return { method: 'GET', query, body: undefined, headers: {} };
}

function reasonOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof CallbackError) return error.reason;
    throw error;
  }
  return 'accepted';
}

beforeAll(async () => {
  fake = await startFakeEpay('1001', 'epay-test-key');
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.link = 'qrcode';
  gateway = gatewayWith();
});

describe('usdToCny / cnyToUsdMicros', () => {
  it('converts at the exact configured rate, two decimals, and back to the same cents', () => {
    expect(usdToCny(100_000_000n, '7.2')).toBe('720.00');
    expect(usdToCny(5_550_000n, '7.23')).toBe('40.13');
    expect(usdToCny(1_000_000n, '7.123456')).toBe('7.12');
    expect(cnyToUsdMicros(40_130_000n, '7.23')).toBe(5_550_000n);
    expect(cnyToUsdMicros(720_000_000n, '7.2')).toBe(100_000_000n);
  });

  it('round-trips every whole-cent amount up to $20 at an awkward rate', () => {
    for (let cents = 1n; cents <= 2_000n; cents += 1n) {
      const micros = cents * 10_000n;
      const cny = usdToCny(micros, '6.999999');
      const [whole, fraction] = cny.split('.');
      expect(cnyToUsdMicros(BigInt(`${whole}${fraction}`) * 10_000n, '6.999999')).toBe(micros);
    }
  });
});

describe('EpayGateway.createPayment', () => {
  it('posts a signed mapi form and reads the answer', async () => {
    const input = order({ amountMicros: 100_000_000n });
    const created = await gateway.createPayment(input);
    const recorded = fake.orders.at(-1);
    expect(fake.rejectedSignatures).toBe(0);
    expect(recorded).toMatchObject({
      pid: '1001',
      type: 'wxpay',
      out_trade_no: input.no,
      notify_url: input.notifyUrl,
      return_url: input.returnUrl,
      name: 'Cloudbay top-up',
      money: '720.00',
      clientip: '203.0.113.7',
      device: 'pc',
    });
    expect(created).toEqual({
      tradeId: recorded?.trade_no,
      qrcode: `${fake.url}/pay/${recorded?.trade_no}`,
      address: '',
      rateAmount: '720.00',
      currency: 'CNY',
      expiresAt: new Date('2026-11-22T08:10:00Z'),
    });
  });

  it.each(['payurl', 'urlscheme'] as const)('takes %s when the gateway answers no qrcode', async (link) => {
    fake.link = link;
    const created = await gateway.createPayment(order());
    expect(created.qrcode).toContain(fake.orders.at(-1)?.trade_no);
  });

  it('fails with a GatewayError when the key is wrong', async () => {
    const rejected = fake.rejectedSignatures;
    await expect(gatewayWith({ key: 'wrong' }).createPayment(order())).rejects.toThrow(
      /refused the order: signature verification failed/,
    );
    expect(fake.rejectedSignatures).toBe(rejected + 1);
  });

  it.each([
    ['an HTTP 502', { kind: 'status', status: 502, body: 'bad gateway' }, /HTTP 502/],
    ['garbage', { kind: 'status', status: 200, body: 'success' }, /not JSON/],
    ['a refusal', { kind: 'json', body: { code: -1, msg: 'merchant banned' } }, /merchant banned/],
    [
      'no payment link',
      { kind: 'json', body: { code: 1, trade_no: '1' } },
      /without trade_no or payment link/,
    ],
    ['no trade number', { kind: 'json', body: { code: 1, qrcode: 'x' } }, /without trade_no/],
  ] as const)('turns %s into a GatewayError', async (_label, answer, message) => {
    fake.answerNext(answer);
    const error = await gateway.createPayment(order()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toMatch(message);
  });

  it('gives up after the timeout', async () => {
    fake.answerNext({ kind: 'hang' });
    await expect(gateway.createPayment(order())).rejects.toThrow(/did not answer within 0.5 s/);
  });
});

describe('EpayGateway.verifyCallback', () => {
  it('accepts a correct GET callback and confirms the dollar amount', async () => {
    const input = order({ amountMicros: 5_550_000n });
    await gatewayWith({ cnyRate: '7.23' }).createPayment(input);
    const verified = gatewayWith({ cnyRate: '7.23' }).verifyCallback(
      getCallback(fake.callbackQuery(input.no)),
    );
    expect(verified).toMatchObject({
      no: input.no,
      tradeId: fake.orders.at(-1)?.trade_no,
      status: 'paid',
      paidAmount: '40.13',
      paidMicros: 40_130_000n,
      currency: 'CNY',
      amountMicros: 5_550_000n,
      amountConverted: true,
    });
    expect(gateway.acknowledgement).toBe('success');
  });

  it('reads a POSTed form callback the same way', async () => {
    const input = order();
    await gateway.createPayment(input);
    const verified = gateway.verifyCallback({
      method: 'POST',
      query: {},
      body: fake.callbackQuery(input.no),
      headers: {},
    });
    expect(verified.amountMicros).toBe(100_000_000n);
  });

  it.each([
    ['tampered', 'bad_signature'],
    ['wrong-key', 'bad_signature'],
    ['unsigned', 'missing_signature'],
  ] as const)('rejects a %s callback', async (variant, reason) => {
    const input = order();
    await gateway.createPayment(input);
    expect(reasonOf(() => gateway.verifyCallback(getCallback(fake.callbackQuery(input.no, variant))))).toBe(
      reason,
    );
  });

  it('rejects a genuine callback for another merchant id', async () => {
    const input = order();
    await gateway.createPayment(input);
    const other = gatewayWith({ pid: '2002' });
    expect(reasonOf(() => other.verifyCallback(getCallback(fake.callbackQuery(input.no))))).toBe('malformed');
  });

  it('treats a trade status other than TRADE_SUCCESS as not paid', async () => {
    const input = order();
    await gateway.createPayment(input);
    const query = fake.callbackQuery(input.no);
    const { sign: _sign, sign_type: _type, ...fields } = query;
    const pending = { ...fields, trade_status: 'WAIT_BUYER_PAY' };
    const resigned = { ...pending, sign: epaySignatureByHand(pending, fake.key), sign_type: 'MD5' };
    expect(gateway.verifyCallback(getCallback(resigned)).status).toBe('waiting');
  });

  it('refuses repeated query keys', () => {
    expect(reasonOf(() => gateway.verifyCallback(getCallback({ money: ['1.00', '2.00'], sign: 'x' })))).toBe(
      'malformed',
    );
  });
});

function epaySignatureByHand(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((name) => params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5')
    .update(text + key)
    .digest('hex');
}

describe('EpayGateway.queryPayment (GET api.php?act=order)', () => {
  const created = (amountMicros = 100_000_000n) => createdPayment(gateway, order({ amountMicros }));

  it('reads an unpaid order as waiting and a paid one as its yuan payment, with the merchant key', async () => {
    const { input, query } = await created();
    const rejected = fake.rejectedQueryKeys;
    expect(await gateway.queryPayment(query)).toMatchObject({ no: input.no, status: 'waiting' });
    fake.markPaid(input.no);
    expect(await gateway.queryPayment(query)).toMatchObject({
      no: input.no,
      tradeId: query.tradeId,
      status: 'paid',
      paidAmount: '720.00',
      paidMicros: 720_000_000n,
      currency: 'CNY',
      amountMicros: 100_000_000n,
      amountConverted: true,
      raw: { out_trade_no: input.no, money: '720.00', status: '1', pid: '1001' },
    });
    expect(fake.rejectedQueryKeys).toBe(rejected);
  });

  it('holds no payment for an order the gateway does not know, or when the key is refused', async () => {
    const { query } = await created();
    expect(await gateway.queryPayment({ ...query, no: 'CB-NOT-AT-THE-GATEWAY' })).toBeNull();
    const rejected = fake.rejectedQueryKeys;
    expect(await gatewayWith({ key: 'wrong-key' }).queryPayment(query)).toBeNull();
    expect(fake.rejectedQueryKeys).toBe(rejected + 1);
  });

  it('fails with a GatewayError on an answer for another order or an unreadable amount', async () => {
    const { query } = await created();
    fake.answerNext({ kind: 'json', body: { code: 1, trade_no: 'x', out_trade_no: 'other', money: '1.00' } });
    await expect(gateway.queryPayment(query)).rejects.toBeInstanceOf(GatewayError);
    fake.answerNext({
      kind: 'json',
      body: { code: 1, trade_no: 'x', out_trade_no: query.no, money: 'lots' },
    });
    await expect(gateway.queryPayment(query)).rejects.toBeInstanceOf(GatewayError);
  });
});
