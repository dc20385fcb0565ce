import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  logIn,
  mailedCode,
  PASSWORD,
  requestSignupCode,
  uniqueEmail,
  loggedInUser,
} from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { lastOperation } from '../../../test/oper-logs';
import { operatorWith, type TestOperator } from '../../../test/operators';
import { createSubAccount, subAccountSession } from '../../../test/sub-account-fixtures';
import { inTransaction, type Tx } from '../../db/transaction';
import { placeOrder, refundOrderPart, type PlaceOrderInput } from '../orders/service';
import { charge, credit } from '../wallet/ledger';
import { chargeMany } from '../wallet/ledger-bulk';
import { checkLedgerInvariants } from '../wallet/ledger-invariants';
import { walletBalance } from '../wallet/service';
import { verifyLedger } from '../wallet/verify-ledger';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let reviewer: TestOperator;
let reviewer2: TestOperator;

const PERMS = ['business:withdrawal:list', 'business:withdrawal:approve'];
// Real TRON addresses (the USDT contract, a well-known account) and the first one with a typo.
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ADDRESS_TYPO = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T';
const TX_HASH = 'a'.repeat(64);

beforeAll(async () => {
  ctx = await createTestApp();
  reviewer = await operatorWith(ctx.app, ctx.db, { perms: PERMS });
  reviewer2 = await operatorWith(ctx.app, ctx.db, { perms: PERMS, dataScope: '5' });
});
afterAll(() => ctx.close());

const dollars = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const inTx = <T>(work: (tx: Tx) => Promise<T>) => inTransaction(ctx.database.pool, work);

type Customer = Awaited<ReturnType<typeof loggedInUser>>;

/** Signs up through /register?invite=CODE's call and logs in. */
async function invitedBy(inviter: Customer): Promise<Customer> {
  const email = uniqueEmail('invitee');
  await requestSignupCode(ctx.app, ctx.db, email);
  const { invite_code } = await summary(inviter);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/signup',
    payload: {
      email,
      password: PASSWORD,
      nickname: 'Invitee',
      email_code: await mailedCode(ctx.db, email),
      invite_code: invite_code!.toLowerCase(),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const login = await logIn(ctx.app, ctx.db, email);
  const token = login.json().data.access_token as string;
  return {
    email,
    password: PASSWORD,
    userId: res.json().data.userId,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

async function summary(customer: Customer) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/user/referral', headers: customer.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, string> & { invitees: number };
}

async function page(
  customer: Customer,
  what: 'invitees' | 'rewards' | 'withdrawals',
  query = 'page=1&limit=50',
) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/user/referral/${what}?${query}`,
    headers: customer.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Record<string, string>[]; total: number };
}

const withdraw = (customer: Customer, body: Record<string, string>, key: string | null = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/referral/withdrawal',
    headers: key === null ? customer.headers : { ...customer.headers, 'idempotency-key': key },
    payload: body,
  });

const topUp = (userId: number, amount: bigint) =>
  inTx((tx) =>
    credit(tx, { userId, kind: 'topup', amountMicros: amount, idempotencyKey: `t:${randomUUID()}` }),
  );

const order = (userId: number, paid: bigint, input: Partial<Omit<PlaceOrderInput, 'paidAt'>> = {}) =>
  inTx((tx) =>
    placeOrder(tx, {
      userId,
      idempotencyKey: randomUUID(),
      productType: 'desktop',
      originalAmountMicros: paid,
      paidAmountMicros: paid,
      paidAt: new Date(),
      ...input,
    }),
  );

async function expectCleanLedger() {
  expect((await verifyLedger(ctx.db)).drifts).toEqual([]);
  expect((await checkLedgerInvariants(ctx.db)).violations).toEqual([]);
}

function refused(
  res: { statusCode: number; json: () => { data: { error_code?: string } } },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json().data.error_code).toBe(code);
}

/** An inviter whose invitee has spent enough to earn `reward` dollars at 5 %. */
async function inviterWithRebate(reward: number) {
  const inviter = await loggedInUser(ctx.app, ctx.db);
  const invitee = await invitedBy(inviter);
  await topUp(invitee.userId, dollars(reward * 20));
  await order(invitee.userId, dollars(reward * 20));
  expect((await summary(inviter)).withdrawable).toBe(reward.toFixed(2));
  return { inviter, invitee };
}

describe('referral rewards', () => {
  it('earns 5 % on every kind of resource spend, in the same transaction as the spend', async () => {
    const inviter = await loggedInUser(ctx.app, ctx.db);
    const invitee = await invitedBy(inviter);
    expect(await summary(inviter)).toMatchObject({
      invitees: 1,
      reward_percent: '5',
      min_withdrawal: '10.00',
    });
    expect((await summary(inviter)).invite_link).toMatch(/\/register\?invite=[A-Z0-9]+$/);
    await topUp(invitee.userId, dollars(100));

    await order(invitee.userId, dollars(10)); // purchase → 0.50
    await order(invitee.userId, dollars(4), { action: 'renew' }); // → 0.20
    await order(invitee.userId, dollars(2.2), { action: 'upgrade' }); // → 0.11
    await inTx((tx) =>
      chargeMany(tx, [
        {
          userId: invitee.userId,
          kind: 'payg_hourly',
          amountMicros: dollars(1),
          idempotencyKey: randomUUID(),
        },
        { userId: invitee.userId, kind: 'traffic', amountMicros: dollars(3), idempotencyKey: randomUUID() },
      ]),
    ); // → 0.05 + 0.15
    const figures = await summary(inviter);
    expect(figures).toMatchObject({ earned_total: '1.01', withdrawable: '1.01', in_withdrawal: '0.00' });
    const rewards = await page(inviter, 'rewards');
    expect(rewards.list.map((r) => [r.kind, r.spend, r.reward]).reverse()).toEqual([
      ['purchase', '10.00', '0.50'],
      ['renewal', '4.00', '0.20'],
      ['upgrade', '2.20', '0.11'],
      ['payg_hourly', '1.00', '0.05'],
      ['traffic', '3.00', '0.15'],
    ]);
    expect(rewards.list[0]!.invitee_email).toMatch(/^in\*\*\*@example\.com$/);
    const invitees = await page(inviter, 'invitees');
    expect(invitees.list).toEqual([
      {
        email: expect.stringMatching(/^in\*\*\*@example\.com$/),
        joined: expect.any(String),
        total_spent: '20.20',
      },
    ]);

    // A spend rolled back with its transaction earns nothing either.
    await inTx(async (tx) => {
      await charge(tx, {
        userId: invitee.userId,
        kind: 'purchase',
        amountMicros: dollars(20),
        idempotencyKey: randomUUID(),
      });
      throw new Error('rolled back');
    }).catch(() => undefined);
    expect((await summary(inviter)).withdrawable).toBe('1.01');
    await expectCleanLedger();
  });

  it('earns nothing on top-ups, bonuses, gifts, adjustments or refunds', async () => {
    const inviter = await loggedInUser(ctx.app, ctx.db);
    const invitee = await invitedBy(inviter);
    await topUp(invitee.userId, dollars(50));
    await inTx((tx) =>
      credit(tx, {
        userId: invitee.userId,
        kind: 'topup_bonus',
        amountMicros: dollars(5),
        idempotencyKey: randomUUID(),
      }),
    );
    await inTx((tx) =>
      credit(tx, {
        userId: invitee.userId,
        kind: 'gift',
        amountMicros: dollars(5),
        idempotencyKey: randomUUID(),
      }),
    );
    await order(invitee.userId, 0n, { originalAmountMicros: dollars(9) }); // a gift order: nothing charged
    await inTx((tx) =>
      charge(tx, {
        userId: invitee.userId,
        kind: 'admin_adjustment',
        amountMicros: dollars(1),
        idempotencyKey: randomUUID(),
      }),
    );
    expect(await summary(inviter)).toMatchObject({ earned_total: '0.00', withdrawable: '0.00' });
    expect((await page(inviter, 'rewards')).total).toBe(0);
  });

  it('reverses the reward of a refunded spend, part by part', async () => {
    const inviter = await loggedInUser(ctx.app, ctx.db);
    const invitee = await invitedBy(inviter);
    await topUp(invitee.userId, dollars(100));
    const placed = await order(invitee.userId, dollars(30), { quantity: 3 }); // → 1.50
    expect((await summary(inviter)).withdrawable).toBe('1.50');
    const refundPart = (resourceId: string) =>
      inTx((tx) =>
        refundOrderPart(tx, placed.order.id, {
          resourceId,
          amountMicros: dollars(10),
          allFailed: false,
          memo: 'creation_refund',
        }),
      );
    await refundPart('r-1');
    await refundPart('r-1'); // a repeat moves nothing
    expect((await summary(inviter)).withdrawable).toBe('1.00');
    await refundPart('r-2');
    await refundPart('r-3');
    expect(await summary(inviter)).toMatchObject({ withdrawable: '0.00', earned_total: '0.00' });
    const rewards = (await page(inviter, 'rewards')).list;
    expect(rewards.map((r) => [r.kind, r.spend, r.reward])).toEqual([
      ['refund', '-10.00', '-0.50'],
      ['refund', '-10.00', '-0.50'],
      ['refund', '-10.00', '-0.50'],
      ['purchase', '30.00', '1.50'],
    ]);
    expect((await page(inviter, 'invitees')).list[0]!.total_spent).toBe('0.00');
    await expectCleanLedger();
  });

  it('keeps exact cents: many small pay-as-you-go charges lose nothing (set-based and one by one)', async () => {
    const inviter = await loggedInUser(ctx.app, ctx.db);
    const invitee = await invitedBy(inviter);
    await topUp(invitee.userId, dollars(200));
    // 1 000 hourly charges of $0.077 in ten billing runs: 5 % of each is $0.00385, never a whole cent.
    for (let run = 0; run < 10; run += 1)
      await inTx((tx) =>
        chargeMany(
          tx,
          Array.from({ length: 100 }, () => ({
            userId: invitee.userId,
            kind: 'payg_hourly' as const,
            amountMicros: 77_000n,
            idempotencyKey: randomUUID(),
          })),
        ),
      );
    expect((await summary(inviter)).withdrawable).toBe('3.85');
    // One by one through charge(): 7 × $0.03 = $0.21 spent, $0.0105 earned → $0.01 credited, the rest carried.
    for (let i = 0; i < 7; i += 1)
      await inTx((tx) =>
        charge(tx, {
          userId: invitee.userId,
          kind: 'traffic',
          amountMicros: dollars(0.03),
          idempotencyKey: randomUUID(),
        }),
      );
    expect((await summary(inviter)).withdrawable).toBe('3.86');
    const carry = await ctx.db.execute<{ accrued: string; paid: string }>(
      sql`SELECT accrued_micros AS accrued, paid_micros AS paid FROM referral_carries WHERE invitee_user_id = ${invitee.userId}`,
    );
    expect(carry.rows[0]).toEqual({ accrued: 3_860_500n, paid: 3_860_000n });
    await expectCleanLedger();
  });

  it('never rewards a self-referral or a sub-account, and a sub-account code invites nobody', async () => {
    const main = await loggedInUser(ctx.app, ctx.db);
    await topUp(main.userId, dollars(50));
    const sub = await createSubAccount(ctx.app, main);
    // Attribution to oneself or to one's own sub-account (never made by sign-up) earns nothing.
    for (const inviter of [main.userId, sub.accountId]) {
      await ctx.db.execute(sql`UPDATE users SET invited_by = ${inviter} WHERE id = ${main.userId}`);
      await order(main.userId, dollars(10));
    }
    expect(
      (await ctx.db.execute(sql`SELECT 1 FROM referral_rewards WHERE invitee_user_id = ${main.userId}`)).rows,
    ).toHaveLength(0);
    expect(await summary(main)).toMatchObject({ invitees: 0, withdrawable: '0.00' });

    const [subRow] = (
      await ctx.db.execute<{ invite_code: string }>(
        sql`SELECT invite_code FROM users WHERE id = ${sub.accountId}`,
      )
    ).rows;
    const email = uniqueEmail('viasub');
    await requestSignupCode(ctx.app, ctx.db, email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: {
        email,
        password: PASSWORD,
        nickname: 'Via sub',
        email_code: await mailedCode(ctx.db, email),
        invite_code: subRow!.invite_code,
      },
    });
    refused(res, 400, 'INVITE_CODE_INVALID');

    // The referral routes are the main account's.
    const session = await subAccountSession(ctx.app, ctx.db, main, sub);
    for (const url of ['/api/user/referral', '/api/user/referral/withdrawals']) {
      const answer = await ctx.app.inject({ method: 'GET', url, headers: session.headers });
      refused(answer, 403, 'SUB_ACCOUNT_NOT_ALLOWED');
    }
  });
});

describe('withdrawals', () => {
  it('moves rebate to the balance at once, within the minimum and the rebate', async () => {
    const { inviter } = await inviterWithRebate(15);
    refused(
      await withdraw(inviter, { amount: '10', channel: 'balance' }, null),
      400,
      'IDEMPOTENCY_KEY_REQUIRED',
    );
    refused(await withdraw(inviter, { amount: '9.99', channel: 'balance' }), 422, 'WITHDRAWAL_BELOW_MINIMUM');
    refused(
      await withdraw(inviter, { amount: '15.01', channel: 'balance' }),
      422,
      'WITHDRAWAL_EXCEEDS_REBATE',
    );
    const before = await walletBalance(ctx.db, inviter.userId);
    const key = randomUUID();
    const res = await withdraw(inviter, { amount: '12', channel: 'balance' }, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amount: '12.00', channel: 'balance', status: 'success' });
    // The same key again: the first answer, nothing moves twice.
    expect((await withdraw(inviter, { amount: '12', channel: 'balance' }, key)).json().data.id).toBe(
      res.json().data.id,
    );
    expect(await walletBalance(ctx.db, inviter.userId)).toBe(before + dollars(12));
    expect(await summary(inviter)).toMatchObject({
      earned_total: '15.00',
      withdrawable: '3.00',
      in_withdrawal: '0.00',
      withdrawn: '12.00',
    });
    expect((await page(inviter, 'withdrawals')).total).toBe(1);
    await expectCleanLedger();
  });

  it('checks the address checksum, then waits for an operator: approve with a hash, reject with a reason', async () => {
    const { inviter } = await inviterWithRebate(30);
    refused(
      await withdraw(inviter, { amount: '10', channel: 'address', address: ADDRESS_TYPO }),
      400,
      'WITHDRAWAL_ADDRESS_INVALID',
    );
    const noAddress = await withdraw(inviter, { amount: '10', channel: 'address' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().data.fields).toEqual([
      { field: 'body.address', message: '请输入有效的 TRC20 USDT 地址（校验和不符）' },
    ]);

    const first = await withdraw(inviter, { amount: '10', channel: 'address', address: ADDRESS });
    expect(first.json().data).toMatchObject({ status: 'processing', address: ADDRESS });
    const second = await withdraw(inviter, { amount: '15', channel: 'address', address: ADDRESS });
    expect(await summary(inviter)).toMatchObject({
      withdrawable: '5.00',
      in_withdrawal: '25.00',
      withdrawn: '0.00',
    });

    const decide = (operator: TestOperator, id: number, action: 'approve' | 'reject', payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/business/withdrawal/${id}/${action}`,
        headers: operator.headers,
        payload,
      });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/business/withdrawal/list?status=processing&email=${encodeURIComponent(inviter.email)}`,
      headers: reviewer.headers,
    });
    expect(
      listed
        .json()
        .data.list.map((w: { id: number }) => w.id)
        .sort(),
    ).toEqual([first.json().data.id, second.json().data.id].sort());
    // Outside the operator's data scope ('5': own customers only): 404, and nothing listed.
    refused(
      await decide(reviewer2, first.json().data.id, 'approve', { tx_hash: TX_HASH }),
      404,
      'WITHDRAWAL_NOT_FOUND',
    );
    const badHash = await decide(reviewer, first.json().data.id, 'approve', { tx_hash: 'nope' });
    expect(badHash.statusCode).toBe(400);
    expect(badHash.json().data.fields[0].field).toBe('body.tx_hash');

    // A hash pasted with spaces or a line break around it is trimmed before its check, and stored trimmed.
    const approved = await decide(reviewer, first.json().data.id, 'approve', { tx_hash: ` \t${TX_HASH} \n` });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'success',
      tx_hash: TX_HASH,
      decidedByEmail: reviewer.email,
    });
    refused(
      await decide(reviewer, first.json().data.id, 'reject', { reason: 'late' }),
      409,
      'WITHDRAWAL_NOT_PROCESSING',
    );

    const rejected = await decide(reviewer, second.json().data.id, 'reject', {
      reason: 'Address on a sanctions list',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'failed',
      failure_reason: 'Address on a sanctions list',
    });
    expect(await summary(inviter)).toMatchObject({
      withdrawable: '20.00',
      in_withdrawal: '0.00',
      withdrawn: '10.00',
    });
    const notices = await ctx.db.execute<{ title: string }>(
      sql`SELECT title_zh AS title FROM user_notices WHERE user_id = ${inviter.userId} ORDER BY id`,
    );
    expect(notices.rows.map((n) => n.title)).toEqual(
      expect.arrayContaining(['返利提现已到账', '返利提现未通过']),
    );
    // The operation log records the decisions.
    const logged = await lastOperation(ctx.db, '/api/business/withdrawal/:id/reject', 'POST');
    expect(logged).toMatchObject({ module: 'business.withdrawal', email: reviewer.email, status: 'success' });
    await expectCleanLedger();
  });

  it('lets only one of two concurrent withdrawals of the whole rebate through', async () => {
    const { inviter } = await inviterWithRebate(20);
    const answers = await Promise.all([
      withdraw(inviter, { amount: '20', channel: 'balance' }),
      withdraw(inviter, { amount: '20', channel: 'address', address: ADDRESS }),
      withdraw(inviter, { amount: '20', channel: 'balance' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422]);
    expect(await summary(inviter)).toMatchObject({ withdrawable: '0.00' });
    expect((await page(inviter, 'withdrawals')).total).toBe(1);

    // The same key sent twice at once: one withdrawal.
    const { inviter: other } = await inviterWithRebate(10);
    const key = randomUUID();
    await Promise.all([
      withdraw(other, { amount: '10', channel: 'balance' }, key),
      withdraw(other, { amount: '10', channel: 'balance' }, key),
    ]);
    expect((await page(other, 'withdrawals')).total).toBe(1);
    expect((await summary(other)).withdrawn).toBe('10.00');
    await expectCleanLedger();
  });

  it("shows no customer another's withdrawals", async () => {
    const { inviter } = await inviterWithRebate(10);
    await withdraw(inviter, { amount: '10', channel: 'address', address: ADDRESS });
    const stranger = await loggedInUser(ctx.app, ctx.db);
    expect((await page(stranger, 'withdrawals')).total).toBe(0);
    expect((await page(stranger, 'rewards')).total).toBe(0);
    const { id } = (await page(inviter, 'withdrawals')).list[0] as unknown as { id: number };
    // A customer is no operator: the review routes are refused.
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/business/withdrawal/${id}/approve`,
      headers: stranger.headers,
      payload: { tx_hash: TX_HASH },
    });
    expect(res.statusCode).toBe(403);
  });
});
