import { TOPUP_STATUS, type BizTopupDetail } from '@cloudbay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { createTestApp, testConfig } from '../../../../test/context';
import {
  startFakeEpay,
  startFakeEpusdt,
  type FakeEpay,
  type FakeEpusdt,
} from '../../../../test/fake-gateways';
import { demoOperatorHeaders } from '../../../../test/operators';
import {
  callbackVerdicts,
  createOrder,
  dollars,
  expectCleanLedger,
  ledgerCount,
  orderRow,
} from '../../../../test/topups';
import { expirePendingOrders } from '../../payments/repo';
import { walletBalance } from '../../wallet/service';

/**
 * The operators' reconcile against the real gateway adapters (issue 18): epusdt's status query and
 * epay's order query answered by local fake gateways, settled through the same locked completion
 * as a paid callback.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let epusdt: FakeEpusdt;
let epay: FakeEpay;
beforeAll(async () => {
  epusdt = await startFakeEpusdt();
  epay = await startFakeEpay();
  ctx = await createTestApp({
    config: testConfig({
      PAY_STABLECOIN: 'epusdt',
      EPUSDT_URL: epusdt.url,
      EPUSDT_TOKEN: epusdt.token,
      PAY_FIAT: 'epay',
      EPAY_URL: epay.url,
      EPAY_PID: epay.pid,
      EPAY_KEY: epay.key,
      FIAT_CNY_RATE: '7.2',
    }),
  });
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx.close();
  await epusdt.close();
  await epay.close();
});

let seq = 0;
/** A customer's top-up of `money` created at the gateway of `payType` (2 epusdt, 1 epay). */
async function topup(money: number, payType: 1 | 2) {
  const user = await loggedInUser(ctx.app, ctx.db);
  const res = await createOrder(ctx.app, user, money, payType);
  expect(res.statusCode, res.body).toBe(200);
  const { no, order_id: id } = res.json().data as { no: string; order_id: number };
  return { user, no, id };
}
const expire = (no: string) => expirePendingOrders(ctx.db, new Date(Date.now() + 3_600_000), no);
const ask = (id: number) =>
  ctx.app.inject({ method: 'GET', url: `/api/business/topup/${id}/gateway`, headers: admin });
const reconcile = (id: number, headers: Record<string, string> = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/business/topup/${id}/reconcile`,
    headers: { ...headers, 'idempotency-key': `gw-reconcile-${++seq}-${Date.now()}` },
    payload: { reason: 'The payer sent the chain receipt' },
  });
const postEpusdt = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/pay/epusdt/notify', payload });

describe('reconcile through epusdt’s status query', () => {
  it('credits a paid trade once; the late genuine callback is a duplicate', async () => {
    const { user, no, id } = await topup(50, 2);
    await expire(no);
    expect((await ask(id)).json().data).toMatchObject({
      gateway: 'epusdt',
      paid: false,
      covers_order: false,
    });
    expect((await reconcile(id)).statusCode).toBe(422);

    epusdt.markPaid(no);
    const asked = await ask(id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({
      gateway: 'epusdt',
      paid: true,
      covers_order: true,
      paid_amount: '50',
      currency: 'USDT',
    });
    const done = await reconcile(id);
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json().data as BizTopupDetail).status).toBe(TOPUP_STATUS.PAID);
    // 50 and the first-recharge bonus of 10 %.
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(55));

    const late = await postEpusdt(epusdt.callbackBody(no));
    expect(late.body).toBe('ok');
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(55));
    expect(await ledgerCount(ctx.database, `topup:${no}`)).toBe(1);
    expect(await callbackVerdicts(ctx.database, no)).toEqual(['reconciled', 'duplicate']);
    await expectCleanLedger(ctx.database);
  });

  it('a reconcile racing the paid callback credits once, whichever wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { user, no, id } = await topup(20, 2);
      epusdt.markPaid(no);
      const [reconciled, callback] = await Promise.all([reconcile(id), postEpusdt(epusdt.callbackBody(no))]);
      // The callback is always acknowledged; the reconcile either credited or found it paid (409).
      expect(callback.body).toBe('ok');
      expect([200, 409]).toContain(reconciled.statusCode);
      const verdicts = await callbackVerdicts(ctx.database, no);
      expect(verdicts.filter((verdict) => verdict === 'credited' || verdict === 'reconciled')).toHaveLength(
        1,
      );
      expect(await ledgerCount(ctx.database, `topup:${no}`)).toBe(1);
      expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(22));
      expect((await orderRow(ctx.database, no)).status).toBe(TOPUP_STATUS.PAID);
    }
    await expectCleanLedger(ctx.database);
  });

  it('a gateway that fails to answer is a translated 503 and moves nothing', async () => {
    const { user, no, id } = await topup(30, 2);
    epusdt.markPaid(no);
    epusdt.answerNext({ kind: 'status', status: 502, body: 'bad gateway' });
    const res = await reconcile(id);
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toMatch(/did not answer the order query.*HTTP 502/);
    epusdt.answerNext({ kind: 'status', status: 502, body: 'bad gateway' });
    const zh = await ctx.app.inject({
      method: 'GET',
      url: `/api/business/topup/${id}/gateway`,
      headers: { ...admin, 'accept-language': 'zh-CN' },
    });
    expect(zh.statusCode).toBe(503);
    expect(zh.json().msg).toMatch(/支付网关未能答复订单查询/);
    expect(await walletBalance(ctx.db, user.userId)).toBe(0n);
    expect((await orderRow(ctx.database, no)).status).toBe(TOPUP_STATUS.PENDING);
  });
});

describe('reconcile through epay’s order query', () => {
  it('is refused while the order is unpaid, then credits the paid yuan amount once', async () => {
    const { user, no, id } = await topup(100, 1);
    await expire(no);
    const refused = await reconcile(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toMatch(/not show this order as paid/);

    epay.markPaid(no);
    expect((await ask(id)).json().data).toMatchObject({
      gateway: 'epay',
      paid: true,
      covers_order: true,
      paid_amount: '720.00',
      currency: 'CNY',
    });
    const done = await reconcile(id);
    expect(done.statusCode, done.body).toBe(200);
    const detail = done.json().data as BizTopupDetail;
    expect(detail).toMatchObject({ status: TOPUP_STATUS.PAID, paid_amount: '720.00' });
    // The merchant key travels only in the query call: never in the callback history.
    expect(JSON.stringify(detail.callbacks)).not.toContain(epay.key);
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(110));
    expect((await reconcile(id)).statusCode).toBe(409);
    const late = await ctx.app.inject({
      method: 'GET',
      url: '/api/pay/epay/notify',
      query: epay.callbackQuery(no),
    });
    expect(late.body).toBe('success');
    expect(await callbackVerdicts(ctx.database, no)).toEqual(['reconciled', 'duplicate']);
    expect(await ledgerCount(ctx.database, `topup:${no}`)).toBe(1);
    await expectCleanLedger(ctx.database);
  });
});
