import { PAY_INFO_FAILED, TOPUP_STATUS } from '@cloudbay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../../scripts/lib/free-port';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp, testConfig } from '../../../test/context';
import {
  fakeGatewaysConfig,
  startFakeEpay,
  startFakeEpusdt,
  type FakeEpay,
  type FakeEpusdt,
} from '../../../test/fake-gateways';
import {
  callbackVerdicts,
  createOrder,
  dollars,
  expectCleanLedger,
  ledgerCount,
  orderRow,
} from '../../../test/topups';
import { epaySignature, epusdtSignature, paymentGatewaysOf } from '../../providers/payments';
import { walletBalance } from '../wallet/service';
import { handleCallback } from './service';

let PUBLIC_URL: string;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let epusdt: FakeEpusdt;
let epay: FakeEpay;
beforeAll(async () => {
  // The app listens for real, so the fakes can call the notify URLs it gives them.
  const port = await freePort();
  PUBLIC_URL = `http://127.0.0.1:${port}`;
  epusdt = await startFakeEpusdt();
  epay = await startFakeEpay();
  ctx = await createTestApp({
    config: testConfig({ PUBLIC_URL, ...fakeGatewaysConfig(epusdt, epay) }),
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
  await epusdt.close();
  await epay.close();
});

/** A customer with an order of `money` created at the gateway of `payType`. */
async function pendingOrder(money: number, payType = 2) {
  const user = await loggedInUser(ctx.app, ctx.db);
  const res = await createOrder(ctx.app, user, money, payType);
  expect(res.statusCode).toBe(200);
  const order = res.json().data as { order_id: number; no: string; pay_info: Record<string, unknown> };
  return { user, order };
}

const postEpusdt = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/pay/epusdt/notify', payload });
const getEpay = (query: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/pay/epay/notify', query });

describe('epusdt (stablecoin)', () => {
  it('creates the payment at the gateway and shows its address and USDT amount', async () => {
    const { order } = await pendingOrder(100);
    const sent = epusdt.orders.find((item) => item.order_id === order.no);
    expect(sent).toMatchObject({ amount: 100, notify_url: `${PUBLIC_URL}/api/pay/epusdt/notify` });
    expect(order.pay_info).toMatchObject({
      code: 200,
      address: epusdt.wallet,
      rate_amount: '100',
      currency: 'USDT',
    });
    // The QR opens the gateway's checkout page for this trade.
    expect(order.pay_info.qrcode).toBe(`${epusdt.url}/pay/checkout-counter/${sent!.trade_id}`);
    expect(epusdt.rejectedSignatures).toBe(0);
  });

  it('refuses tampered, wrong-key and unsigned callbacks; credits the genuine one once', async () => {
    const { user, order } = await pendingOrder(100);
    for (const variant of ['tampered', 'wrong-key', 'unsigned'] as const) {
      const res = await postEpusdt(epusdt.callbackBody(order.no, variant));
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toBe('ok');
    }
    expect(await walletBalance(ctx.db, user.userId)).toBe(0n);
    expect((await orderRow(ctx.database, order.no)).status).toBe(TOPUP_STATUS.PENDING);

    const res = await postEpusdt(epusdt.callbackBody(order.no));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('ok');
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(110));
    // A replay of the genuine callback is answered ok and moves nothing.
    expect((await postEpusdt(epusdt.callbackBody(order.no))).body).toBe('ok');
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(110));
    expect(await callbackVerdicts(ctx.database, order.no)).toEqual([
      'bad_signature',
      'bad_signature',
      'missing_signature',
      'credited',
      'duplicate',
    ]);
    await expectCleanLedger(ctx.database);
  });

  it("the gateway's own callback over HTTP reaches the notify URL it was given", async () => {
    const { user, order } = await pendingOrder(60);
    expect(await epusdt.sendCallback(order.no, 'wrong-key')).toMatchObject({ status: 400 });
    expect(await epusdt.sendCallback(order.no)).toEqual({ status: 200, body: 'ok' });
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(66));
  });

  it('10 concurrent duplicate callbacks credit exactly once', async () => {
    const { user, order } = await pendingOrder(50);
    const body = epusdt.callbackBody(order.no);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postEpusdt(body)));
    expect(answers.map((answer) => answer.body)).toEqual(Array(10).fill('ok'));
    expect(await ledgerCount(ctx.database, `topup:${order.no}`)).toBe(1);
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(55));
    const verdicts = await callbackVerdicts(ctx.database, order.no);
    expect(verdicts.filter((verdict) => verdict === 'credited')).toHaveLength(1);
    expect(verdicts.filter((verdict) => verdict === 'duplicate')).toHaveLength(9);
    await expectCleanLedger(ctx.database);
  });

  it('logs a waiting callback and credits nothing', async () => {
    const { user, order } = await pendingOrder(20);
    const res = await postEpusdt(epusdt.callbackBody(order.no, 'correct', 1));
    expect(res.body).toBe('ok');
    expect(await walletBalance(ctx.db, user.userId)).toBe(0n);
    expect(await callbackVerdicts(ctx.database, order.no)).toEqual(['waiting']);
  });

  it('a signed callback for less than the order is logged and not credited', async () => {
    const { user, order } = await pendingOrder(30);
    const body = epusdt.callbackBody(order.no);
    const short = { ...body, amount: 3, signature: undefined };
    const fields = Object.fromEntries(
      Object.entries(short)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    );
    const res = await postEpusdt({ ...fields, signature: epusdtSignature(fields, epusdt.token) });
    expect(res.statusCode).toBe(400);
    expect(await walletBalance(ctx.db, user.userId)).toBe(0n);
    expect(await callbackVerdicts(ctx.database, order.no)).toEqual(['amount_mismatch']);
  });

  it('a callback for an unknown order credits nothing', async () => {
    const { order } = await pendingOrder(15);
    const body = epusdt.callbackBody(order.no);
    const fields = { ...body, order_id: 'NOSUCHORDER0000000' } as Record<string, unknown>;
    delete fields.signature;
    const flat = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]));
    const res = await postEpusdt({ ...flat, signature: epusdtSignature(flat, epusdt.token) });
    expect(res.statusCode).toBe(400);
    expect(await callbackVerdicts(ctx.database, 'NOSUCHORDER0000000')).toEqual(['unknown_order']);
  });

  it('a gateway failure answers pay_info.code -1 with its reason and fails the order', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    epusdt.answerNext({ kind: 'status', status: 502, body: 'bad gateway' });
    const res = await createOrder(ctx.app, user, 100);
    expect(res.statusCode).toBe(200);
    const { no, pay_info: info } = res.json().data;
    expect(info.code).toBe(PAY_INFO_FAILED);
    expect(info.msg).not.toBe('');
    expect((await orderRow(ctx.database, no)).status).toBe(TOPUP_STATUS.FAILED);
  });
});

describe('epay (fiat QR)', () => {
  it('creates the payment in yuan; the GET callback is answered success and credits once', async () => {
    const { user, order } = await pendingOrder(100, 1);
    const sent = epay.orders.find((item) => item.out_trade_no === order.no);
    expect(sent).toMatchObject({ money: '720.00', notify_url: `${PUBLIC_URL}/api/pay/epay/notify` });
    expect(order.pay_info).toMatchObject({ code: 200, rate_amount: '720.00', currency: 'CNY', address: '' });

    const tampered = await getEpay(epay.callbackQuery(order.no, 'tampered'));
    expect(tampered.statusCode).toBe(400);
    expect(await walletBalance(ctx.db, user.userId)).toBe(0n);

    expect(await epay.sendCallback(order.no, 'unsigned')).toMatchObject({ status: 400 });
    expect(await epay.sendCallback(order.no)).toEqual({ status: 200, body: 'success' });
    expect((await getEpay(epay.callbackQuery(order.no))).body).toBe('success');
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(110));
    expect((await orderRow(ctx.database, order.no)).status).toBe(TOPUP_STATUS.PAID);
    await expectCleanLedger(ctx.database);
  });

  it('accepts the same signed callback as a form POST, once; a tampered POST credits nothing', async () => {
    const { user, order } = await pendingOrder(50, 1);
    expect(await epay.sendCallback(order.no, 'tampered', 'POST')).toMatchObject({ status: 400 });
    expect(await epay.sendCallback(order.no, 'wrong-key', 'POST')).toMatchObject({ status: 400 });
    expect(await walletBalance(ctx.db, user.userId)).toBe(0n);
    expect(await epay.sendCallback(order.no, 'correct', 'POST')).toEqual({ status: 200, body: 'success' });
    expect(await epay.sendCallback(order.no, 'correct', 'POST')).toEqual({ status: 200, body: 'success' });
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(55));
    await expectCleanLedger(ctx.database);
  });

  it('after a rate change an exact yuan payment is credited once and a short one is not', async () => {
    const { user, order } = await pendingOrder(100, 1);
    expect(order.pay_info).toMatchObject({ rate_amount: '720.00', currency: 'CNY' });
    // The operator changes the rate while the order is open: the callback meets gateways on 7.5,
    // where 720 yuan would convert to 96 dollars.
    const repriced = {
      database: ctx.database,
      clock: ctx.clock,
      gateways: paymentGatewaysOf({ ...ctx.config, FIAT_CNY_RATE: '7.5' }, ctx.clock, ctx.database),
    };
    const callback = (query: Record<string, string>) =>
      handleCallback(repriced, 'epay', { method: 'GET', query, body: undefined, headers: {} });

    // 700 yuan is over 100 dollars at 7.0 but short of the 720 asked.
    const short: Record<string, string> = { ...epay.callbackQuery(order.no, 'unsigned'), money: '700.00' };
    const shortSigned = { ...short, sign: epaySignature(short, epay.key), sign_type: 'MD5' };
    const cheaper = {
      ...repriced,
      gateways: paymentGatewaysOf({ ...ctx.config, FIAT_CNY_RATE: '7.0' }, ctx.clock, ctx.database),
    };
    expect(
      await handleCallback(cheaper, 'epay', {
        method: 'GET',
        query: shortSigned,
        body: undefined,
        headers: {},
      }),
    ).toMatchObject({ verdict: 'amount_mismatch', status: 400 });
    expect(await walletBalance(ctx.db, user.userId)).toBe(0n);

    expect(await callback(epay.callbackQuery(order.no))).toMatchObject({
      verdict: 'credited',
      status: 200,
      body: 'success',
    });
    expect(await callback(epay.callbackQuery(order.no))).toMatchObject({ verdict: 'duplicate' });
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(110));
    expect(await ledgerCount(ctx.database, `topup:${order.no}`)).toBe(1);
    await expectCleanLedger(ctx.database);
  });

  it('an epusdt callback cannot complete an epay order', async () => {
    const { user, order } = await pendingOrder(10, 1);
    const query = epay.callbackQuery(order.no);
    const res = await postEpusdt({ ...query, order_id: order.no });
    expect(res.statusCode).toBe(400);
    expect(await walletBalance(ctx.db, user.userId)).toBe(0n);
  });

  it('has no sandbox routes when no sandbox gateway is configured', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/pay/sandbox/ABCDEFGH12345678/pay' });
    expect(res.statusCode).toBe(404);
  });
});
