import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { createTestApp } from '../../../../test/context';
import { demoOperatorHeaders, operatorWith, type TestOperator } from '../../../../test/operators';
import { verifyLedger } from '../../wallet/verify-ledger';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
/** Two operators who may request and approve, for the four-eyes rule. */
let alice: TestOperator;
let bob: TestOperator;

const PERMS = ['business:adjustment:list', 'business:adjustment:add', 'business:adjustment:approve'];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
  alice = await operatorWith(ctx.app, ctx.db, { perms: PERMS });
  bob = await operatorWith(ctx.app, ctx.db, { perms: PERMS });
});
afterAll(() => ctx.close());

type Body = { direction: 'credit' | 'debit'; amount: string; reason: string; reference?: string };

const adjust = (
  headers: Record<string, string>,
  userId: number,
  body: Body,
  key: string | null = randomUUID(),
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/business/customer/${userId}/adjustment`,
    headers: key === null ? headers : { ...headers, 'idempotency-key': key },
    payload: body,
  });

const decide = (
  headers: Record<string, string>,
  id: number,
  action: 'approve' | 'reject',
  reason = 'checked',
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/business/adjustment/${id}/${action}`,
    headers,
    payload: { reason },
  });

/** GET a business route with `query` as the operator of `headers`: the answer's data. */
async function read(
  headers: Record<string, string>,
  path: string,
  query: Record<string, string | number> = {},
) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await ctx.app.inject({ method: 'GET', url: `/api/business/${path}?${search}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A refusal: its HTTP status and error code. */
function expectRefused(
  res: { statusCode: number; json: () => { data: { error_code?: string } } },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json().data.error_code).toBe(code);
}

async function balanceOf(headers: Record<string, string>): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/user', headers });
  return res.json().data.balance as string;
}

async function adjustmentTransactions(userId: number) {
  const result = await ctx.db.execute<{ id: string; entries: string; total: string }>(sql`
    SELECT t.id, count(e.id) AS entries, sum(e.amount_micros) AS total
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    WHERE t.user_id = ${userId} AND t.kind = 'admin_adjustment' GROUP BY t.id`);
  return result.rows;
}

describe('balance adjustments', () => {
  it('posts a credit and a debit as balanced admin_adjustment transactions the customer sees in bills', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const credited = await adjust(alice.headers, customer.userId, {
      direction: 'credit',
      amount: '20',
      reason: 'Compensation for the outage',
      reference: 'TICKET-7',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json().data).toMatchObject({
      status: 'posted',
      amount: '20.00',
      direction: 'credit',
      customerEmail: customer.email,
      requestedByEmail: alice.email,
      reference: 'TICKET-7',
    });
    expect(credited.json().data.ledgerTransactionId).toEqual(expect.any(Number));
    const debited = await adjust(alice.headers, customer.userId, {
      direction: 'debit',
      amount: '5.50',
      reason: 'Duplicate credit',
    });
    expect(debited.json().data.status).toBe('posted');
    expect(await balanceOf(customer.headers)).toBe('14.50');

    const transactions = await adjustmentTransactions(customer.userId);
    expect(transactions).toHaveLength(2);
    for (const t of transactions)
      expect({ entries: String(t.entries), total: String(t.total) }).toEqual({ entries: '2', total: '0' });
    expect((await verifyLedger(ctx.db)).drifts).toEqual([]);

    const bills = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/user_transactions?expense_type=admin_adjustment',
      headers: { ...customer.headers, 'accept-language': 'en-US' },
    });
    expect(bills.statusCode, bills.body).toBe(200);
    const memos = (bills.json().data.list as Array<{ memo: string | null }>).map((row) => row.memo);
    expect(memos).toEqual(['Balance debited by the platform', 'Balance credited by the platform']);
  });

  it('refuses a debit that would take the balance below zero, and stores nothing', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    await adjust(alice.headers, customer.userId, { direction: 'credit', amount: '3', reason: 'seed' });
    const res = await adjust(alice.headers, customer.userId, {
      direction: 'debit',
      amount: '3.01',
      reason: 'too much',
    });
    expectRefused(res, 409, 'ADJUSTMENT_BALANCE_TOO_LOW');
    expect(res.json().msg).toContain('3.00');
    expect(await balanceOf(customer.headers)).toBe('3.00');
    const list = await read(alice.headers, 'adjustment/list', { email: customer.email });
    expect(list.total).toBe(1);
  });

  it('requires an Idempotency-Key, and a retry posts once', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const body: Body = { direction: 'credit', amount: '7', reason: 'goodwill' };
    const missing = await adjust(alice.headers, customer.userId, body, null);
    expectRefused(missing, 400, 'IDEMPOTENCY_KEY_REQUIRED');
    const key = randomUUID();
    const first = await adjust(alice.headers, customer.userId, body, key);
    const retry = await adjust(alice.headers, customer.userId, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect(await balanceOf(customer.headers)).toBe('7.00');
    expect(await adjustmentTransactions(customer.userId)).toHaveLength(1);
  });

  it('validates the body with translated messages', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    for (const body of [
      { direction: 'credit', amount: '0', reason: 'zero' },
      { direction: 'credit', amount: '1.234', reason: 'three decimals' },
      { direction: 'credit', amount: '5', reason: '  ' },
      { direction: 'sideways', amount: '5', reason: 'bad direction' },
    ]) {
      const res = await adjust(alice.headers, customer.userId, body as Body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('holds an amount above the threshold until a second operator approves; the requester cannot', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const big = await adjust(alice.headers, customer.userId, {
      direction: 'credit',
      amount: '500.01',
      reason: 'Enterprise prepayment',
    });
    expect(big.json().data).toMatchObject({ status: 'pending', ledgerTransactionId: null });
    expect(await balanceOf(customer.headers)).toBe('0.00');
    const id = big.json().data.id as number;

    const own = await decide(alice.headers, id, 'approve');
    expectRefused(own, 403, 'ADJUSTMENT_OWN_APPROVAL');
    expect((await decide(alice.headers, id, 'reject')).statusCode).toBe(403);

    const pending = await read(bob.headers, 'adjustment/list', { status: 'pending' });
    expect(pending.list.map((row: { id: number }) => row.id)).toContain(id);

    const approved = await decide(bob.headers, id, 'approve', 'Invoice paid by wire');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'posted',
      decidedByEmail: bob.email,
      decisionReason: 'Invoice paid by wire',
    });
    expect(await balanceOf(customer.headers)).toBe('500.01');
    const again = await decide(admin, id, 'approve');
    expectRefused(again, 409, 'ADJUSTMENT_NOT_PENDING');
    expect(await balanceOf(customer.headers)).toBe('500.01');
    expect((await verifyLedger(ctx.db)).drifts).toEqual([]);
  });

  it('a rejected adjustment never posts; exactly at the threshold posts at once', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const atLimit = await adjust(alice.headers, customer.userId, {
      direction: 'credit',
      amount: '500',
      reason: 'x',
    });
    expect(atLimit.json().data.status).toBe('posted');
    const big = await adjust(alice.headers, customer.userId, {
      direction: 'debit',
      amount: '500',
      reason: 'y',
    });
    expect(big.json().data.status).toBe('posted');
    const huge = await adjust(alice.headers, customer.userId, {
      direction: 'credit',
      amount: '900',
      reason: 'z',
    });
    const rejected = await decide(bob.headers, huge.json().data.id, 'reject', 'No contract');
    expect(rejected.json().data).toMatchObject({ status: 'rejected', decisionReason: 'No contract' });
    expect(await balanceOf(customer.headers)).toBe('0.00');
  });

  it('re-checks the balance at approval: a debit that would now go negative stays pending', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    await adjust(admin, customer.userId, { direction: 'credit', amount: '400', reason: 'a' });
    await adjust(admin, customer.userId, { direction: 'credit', amount: '400', reason: 'b' });
    const debit = await adjust(alice.headers, customer.userId, {
      direction: 'debit',
      amount: '700',
      reason: 'c',
    });
    expect(debit.json().data.status).toBe('pending');
    await adjust(admin, customer.userId, { direction: 'debit', amount: '200', reason: 'd' });
    const refused = await decide(bob.headers, debit.json().data.id, 'approve');
    expectRefused(refused, 409, 'ADJUSTMENT_BALANCE_TOO_LOW');
    const list = await read(bob.headers, 'adjustment/list', { status: 'pending', email: customer.email });
    expect(list.total).toBe(1);
    expect(await balanceOf(customer.headers)).toBe('600.00');
  });

  it('concurrent approvals post once', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const big = await adjust(alice.headers, customer.userId, {
      direction: 'credit',
      amount: '1000',
      reason: 'deal',
    });
    const id = big.json().data.id as number;
    const answers = await Promise.all([
      decide(bob.headers, id, 'approve'),
      decide(bob.headers, id, 'approve'),
      decide(admin, id, 'approve'),
      decide(admin, id, 'reject'),
    ]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = answers.find((res) => res.statusCode === 200)!.json().data;
    expect(await balanceOf(customer.headers)).toBe(winner.status === 'posted' ? '1000.00' : '0.00');
    expect(await adjustmentTransactions(customer.userId)).toHaveLength(winner.status === 'posted' ? 1 : 0);
    expect((await verifyLedger(ctx.db)).drifts).toEqual([]);
  });

  it("answers 404 for a customer outside the operator's data scope, and for an operator account", async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const selfOnly = await operatorWith(ctx.app, ctx.db, { perms: PERMS, dataScope: '5' });
    const res = await adjust(selfOnly.headers, customer.userId, {
      direction: 'credit',
      amount: '1',
      reason: 'x',
    });
    expectRefused(res, 404, 'CUSTOMER_NOT_FOUND');
    const pending = await adjust(alice.headers, customer.userId, {
      direction: 'credit',
      amount: '600',
      reason: 'y',
    });
    expect((await decide(selfOnly.headers, pending.json().data.id, 'approve')).statusCode).toBe(404);
    const lookup = await read(selfOnly.headers, 'adjustment/customers', { email: customer.email });
    expect(lookup.list).toEqual([]);
    const list = await read(selfOnly.headers, 'adjustment/list');
    expect(list.total).toBe(0);
    const operator = await adjust(admin, bob.userId, { direction: 'credit', amount: '1', reason: 'z' });
    expect(operator.statusCode).toBe(404);
  });

  it('looks customers up by e-mail prefix with their balance and the approval threshold', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    await adjust(admin, customer.userId, { direction: 'credit', amount: '12.5', reason: 'x' });
    const res = await read(alice.headers, 'adjustment/customers', { email: customer.email.slice(0, -3) });
    expect(res).toMatchObject({
      approvalAbove: '500.00',
      list: [{ userId: customer.userId, email: customer.email, balance: '12.50' }],
    });
    const byId = await read(alice.headers, 'adjustment/customers', { userId: customer.userId });
    expect(byId.list).toHaveLength(1);
  });
});
