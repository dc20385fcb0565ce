import { ErrorCode, type Order, type OrderDetail } from '@cloudbay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { csvLines, expectCsvFile, postForm } from '../../../test/csv-export';
import { dollars, expectCleanLedger } from '../../../test/topups';
import { inTransaction } from '../../db/transaction';
import { translate } from '../../lib/i18n';
import { credit } from '../wallet/ledger';
import { findOrderBatch } from './repo';
import { placeOrder, refundOrderPart, setResourceStatus, type PlaceOrderInput } from './service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Customer = Awaited<ReturnType<typeof loggedInUser>>;

const inTx = <T>(work: Parameters<typeof inTransaction<T>>[1]) => inTransaction(ctx.database.pool, work);
let keySeq = 0;
const key = (prefix: string) => `${prefix}:${++keySeq}:${Date.now()}`;

async function customerWith(amount: number) {
  const customer = await loggedInUser(ctx.app, ctx.db);
  await inTx((tx) =>
    credit(tx, {
      userId: customer.userId,
      amountMicros: dollars(amount),
      kind: 'topup',
      idempotencyKey: key('topup'),
    }),
  );
  return customer;
}

async function buy(customer: Customer, amount: number, extra: Partial<PlaceOrderInput> = {}) {
  const { order } = await inTx((tx) =>
    placeOrder(tx, {
      userId: customer.userId,
      idempotencyKey: key('buy'),
      paidAt: new Date(),
      productType: 'desktop',
      originalAmountMicros: dollars(amount),
      paidAmountMicros: dollars(amount),
      ...extra,
    }),
  );
  return order;
}

/** The whole order given back: its only resource failed. */
const refundWhole = (order: { id: number; paidAmountMicros: bigint }, failure: string) =>
  inTx((tx) =>
    refundOrderPart(tx, order.id, {
      resourceId: 'r-whole',
      amountMicros: order.paidAmountMicros,
      failure,
      allFailed: true,
      memo: 'creation_refund',
    }),
  );

/** Moves an order to `iso` (tests cannot wait for days to pass). */
async function backdate(id: number, iso: string) {
  await ctx.database.pool.query('UPDATE orders SET created_at = $2 WHERE id = $1', [id, iso]);
}

function get(customer: Customer, url: string, query: Record<string, string> = {}, language = 'zh-CN') {
  return ctx.app.inject({
    method: 'GET',
    url,
    query,
    headers: { ...customer.headers, 'accept-language': language },
  });
}

async function orderList(customer: Customer, query: Record<string, string> = {}) {
  const res = await get(customer, '/api/user/order', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Order[]; total: number; page: number; limit: number };
}

const nos = (page: { list: Order[] }) => page.list.map((order) => order.no);

const exportCsv = (customer: Customer, form: Record<string, string>, language = 'zh-CN') =>
  postForm(ctx.app, '/api/user/order/export', form, { ...customer.headers, 'accept-language': language });

/** One customer's orders of every kind the filters tell apart, oldest first. */
async function orderBook() {
  const customer = await customerWith(100);
  const desktop = await buy(customer, 10, { period: 1, billingMethod: 'subscription' });
  const phone = await buy(customer, 5, { productType: 'phone', action: 'renew' });
  const eip = await buy(customer, 2, { productType: 'eip' });
  await inTx((tx) => setResourceStatus(tx, desktop.id, 'created'));
  await refundWhole(phone, 'no capacity');
  await backdate(desktop.id, '2026-03-01T10:00:00Z');
  await backdate(phone.id, '2026-03-05T10:00:00Z');
  await backdate(eip.id, '2026-03-09T10:00:00Z');
  return { customer, desktop, phone, eip };
}

describe('GET /api/user/order', () => {
  it('lists the caller’s orders newest first, a page at a time', async () => {
    const { customer, desktop, phone, eip } = await orderBook();
    const all = await orderList(customer);
    expect(all.total).toBe(3);
    expect(nos(all)).toEqual([eip.no, phone.no, desktop.no]);
    expect(all.list[1]).toMatchObject({
      type: 'phone',
      action: 'renew',
      status: 'paid',
      resource_status: 'refunded',
      quantity: 1,
      original_amount: '5.00',
      paid_amount: '5.00',
      refunded_amount: '5.00',
    });
    expect(all.list[2]).toMatchObject({
      billing_method: 'subscription',
      period: 1,
      created_at: '2026-03-01T10:00:00.000Z',
    });

    const second = await orderList(customer, { page: '2', limit: '10' });
    expect(second).toMatchObject({ total: 3, list: [], page: 2, limit: 10 });
  });

  it('narrows by number prefix, type, status, resource status and time', async () => {
    const { customer, desktop, phone, eip } = await orderBook();
    await ctx.database.pool.query("UPDATE orders SET status = 'payment_failed' WHERE id = $1", [eip.id]);

    expect(nos(await orderList(customer, { no: desktop.no.slice(0, 12).toLowerCase() }))).toEqual([
      desktop.no,
    ]);
    expect(nos(await orderList(customer, { no: 'OD%' }))).toEqual([]);
    expect(nos(await orderList(customer, { type: 'phone' }))).toEqual([phone.no]);
    expect(nos(await orderList(customer, { status: 'payment_failed' }))).toEqual([eip.no]);
    expect(nos(await orderList(customer, { resource_status: 'created' }))).toEqual([desktop.no]);
    expect(nos(await orderList(customer, { begin_time: '2026-03-05', end_time: '2026-03-08' }))).toEqual([
      phone.no,
    ]);
    expect(nos(await orderList(customer, { end_time: '2026-03-05T09:59:59Z' }))).toEqual([desktop.no]);
    expect((await orderList(customer, { type: '', status: '' })).total).toBe(3);
    expect((await get(customer, '/api/user/order', { type: 'spaceship' })).statusCode).toBe(400);
  });
});

describe('GET /api/user/order/{id}', () => {
  it('shows the spec, the failure and the wallet movements; another customer’s order is 404', async () => {
    const owner = await customerWith(30);
    const order = await buy(owner, 12, { spec: { bundle: 'std-2c4g', name: 'dev box' } });
    await refundWhole(order, 'region sold out');

    const res = await get(owner, `/api/user/order/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as OrderDetail;
    expect(detail).toMatchObject({
      id: order.id,
      no: order.no,
      spec: { bundle: 'std-2c4g', name: 'dev box' },
      failure: 'region sold out',
      resource_status: 'refunded',
      refunded_amount: '12.00',
    });
    expect(detail.bills.map((bill) => [bill.expense_type, bill.amount, bill.related_no])).toEqual([
      ['refund', '12.00', order.no],
      ['purchase', '-12.00', order.no],
    ]);
    // The refund says why in the reader's words; the cloud's own text stays the order's failure.
    const refundMemo = async (language: string) =>
      ((await get(owner, `/api/user/order/${order.id}`, {}, language)).json().data as OrderDetail).bills[0]!
        .memo;
    expect(await refundMemo('zh-CN')).toBe('资源创建失败退款');
    expect(await refundMemo('en-US')).toBe('Refund: the resource could not be created');

    const other = await customerWith(1);
    const theirs = await get(other, `/api/user/order/${order.id}`, {}, 'en-US');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 404, msg: translate('en-US', ErrorCode.ORDER_NOT_FOUND) });
    expect((await get(owner, '/api/user/order/999999999')).statusCode).toBe(404);
  });
});

describe('GET /api/user/order/product_type', () => {
  it('labels the product types in the caller’s language', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const zh = await get(customer, '/api/user/order/product_type');
    expect(zh.statusCode, zh.body).toBe(200);
    expect(zh.json().data).toEqual(expect.arrayContaining([{ value: 'desktop', label: '云电脑' }]));
    expect(zh.json().data.map((option: { value: string }) => option.value)).toEqual([
      'desktop',
      'phone',
      'office_site',
      'eip',
      'backup_space',
      'phone_network',
      'proxy',
    ]);
    const en = await get(customer, '/api/user/order/product_type', {}, 'en-US');
    expect(en.json().data).toEqual(
      expect.arrayContaining([
        { value: 'desktop', label: 'Cloud computer' },
        { value: 'eip', label: 'Elastic IP' },
      ]),
    );
  });
});

describe('POST /api/user/order/export', () => {
  it('streams the filtered orders as CSV: BOM, translated header, dictionary labels, dated name', async () => {
    const { customer, desktop, phone } = await orderBook();
    const res = await exportCsv(customer, { time_zone: 'Asia/Shanghai', end_time: '2026-03-06', type: '' });
    expectCsvFile(res, 'orders');

    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      '订单号,下单时间 (Asia/Shanghai),产品类型,订单类型,订单状态,资源状态,数量,计费方式,时长（月）,原价（美元）,实付金额（美元）,已退款（美元）,支付时间 (Asia/Shanghai)',
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${phone.no},2026-03-05 18:00:00,云手机,续费,已支付,已退款,1,,,5\\.00,5\\.00,5\\.00,\\d{4}-`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${desktop.no},2026-03-01 18:00:00,云电脑,新购,已支付,已创建,1,包年包月,1,10\\.00,10\\.00,0\\.00,`,
        ),
      ),
    ]);
  });

  it('writes English for en-US, UTC by default, and guards formula-looking text', async () => {
    const { customer, eip } = await orderBook();
    await ctx.database.pool.query(
      "UPDATE sys_dict_data SET label_en = $1 WHERE dict_type = 'order_product_type' AND dict_value = 'eip'",
      ['=HYPERLINK("http://evil"), "x"'],
    );
    try {
      const res = await exportCsv(customer, { type: 'eip' }, 'en-US');
      expect(res.statusCode).toBe(200);
      const lines = csvLines(res.body);
      expect(lines[0]).toMatch(
        /^Order number,Created \(UTC\),Product type,Order type,Order status,Resource status,/,
      );
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${eip.no},2026-03-09 10:00:00,"'=HYPERLINK\\(""http://evil""\\), ""x""",New purchase,Paid,Not created,`,
          ),
        ),
      ]);
    } finally {
      await ctx.database.pool.query(
        "UPDATE sys_dict_data SET label_en = 'Elastic IP' WHERE dict_type = 'order_product_type' AND dict_value = 'eip'",
      );
    }
  });

  it('exports only the caller’s orders and refuses bad input', async () => {
    const lonely = await loggedInUser(ctx.app, ctx.db);
    await orderBook();
    const res = await exportCsv(lonely, {});
    expect(res.statusCode).toBe(200);
    expect(csvLines(res.body)).toHaveLength(1);
    expect((await exportCsv(lonely, { time_zone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await exportCsv(lonely, { resource_status: 'lost' })).statusCode).toBe(400);
    expect((await postForm(ctx.app, '/api/user/order/export', {})).statusCode).toBe(401);
  });
});

describe('export batches', () => {
  it('reads every order once across keyset batches, ties on the creation time included', async () => {
    const { customer, desktop, phone, eip } = await orderBook();
    await backdate(phone.id, '2026-03-01T10:00:00Z');
    const criteria = { userId: customer.userId };
    const seen: string[] = [];
    let batch = await findOrderBatch(ctx.db, criteria, undefined, 2);
    while (batch.length > 0) {
      seen.push(...batch.map((order) => order.no));
      batch = await findOrderBatch(ctx.db, criteria, batch.at(-1)!.id, 2);
    }
    expect(seen).toEqual([eip.no, phone.no, desktop.no]);
    expect(nos(await orderList(customer))).toEqual(seen);
  });
});

describe('the ledger after these tests', () => {
  it('has no drift', async () => {
    await expectCleanLedger(ctx.database);
  });
});
