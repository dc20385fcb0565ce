import type { BizOrder, BizOrderDetail } from '@cloudbay/contracts';
import { describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { csvLines, expectCsvFile, postForm } from '../../../../test/csv-export';
import { operatorApp, operatorWith } from '../../../../test/operators';
import { dollars, expectCleanLedger, walletBalanceOf } from '../../../../test/topups';
import { inTransaction } from '../../../db/transaction';
import { credit } from '../../wallet/ledger';
import { placeOrder } from '../../orders/service';

const env = operatorApp();

let seq = 0;
const key = (prefix: string) => `${prefix}:${++seq}:${Date.now()}`;
type Customer = Awaited<ReturnType<typeof loggedInUser>>;

/** A customer with $100 who bought a $30 desktop: answers the customer and the order's id. */
async function customerWithOrder(paid = 30): Promise<{ customer: Customer; orderId: number; no: string }> {
  const customer = await loggedInUser(env.ctx.app, env.ctx.db);
  const order = await inTransaction(env.ctx.database.pool, async (tx) => {
    await credit(tx, {
      userId: customer.userId,
      amountMicros: dollars(100),
      kind: 'topup',
      idempotencyKey: key('t'),
    });
    const placed = await placeOrder(tx, {
      userId: customer.userId,
      idempotencyKey: key('buy'),
      paidAt: new Date(),
      productType: 'desktop',
      originalAmountMicros: dollars(paid),
      paidAmountMicros: dollars(paid),
    });
    return placed.order;
  });
  return { customer, orderId: order.id, no: order.no };
}

const refund = (
  id: number,
  amount: string,
  headers: Record<string, string> = env.admin,
  idempotencyKey = key('k'),
) =>
  env.ctx.app.inject({
    method: 'POST',
    url: `/api/business/order/${id}/refund`,
    headers: { ...headers, 'idempotency-key': idempotencyKey },
    payload: { amount, reason: 'Goodwill after an outage' },
  });

const balanceOf = (customer: Customer) => walletBalanceOf(env.ctx.app, customer);

describe('/business/order list and detail', () => {
  it('lists every customer’s orders with the customer, filtered by e-mail, type and amount', async () => {
    const { customer, no } = await customerWithOrder(30);
    const res = await env.call(
      'GET',
      `/api/business/order/list?email=${encodeURIComponent(customer.email)}&type=desktop&amount_min=29.99&amount_max=30`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as { list: BizOrder[]; total: number };
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      no,
      email: customer.email,
      paid_amount: '30.00',
      refundable_amount: '30.00',
    });

    const above = await env.call(
      'GET',
      `/api/business/order/list?email=${encodeURIComponent(customer.email)}&amount_min=30.01`,
    );
    expect(above.json().data.total).toBe(0);
  });
});

describe('POST /business/order/{id}/refund', () => {
  it('refunds part, then the rest, never more; the customer sees it and the order shows its refunds', async () => {
    const { customer, orderId, no } = await customerWithOrder(30);
    expect(await balanceOf(customer)).toBe('70.00');

    const first = await refund(orderId, '12.50');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ refunded_amount: '12.50', refundable_amount: '17.50' });
    expect(await balanceOf(customer)).toBe('82.50');

    const over = await refund(orderId, '17.51');
    expect(over.statusCode).toBe(422);
    expect(over.json().msg).toContain('17.50');

    const rest = await refund(orderId, '17.50');
    expect(rest.statusCode, rest.body).toBe(200);
    const detail = rest.json().data as BizOrderDetail;
    expect(detail.refundable_amount).toBe('0.00');
    expect(detail.refunds.map((r) => r.amount)).toEqual(['12.50', '17.50']);
    expect(detail.refunds[0]!.operator).toBe('admin@cloudbay.local');
    expect(await balanceOf(customer)).toBe('100.00');
    expect((await refund(orderId, '0.01')).statusCode).toBe(422);

    // The customer's bills show both refunds, naming the order, with the reason.
    const bills = await env.call('GET', '/api/user/user_transactions?expense_type=refund', customer.headers);
    const refunds = (
      bills.json().data.list as Array<{ related_no: string; amount: string; memo: string }>
    ).filter((bill) => bill.related_no === no);
    expect(refunds.map((bill) => bill.amount).sort()).toEqual(['12.50', '17.50']);
    expect(refunds[0]!.memo).toBe('Goodwill after an outage');
    await expectCleanLedger(env.ctx.database);
  });

  it('refunds once under concurrent double clicks (same key or not)', async () => {
    const { customer, orderId } = await customerWithOrder(30);
    const sameKey = key('dbl');
    const twins = await Promise.all([
      refund(orderId, '10.00', env.admin, sameKey),
      refund(orderId, '10.00', env.admin, sameKey),
    ]);
    // One runs; its twin is told it is in flight (409) or gets the first answer replayed.
    expect(twins.map((res) => res.statusCode)).toContain(200);
    for (const res of twins) expect([200, 409]).toContain(res.statusCode);
    expect(await balanceOf(customer)).toBe('80.00');

    // Two clicks with their own keys for the whole remainder: the order row lock lets one through.
    const racing = await Promise.all([refund(orderId, '20.00'), refund(orderId, '20.00')]);
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    expect(await balanceOf(customer)).toBe('100.00');
    await expectCleanLedger(env.ctx.database);
  });

  it('requires an Idempotency-Key, a reason and a positive amount', async () => {
    const { orderId } = await customerWithOrder(30);
    const bare = await env.ctx.app.inject({
      method: 'POST',
      url: `/api/business/order/${orderId}/refund`,
      headers: env.admin,
      payload: { amount: '1.00', reason: 'x' },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().msg).toMatch(/Idempotency-Key/i);
    for (const payload of [
      { amount: '1.00', reason: ' ' },
      { amount: '0', reason: 'x' },
      { amount: '1.001', reason: 'x' },
    ]) {
      const res = await env.ctx.app.inject({
        method: 'POST',
        url: `/api/business/order/${orderId}/refund`,
        headers: { ...env.admin, 'idempotency-key': key('v') },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('data scope and permissions', () => {
  it('an operator who reaches only themselves sees none of the orders: list empty, detail and refund 404', async () => {
    const { customer, orderId } = await customerWithOrder(30);
    const op = await operatorWith(env.ctx.app, env.ctx.db, {
      perms: ['business:order:list', 'business:order:query', 'business:order:refund'],
      dataScope: '5',
    });
    const list = await env.call(
      'GET',
      `/api/business/order/list?email=${encodeURIComponent(customer.email)}`,
      op.headers,
    );
    expect(list.json().data.total).toBe(0);
    const detail = await env.call('GET', `/api/business/order/${orderId}`, op.headers);
    expect(detail.statusCode).toBe(404);
    expect((await refund(orderId, '1.00', op.headers)).statusCode).toBe(404);
    expect(await balanceOf(customer)).toBe('70.00');
  });

  it('refund needs business:order:refund', async () => {
    const { orderId } = await customerWithOrder(30);
    const op = await operatorWith(env.ctx.app, env.ctx.db, {
      perms: ['business:order:list', 'business:order:query'],
    });
    expect((await refund(orderId, '1.00', op.headers)).statusCode).toBe(403);
  });
});

describe('POST /business/order/export', () => {
  it('exports the filtered orders with the customer’s e-mail as CSV', async () => {
    const { customer, no } = await customerWithOrder(30);
    const res = await postForm(
      env.ctx.app,
      '/api/business/order/export',
      { email: customer.email, format: 'csv', time_zone: 'Asia/Shanghai' },
      env.admin,
    );
    expectCsvFile(res, 'orders');
    const lines = csvLines(res.body);
    expect(lines[0]).toMatch(/^Customer e-mail,Order number,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(customer.email);
    expect(lines[1]).toContain(no);
    expect(lines[1]).toContain('30.00');
  });
});
