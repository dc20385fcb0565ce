import { randomUUID } from 'node:crypto';
import type { Job } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { createEffects } from '../../../test/desktop-fixtures';
import { orderSettlement } from '../../../test/orders';
import { recordResourceVersions } from '../../../test/resource-versions';
import { runQueuedJobs } from '../../../test/run-jobs';
import { dollars, expectCleanLedger } from '../../../test/topups';
import type { CoreDeps } from '../../app-deps';
import { regions } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { ManualClock } from '../../lib/clock';
import type { SimCloudProvider } from '../../providers/cloud';
import { credit } from '../wallet/ledger';
import { walletBalance } from '../wallet/service';
import { REFRESH_JOB, isReadyStatus, refreshStatuses, requestAction } from './actions';
import { AWAIT_JOB, createResource, failCreation, provisioningJobs } from './jobs';
import { findResourceByPublicId, type ResourceRow } from './repo';
import { CREATE_JOB, purchaseDesktops } from './service';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
type Customer = Awaited<ReturnType<typeof loggedInUser>>;

let ctx: Ctx;
let clock: ManualClock;
let cloud: SimCloudProvider;
let core: CoreDeps;
let hk: number;

beforeAll(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 1));
  ctx = await createTestApp({ clock });
  cloud = ctx.cloud as SimCloudProvider;
  core = { config: ctx.config, database: ctx.database, clock, cloud };
  const rows = await ctx.db.select().from(regions);
  hk = rows.find((row) => row.kind === 'desktop' && row.wyRegionId === 'cn-hongkong')!.id;
});
afterAll(() => ctx.close());

const EN = { 'accept-language': 'en-US' };

async function customerWith(amount: number): Promise<Customer> {
  const customer = await loggedInUser(ctx.app, ctx.db);
  if (amount > 0) {
    await inTransaction(ctx.database.pool, (tx) =>
      credit(tx, {
        userId: customer.userId,
        amountMicros: dollars(amount),
        kind: 'topup',
        idempotencyKey: `topup:${randomUUID()}`,
      }),
    );
  }
  return customer;
}

const purchaseBody = (extra: Record<string, unknown> = {}) => ({
  region_id: hk,
  bundle_id: 'b-general-2c4g',
  image_id: 'img-ubuntu-2204',
  billing_method: 'subscription',
  period: 1,
  quantity: 1,
  name: 'office-pc',
  agreed: true,
  ...extra,
});

function buy(customer: Customer, body = purchaseBody(), headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/desktop',
    headers: { ...customer.headers, 'idempotency-key': randomUUID(), ...headers },
    payload: body,
  });
}

async function bought(customer: Customer, body = purchaseBody()) {
  const res = await buy(customer, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    order: { id: number; no: string; paid_amount: string };
    desktop_ids: string[];
    office_site_id: string;
  };
}

/** Runs the provisioning jobs waiting in pg-boss as a worker would (test/run-jobs.ts). */
const runJobs = (deps: CoreDeps = core, max = 200) =>
  runQueuedJobs({ database: ctx.database, clock, queue: ctx.jobs, definitions: provisioningJobs(deps) }, max);

const resource = async (resourceId: string): Promise<ResourceRow> =>
  (await findResourceByPublicId(ctx.db, resourceId))!;

async function queuedJobs(name: string) {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'created'`,
    [name],
  );
  return rows[0]!.n;
}

async function noticesOf(userId: number) {
  const { rows } = await ctx.database.pool.query<{ title_zh: string; content_en: string }>(
    'SELECT title_zh, content_en FROM user_notices WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows;
}

/** A customer with one running desktop (the free network made along the way); jobs drained. */
async function runningDesktop(balance = 200) {
  const customer = await customerWith(balance);
  const purchase = await bought(customer);
  await runJobs();
  const desktop = await resource(purchase.desktop_ids[0]!);
  expect(desktop).toMatchObject({ status: 'running', resourceStatus: 'created' });
  return { customer, purchase, desktop };
}

describe('purchase', () => {
  it('charges exactly the price the price endpoint quotes, and the bill says the same', async () => {
    const customer = await customerWith(500);
    const body = purchaseBody({ period: 3, quantity: 2, system_disk: 120 });
    const price = await ctx.app.inject({
      method: 'GET',
      url: '/api/describe_price',
      query: {
        region_id: String(hk),
        bundle_id: body.bundle_id as string,
        system_disk: '120',
        billing_method: 'subscription',
        period: '3',
        quantity: '2',
      },
    });
    const payable = price.json().data.payable_price as string;
    const purchase = await bought(customer, body);
    expect(purchase.order.paid_amount).toBe(payable);
    expect(purchase.desktop_ids).toHaveLength(2);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/order/${purchase.order.id}`,
      headers: customer.headers,
    });
    expect(detail.json().data.bills.map((b: { amount: string }) => b.amount)).toEqual([`-${payable}`]);
    expect(await walletBalance(ctx.db, customer.userId)).toBe(dollars(500) - dollars(Number(payable)));
    const desktop = await resource(purchase.desktop_ids[0]!);
    expect(desktop).toMatchObject({
      status: 'pending',
      resourceStatus: 'not_created',
      billingMethod: 'subscription',
      expiresAt: new Date(Date.UTC(2026, 10 + 3, 1)),
    });
    await expectCleanLedger(ctx.database);
  });

  it('is made by the engine alone: not created → creating → created, network first', async () => {
    const customer = await customerWith(200);
    const purchase = await bought(customer);
    const site = await resource(purchase.office_site_id);
    expect(site.spec).toMatchObject({ free: true });
    expect(site.gift).toBe(true);

    // The desktop waits for its network, then is created and polled until it runs.
    expect(await runJobs()).toBeGreaterThan(3);
    expect(await resource(purchase.office_site_id)).toMatchObject({
      status: 'normal',
      resourceStatus: 'created',
    });
    const desktop = await resource(purchase.desktop_ids[0]!);
    expect(desktop).toMatchObject({ status: 'running', resourceStatus: 'created' });
    expect(desktop.instanceId).toMatch(/^ecd-/);
    expect((await orderSettlement(ctx.database, purchase.order.no)).resource_status).toBe('created');

    // The second purchase in the region reuses the free network.
    const again = await bought(customer);
    expect(again.office_site_id).toBe(purchase.office_site_id);
    await runJobs();
    expect((await resource(again.desktop_ids[0]!)).status).toBe('running');

    const list = await ctx.app.inject({ method: 'GET', url: '/api/user/desktop', headers: customer.headers });
    expect(list.json().data).toMatchObject({ total: 2, page: 1 });
    expect(list.json().data.list[0]).toMatchObject({
      desktop_id: again.desktop_ids[0],
      status: 'running',
      resource_status: 'created',
      billing_method: 'subscription',
      office_site_id: purchase.office_site_id,
    });
    await expectCleanLedger(ctx.database);
  });

  it('writes a ready status only with the creation: no version of a row shows it ready while it is being created', async () => {
    // A list that sees a ready status offers the kind's actions and stops following the row.
    const recorder = await recordResourceVersions(ctx.database);
    try {
      const customer = await customerWith(200);
      const purchase = await bought(customer);
      await runJobs();
      const versions = await recorder.versions();
      const ofDesktop = versions.filter((v) => v.resource_id === purchase.desktop_ids[0]);
      // It went through the cloud's own statuses on the way…
      expect(ofDesktop.some((v) => v.resource_status === 'creating' && v.status === 'starting')).toBe(true);
      expect(ofDesktop.at(-1)).toMatchObject({ resource_status: 'created', status: 'running' });
      expect(versions.some((v) => v.resource_id === purchase.office_site_id)).toBe(true);
      // …and neither it nor its office network read ready before it was created.
      const readyEarly = versions.filter(
        (v) => v.resource_status !== 'created' && isReadyStatus(v.kind, v.status),
      );
      expect(readyEarly).toEqual([]);
    } finally {
      await recorder.stop();
    }
  });

  it('a status read of a resource being created leaves a ready status to the creation (an operator reconcile)', async () => {
    const { customer } = await runningDesktop();
    const purchase = await bought(customer);
    const desktop = await resource(purchase.desktop_ids[0]!);
    await createResource(core, ctx.jobs, { id: desktop.id });
    clock.advance(10 * 60_000); // the cloud has it running by now
    const creating = await resource(desktop.resourceId);
    const { described } = await refreshStatuses(core, [creating]);
    expect(described.get(desktop.id)?.status).toBe('running');
    expect(await resource(desktop.resourceId)).toMatchObject({
      resourceStatus: 'creating',
      status: creating.status,
    });
    expect(creating.status).not.toBe('running');
    await runJobs();
    expect(await resource(desktop.resourceId)).toMatchObject({
      resourceStatus: 'created',
      status: 'running',
    });
  });

  it('records a resource the cloud answers ready at once as created, its order settled, with no poll', async () => {
    const { customer } = await runningDesktop();
    const purchase = await bought(customer);
    const desktop = await resource(purchase.desktop_ids[0]!);
    const instant: CoreDeps = {
      ...core,
      cloud: Object.assign(Object.create(cloud) as SimCloudProvider, {
        create: async (...args: Parameters<SimCloudProvider['create']>) => ({
          ...(await cloud.create(...args)),
          status: 'running',
        }),
      }),
    };
    const polls = await queuedJobs(AWAIT_JOB);
    await createResource(instant, ctx.jobs, { id: desktop.id });
    expect(await resource(desktop.resourceId)).toMatchObject({
      resourceStatus: 'created',
      status: 'running',
    });
    expect(await queuedJobs(AWAIT_JOB)).toBe(polls);
    expect((await orderSettlement(ctx.database, purchase.order.no)).resource_status).toBe('created');
    await expectCleanLedger(ctx.database);
  });

  it('pay-as-you-go charges nothing up front but needs an hour of every desktop (422 otherwise)', async () => {
    const poor = await customerWith(0);
    const body = purchaseBody({ billing_method: 'payg', period: undefined, quantity: 2 });
    const zh = await buy(poor, body);
    expect(zh.statusCode).toBe(422);
    expect(zh.json().msg).toBe('当前账户余额不足');
    const en = await buy(poor, body, EN);
    expect(en.json().msg).toBe('Insufficient account balance');
    const { rows } = await ctx.database.pool.query('SELECT 1 FROM orders WHERE user_id = $1', [poor.userId]);
    expect(rows).toHaveLength(0);

    const rich = await customerWith(10);
    const purchase = await bought(rich, body);
    expect(purchase.order.paid_amount).toBe('0.00');
    expect(await walletBalance(ctx.db, rich.userId)).toBe(dollars(10));
    const desktop = await resource(purchase.desktop_ids[1]!);
    expect(desktop.expiresAt).toBeNull();
    expect(desktop.hourlyPriceMicros).toBeGreaterThan(0n);
    await runJobs();
    await expectCleanLedger(ctx.database);
  });

  it('refuses a purchase without the agreement, naming the field', async () => {
    const customer = await customerWith(50);
    const res = await buy(customer, purchaseBody({ agreed: false }), EN);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('service agreement');
  });

  it('answers a retried request (same Idempotency-Key) with the same order, charging and enqueuing once', async () => {
    const customer = await customerWith(100);
    const key = randomUUID();
    const jobsBefore = await queuedJobs(CREATE_JOB);
    const first = await buy(customer, purchaseBody(), { 'idempotency-key': key });
    const second = await buy(customer, purchaseBody(), { 'idempotency-key': key });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data).toEqual(first.json().data);
    // Network + desktop: two creates, once.
    expect(await queuedJobs(CREATE_JOB)).toBe(jobsBefore + 2);

    // The engine's own replay (e.g. after the answer was lost before the key was stored).
    const request = {
      region_id: hk,
      bundle_id: 'b-general-2c4g',
      image_id: 'img-ubuntu-2204',
      billing_method: 'subscription' as const,
      period: 1,
      auto_renew: false,
      quantity: 1,
      name: 'pc',
      agreed: true as const,
    };
    const deps = { ...core, jobs: ctx.jobs };
    const a = await purchaseDesktops(deps, customer.userId, request, 'engine-key');
    const b = await purchaseDesktops(deps, customer.userId, request, 'engine-key');
    expect(b.replayed).toBe(true);
    expect(b.order.id).toBe(a.order.id);
    expect(b.resources.map((r) => r.id)).toEqual(a.resources.map((r) => r.id));
    expect(await queuedJobs(CREATE_JOB)).toBe(jobsBefore + 3);
    await runJobs();
    await expectCleanLedger(ctx.database);
  });
});

describe('creation failures and retries', () => {
  it('refunds each failed desktop once, its exact share, with a notice', async () => {
    const { customer } = await runningDesktop(500);
    const before = await walletBalance(ctx.db, customer.userId);
    cloud.setFaults({ createFail: 1 });
    try {
      const purchase = await bought(customer, purchaseBody({ quantity: 3, period: 3 }));
      await runJobs();
      const rows = await Promise.all(purchase.desktop_ids.map(resource));
      expect(rows.map((r) => r.resourceStatus)).toEqual(['refunded', 'refunded', 'refunded']);
      expect(rows[0]!.status).toBe('deleted');
      const order = await orderSettlement(ctx.database, purchase.order.no);
      expect(order.resource_status).toBe('refunded');
      expect(order.refunded_amount_micros).toBe(order.paid_amount_micros);
      expect(await walletBalance(ctx.db, customer.userId)).toBe(before);

      // A second failure report (a retried job) moves nothing.
      await failCreation(core, rows[0]!.id, 'again');
      expect(await walletBalance(ctx.db, customer.userId)).toBe(before);
      const notices = (await noticesOf(customer.userId)).filter((n) => n.title_zh === '资源创建失败，已退款');
      expect(notices).toHaveLength(3);
      expect(notices[0]!.content_en).toContain(purchase.order.no);
    } finally {
      cloud.setFaults({ createFail: 0 });
    }
    await expectCleanLedger(ctx.database);
  });

  it('creates once upstream when the job is delivered twice', async () => {
    const { customer } = await runningDesktop();
    const purchase = await bought(customer);
    const desktop = await resource(purchase.desktop_ids[0]!);
    await createResource(core, ctx.jobs, { id: desktop.id });
    await createResource(core, ctx.jobs, { id: desktop.id });
    expect(await createEffects(ctx.database, desktop.clientToken)).toBe(1);
    await runJobs();
    expect((await resource(desktop.resourceId)).status).toBe('running');
    expect(await createEffects(ctx.database, desktop.clientToken)).toBe(1);
  });

  it('retries a create that timed out with the same token: one effect', async () => {
    const { customer } = await runningDesktop();
    const purchase = await bought(customer);
    const desktop = await resource(purchase.desktop_ids[0]!);
    cloud.setFaults({ timeout: 1 });
    try {
      // Every answer is lost: the job fails (pg-boss would retry it later).
      await expect(createResource(core, ctx.jobs, { id: desktop.id })).rejects.toThrow(/did not answer/);
    } finally {
      cloud.setFaults({ timeout: 0 });
    }
    expect((await resource(desktop.resourceId)).instanceId).toBeNull();
    await createResource(core, ctx.jobs, { id: desktop.id });
    expect(await createEffects(ctx.database, desktop.clientToken)).toBe(1);
    await runJobs();
    expect((await resource(desktop.resourceId)).resourceStatus).toBe('created');
  });

  it('a worker killed after the cloud call but before recording: the retry has one effect', async () => {
    const { customer } = await runningDesktop();
    const purchase = await bought(customer);
    const desktop = await resource(purchase.desktop_ids[0]!);
    let upstreamId = '';
    const dying: CoreDeps = {
      ...core,
      cloud: Object.assign(Object.create(cloud) as SimCloudProvider, {
        create: async (...args: Parameters<SimCloudProvider['create']>) => {
          upstreamId = (await cloud.create(...args)).instanceId;
          throw new Error('worker killed');
        },
      }),
    };
    await expect(createResource(dying, ctx.jobs, { id: desktop.id })).rejects.toThrow('worker killed');
    expect((await resource(desktop.resourceId)).resourceStatus).toBe('not_created');
    await runJobs();
    const after = await resource(desktop.resourceId);
    expect(after).toMatchObject({ instanceId: upstreamId, status: 'running', resourceStatus: 'created' });
    expect(await createEffects(ctx.database, desktop.clientToken)).toBe(1);
    await expectCleanLedger(ctx.database);
  });
});

describe('actions', () => {
  it('follows the state machine: 409 translated when forbidden, stop → shutdown → start', async () => {
    const { customer, desktop } = await runningDesktop();
    const url = `/api/user/desktop/${desktop.resourceId}/run_status`;
    const put = (action: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'PUT',
        url,
        headers: { ...customer.headers, ...headers },
        payload: { action },
      });

    const zh = await put('start');
    expect(zh.statusCode).toBe(409);
    expect(zh.json().msg).toBe('当前状态不允许执行该操作，请刷新后重试');
    const en = await put('start', EN);
    expect(en.json().msg).toBe('This action is not allowed in the current status; refresh and try again');

    const stop = await put('stop');
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().data.status).toBe('stopping');
    expect((await put('stop')).statusCode).toBe(409);
    await runJobs();
    expect((await resource(desktop.resourceId)).status).toBe('shutdown');

    const start = await put('start');
    expect(start.json().data.status).toBe('starting');
    await runJobs();
    expect((await resource(desktop.resourceId)).status).toBe('running');
  });

  it('records the reason of an engine stop and keeps modify_spec to shut-down desktops', async () => {
    const { desktop } = await runningDesktop();
    await expect(
      requestAction(core, desktop, 'modify_spec', { params: { systemDiskGiB: 100 } }),
    ).rejects.toMatchObject({
      status: 409,
    });
    const stopped = await requestAction(core, desktop, 'stop', { reason: 'arrears' });
    expect(stopped).toMatchObject({ status: 'stopping', stopReason: 'arrears' });
    // Without a queue the scheduled sweep follows it.
    clock.advance(60_000);
    await provisioningJobs(core)
      .find((d) => d.name === REFRESH_JOB)!
      .handle({ data: {} } as Job<object>, ctx.jobs);
    expect((await resource(desktop.resourceId)).status).toBe('shutdown');
    const resized = await requestAction(core, desktop, 'modify_spec', { params: { systemDiskGiB: 100 } });
    expect(resized.status).toBe('shutdown');
    await runJobs();
  });

  it('keeps the free office network: it cannot be released or resized', async () => {
    const { purchase } = await runningDesktop();
    const site = await resource(purchase.office_site_id);
    expect(site.status).toBe('normal');
    for (const action of ['delete', 'modify_bandwidth'] as const) {
      await expect(
        requestAction(core, site, action, { params: { bandwidthMbps: 20 } }),
      ).rejects.toMatchObject({
        status: 409,
      });
    }
    // Renaming is allowed, and answered by the cloud.
    const renamed = await requestAction(core, site, 'rename', { params: { name: 'Main office' } });
    expect(renamed.status).toBe('normal');
    expect(renamed.attributes._engine_pending).toBeUndefined();
  });

  it("answers 404 for another customer's desktop", async () => {
    const { desktop } = await runningDesktop();
    const stranger = await customerWith(0);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/desktop/${desktop.resourceId}/run_status`,
      headers: stranger.headers,
      payload: { action: 'stop' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('云电脑不存在');
    expect((await resource(desktop.resourceId)).status).toBe('running');
  });

  it('repeats an unanswered action call with the same token: one effect', async () => {
    const { desktop } = await runningDesktop();
    cloud.setFaults({ timeout: 1 });
    let row: ResourceRow;
    try {
      row = await requestAction(core, desktop, 'stop');
    } finally {
      cloud.setFaults({ timeout: 0 });
    }
    // The call stays recorded; the sweep repeats it.
    expect(row.attributes._engine_pending).toBeDefined();
    await provisioningJobs(core)
      .find((d) => d.name === REFRESH_JOB)!
      .handle({ data: { ids: [desktop.id] } } as Job<object>, ctx.jobs);
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sim_calls WHERE operation = 'act' AND instance_id = $1 AND effect`,
      [desktop.instanceId],
    );
    expect(rows[0]!.n).toBe(1);
    const after = await resource(desktop.resourceId);
    expect(after.attributes._engine_pending).toBeUndefined();
    await runJobs();
    expect((await resource(desktop.resourceId)).status).toBe('shutdown');
    await expectCleanLedger(ctx.database);
  });
});
