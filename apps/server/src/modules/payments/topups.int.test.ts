import { TOPUP_STATUS } from '@cloudbay/contracts';
import type { Job } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import {
  createOrder,
  dollars,
  expectCleanLedger,
  ledgerCount,
  orderRow,
  payerLinkQuery,
  paySandbox as paySandboxLink,
} from '../../../test/topups';
import { createCoreDeps } from '../../app-deps';
import { ManualClock } from '../../lib/clock';
import { walletBalance } from '../wallet/service';
import { paymentJobs, type ExpireJobData } from './jobs';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

const EN = { 'accept-language': 'en-US' };

let ctx: Ctx;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const paySandbox = (no: string) => paySandboxLink(ctx, no);

async function noticeTitles(userId: number) {
  const { rows } = await ctx.database.pool.query<{ title_en: string }>(
    'SELECT title_en FROM user_notices WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((row) => row.title_en);
}

function runExpireJob(target: Ctx, data: ExpireJobData, now: Date) {
  const [job] = paymentJobs(createCoreDeps(target.config, target.database, new ManualClock(now)));
  return job!.handle({ data } as Job<object>);
}

describe('sandbox top-up', () => {
  it('create → payer page → pay: status 2, 100 credited plus the 10 % first-recharge bonus', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const created = await createOrder(ctx.app, user, 100);
    expect(created.statusCode).toBe(200);
    const order = created.json().data;
    expect(order.no).toMatch(/^[A-Z0-9]{20}$/);
    expect(order.pay_type).toBe(2);
    expect(order.pay_info).toMatchObject({
      code: 200,
      qrcode: `${ctx.config.PUBLIC_URL}/pay/sandbox/${order.no}${payerLinkQuery(ctx.config, order.no)}`,
      rate_amount: '100.00',
      currency: 'USDT',
    });
    expect(order.pay_info.address).toMatch(/^T[1-9A-Za-z]{33}$/);
    expect(Date.parse(order.pay_info.expires_at) - Date.now()).toBeGreaterThan(590_000);

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/pay/sandbox/${order.no}${payerLinkQuery(ctx.config, order.no)}`,
    });
    expect(page.json().data).toMatchObject({ no: order.no, money: '100.00', currency: 'USDT', status: 1 });

    const status = () =>
      ctx.app.inject({ method: 'GET', url: `/api/orders/${order.order_id}/status`, headers: user.headers });
    expect((await status()).json().data).toEqual({ status: TOPUP_STATUS.PENDING });

    const paid = await paySandbox(order.no);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({ status: TOPUP_STATUS.PAID });
    expect((await status()).json().data).toEqual({ status: TOPUP_STATUS.PAID });
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(110));

    // Paying again is a duplicate callback: nothing more moves.
    expect((await paySandbox(order.no)).json().data).toEqual({ status: TOPUP_STATUS.PAID });
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(110));
    expect(await ledgerCount(ctx.database, `topup:${order.no}`)).toBe(1);
    expect(await noticeTitles(user.userId)).toContain('Top-up received');

    const list = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: user.headers });
    expect(list.json().data).toMatchObject({
      total: 1,
      list: [{ no: order.no, status: 2, money: '100.00', actual_money: '110.00', bonus_money: '10.00' }],
    });
    await expectCleanLedger(ctx.database);
  });

  it('shows and pays an order only for its owner or its signed link; anyone else gets 404', async () => {
    const owner = await loggedInUser(ctx.app, ctx.db);
    const stranger = await loggedInUser(ctx.app, ctx.db);
    const order = (await createOrder(ctx.app, owner, 50)).json().data;
    const other = (await createOrder(ctx.app, stranger, 50)).json().data;
    const page = (query = '', headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/pay/sandbox/${order.no}${query}`,
        headers: { ...EN, ...headers },
      });
    const pay = (query = '', headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/pay/sandbox/${order.no}/pay${query}`,
        headers: { ...EN, ...headers },
      });

    // An unknown number is what anyone else sees: nothing tells a guessed number from a real one.
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/pay/sandbox/ZZZZZZZZZZZZ0000',
      headers: EN,
    });
    expect(unknown.statusCode).toBe(404);
    const wrongSig = `?sig=${'0'.repeat(64)}`;
    for (const answer of [
      await page(),
      await page(wrongSig),
      await page(payerLinkQuery(ctx.config, other.no)),
      await page('', stranger.headers),
      await page('', { authorization: 'Bearer not-a-session-token-at-all' }),
      await pay(),
      await pay(wrongSig),
      await pay('', stranger.headers),
    ]) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toEqual(unknown.json());
    }
    expect((await orderRow(ctx.database, order.no)).status).toBe(TOPUP_STATUS.PENDING);
    expect(await walletBalance(ctx.db, owner.userId)).toBe(0n);

    expect((await page('', owner.headers)).json().data).toMatchObject({ no: order.no, status: 1 });
    expect((await page(payerLinkQuery(ctx.config, order.no))).json().data).toMatchObject({ no: order.no });
    // The signed link is the one the payment dialog shows as its QR code.
    expect(order.pay_info.qrcode).toBe(
      `${ctx.config.PUBLIC_URL}/pay/sandbox/${order.no}${payerLinkQuery(ctx.config, order.no)}`,
    );

    // The owner pays while signed in; the stranger's order is paid through its link.
    const paid = await pay('', owner.headers);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toEqual({ status: TOPUP_STATUS.PAID });
    expect((await paySandbox(other.no)).json().data).toEqual({ status: TOPUP_STATUS.PAID });
    await expectCleanLedger(ctx.database);
  });

  it('the bonus comes only with the first paid top-up', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    for (const money of [20, 30]) {
      const order = (await createOrder(ctx.app, user, money)).json().data;
      await paySandbox(order.no);
    }
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(52));
  });

  it("names the bonus in the reader's language in the bills", async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    await paySandbox((await createOrder(ctx.app, user, 100)).json().data.no as string);
    const memo = async (language: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/user_transactions',
        query: { expense_type: 'topup_bonus', page: '1', limit: '10' },
        headers: { ...user.headers, 'accept-language': language },
      });
      return (res.json().data.list as { memo: string | null }[]).map((bill) => bill.memo);
    };
    expect(await memo('zh-CN')).toEqual(['首充赠送']);
    expect(await memo('en-US')).toEqual(['First-recharge bonus']);
  });

  it('two first top-ups paid at the same moment earn one bonus', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const a = (await createOrder(ctx.app, user, 100)).json().data;
    const b = (await createOrder(ctx.app, user, 200, 1)).json().data;
    const answers = await Promise.all([paySandbox(a.no), paySandbox(b.no)]);
    expect(answers.map((answer) => answer.json().data.status)).toEqual([2, 2]);
    expect(await ledgerCount(ctx.database, `topup_bonus:${user.userId}`)).toBe(1);
    const bonuses = [
      (await orderRow(ctx.database, a.no)).bonus_micros,
      (await orderRow(ctx.database, b.no)).bonus_micros,
    ];
    expect(bonuses.filter((bonus) => bonus > 0n)).toHaveLength(1);
    const bonus = bonuses[0]! + bonuses[1]!;
    expect([dollars(10), dollars(20)]).toContain(bonus);
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(300) + bonus);
    await expectCleanLedger(ctx.database);
  });

  it('refuses an amount under 5 dollars with the spec message', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const res = await createOrder(ctx.app, user, 4.99, 2, EN);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The top-up amount cannot be less than 5$');
    const { rows } = await ctx.database.pool.query('SELECT 1 FROM topup_orders WHERE user_id = $1', [
      user.userId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it("another customer's order answers 404", async () => {
    const owner = await loggedInUser(ctx.app, ctx.db);
    const other = await loggedInUser(ctx.app, ctx.db);
    const order = (await createOrder(ctx.app, owner, 50)).json().data;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.order_id}/status`,
      headers: { ...other.headers, ...EN },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('The top-up order does not exist');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: other.headers });
    expect(list.json().data.total).toBe(0);
  });

  it('the same Idempotency-Key replays the first order', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const key = { 'idempotency-key': `topup-${user.userId}` };
    const first = await createOrder(ctx.app, user, 25, 2, key);
    const second = await createOrder(ctx.app, user, 25, 2, key);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.order_id).toBe(first.json().data.order_id);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: user.headers });
    expect(list.json().data.total).toBe(1);
  });

  it('lists the records newest first, a page at a time, filtered by status', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const nos: string[] = [];
    for (const money of [10, 11, 12]) nos.push((await createOrder(ctx.app, user, money)).json().data.no);
    await paySandbox(nos[0]!);
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders',
      query: { page: '1', limit: '10' },
      headers: user.headers,
    });
    expect(page.json().data.list.map((r: { no: string }) => r.no)).toEqual([...nos].reverse());
    const second = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders',
      query: { page: '2', limit: '10' },
      headers: user.headers,
    });
    expect(second.json().data).toMatchObject({ total: 3, list: [] });
    const paid = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders',
      query: { status: '2' },
      headers: user.headers,
    });
    expect(paid.json().data).toMatchObject({ total: 1, list: [{ no: nos[0], actual_money: '11.00' }] });
  });
});

describe('expiry', () => {
  it('queues the expiry job for the end of the payment window', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const order = (await createOrder(ctx.app, user, 10)).json().data;
    const { rows } = await ctx.database.pool.query<{ start_after: Date }>(
      "SELECT start_after FROM pgboss.job WHERE name = 'payments.expire' AND data->>'no' = $1",
      [order.no],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.start_after.toISOString()).toBe(order.pay_info.expires_at);
  });

  it('times a pending order out; a payment arriving later is still credited, with the late notice', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const order = (await createOrder(ctx.app, user, 40)).json().data;
    const expiresAt = new Date(order.pay_info.expires_at);

    await runExpireJob(ctx, { no: order.no }, new Date(expiresAt.getTime() - 1000));
    expect((await orderRow(ctx.database, order.no)).status).toBe(TOPUP_STATUS.PENDING);
    await runExpireJob(ctx, { no: order.no }, new Date(expiresAt.getTime() + 1000));
    expect((await orderRow(ctx.database, order.no)).status).toBe(TOPUP_STATUS.TIMEOUT);
    await runExpireJob(ctx, { no: order.no }, new Date(expiresAt.getTime() + 2000));
    expect((await orderRow(ctx.database, order.no)).status).toBe(TOPUP_STATUS.TIMEOUT);

    expect((await paySandbox(order.no)).json().data).toEqual({ status: TOPUP_STATUS.PAID });
    expect(await walletBalance(ctx.db, user.userId)).toBe(dollars(44));
    expect(await noticeTitles(user.userId)).toContain('Payment received after the order timed out');
    await expectCleanLedger(ctx.database);
  });

  it('the scheduled sweep times out every overdue order whose job was lost', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const a = (await createOrder(ctx.app, user, 10)).json().data;
    const b = (await createOrder(ctx.app, user, 10)).json().data;
    await runExpireJob(ctx, {}, new Date(Date.now() + 3600_000));
    expect((await orderRow(ctx.database, a.no)).status).toBe(TOPUP_STATUS.TIMEOUT);
    expect((await orderRow(ctx.database, b.no)).status).toBe(TOPUP_STATUS.TIMEOUT);
  });
});
