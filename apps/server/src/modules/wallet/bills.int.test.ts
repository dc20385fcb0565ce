import { ErrorCode, type Bill } from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { dollars } from '../../../test/topups';
import { inTransaction } from '../../db/transaction';
import { translate } from '../../lib/i18n';
import { charge, credit } from './ledger';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let keySeq = 0;
const key = (prefix: string) => `${prefix}:${++keySeq}:${Date.now()}`;
const inTx = <T>(work: Parameters<typeof inTransaction<T>>[1]) => inTransaction(ctx.database.pool, work);

type Customer = Awaited<ReturnType<typeof loggedInUser>>;

async function topUp(userId: number, amount: number, reference = `T${++keySeq}`) {
  return inTx((tx) =>
    credit(tx, {
      userId,
      kind: 'topup',
      amountMicros: dollars(amount),
      idempotencyKey: key('topup'),
      reference,
    }),
  );
}

async function spend(userId: number, amount: number, reference = `O${++keySeq}`, memo?: string) {
  return inTx((tx) =>
    charge(tx, {
      userId,
      kind: 'purchase',
      amountMicros: dollars(amount),
      idempotencyKey: key('purchase'),
      reference,
      memo,
    }),
  );
}

async function bills(customer: Customer, query: Record<string, string | number> = {}) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/user/user_transactions',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: customer.headers,
  });
}

async function billList(customer: Customer, query: Record<string, string | number> = {}) {
  const res = await bills(customer, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Bill[]; total: number; page: number; limit: number };
}

/** Moves the customer's entries of `reference` to `iso` (tests cannot wait for days to pass). */
async function backdate(reference: string, iso: string) {
  await ctx.db.execute(sql`
    UPDATE ledger_entries SET created_at = ${iso}::timestamptz
    WHERE transaction_id IN (SELECT id FROM ledger_transactions WHERE reference = ${reference})`);
}

function exportCsv(customer: Customer, form: Record<string, string>, language = 'zh-CN') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/user_transactions/export',
    payload: new URLSearchParams(form).toString(),
    headers: {
      ...customer.headers,
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': language,
    },
  });
}

describe('GET /api/user/user_transactions', () => {
  it('lists the wallet entries of credits and charges, newest first, with the balance after', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    await topUp(customer.userId, 100, 'TOPUP-1');
    await spend(customer.userId, 12.5, 'ORDER-1', 'Cloud desktop, 1 month');

    const page = await billList(customer);
    expect(page).toMatchObject({ total: 2, page: 1, limit: 20 });
    const [purchase, topup] = page.list;
    expect(purchase).toMatchObject({
      amount: '-12.50',
      amount_type: 'expense',
      expense_type: 'purchase',
      related_type: 'order',
      related_no: 'ORDER-1',
      balance: '87.50',
      memo: 'Cloud desktop, 1 month',
    });
    expect(topup).toMatchObject({
      amount: '100.00',
      amount_type: 'income',
      expense_type: 'topup',
      related_type: 'topup_order',
      related_no: 'TOPUP-1',
      balance: '100.00',
      memo: null,
    });
    expect(purchase!.id).toBeGreaterThan(topup!.id);
    expect(Date.parse(purchase!.created_at)).not.toBeNaN();
  });

  it('filters by expense type, amount type and dates', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    await topUp(customer.userId, 50, 'F-TOPUP');
    await spend(customer.userId, 5, 'F-OLD');
    await spend(customer.userId, 7, 'F-NEW');
    await backdate('F-TOPUP', '2026-01-10T12:00:00Z');
    await backdate('F-OLD', '2026-02-01T23:30:00Z');
    await backdate('F-NEW', '2026-03-05T00:10:00Z');
    const refs = (page: { list: Bill[] }) => page.list.map((bill) => bill.related_no);

    expect(refs(await billList(customer, { expense_type: 'topup' }))).toEqual(['F-TOPUP']);
    expect(refs(await billList(customer, { amount_type: 'expense' }))).toEqual(['F-NEW', 'F-OLD']);
    expect(refs(await billList(customer, { amount_type: 'income' }))).toEqual(['F-TOPUP']);
    // An end day counts through its last moment; a begin day from its first.
    expect(refs(await billList(customer, { begin_time: '2026-02-01', end_time: '2026-02-01' }))).toEqual([
      'F-OLD',
    ]);
    expect(refs(await billList(customer, { begin_time: '2026-02-02' }))).toEqual(['F-NEW']);
    // Instants with an offset: F-OLD (23:30 UTC) falls on the Beijing day 2026-02-02, not the UTC one.
    const beijingDay = { begin_time: '2026-02-02T00:00:00+08:00', end_time: '2026-02-02T23:59:59.999+08:00' };
    expect(refs(await billList(customer, beijingDay))).toEqual(['F-OLD']);
    expect(refs(await billList(customer, { end_time: '2026-03-05T08:09:59.999+08:00' }))).toEqual([
      'F-OLD',
      'F-TOPUP',
    ]);
    expect(refs(await billList(customer, { end_time: '2026-03-05T08:10:00+08:00' }))[0]).toBe('F-NEW');
    const filtered = await billList(customer, { expense_type: 'purchase', end_time: '2026-02-28' });
    expect(filtered.total).toBe(1);
    expect(refs(filtered)).toEqual(['F-OLD']);
    // Empty form values mean "no filter".
    expect((await billList(customer, { expense_type: '', amount_type: '' })).total).toBe(3);
  });

  it('refuses unknown filter values', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const invalid: Record<string, string>[] = [
      { expense_type: 'lottery' },
      { amount_type: 'both' },
      { begin_time: '22/11/2026' },
    ];
    for (const query of invalid) {
      const res = await bills(customer, query);
      expect(res.statusCode).toBe(400);
    }
  });

  it('pages in the database', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    await topUp(customer.userId, 100);
    for (let i = 1; i <= 11; i += 1) await spend(customer.userId, 1, `P-${i}`);

    const first = await billList(customer, { limit: 10 });
    expect(first.total).toBe(12);
    expect(first.list).toHaveLength(10);
    expect(first.list[0]).toMatchObject({ related_no: 'P-11', balance: '89.00' });
    const second = await billList(customer, { limit: 10, page: 2 });
    expect(second).toMatchObject({ total: 12, page: 2, limit: 10 });
    expect(second.list.map((bill) => bill.related_no)).toEqual(['P-1', expect.stringMatching(/^T/)]);
    expect((await bills(customer, { limit: 15 })).statusCode).toBe(400);
  });

  it('answers an empty list to an account that has never moved money', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    expect(await billList(customer)).toEqual({ list: [], total: 0, page: 1, limit: 20 });
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/user_transactions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/user/user_transactions/:id', () => {
  it("answers the caller's bill and 404 for another customer's", async () => {
    const owner = await loggedInUser(ctx.app, ctx.db);
    const other = await loggedInUser(ctx.app, ctx.db);
    await topUp(owner.userId, 30, 'ONE-1');
    await topUp(other.userId, 40, 'OTHER-1');
    const [bill] = (await billList(owner)).list;

    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/user_transactions/${bill!.id}`,
      headers: owner.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual(bill);

    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/user_transactions/${bill!.id}`,
      headers: { ...other.headers, 'accept-language': 'en-US' },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({
      code: 404,
      success: false,
      msg: translate('en-US', ErrorCode.BILL_NOT_FOUND),
    });
    expect((await billList(other)).list.map((b) => b.related_no)).toEqual(['OTHER-1']);

    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/user_transactions/999999999',
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/user/user_transactions/export', () => {
  it('streams the filtered bills as CSV with a BOM, translated header and a dated file name', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    await topUp(customer.userId, 20, 'X-TOPUP');
    await spend(customer.userId, 2.25, 'X-ORDER', '=HYPERLINK("x"), "quoted"');
    await backdate('X-TOPUP', '2026-04-01T16:30:00Z');
    await backdate('X-ORDER', '2026-04-02T01:02:03Z');

    const res = await exportCsv(customer, { time_zone: 'Asia/Shanghai', expense_type: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bills-\d{8}\.csv"$/);
    expect(res.headers['download-filename']).toMatch(/^bills-\d{8}\.csv$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '账单编号,时间 (Asia/Shanghai),费用类型,收支类型,金额（美元）,变动后余额（美元）,关联类型,关联单号,备注',
    );
    expect(lines[1]).toMatch(
      /^\d+,2026-04-02 09:02:03,购买,支出,-2\.25,17\.75,订单,X-ORDER,"'=HYPERLINK\(""x""\), ""quoted"""$/,
    );
    expect(lines[2]).toMatch(/^\d+,2026-04-02 00:30:00,充值,收入,20\.00,20\.00,充值订单,X-TOPUP,$/);
    expect(lines.slice(3)).toEqual(['']);
  });

  it('applies the filters, writes English for en-US and UTC by default', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    await topUp(customer.userId, 20, 'Y-TOPUP');
    await spend(customer.userId, 3, 'Y-ORDER');
    await backdate('Y-ORDER', '2026-05-06T07:08:09Z');

    const res = await exportCsv(customer, { amount_type: 'expense' }, 'en-US');
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Bill ID,Time \(UTC\),Expense type,Amount type,Amount \(USD\)/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^\d+,2026-05-06 07:08:09,Purchase,Expense,-3\.00,17\.00,Order,Y-ORDER,$/),
    ]);
  });

  it("exports only the caller's bills and refuses bad input", async () => {
    const lonely = await loggedInUser(ctx.app, ctx.db);
    const res = await exportCsv(lonely, {});
    expect(res.statusCode).toBe(200);
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);

    expect((await exportCsv(lonely, { time_zone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await exportCsv(lonely, { amount_type: 'both' })).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/user_transactions/export',
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the bill routes, the export as a form body', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    expect(paths['/api/user/user_transactions'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'expense_type', 'amount_type', 'begin_time', 'end_time']),
    );
    expect(paths['/api/user/user_transactions/{id}'].get).toBeDefined();
    expect(Object.keys(paths['/api/user/user_transactions/export'].post.requestBody.content)).toEqual([
      'application/x-www-form-urlencoded',
    ]);
  });
});
