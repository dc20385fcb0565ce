/**
 * Faults under load (issue 14): the app on a real listening socket (127.0.0.1) while every
 * database backend is terminated, and purchases while the simulated cloud is slow. Bounded: a few
 * seconds of load from a handful of loops.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/errors';
import { inTransaction } from '../src/db/transaction';
import { regions } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { credit } from '../src/modules/wallet/ledger';
import { provisioningJobs } from '../src/modules/provisioning/jobs';
import { findResourceByPublicId } from '../src/modules/provisioning/repo';
import type { SimCloudProvider } from '../src/providers/cloud';
import { loggedInUser } from './accounts';
import { createTestApp } from './context';
import { runQueuedJobs } from './run-jobs';
import { dollars } from './topups';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
const clock = new ManualClock(Date.UTC(2026, 10, 1));

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

interface Answer {
  status: number;
  ms: number;
  startedAt: number;
  code?: number;
}

/** One GET through the socket; a request that hangs past 5 s counts as status 0. */
async function timedGet(path: string, headers: Record<string, string>): Promise<Answer> {
  const startedAt = performance.now();
  try {
    const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(5_000) });
    const body = (await res.json()) as { code?: number };
    return { status: res.status, ms: performance.now() - startedAt, startedAt, code: body.code };
  } catch {
    return { status: 0, ms: performance.now() - startedAt, startedAt };
  }
}

/** Terminates every backend of the test database but the caller's; answers how many. */
async function terminateEveryBackend(): Promise<number> {
  const admin = new pg.Client({ connectionString: ctx.url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

describe('database backends terminated under a read load', () => {
  it('fail fast with 503, the process stays up, and answers are 200 again within 10 s', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const headers = { ...customer.headers, 'accept-language': 'en-US' };
    const path = '/api/user/desktop?page=1&limit=10';
    expect((await timedGet(path, headers)).status).toBe(200);

    const answers: Answer[] = [];
    const loops = 6;
    const start = performance.now();
    let killedAt = Number.POSITIVE_INFINITY;
    let stopAt = start + 6_000;
    const load = Array.from({ length: loops }, async () => {
      // At most ~300 requests per loop; each loop stops at the deadline.
      for (let i = 0; i < 300 && performance.now() < stopAt; i += 1) {
        answers.push(await timedGet(path, headers));
      }
    });
    const faults = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      killedAt = performance.now();
      expect(await terminateEveryBackend()).toBeGreaterThan(0);
      // Once more while the pool reconnects: the fresh connections die too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await terminateEveryBackend();
      stopAt = Math.min(stopAt, performance.now() + 3_000);
    })();
    await Promise.all([...load, faults]);

    const before = answers.filter((a) => a.startedAt < killedAt);
    const after = answers.filter((a) => a.startedAt >= killedAt);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((a) => a.status === 200)).toBe(true);
    const failed = after.filter((a) => a.status !== 200);
    // Six loops always have requests in flight when the backends go: the fault was felt.
    expect(failed.length).toBeGreaterThan(0);
    // Whatever failed failed as 503 (the envelope's code too), quickly: no 500, no hang.
    expect(
      failed.map((a) => a.status),
      JSON.stringify(failed.slice(0, 5)),
    ).toEqual(failed.map(() => 503));
    expect(failed.every((a) => a.code === 503)).toBe(true);
    expect(Math.max(0, ...failed.map((a) => a.ms))).toBeLessThan(2_000);
    // Back to 200 within 10 s of the first termination.
    const recovered = after.find((a) => a.status === 200 && a.startedAt > killedAt);
    expect(recovered).toBeDefined();
    expect(recovered!.startedAt + recovered!.ms - killedAt).toBeLessThan(10_000);
    // The process is up and serving.
    expect((await timedGet('/api/readyz', {})).status).toBe(200);
    expect((await timedGet(path, headers)).status).toBe(200);
  }, 30_000);
});

describe('a backend terminated inside a transaction', () => {
  it('fails the transaction as unavailable without an unheard error event, and the pool serves again', async () => {
    const work = inTransaction(ctx.database.pool, async (tx) => {
      const { rows } = await tx.client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const admin = new pg.Client({ connectionString: ctx.url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      // The connection's end arrives between two queries, while the client is checked out.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.client.query('SELECT 1');
    });
    const error = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    const { rows } = await ctx.database.pool.query<{ one: number }>('SELECT 1 AS one');
    expect(rows[0]!.one).toBe(1);
  });
});

describe('a slow cloud', () => {
  it('does not slow a purchase: the cloud is called by the job, not the request', async () => {
    const cloud = ctx.cloud as SimCloudProvider;
    const customer = await loggedInUser(ctx.app, ctx.db);
    await inTransaction(ctx.database.pool, (tx) =>
      credit(tx, {
        userId: customer.userId,
        amountMicros: dollars(200),
        kind: 'topup',
        idempotencyKey: `topup:${randomUUID()}`,
      }),
    );
    const rows = await ctx.db.select().from(regions);
    const hk = rows.find((row) => row.kind === 'desktop' && row.wyRegionId === 'cn-hongkong')!.id;
    const calls = async () =>
      (await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sim_calls')).rows[0]!.n;

    cloud.setFaults({ slowMs: 3_000 });
    const callsBefore = await calls();
    let answer: Response;
    const startedAt = performance.now();
    try {
      answer = await fetch(`${base}/api/user/desktop`, {
        method: 'POST',
        headers: { ...customer.headers, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
        body: JSON.stringify({
          region_id: hk,
          bundle_id: 'b-general-2c4g',
          image_id: 'img-ubuntu-2204',
          billing_method: 'subscription',
          period: 1,
          quantity: 2,
          name: 'office-pc',
          agreed: true,
        }),
        signal: AbortSignal.timeout(10_000),
      });
    } finally {
      cloud.setFaults({ slowMs: 0 });
    }
    const elapsed = performance.now() - startedAt;
    const body = (await answer.json()) as { data: { desktop_ids: string[] } };
    expect(answer.status, JSON.stringify(body)).toBe(200);
    expect(elapsed).toBeLessThan(1_000);
    // Nothing reached the cloud during the request.
    expect(await calls()).toBe(callsBefore);

    // The jobs make the desktops once the cloud answers.
    const core = { config: ctx.config, database: ctx.database, clock, cloud };
    await runQueuedJobs({
      database: ctx.database,
      clock,
      queue: ctx.jobs,
      definitions: provisioningJobs(core),
    });
    for (const id of body.data.desktop_ids) {
      expect(await findResourceByPublicId(ctx.db, id)).toMatchObject({ resourceStatus: 'created' });
    }
  });
});
