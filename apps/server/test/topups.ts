/** Top-up fixtures for integration tests: create orders through the API, read what money moved. */
import { expect } from 'vitest';
import type { App } from '../src/app';
import type { Config } from '../src/config/env';
import type { Database } from '../src/db/client';
import { sandboxPayerSignature } from '../src/providers/payments';
import { verifyLedger } from '../src/modules/wallet/verify-ledger';
import { withIdempotencyKey } from './idempotency';

/** Dollars as micro-dollars, exactly: 12.5 → 12_500_000n. */
export const dollars = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

/** POST /api/orders as `user`, as a new operation unless `headers` names its Idempotency-Key. */
export function createOrder(
  app: App,
  user: { headers: Record<string, string> },
  money: number | string,
  payType = 2,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...user.headers, ...withIdempotencyKey('POST', headers) },
    payload: { money, pay_type: payType },
  });
}

/** `?sig=…` of order `no`'s signed payer link, the one `pay_info.qrcode` carries. */
export function payerLinkQuery(config: Pick<Config, 'SANDBOX_PAY_SECRET'>, no: string): string {
  return `?sig=${sandboxPayerSignature(config.SANDBOX_PAY_SECRET!, no)}`;
}

/** POST /api/pay/sandbox/{no}/pay through the order's signed link, as its payer page does. */
export function paySandbox(ctx: { app: App; config: Pick<Config, 'SANDBOX_PAY_SECRET'> }, no: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/pay/sandbox/${no}/pay${payerLinkQuery(ctx.config, no)}`,
  });
}

export async function orderRow(database: Database, no: string) {
  const { rows } = await database.pool.query<{
    status: number;
    credited_micros: bigint;
    bonus_micros: bigint;
  }>('SELECT status, credited_micros, bonus_micros FROM topup_orders WHERE no = $1', [no]);
  return rows[0]!;
}

/** How many ledger transactions were posted under `idempotencyKey` (a credit happened once → 1). */
export async function ledgerCount(database: Database, idempotencyKey: string) {
  const { rows } = await database.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1',
    [idempotencyKey],
  );
  return rows[0]!.n;
}

/** The verdicts logged for an order's callbacks, oldest first. */
export async function callbackVerdicts(database: Database, no: string) {
  const { rows } = await database.pool.query<{ verdict: string }>(
    'SELECT verdict FROM payment_callbacks WHERE order_no = $1 ORDER BY id',
    [no],
  );
  return rows.map((row) => row.verdict);
}

/** Asserts the ledger has no drift; answers the report for further checks. */
export async function expectCleanLedger(database: Database) {
  const report = await verifyLedger(database.db);
  expect(report.drifts).toEqual([]);
  return report;
}

/** The wallet balance `GET /api/user` shows the account of `user`, in dollars ("12.50"). */
export async function walletBalanceOf(app: App, user: { headers: Record<string, string> }): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/user', headers: user.headers });
  return res.json().data.balance as string;
}
