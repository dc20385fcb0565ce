import { TOPUP_STATUS, type BizTopup, type BizTopupDetail } from '@cloudbay/contracts';
import { describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { csvLines, expectCsvFile, postForm } from '../../../../test/csv-export';
import { operatorApp, operatorWith } from '../../../../test/operators';
import {
  callbackVerdicts,
  createOrder,
  expectCleanLedger,
  ledgerCount,
  orderRow,
  paySandbox,
  walletBalanceOf,
} from '../../../../test/topups';
import { eq } from 'drizzle-orm';
import { sandboxPayments } from '../../../db/schema';
import { createPaymentGateways, databaseSandboxBooks, paymentGatewaysOf } from '../../../providers/payments';
import { expirePendingOrders } from '../../payments/repo';
import { handleCallback } from '../../payments/service';

const env = operatorApp();

let seq = 0;
const key = () => `reconcile-${++seq}-${Date.now()}`;
type Customer = Awaited<ReturnType<typeof loggedInUser>>;
/** Gateways as the app's routes build them (the sandbox keeps its books in the database). */
const gateways = () => paymentGatewaysOf(env.ctx.config, env.ctx.clock, env.ctx.database);
const callbackDeps = () => ({ database: env.ctx.database, gateways: gateways(), clock: env.ctx.clock });

/** A customer's $40 stablecoin top-up through the API; answers its number and id. */
async function topupOf(customer: Customer) {
  const res = await createOrder(env.ctx.app, customer, 40);
  expect(res.statusCode, res.body).toBe(200);
  const { no, order_id: id } = res.json().data as { no: string; order_id: number };
  return { no, id };
}

/** The order timed out: its window closed without a callback. */
const expire = (no: string) => expirePendingOrders(env.ctx.db, new Date(Date.now() + 3_600_000), no);

const detail = async (id: number, headers = env.admin) => {
  const res = await env.ctx.app.inject({ method: 'GET', url: `/api/business/topup/${id}`, headers });
  return res;
};
const reconcile = (id: number, headers = env.admin, reason = 'Payer sent the gateway receipt') =>
  env.ctx.app.inject({
    method: 'POST',
    url: `/api/business/topup/${id}/reconcile`,
    headers: { ...headers, 'idempotency-key': key() },
    payload: { reason },
  });

const balanceOf = (customer: Customer) => walletBalanceOf(env.ctx.app, customer);

describe('/business/topup list and callback history', () => {
  it('lists top-ups with the customer, gateway and trade id, filtered by e-mail and status', async () => {
    const customer = await loggedInUser(env.ctx.app, env.ctx.db);
    const { no } = await topupOf(customer);
    const res = await env.call(
      'GET',
      `/api/business/topup/list?email=${encodeURIComponent(customer.email)}&status=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as { list: BizTopup[]; total: number };
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      no,
      email: customer.email,
      gateway: 'sandbox',
      trade_id: `sandbox-${no}`,
      status: TOPUP_STATUS.PENDING,
      money: '40.00',
    });
    const paid = await env.call(
      'GET',
      `/api/business/topup/list?email=${encodeURIComponent(customer.email)}&status=2`,
    );
    expect(paid.json().data.total).toBe(0);
  });

  it('records every callback with whether its signature held, the signature masked', async () => {
    const customer = await loggedInUser(env.ctx.app, env.ctx.db);
    const { no, id } = await topupOf(customer);
    // A forged callback first (bad signature), then the genuine payment.
    const forged = await handleCallback(callbackDeps(), 'sandbox', {
      method: 'POST',
      body: { no, trade_id: 'x', amount: '40', paid_amount: '40.00', status: 'paid', signature: 'forged' },
      query: {},
      headers: {},
    });
    expect(forged.status).toBe(400);
    expect((await paySandbox(env.ctx, no)).statusCode).toBe(200);

    const res = await detail(id);
    expect(res.statusCode, res.body).toBe(200);
    const callbacks = (res.json().data as BizTopupDetail).callbacks;
    expect(callbacks.map((c) => [c.verdict, c.signature_valid])).toEqual([
      ['bad_signature', false],
      ['credited', true],
    ]);
    expect(callbacks[1]!.payload).toMatchObject({ no, status: 'paid', signature: '******' });
    expect(JSON.stringify(callbacks)).not.toContain('forged');
  });
});

describe('manual reconcile', () => {
  it('credits once from the gateway’s answer; a late genuine callback credits nothing more', async () => {
    const customer = await loggedInUser(env.ctx.app, env.ctx.db);
    const { no, id } = await topupOf(customer);
    // The payer paid at the gateway, but the callback never arrived and the order timed out.
    const sandbox = gateways().sandboxFor('2')!;
    const lateCallback = await sandbox.receivePayment(no, 40_000_000n);
    await expire(no);
    expect((await orderRow(env.ctx.database, no)).status).toBe(TOPUP_STATUS.TIMEOUT);

    const asked = await env.call('GET', `/api/business/topup/${id}/gateway`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({
      gateway: 'sandbox',
      paid: true,
      covers_order: true,
      trade_id: `sandbox-${no}`,
    });

    const done = await reconcile(id);
    expect(done.statusCode, done.body).toBe(200);
    const reconciled = done.json().data as BizTopupDetail;
    expect(reconciled.status).toBe(TOPUP_STATUS.PAID);
    expect(reconciled.callbacks.at(-1)).toMatchObject({
      verdict: 'reconciled',
      signature_valid: null,
      payload: { operator: 'admin@cloudbay.local', reason: 'Payer sent the gateway receipt' },
    });
    // 40 and the first-recharge bonus of 10 %.
    expect(await balanceOf(customer)).toBe('44.00');

    const again = await reconcile(id);
    expect(again.statusCode).toBe(409);
    const late = await handleCallback(callbackDeps(), 'sandbox', {
      method: 'POST',
      body: lateCallback,
      query: {},
      headers: {},
    });
    expect(late.verdict).toBe('duplicate');
    expect(await balanceOf(customer)).toBe('44.00');
    expect(await ledgerCount(env.ctx.database, `topup:${no}`)).toBe(1);
    expect(await callbackVerdicts(env.ctx.database, no)).toEqual(['reconciled', 'duplicate']);
    await expectCleanLedger(env.ctx.database);
  });

  it('the sandbox keeps its record of a payment in the database, so a restarted process finds it', async () => {
    const customer = await loggedInUser(env.ctx.app, env.ctx.db);
    const { no, id } = await topupOf(customer);
    // Paid at the sandbox by one process; the callback was lost.
    await gateways().sandboxFor('2')!.receivePayment(no, 40_000_000n);
    const [booked] = await env.ctx.db.select().from(sandboxPayments).where(eq(sandboxPayments.no, no));
    expect(booked).toMatchObject({ payType: '2', tradeId: `sandbox-${no}`, amount: '40.000000' });
    // A process started afterwards builds new adapters: the books are still there.
    const restarted = createPaymentGateways(
      env.ctx.config,
      databaseSandboxBooks(env.ctx.db),
      env.ctx.clock,
    ).sandboxFor('2')!;
    expect(
      await restarted.queryPayment({
        no,
        tradeId: `sandbox-${no}`,
        amountMicros: 40_000_000n,
        rateAmount: '40.00',
      }),
    ).toMatchObject({ no, status: 'paid', amountMicros: 40_000_000n });
    const done = await reconcile(id);
    expect(done.statusCode, done.body).toBe(200);
    expect(await balanceOf(customer)).toBe('44.00');
  });

  it('is refused while the gateway says the order is unpaid, and needs a reason and a key', async () => {
    const customer = await loggedInUser(env.ctx.app, env.ctx.db);
    const { no, id } = await topupOf(customer);
    await expire(no);
    const asked = await env.call('GET', `/api/business/topup/${id}/gateway`);
    expect(asked.json().data).toMatchObject({ paid: false, covers_order: false });
    const refused = await reconcile(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toMatch(/not show this order as paid/);
    expect((await orderRow(env.ctx.database, no)).status).toBe(TOPUP_STATUS.TIMEOUT);
    expect(await balanceOf(customer)).toBe('0.00');

    expect((await reconcile(id, env.admin, '  ')).statusCode).toBe(400);
    const bare = await env.ctx.app.inject({
      method: 'POST',
      url: `/api/business/topup/${id}/reconcile`,
      headers: env.admin,
      payload: { reason: 'x' },
    });
    expect(bare.statusCode).toBe(400);
  });
});

describe('data scope, gateways and export', () => {
  it('an operator who reaches only themselves gets 404 for a customer’s top-up', async () => {
    const customer = await loggedInUser(env.ctx.app, env.ctx.db);
    const { id } = await topupOf(customer);
    const op = await operatorWith(env.ctx.app, env.ctx.db, {
      perms: ['business:topup:list', 'business:topup:query', 'business:topup:reconcile'],
      dataScope: '5',
    });
    expect((await detail(id, op.headers)).statusCode).toBe(404);
    expect((await reconcile(id, op.headers)).statusCode).toBe(404);
    const list = await env.call(
      'GET',
      `/api/business/topup/list?email=${encodeURIComponent(customer.email)}`,
      op.headers,
    );
    expect(list.json().data.total).toBe(0);
  });

  it('shows which gateway serves each pay type, never a secret', async () => {
    const res = await env.call('GET', '/api/business/topup/gateways');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { pay_type: '1', gateway: 'sandbox', enabled: true, callback_url: null },
      { pay_type: '2', gateway: 'sandbox', enabled: true, callback_url: null },
    ]);
    expect(res.body).not.toContain(env.ctx.config.SANDBOX_PAY_SECRET!);
  });

  it('exports the filtered top-ups with customer, gateway and trade id', async () => {
    const customer = await loggedInUser(env.ctx.app, env.ctx.db);
    const { no } = await topupOf(customer);
    const res = await postForm(
      env.ctx.app,
      '/api/business/topup/export',
      { email: customer.email, format: 'csv' },
      env.admin,
    );
    expectCsvFile(res, 'topups');
    const lines = csvLines(res.body);
    expect(lines[0]).toMatch(/^Customer e-mail,Gateway,Gateway trade id,Top-up number,/);
    expect(lines).toEqual([
      lines[0],
      expect.stringContaining(`${customer.email},sandbox,sandbox-${no},${no},`),
    ]);
  });
});
