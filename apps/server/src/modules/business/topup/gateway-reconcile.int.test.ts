import { TOPUP_STATUS, type BizTopupDetail } from '@cloudbay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { createTestApp, testConfig } from '../../../../test/context';
import {
  fakeGatewaysConfig,
  startFakeEpay,
  startFakeEpusdt,
  type FakeEpay,
  type FakeEpusdt,
} from '../../../../test/fake-gateways';
import { demoOperatorHeaders } from '../../../../test/operators';
import * as topups from '../../../../test/topups';
import { expirePendingOrders } from '../../payments/repo';
import { walletBalance } from '../../wallet/service';

/**
 * The operators' reconcile against the real gateway adapters (issue 18): epusdt's status query and
 * epay's order query answered by local fake gateways, settled through the same locked completion
 * as a paid callback.
 */
let epusdt: FakeEpusdt;
let epay: FakeEpay;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
beforeAll(async () => {
  [epusdt, epay] = await Promise.all([startFakeEpusdt(), startFakeEpay()]);
  ctx = await createTestApp({
    config: testConfig({ ...fakeGatewaysConfig(epusdt, epay) }),
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
  const res = await topups.createOrder(ctx.app, user, money, payType);
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
/** The gateway's answer shows a payment covering the order; the reconcile then marks it paid. */
async function reconcilePaid(id: number, gateway: string, paid: { paid_amount: string; currency: string }) {
  const asked = await ask(id);
  expect(asked.statusCode, asked.body).toBe(200);
  expect(asked.json().data).toMatchObject({ gateway, paid: true, covers_order: true, ...paid });
  const done = await reconcile(id);
  expect(done.statusCode, done.body).toBe(200);
  const detail = done.json().data as BizTopupDetail;
  expect(detail.status).toBe(TOPUP_STATUS.PAID);
  return detail;
}
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
    await reconcilePaid(id, 'epusdt', { paid_amount: '50', currency: 'USDT' });
    // 50 and the first-recharge bonus of 10 %.
    expect(await walletBalance(ctx.db, user.userId)).toBe(topups.dollars(55));

    const late = await postEpusdt(epusdt.callbackBody(no));
    expect(late.body).toBe('ok');
    expect(await walletBalance(ctx.db, user.userId)).toBe(topups.dollars(55));
    expect(await topups.ledgerCount(ctx.database, `topup:${no}`)).toBe(1);
    expect(await topups.callbackVerdicts(ctx.database, no)).toEqual(['reconciled', 'duplicate']);
    await topups.expectCleanLedger(ctx.database);
  });

  it('a reconcile racing the paid callback credits once, whichever wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { user, no, id } = await topup(20, 2);
      epusdt.markPaid(no);
      const [reconciled, callback] = await Promise.all([reconcile(id), postEpusdt(epusdt.callbackBody(no))]);
      // The callback is always acknowledged; the reconcile either credited or found it paid (409).
      expect(callback.body).toBe('ok');
      expect([200, 409]).toContain(reconciled.statusCode);
      const verdicts = await topups.callbackVerdicts(ctx.database, no);
      expect(verdicts.filter((verdict) => verdict === 'credited' || verdict === 'reconciled')).toHaveLength(
        1,
      );
      expect(await topups.ledgerCount(ctx.database, `topup:${no}`)).toBe(1);
      expect(await walletBalance(ctx.db, user.userId)).toBe(topups.dollars(22));
      expect((await topups.orderRow(ctx.database, no)).status).toBe(TOPUP_STATUS.PAID);
    }
    await topups.expectCleanLedger(ctx.database);
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
    expect((await topups.orderRow(ctx.database, no)).status).toBe(TOPUP_STATUS.PENDING);
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
    const detail = await reconcilePaid(id, 'epay', { paid_amount: '720.00', currency: 'CNY' });
    expect(detail.paid_amount).toBe('720.00');
    // The merchant key travels only in the query call: never in the callback history.
    expect(JSON.stringify(detail.callbacks)).not.toContain(epay.key);
    expect(await walletBalance(ctx.db, user.userId)).toBe(topups.dollars(110));
    expect((await reconcile(id)).statusCode).toBe(409);
    const late = await ctx.app.inject({
      method: 'GET',
      url: '/api/pay/epay/notify',
      query: epay.callbackQuery(no),
    });
    expect(late.body).toBe('success');
    expect(await topups.callbackVerdicts(ctx.database, no)).toEqual(['reconciled', 'duplicate']);
    expect(await topups.ledgerCount(ctx.database, `topup:${no}`)).toBe(1);
    await topups.expectCleanLedger(ctx.database);
  });
});
