import { TOPUP_STATUS, type TopupRecord } from '@cloudbay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { csvLines, expectCsvFile, postForm } from '../../../test/csv-export';
import { createOrder, expectCleanLedger, paySandbox as paySandboxLink } from '../../../test/topups';
import { findTopupBatch } from './repo';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Customer = Awaited<ReturnType<typeof loggedInUser>>;

async function topUp(customer: Customer, money: number, payType: number, createdAt: string) {
  const res = await createOrder(ctx.app, customer, money, payType);
  expect(res.statusCode, res.body).toBe(200);
  const { no, order_id: id } = res.json().data as { no: string; order_id: number };
  await ctx.database.pool.query('UPDATE topup_orders SET created_at = $2 WHERE id = $1', [id, createdAt]);
  return { no, id };
}

async function paySandbox(no: string) {
  const res = await paySandboxLink(ctx, no);
  expect(res.statusCode, res.body).toBe(200);
}

/** Three top-ups: stablecoin paid (first, so with the bonus), fiat pending, stablecoin pending. */
async function records() {
  const customer = await loggedInUser(ctx.app, ctx.db);
  const paid = await topUp(customer, 100, 2, '2026-02-01T08:00:00Z');
  const fiat = await topUp(customer, 20, 1, '2026-02-03T08:00:00Z');
  const pending = await topUp(customer, 30, 2, '2026-02-05T08:00:00Z');
  await paySandbox(paid.no);
  return { customer, paid, fiat, pending };
}

async function list(customer: Customer, query: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/orders', query, headers: customer.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: TopupRecord[]; total: number };
}

const nos = (page: { list: TopupRecord[] }) => page.list.map((record) => record.no);

const exportCsv = (customer: Customer, form: Record<string, string>, language = 'zh-CN') =>
  postForm(ctx.app, '/api/orders/export', form, { ...customer.headers, 'accept-language': language });

describe('GET /api/orders filters', () => {
  it('narrows the records by pay type, status and time, in SQL with the right total', async () => {
    const { customer, paid, fiat, pending } = await records();
    expect(nos(await list(customer))).toEqual([pending.no, fiat.no, paid.no]);
    expect(nos(await list(customer, { pay_type: '1' }))).toEqual([fiat.no]);
    expect(nos(await list(customer, { pay_type: '2', status: String(TOPUP_STATUS.PENDING) }))).toEqual([
      pending.no,
    ]);
    expect(nos(await list(customer, { begin_time: '2026-02-02', end_time: '2026-02-04' }))).toEqual([
      fiat.no,
    ]);
    expect(nos(await list(customer, { begin_time: '2026-02-03T16:00:00+08:00' }))).toEqual([
      pending.no,
      fiat.no,
    ]);
    const page = await list(customer, { pay_type: '2', limit: '10', page: '2' });
    expect(page).toMatchObject({ total: 2, list: [] });
    expect((await list(customer, { pay_type: '', begin_time: '' })).total).toBe(3);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders',
      query: { pay_type: '3' },
      headers: customer.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reads every record once across keyset batches', async () => {
    const { customer, paid, fiat, pending } = await records();
    await ctx.database.pool.query('UPDATE topup_orders SET created_at = $2 WHERE id = $1', [
      fiat.id,
      '2026-02-01T08:00:00Z',
    ]);
    const criteria = { userId: customer.userId };
    const seen: string[] = [];
    let batch = await findTopupBatch(ctx.db, criteria, undefined, 2);
    while (batch.length > 0) {
      seen.push(...batch.map((row) => row.no));
      batch = await findTopupBatch(ctx.db, criteria, batch.at(-1)!.id, 2);
    }
    expect(seen).toEqual(nos(await list(customer)));
    expect(new Set(seen)).toEqual(new Set([paid.no, fiat.no, pending.no]));
  });
});

describe('POST /api/orders/export', () => {
  it('streams the records as CSV: BOM, translated header, labels, money with the bonus', async () => {
    const { customer, paid, fiat, pending } = await records();
    const res = await exportCsv(customer, { time_zone: 'Asia/Shanghai' });
    expectCsvFile(res, 'topups');
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      '充值单号,创建时间 (Asia/Shanghai),支付方式,状态,充值金额（美元）,实际到账（美元）,赠送金额（美元）,支付金额,支付币种,支付时间 (Asia/Shanghai)',
    );
    expect(lines.slice(1)).toEqual([
      `${pending.no},2026-02-05 16:00:00,稳定币支付（USDT）,待支付,30.00,0.00,0.00,30.00,USDT,`,
      expect.stringMatching(
        new RegExp(`^${fiat.no},2026-02-03 16:00:00,法币扫码支付,待支付,20\\.00,0\\.00,0\\.00,[\\d.]+,CNY,$`),
      ),
      expect.stringMatching(
        new RegExp(
          `^${paid.no},2026-02-01 16:00:00,稳定币支付（USDT）,已支付,100\\.00,110\\.00,10\\.00,100\\.00,USDT,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$`,
        ),
      ),
    ]);
  });

  it('applies the filters and writes English for en-US, UTC by default', async () => {
    const { customer, fiat } = await records();
    const res = await exportCsv(customer, { pay_type: '1', status: '' }, 'en-US');
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Top-up number,Created (UTC),Payment method,Status,Amount (USD),Credited (USD),Bonus (USD),Amount paid,Payment currency,Paid at (UTC)',
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(`^${fiat.no},2026-02-03 08:00:00,Fiat QR payment,Awaiting payment,20\\.00,`),
      ),
    ]);
  });

  it('exports only the caller’s records and refuses bad input', async () => {
    const lonely = await loggedInUser(ctx.app, ctx.db);
    await records();
    const res = await exportCsv(lonely, {});
    expect(res.statusCode).toBe(200);
    expect(csvLines(res.body)).toHaveLength(1);
    expect((await exportCsv(lonely, { status: '9' })).statusCode).toBe(400);
    expect((await exportCsv(lonely, { end_time: 'yesterday' })).statusCode).toBe(400);
    expect((await postForm(ctx.app, '/api/orders/export', {})).statusCode).toBe(401);
  });
});

describe('the ledger after these tests', () => {
  it('has no drift', async () => {
    await expectCleanLedger(ctx.database);
  });
});
