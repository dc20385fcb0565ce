/**
 * The Idempotency-Key hooks on a probe route registered by this test only, next to the real API on
 * the test app (same auth hook, same Postgres store), so the route ships nowhere.
 */
import { ErrorCode } from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../test/accounts';
import { createTestApp } from '../../test/context';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { ok } from '../lib/reply';
import { registerAuth } from '../modules/identity/auth-hook';
import { charge, credit } from '../modules/wallet/ledger';
import { walletBalance } from '../modules/wallet/service';
import { IDEMPOTENT_REPLAYED_HEADER, registerIdempotency } from './idempotency';
import { postgresIdempotencyStore, pruneIdempotencyKeys } from './idempotency-store';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let user: Awaited<ReturnType<typeof loggedInUser>>;
let runs = 0;
let failNext = false;
let releaseSlow: (() => void) | undefined;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.register(
    async (scope) => {
      registerAuth(scope, ctx);
      registerIdempotency(scope, postgresIdempotencyStore(ctx.db));
      scope.post<{ Body: { mode: string; cents?: number } }>(
        '/probe',
        { config: { idempotent: true } },
        async (request) => {
          runs += 1;
          const { mode } = request.body;
          if (mode === 'slow') await new Promise<void>((resolve) => (releaseSlow = resolve));
          if (mode === 'flaky' && failNext) {
            failNext = false;
            throw new Error('upstream down');
          }
          if (mode === 'refuse') throw new AppError('business_rule', ErrorCode.INSUFFICIENT_BALANCE);
          if (mode === 'charge') {
            const userId = request.auth!.userId;
            // The ledger key derives from the request's key: even a rerun could not charge twice.
            await inTransaction(ctx.database.pool, (tx) =>
              charge(tx, {
                userId,
                amountMicros: 1_000_000n,
                kind: 'purchase',
                idempotencyKey: `probe:${userId}:${request.idempotencyKey}`,
              }),
            );
          }
          return ok({ run: runs, mode });
        },
      );
    },
    { prefix: '/test-idempotency' },
  );
  user = await loggedInUser(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

let seq = 0;
const newKey = () => `key-${++seq}-${Date.now()}`;
const probe = (key: string | undefined, body: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/test-idempotency/probe',
    headers: { ...user.headers, ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body (keys in any order)', async () => {
    const key = newKey();
    const first = await probe(key, { mode: 'ok', cents: 1 });
    expect(first.statusCode).toBe(200);
    const again = await probe(key, { cents: 1, mode: 'ok' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
  });

  it('refuses a request without a key, running nothing', async () => {
    const before = runs;
    const res = await probe(undefined, { mode: 'ok' }, { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.error_code).toBe(ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    expect(runs).toBe(before);
  });

  it('answers 422 for the same key with a different body', async () => {
    const key = newKey();
    await probe(key, { mode: 'ok', cents: 1 });
    const other = await probe(key, { mode: 'ok', cents: 2 }, { 'accept-language': 'en-US' });
    expect(other.statusCode).toBe(422);
    expect(other.json().msg).toBe('This Idempotency-Key was already used for a different request');
  });

  it('keeps keys per user', async () => {
    const key = newKey();
    await probe(key, { mode: 'ok' });
    const someoneElse = await loggedInUser(ctx.app, ctx.db);
    const res = await probe(key, { mode: 'ok', cents: 9 }, someoneElse.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
  });

  it('answers 409 while the first request is still running, then replays it', async () => {
    const key = newKey();
    const first = probe(key, { mode: 'slow' });
    await expect.poll(() => releaseSlow, { timeout: 5_000 }).toBeDefined();
    const during = await probe(key, { mode: 'slow' }, { 'accept-language': 'zh-CN' });
    expect(during.statusCode).toBe(409);
    expect(during.json().msg).toBe('相同 Idempotency-Key 的请求仍在处理中，请稍后重试');
    releaseSlow!();
    releaseSlow = undefined;
    const done = await first;
    expect(done.statusCode).toBe(200);
    const after = await probe(key, { mode: 'slow' });
    expect(after.body).toBe(done.body);
  });

  it('lets a retry run after a server error, and stores client errors like answers', async () => {
    const key = newKey();
    failNext = true;
    const failed = await probe(key, { mode: 'flaky' });
    expect(failed.statusCode).toBe(500);
    const retried = await probe(key, { mode: 'flaky' });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();

    const refuseKey = newKey();
    const before = runs;
    const refused = await probe(refuseKey, { mode: 'refuse' });
    expect(refused.statusCode).toBe(422);
    const replayed = await probe(refuseKey, { mode: 'refuse' });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(runs).toBe(before + 1);
  });

  it('forgets keys after 24 hours (cleanup job) and lets an expired key start afresh', async () => {
    const [kept, expired] = [newKey(), newKey()];
    await probe(kept, { mode: 'ok' });
    await probe(expired, { mode: 'ok' });
    await ctx.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${expired}`,
    );
    const reused = await probe(expired, { mode: 'ok', cents: 3 });
    expect(reused.statusCode).toBe(200);
    expect(reused.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();

    await ctx.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${expired}`,
    );
    expect(await pruneIdempotencyKeys(ctx.db)).toBe(1);
    const left = await ctx.db.execute<{ key: string }>(
      sql`SELECT key FROM idempotency_keys WHERE key IN (${kept}, ${expired})`,
    );
    expect(left.rows.map((r) => r.key)).toEqual([kept]);
  });

  it('refuses a malformed key', async () => {
    const res = await probe('x'.repeat(201), { mode: 'ok' });
    expect(res.statusCode).toBe(400);
  });

  it('the same key 50 times at once charges once', async () => {
    await inTransaction(ctx.database.pool, (tx) =>
      credit(tx, { userId: user.userId, amountMicros: 5_000_000n, kind: 'topup', idempotencyKey: newKey() }),
    );
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => probe(key, { mode: 'charge' })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(await walletBalance(ctx.db, user.userId)).toBe(4_000_000n);
    const rows = await ctx.db.execute<{ n: bigint }>(
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key LIKE ${`probe:%:${key}`}`,
    );
    expect(rows.rows[0]!.n).toBe(1n);
  });
});
