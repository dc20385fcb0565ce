import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertResource } from '../../../../test/billing-fixtures';
import { logIn, loggedInUser, uniqueEmail } from '../../../../test/accounts';
import { csvLines, postForm } from '../../../../test/csv-export';
import { createTestApp } from '../../../../test/context';
import { demoOperatorHeaders, operatorWith } from '../../../../test/operators';
import { depts, ledgerEntries, ledgerTransactions, sessions, users } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import { charge, credit, refund, type CreditKind } from '../../wallet/ledger';
import { verifyLedger } from '../../wallet/verify-ledger';
import { DEMO_ADMIN } from '../../identity/reference-data';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let adminId: number;
let rootDeptId: number;
let customersDeptId: number;
/** A prefix all this file's customers share, so the filters see only them. */
const PREFIX = `bc${Date.now().toString(36)}`;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
  const [me] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
  adminId = me!.id;
  rootDeptId = me!.deptId!;
  const [customers] = await ctx.db.select().from(depts).where(eq(depts.name, 'Customers'));
  customersDeptId = customers!.id;
});
afterAll(() => ctx.close());

const dollars = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const key = (what: string) => `test:${what}:${randomBytes(6).toString('hex')}`;

async function customer(name: string) {
  return loggedInUser(ctx.app, ctx.db, uniqueEmail(`${PREFIX}-${name}`));
}
async function creditOf(userId: number, kind: CreditKind, amount: number) {
  return inTransaction(ctx.database.pool, (tx) =>
    credit(tx, { userId, kind, amountMicros: dollars(amount), idempotencyKey: key(kind) }),
  );
}
async function chargeOf(userId: number, kind: 'purchase' | 'renewal', amount: number) {
  return inTransaction(ctx.database.pool, (tx) =>
    charge(tx, { userId, kind, amountMicros: dollars(amount), idempotencyKey: key(kind) }),
  );
}
async function moveBack(transactionId: number, days: number) {
  const at = sql`now() - make_interval(days => ${days})`;
  await ctx.db
    .update(ledgerEntries)
    .set({ createdAt: at })
    .where(eq(ledgerEntries.transactionId, transactionId));
  await ctx.db
    .update(ledgerTransactions)
    .set({ createdAt: at })
    .where(eq(ledgerTransactions.id, transactionId));
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = admin) =>
  ctx.app.inject({ method, url, headers, payload });
async function listed(query: string, headers = admin) {
  const email = query.includes('email=') ? '' : `email=${PREFIX}&`;
  const res = await call('GET', `/api/business/customer?${email}limit=50&${query}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Array<Record<string, unknown>>; total: number };
}
const ids = (page: { list: Array<Record<string, unknown>> }) => page.list.map((row) => row.userId);

/**
 * The fixture: `rich` topped up $100, got a $3 gift, bought for $30 and had $5 refunded this month,
 * renewed for $10 forty days ago; it holds two desktops (one deleted), a phone stopped for arrears,
 * an office network and an elastic IP, a sub-account, and was invited by `poor`, who has nothing.
 */
let rich: Awaited<ReturnType<typeof customer>>;
let poor: Awaited<ReturnType<typeof customer>>;
beforeAll(async () => {
  poor = await customer('poor');
  rich = await customer('rich');
  await ctx.db.update(users).set({ invitedBy: poor.userId }).where(eq(users.id, rich.userId));
  await creditOf(rich.userId, 'topup', 100);
  await creditOf(rich.userId, 'gift', 3);
  await chargeOf(rich.userId, 'purchase', 30);
  await inTransaction(ctx.database.pool, (tx) =>
    refund(tx, { userId: rich.userId, amountMicros: dollars(5), idempotencyKey: key('refund') }),
  );
  const renewal = await chargeOf(rich.userId, 'renewal', 10);
  await moveBack(renewal.transaction.id, 40);
  const createdAt = new Date();
  const base = { userId: rich.userId, billingMethod: 'payg' as const, createdAt };
  await insertResource(ctx.db, { ...base, kind: 'desktop' });
  const gone = await insertResource(ctx.db, { ...base, kind: 'desktop' });
  await ctx.db.execute(sql`UPDATE resources SET deleted_at = now() WHERE id = ${gone.id}`);
  const phone = await insertResource(ctx.db, { ...base, kind: 'phone', status: 'stopped' });
  await ctx.db.execute(sql`UPDATE resources SET stop_reason = 'arrears' WHERE id = ${phone.id}`);
  await insertResource(ctx.db, { ...base, kind: 'office_site' });
  await insertResource(ctx.db, { ...base, kind: 'eip' });
  await ctx.db.insert(users).values({
    email: uniqueEmail(`${PREFIX}-son`),
    passwordHash: 'x',
    nickname: 'Son',
    inviteCode: randomBytes(6).toString('hex'),
    parentId: rich.userId,
    isSon: true,
    deptId: customersDeptId,
  });
});

describe('GET /api/business/customer', () => {
  it('computes balance, totals and live resources from the ledger and resources', async () => {
    const page = await listed(`email=${encodeURIComponent(rich.email)}`);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      userId: rich.userId,
      email: rich.email,
      status: '0',
      balance: '68.00',
      topupTotal: '100.00',
      spentMonth: '25.00',
      spentTotal: '35.00',
      desktops: 1,
      phones: 1,
      networks: 2,
      subAccounts: 1,
      invitedBy: { userId: poor.userId, email: poor.email },
      deptName: 'Customers',
      owner: null,
    });
    expect((await verifyLedger(ctx.db)).drifts).toEqual([]);
  });

  it('lists customers only: no operator, no sub-account', async () => {
    const page = await listed('');
    expect(ids(page).sort()).toEqual([poor.userId, rich.userId].sort());
    const all = await call('GET', `/api/business/customer?email=${encodeURIComponent(DEMO_ADMIN.email)}`);
    expect(all.json().data.total).toBe(0);
  });

  it('filters by balance, arrears and status, sorts and pages', async () => {
    expect(ids(await listed('balanceMin=60&balanceMax=68'))).toEqual([rich.userId]);
    expect(ids(await listed('balanceMin=68.01'))).toEqual([]);
    expect(ids(await listed('balanceMax=0'))).toEqual([poor.userId]);
    expect(ids(await listed('arrears=1'))).toEqual([rich.userId]);
    expect(ids(await listed('status=1'))).toEqual([]);
    expect(ids(await listed('sort=balance&order=asc'))).toEqual([poor.userId, rich.userId]);
    expect(ids(await listed('sort=spent&order=desc'))).toEqual([rich.userId, poor.userId]);
    expect(ids(await listed('sort=created&order=desc'))).toEqual([rich.userId, poor.userId]);
    const second = await call('GET', `/api/business/customer?email=${PREFIX}&limit=10&page=2`);
    expect(second.json().data).toMatchObject({ list: [], total: 2, page: 2, limit: 10 });
    const bad = await call('GET', `/api/business/customer?balanceMin=-1`);
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered customers as CSV in the reader’s language', async () => {
    const res = await postForm(
      ctx.app,
      '/api/business/customer/export',
      {
        email: rich.email,
        format: 'csv',
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toContain('Spent in total');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(rich.email);
    expect(lines[1]).toContain('68.00');
  });
});

describe('one customer', () => {
  it('answers the detail and every tab from the database', async () => {
    const detail = await call('GET', `/api/business/customer/${rich.userId}`);
    expect(detail.json().data).toMatchObject({
      balance: '68.00',
      holdBalance: '0.00',
      maxSubAccounts: 20,
      maxSubAccountsCustom: false,
      arrears: true,
    });
    const tab = async (name: string, query = '') => {
      const res = await call('GET', `/api/business/customer/${rich.userId}/${name}?limit=50${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { list: Array<Record<string, unknown>>; total: number };
    };
    expect((await tab('bills')).total).toBe(5);
    expect((await tab('resources')).total).toBe(4);
    expect((await tab('resources', '&withDeleted=1')).total).toBe(5);
    expect((await tab('resources', '&kind=desktop')).list).toHaveLength(1);
    expect((await tab('sub-accounts')).list[0]).toMatchObject({ nickname: 'Son' });
    expect((await tab('notices')).total).toBeGreaterThanOrEqual(1);
    expect((await tab('orders')).total).toBe(0);
    expect((await tab('topups')).total).toBe(0);
    expect((await tab('sessions')).total).toBe(1);
  });

  it('answers 404 for an operator, a sub-account and an unknown id', async () => {
    for (const id of [adminId, 999_999_999]) {
      expect((await call('GET', `/api/business/customer/${id}`)).statusCode).toBe(404);
    }
    const [son] = await ctx.db.select().from(users).where(eq(users.parentId, rich.userId));
    expect((await call('GET', `/api/business/customer/${son!.id}/notes`)).statusCode).toBe(404);
  });

  it('keeps operators’ notes with their author, newest first', async () => {
    const url = `/api/business/customer/${poor.userId}/notes`;
    expect((await call('POST', url, { body: '   ' })).statusCode).toBe(400);
    const first = await call('POST', url, { body: 'Asked for an invoice' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      body: 'Asked for an invoice',
      author: { email: DEMO_ADMIN.email },
    });
    await call('POST', url, { body: 'Invoice sent' });
    const notes = (await call('GET', url)).json().data;
    expect(notes.total).toBe(2);
    expect(notes.list.map((n: { body: string }) => n.body)).toEqual(['Invoice sent', 'Asked for an invoice']);
  });

  it('changes settings: phones, sub-account limit, department and owner', async () => {
    const url = `/api/business/customer/${poor.userId}/settings`;
    const ops = await operatorWith(ctx.app, ctx.db, { perms: [], deptId: rootDeptId });
    const res = await call('PUT', url, { phWhiteUser: 1, maxSubAccounts: 5, ownerOperatorId: ops.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      phWhiteUser: 1,
      maxSubAccounts: 5,
      maxSubAccountsCustom: true,
      owner: { userId: ops.userId },
    });
    // A customer is no owner; nothing else changed by the refused call.
    const refused = await call('PUT', url, { ownerOperatorId: rich.userId, maxSubAccounts: 7 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.error_code).toBe('CUSTOMER_OWNER_INVALID');
    expect((await call('PUT', url, { maxSubAccounts: null })).json().data).toMatchObject({
      maxSubAccounts: 20,
      maxSubAccountsCustom: false,
    });
    expect((await call('PUT', url, {})).statusCode).toBe(400);
    expect((await call('PUT', url, { deptId: 999_999 })).statusCode).toBe(404);
    const moved = await call('PUT', url, { deptId: rootDeptId, ownerOperatorId: null });
    expect(moved.json().data).toMatchObject({ deptName: 'Cloudbay', owner: null });
    await call('PUT', url, { deptId: customersDeptId });
  });

  it('disabling ends the customer’s sessions at once and the login refuses it; enabling lets it back', async () => {
    const victim = await customer('disabled');
    expect((await call('GET', '/api/getInfo', undefined, victim.headers)).statusCode).toBe(200);
    const res = await call('PUT', `/api/business/customer/${victim.userId}/status`, { status: '1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('1');
    expect((await call('GET', '/api/getInfo', undefined, victim.headers)).statusCode).toBe(401);
    expect((await logIn(ctx.app, ctx.db, victim.email)).statusCode).not.toBe(200);
    await call('PUT', `/api/business/customer/${victim.userId}/status`, { status: '0' });
    expect((await logIn(ctx.app, ctx.db, victim.email)).statusCode).toBe(200);
  });

  it('revokes one session of the customer, and no other account’s', async () => {
    const target = await customer('sessions');
    const other = await customer('other');
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, target.userId));
    const [otherSession] = await ctx.db.select().from(sessions).where(eq(sessions.userId, other.userId));
    const base = `/api/business/customer/${target.userId}/sessions`;
    expect((await call('DELETE', `${base}/${otherSession!.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/getInfo', undefined, other.headers)).statusCode).toBe(200);
    const res = await call('DELETE', `${base}/${session!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/getInfo', undefined, target.headers)).statusCode).toBe(401);
    expect((await call('DELETE', `${base}/${session!.id}`)).statusCode).toBe(404);
  });
});

describe('data scope', () => {
  const perms = ['business:customer:list', 'business:customer:query', 'business:customer:edit'];

  it('a department scope sees only its department’s customers; others answer 404 everywhere', async () => {
    const [sales] = await ctx.db
      .insert(depts)
      .values({ name: `Sales ${PREFIX}`, parentId: rootDeptId, ancestors: `0,${rootDeptId}` })
      .returning();
    const mine = await customer('sales');
    await ctx.db.update(users).set({ deptId: sales!.id }).where(eq(users.id, mine.userId));
    const op = await operatorWith(ctx.app, ctx.db, { perms, dataScope: '3', deptId: sales!.id });
    expect(ids(await listed('', op.headers))).toEqual([mine.userId]);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, rich.userId));
    for (const [method, url, body] of [
      ['GET', `/api/business/customer/${rich.userId}`],
      ['GET', `/api/business/customer/${rich.userId}/bills`],
      ['POST', `/api/business/customer/${rich.userId}/notes`, { body: 'x' }],
      ['PUT', `/api/business/customer/${rich.userId}/settings`, { phWhiteUser: 1 }],
      ['PUT', `/api/business/customer/${rich.userId}/status`, { status: '1' }],
      ['DELETE', `/api/business/customer/${rich.userId}/sessions/${session!.id}`],
    ] as Array<[Method, string, object?]>) {
      expect((await call(method, url, body, op.headers)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await call('GET', `/api/business/customer/${mine.userId}`, undefined, op.headers)).statusCode,
    ).toBe(200);
    // A department outside the scope cannot be given either.
    const away = await call(
      'PUT',
      `/api/business/customer/${mine.userId}/settings`,
      { deptId: rootDeptId },
      op.headers,
    );
    expect(away.statusCode).toBe(404);
    expect((await call('GET', '/api/getInfo', undefined, rich.headers)).statusCode).toBe(200);
  });

  it('own-only (5) sees the customers whose owner operator is the caller', async () => {
    const op = await operatorWith(ctx.app, ctx.db, { perms, dataScope: '5', deptId: rootDeptId });
    expect(ids(await listed('', op.headers))).toEqual([]);
    await call('PUT', `/api/business/customer/${poor.userId}/settings`, { ownerOperatorId: op.userId });
    expect(ids(await listed('', op.headers))).toEqual([poor.userId]);
    expect(
      (await call('GET', `/api/business/customer/${rich.userId}`, undefined, op.headers)).statusCode,
    ).toBe(404);
    await call('PUT', `/api/business/customer/${poor.userId}/settings`, { ownerOperatorId: null });
  });

  it('refuses a caller without the permission', async () => {
    const op = await operatorWith(ctx.app, ctx.db, { perms: ['business:customer:list'] });
    expect(
      (await call('GET', `/api/business/customer/${poor.userId}`, undefined, op.headers)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/business/customer', undefined, rich.headers)).statusCode).toBe(403);
  });
});
