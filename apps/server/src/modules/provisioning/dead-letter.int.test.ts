/**
 * Purchases whose creation job fails for good (issue 14 §3): after the last try the settlement
 * reads the cloud by client token and adopts what it finds or refunds once; an operator's retry of
 * the dead letter refunds nothing more.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../../../test/accounts';
import { createEffects, desktopHarness, type DesktopHarness } from '../../../test/desktop-fixtures';
import { orderSettlement } from '../../../test/orders';
import { runThroughRetries } from '../../../test/run-jobs';
import { expectCleanLedger } from '../../../test/topups';
import type { CoreDeps } from '../../app-deps';
import { DEAD_LETTER_QUEUE } from '../../jobs/queue';
import type { SimCloudProvider } from '../../providers/cloud';
import { CloudError } from '../../providers/cloud/types';
import { DEMO_ADMIN } from '../identity/reference-data';
import { orderPartRefundKey } from '../orders/service';
import { walletBalance } from '../wallet/service';
import { AWAIT_JOB, createResource, provisioningJobs, settleExhausted } from './jobs';
import { CREATE_JOB } from './service';

let h: DesktopHarness;
let ctx: DesktopHarness['ctx'];
let cloud: SimCloudProvider;
let core: CoreDeps;
let admin: Record<string, string>;

beforeAll(async () => {
  h = await desktopHarness(Date.UTC(2026, 10, 1));
  ({ ctx, cloud, core } = h);
  const res = await logIn(ctx.app, ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  admin = { authorization: `Bearer ${res.json().data.access_token}` };
});
afterAll(() => ctx.close());

/** One queue's jobs tried through pg-boss until they succeed or reach the dead letters. */
const exhaust = (name: string, deps: CoreDeps) =>
  runThroughRetries(
    { database: ctx.database, queue: ctx.jobs, boss: ctx.jobs.boss, definitions: provisioningJobs(deps) },
    name,
  );

/** A customer with a running desktop, so the next purchase reuses its free office network. */
async function customerWithNetwork() {
  const customer = await h.customer(300);
  await h.buy(customer);
  await h.runJobs();
  return customer;
}

/** The cloud as the engine sees it, with `create` down (an outage that outlasts every retry). */
function cloudWithCreateDown(): { deps: CoreDeps; calls: () => number } {
  let calls = 0;
  const down = Object.assign(Object.create(cloud) as SimCloudProvider, {
    create: () => {
      calls += 1;
      return Promise.reject(new CloudError('unavailable', 'the cloud is down'));
    },
  });
  return { deps: { ...core, cloud: down }, calls: () => calls };
}

async function deadLettersOf(queue: string, id: number) {
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    `SELECT id FROM pgboss.job WHERE name = $1 AND source_name = $2 AND (data ->> 'id')::int = $3`,
    [DEAD_LETTER_QUEUE, queue, id],
  );
  return rows.map((r) => r.id);
}

async function refundNotices(userId: number) {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM user_notices WHERE user_id = $1 AND title_zh = '资源创建失败，已退款'`,
    [userId],
  );
  return rows[0]!.n;
}

/** Ledger transactions of a resource's refund (refundOrderPart's key: one per order and resource). */
async function refundTransactions(no: string, resourceId: string) {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1`,
    [orderPartRefundKey(no, resourceId)],
  );
  return rows[0]!.n;
}

const retryDeadLetter = (id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/monitor/job/dead_letters/${id}/retry`,
    headers: { ...admin, 'idempotency-key': randomUUID() },
  });

describe('a creation that fails for good', () => {
  it('is refunded once with a notice when the cloud never made it; an operator retry refunds nothing more', async () => {
    const customer = await customerWithNetwork();
    const before = await walletBalance(ctx.db, customer.userId);
    const purchase = await h.buy(customer);
    const desktop = await h.row(purchase.desktop_ids[0]!);
    const charged = await walletBalance(ctx.db, customer.userId);
    expect(charged).toBeLessThan(before);

    // Every try of the create meets the outage: 1 + retryLimit (8) tries, then the dead letter.
    const outage = cloudWithCreateDown();
    expect(await exhaust(CREATE_JOB, outage.deps)).toBe(9);
    expect(outage.calls()).toBeGreaterThanOrEqual(9);
    const [letter] = await deadLettersOf(CREATE_JOB, desktop.id);
    expect(letter).toBeDefined();

    // The settlement (the cloud answers again, and knows nothing of the token): the clean-failure path.
    await h.runJobs();
    const settled = await h.row(desktop.resourceId);
    expect(settled).toMatchObject({ resourceStatus: 'refunded', instanceId: null });
    const order = await orderSettlement(ctx.database, purchase.order.no);
    expect(order.resource_status).toBe('refunded');
    expect(order.refunded_amount_micros).toBe(order.paid_amount_micros);
    expect(await walletBalance(ctx.db, customer.userId)).toBe(before);
    expect(await refundNotices(customer.userId)).toBe(1);
    expect(await refundTransactions(purchase.order.no, desktop.resourceId)).toBe(1);

    // An operator retries the dead letter: the create finds the resource settled and does nothing.
    const retried = await retryDeadLetter(letter!);
    expect(retried.statusCode, retried.body).toBe(200);
    await h.runJobs();
    expect(await h.row(desktop.resourceId)).toMatchObject({ resourceStatus: 'refunded' });
    expect(await walletBalance(ctx.db, customer.userId)).toBe(before);
    expect(await refundNotices(customer.userId)).toBe(1);
    expect(await refundTransactions(purchase.order.no, desktop.resourceId)).toBe(1);
    expect(await createEffects(ctx.database, desktop.clientToken)).toBe(0);
    // Running the settlement again (a duplicate delivery) changes nothing either.
    await settleExhausted(core, ctx.jobs, { id: desktop.id, after: 'create' });
    expect(await walletBalance(ctx.db, customer.userId)).toBe(before);
    await expectCleanLedger(ctx.database);
  });

  it('adopts the resource the cloud made although every answer was lost, and charges it', async () => {
    const customer = await customerWithNetwork();
    const purchase = await h.buy(customer);
    const desktop = await h.row(purchase.desktop_ids[0]!);
    const charged = await walletBalance(ctx.db, customer.userId);

    // The first create takes effect upstream; every answer (and every replay's) times out.
    cloud.setFaults({ timeout: 1 });
    try {
      expect(await exhaust(CREATE_JOB, core)).toBe(9);
    } finally {
      cloud.setFaults({ timeout: 0 });
    }
    expect(await deadLettersOf(CREATE_JOB, desktop.id)).toHaveLength(1);
    expect(await h.row(desktop.resourceId)).toMatchObject({ resourceStatus: 'not_created' });

    await h.runJobs();
    const adopted = await h.row(desktop.resourceId);
    expect(adopted).toMatchObject({ resourceStatus: 'created', status: 'running' });
    expect(adopted.instanceId).not.toBeNull();
    expect(await createEffects(ctx.database, desktop.clientToken)).toBe(1);
    expect((await orderSettlement(ctx.database, purchase.order.no)).resource_status).toBe('created');
    expect(await walletBalance(ctx.db, customer.userId)).toBe(charged);
    expect(await refundNotices(customer.userId)).toBe(0);
    await expectCleanLedger(ctx.database);
  });

  it('after the polls give up, a resource the cloud finished is created, not refunded', async () => {
    const customer = await customerWithNetwork();
    const purchase = await h.buy(customer);
    const desktop = await h.row(purchase.desktop_ids[0]!);
    const charged = await walletBalance(ctx.db, customer.userId);
    await createResource(core, ctx.jobs, { id: desktop.id });
    expect(await h.row(desktop.resourceId)).toMatchObject({ resourceStatus: 'creating' });

    // Every poll meets an outage of describe: the await job ends in the dead letters.
    const blind: CoreDeps = {
      ...core,
      cloud: Object.assign(Object.create(cloud) as SimCloudProvider, {
        describe: () => Promise.reject(new CloudError('unavailable', 'the cloud is down')),
      }),
    };
    expect(await exhaust(AWAIT_JOB, blind)).toBe(6);
    expect(await deadLettersOf(AWAIT_JOB, desktop.id)).toHaveLength(1);

    await h.runJobs();
    expect(await h.row(desktop.resourceId)).toMatchObject({
      resourceStatus: 'created',
      status: 'running',
    });
    expect(await walletBalance(ctx.db, customer.userId)).toBe(charged);
    expect(await refundNotices(customer.userId)).toBe(0);
  });

  it('after the polls give up, a resource the cloud is still making is polled again, not refunded', async () => {
    const customer = await customerWithNetwork();
    const purchase = await h.buy(customer);
    const desktop = await h.row(purchase.desktop_ids[0]!);
    const charged = await walletBalance(ctx.db, customer.userId);
    await createResource(core, ctx.jobs, { id: desktop.id });
    await ctx.database.pool.query(`DELETE FROM pgboss.job WHERE name = $1`, [AWAIT_JOB]);

    // The clock has not moved: upstream the desktop is still pending.
    await settleExhausted(core, ctx.jobs, { id: desktop.id, after: 'await' });
    expect(await h.row(desktop.resourceId)).toMatchObject({ resourceStatus: 'creating' });
    const { rows } = await ctx.database.pool.query<{ data: { id: number; attempt: number } }>(
      `SELECT data FROM pgboss.job WHERE name = $1 AND state = 'created'`,
      [AWAIT_JOB],
    );
    expect(rows.map((r) => r.data)).toEqual([{ id: desktop.id, attempt: 1 }]);

    await h.runJobs();
    expect(await h.row(desktop.resourceId)).toMatchObject({
      resourceStatus: 'created',
      status: 'running',
    });
    expect(await walletBalance(ctx.db, customer.userId)).toBe(charged);
  });

  it('waits for a create job still pending (an operator retry) instead of refunding beside it', async () => {
    const customer = await customerWithNetwork();
    const purchase = await h.buy(customer);
    const desktop = await h.row(purchase.desktop_ids[0]!);
    const charged = await walletBalance(ctx.db, customer.userId);

    // The purchase's create job is still queued: a settlement now would race it.
    await expect(settleExhausted(core, ctx.jobs, { id: desktop.id, after: 'create' })).rejects.toThrow(
      /still pending/,
    );
    expect(await h.row(desktop.resourceId)).toMatchObject({ resourceStatus: 'not_created' });
    expect(await walletBalance(ctx.db, customer.userId)).toBe(charged);

    await h.runJobs();
    expect(await h.row(desktop.resourceId)).toMatchObject({ resourceStatus: 'created' });
    // Once created, a late settlement has nothing to do.
    await settleExhausted(core, ctx.jobs, { id: desktop.id, after: 'create' });
    expect(await walletBalance(ctx.db, customer.userId)).toBe(charged);
  });
});
