/**
 * Random workload invariant (issue 14): 2 000 money operations from 32 concurrent clients through
 * the app's HTTP routes (app.inject), chosen by a seeded PRNG: top-ups paid by the sandbox
 * gateway's callback (some twice, some twice at once), desktop purchases by subscription and
 * pay-as-you-go, office network purchases and bandwidth upgrades, renewals, system disk changes
 * (after a stop), retries with the same Idempotency-Key (one after the other and three at once),
 * and pay-as-you-go ticks of the hourly billing. Two clients share each customer, so one wallet sees concurrent requests. The simulated
 * cloud fails a share of creations, which the provisioning worker (running alongside) refunds.
 *
 * Afterwards: no 5xx; the ledger invariants (`checkLedgerInvariants`: cached balance = entries,
 * never below zero at any step, all accounts sum to zero, `verifyLedger` clean); and every
 * customer's balance equals what this test's own record of the answers says it must be.
 *
 * The operations each client picks are fixed by the seed (WORKLOAD_SEED, printed when the test
 * fails); their interleaving is the scheduler's, as with real clients.
 */
import { ErrorCode } from '@cloudbay/contracts';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp, testConfig } from '../../../test/context';
import { runNextQueuedJob, type JobRunner } from '../../../test/run-jobs';
import { createCoreDeps, type CoreDeps } from '../../app-deps';
import { createDatabase } from '../../db/client';
import { ManualClock } from '../../lib/clock';
import { parseMicros } from '../../lib/money';
import type { SimCloudProvider } from '../../providers/cloud';
import { seedOf, unit } from '../../providers/cloud/sim/prng';
import { HOUR_MS, hourFloor, runHourlyBilling } from '../billing/hourly';
import { provisioningJobs } from '../provisioning/jobs';
import { checkLedgerInvariants } from './ledger-invariants';
import { walletBalance } from './service';

const DEFAULT_SEED = 20_261_125;
const SEED = (() => {
  const raw = process.env.WORKLOAD_SEED;
  if (raw === undefined || raw === '') return DEFAULT_SEED;
  if (!/^\d{1,9}$/.test(raw)) throw new Error(`WORKLOAD_SEED must be a whole number, got "${raw}"`);
  return Number(raw);
})();
const OPERATIONS = 2_000;
const CLIENTS = 32;
const CUSTOMERS = 16;
/** Provisioning worker loops beside the clients (a worker process runs several jobs at once). */
const WORKERS = 3;
/** Share of cloud creations that fail (decided per client token), so refunds happen. */
const CREATE_FAIL = 0.2;
/** The default first-recharge bonus (FIRST_RECHARGE_BONUS_PERCENT). */
const BONUS_PERCENT = 10n;
/** The system disk every desktop is bought with; spec changes grow it by 10 GiB. */
const DISK_GIB = 80;

/** The seeded stream of one client: the sim's hash-based PRNG, numbered draws. */
class Draws {
  private readonly base: number;
  private n = 0;
  constructor(name: string) {
    this.base = seedOf(`workload:${SEED}:${name}`);
  }
  next(): number {
    return unit(this.base, this.n++);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** One of the weighted names. */
  weighted<T extends string>(weights: Record<T, number>): T {
    const total = Object.values<number>(weights).reduce((sum, w) => sum + w, 0);
    let point = this.next() * total;
    for (const [name, weight] of Object.entries<number>(weights)) {
      point -= weight;
      if (point < 0) return name as T;
    }
    return Object.keys(weights)[0] as T;
  }
}

type Customer = Awaited<ReturnType<typeof loggedInUser>>;

/** What the answers say happened to one customer's money. */
interface CustomerModel {
  customer: Customer;
  /** Top-up order → dollars asked, for every order a callback answered paid. */
  paidTopups: Map<string, bigint>;
  /** Balance order → amount charged, for every order a money route answered. */
  orders: Map<string, bigint>;
  /** Subscription desktops bought and the system disk (GiB) the last answered change gave them. */
  subscriptionDesktops: { id: string; disk: number }[];
  officeSites: { id: string; bandwidth: number }[];
}

const OPERATION_WEIGHTS = {
  topup: 14,
  buy_subscription: 12,
  buy_payg: 6,
  buy_office_site: 4,
  renew: 18,
  change_spec: 6,
  upgrade_office_site: 8,
  payg_tick: 3,
} as const;
type Operation = keyof typeof OPERATION_WEIGHTS;

/** How a request is sent: once, again with the same key after the answer, or three at once. */
const DELIVERIES = { once: 6, retry: 2, concurrent: 2 } as const;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let clock: ManualClock;
/** The worker process's side: its own pool (as `npm run start:worker` has), so jobs keep pace. */
let worker: CoreDeps;

beforeAll(async () => {
  clock = new ManualClock(hourFloor(new Date()).getTime());
  // A fast simulated cloud (a desktop runs ~10 ms after its create), so the worker keeps pace with
  // the clients and renewals and upgrades find made resources.
  ctx = await createTestApp({ clock, config: testConfig({ SIM_SPEED: '1000' }) });
  worker = createCoreDeps(ctx.config, createDatabase(ctx.url, { max: 4 }), clock);
  for (const cloud of [ctx.cloud, worker.cloud])
    (cloud as SimCloudProvider).setFaults({ createFail: CREATE_FAIL });
}, 60_000);
afterAll(async () => {
  await worker?.database.close();
  await ctx?.close();
});

describe('random workload', () => {
  it(`${OPERATIONS} money operations from ${CLIENTS} clients keep the ledger exact (seed ${SEED})`, async () => {
    onTestFailed(() => {
      console.error(
        `random workload failed with WORKLOAD_SEED=${SEED}; repeat it with ` +
          `WORKLOAD_SEED=${SEED} npx vitest run --project server-integration random-workload`,
      );
    });
    const desktopRegions = (
      await ctx.database.pool.query<{ id: number }>(
        "SELECT id FROM regions WHERE kind = 'desktop' AND enabled ORDER BY id LIMIT 2",
      )
    ).rows.map((row) => Number(row.id));
    expect(desktopRegions).toHaveLength(2);

    const models: CustomerModel[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1)
      models.push({
        customer: await loggedInUser(ctx.app, ctx.db),
        paidTopups: new Map(),
        orders: new Map(),
        subscriptionDesktops: [],
        officeSites: [],
      });

    const statuses = new Map<string, Map<string, number>>();
    const serverErrors: string[] = [];
    const mismatches: string[] = [];
    function record(operation: string, res: LightMyRequestResponse) {
      const counts = statuses.get(operation) ?? new Map<string, number>();
      const errorCode = res.statusCode === 200 ? undefined : res.json().data?.error_code;
      const outcome = errorCode ? `${res.statusCode} ${errorCode}` : String(res.statusCode);
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      statuses.set(operation, counts);
      if (res.statusCode >= 500)
        serverErrors.push(`${operation}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    }

    let keySequence = 0;
    /**
     * Sends one money request as `delivery` says, every copy with the same key; answers the
     * request's outcome (the answer every copy agrees on) and checks they agree.
     */
    async function keyed(
      operation: string,
      model: CustomerModel,
      delivery: keyof typeof DELIVERIES,
      request: { method: 'POST' | 'PUT'; url: string; payload: object },
    ) {
      const key = `wl-${SEED}-${(keySequence += 1)}`;
      const send = () =>
        ctx.app
          .inject({ ...request, headers: { ...model.customer.headers, 'idempotency-key': key } })
          .then((res) => record(operation, res));
      const answers =
        delivery === 'once'
          ? [await send()]
          : delivery === 'retry'
            ? [await send(), await send()]
            : await Promise.all([send(), send(), send()]);
      // A copy that found the first still running is told so (409); the others carry one outcome.
      const settled = answers.filter(
        (res) => res.json().data?.error_code !== ErrorCode.IDEMPOTENCY_KEY_IN_FLIGHT,
      );
      const outcome = settled[0];
      for (const other of settled.slice(1))
        if (other.statusCode !== outcome!.statusCode || other.body !== outcome!.body)
          mismatches.push(
            `${operation} ${delivery}: ${outcome!.body.slice(0, 200)} ≠ ${other.body.slice(0, 200)}`,
          );
      if (delivery === 'retry' && answers[1]!.headers['idempotent-replayed'] !== 'true')
        mismatches.push(`${operation} retry: the second answer was not a replay`);
      return outcome?.statusCode === 200 ? (outcome.json().data as Record<string, unknown>) : undefined;
    }

    const charged = (model: CustomerModel, order: unknown) => {
      const { no, paid_amount: paid } = order as { no: string; paid_amount: string };
      model.orders.set(no, parseMicros(paid));
    };

    async function topUp(model: CustomerModel, draws: Draws) {
      const money = draws.int(20, 200);
      const created = await keyed('topup order', model, 'once', {
        method: 'POST',
        url: '/api/orders',
        payload: { money, pay_type: draws.pick([1, 2]) },
      });
      if (!created || (created.pay_info as { code: number }).code !== 200) return;
      const no = created.no as string;
      const pay = () =>
        ctx.app
          // As the payer page in the owner's browser sends it (the sandbox is the gateway here).
          .inject({ method: 'POST', url: `/api/pay/sandbox/${no}/pay`, headers: model.customer.headers })
          .then((res) => record('topup callback', res));
      const delivery = draws.weighted(DELIVERIES);
      const answers =
        delivery === 'once'
          ? [await pay()]
          : delivery === 'retry'
            ? [await pay(), await pay()]
            : await Promise.all([pay(), pay()]);
      // A duplicate callback answers paid again; the money was credited once (checked at the end).
      if (answers.some((res) => res.statusCode === 200 && res.json().data.status === 2))
        model.paidTopups.set(no, BigInt(money) * 1_000_000n);
    }

    async function buyDesktop(model: CustomerModel, draws: Draws, billing: 'subscription' | 'payg') {
      const data = await keyed(`buy ${billing}`, model, draws.weighted(DELIVERIES), {
        method: 'POST',
        url: '/api/user/desktop',
        payload: {
          region_id: draws.pick(desktopRegions),
          bundle_id: draws.pick(['b-general-2c4g', 'b-general-4c8g']),
          image_id: 'img-ubuntu-2204',
          system_disk: DISK_GIB,
          billing_method: billing,
          ...(billing === 'subscription' ? { period: draws.pick([1, 1, 3]) } : {}),
          quantity: draws.pick([1, 1, 2]),
          name: 'workload',
          agreed: true,
        },
      });
      if (!data) return;
      charged(model, data.order);
      if (billing === 'subscription')
        for (const id of data.desktop_ids as string[])
          model.subscriptionDesktops.push({ id, disk: DISK_GIB });
    }

    async function buyOfficeSite(model: CustomerModel, draws: Draws) {
      const bandwidth = draws.int(1, 5) * 10;
      const data = await keyed('buy office site', model, draws.weighted(DELIVERIES), {
        method: 'POST',
        url: '/api/user/office_site',
        payload: {
          region_id: draws.pick(desktopRegions),
          name: 'workload net',
          bandwidth,
          period: draws.pick([1, 3]),
          agreed: true,
        },
      });
      if (!data) return;
      charged(model, data.order);
      model.officeSites.push({
        id: (data.office_site as { office_site_id: string }).office_site_id,
        bandwidth,
      });
    }

    async function renew(model: CustomerModel, draws: Draws) {
      if (model.subscriptionDesktops.length === 0) return buyDesktop(model, draws, 'subscription');
      const desktopId = draws.pick(model.subscriptionDesktops).id;
      const data = await keyed('renew', model, draws.weighted(DELIVERIES), {
        method: 'PUT',
        url: `/api/user/desktop/${desktopId}/renew`,
        payload: { period: draws.pick([1, 2]) },
      });
      if (data) charged(model, data.order);
    }

    /** A spec change needs the desktop shut down: it asks for that first (409 unless running). */
    async function changeSpec(model: CustomerModel, draws: Draws) {
      if (model.subscriptionDesktops.length === 0) return buyDesktop(model, draws, 'subscription');
      const desktop = draws.pick(model.subscriptionDesktops);
      record(
        'stop',
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/user/desktop/${desktop.id}/run_status`,
          headers: model.customer.headers,
          payload: { action: 'stop' },
        }),
      );
      const disk = desktop.disk + 10;
      const data = await keyed('change spec', model, draws.weighted(DELIVERIES), {
        method: 'POST',
        url: `/api/user/desktop/${desktop.id}/spec`,
        payload: { system_disk: disk },
      });
      if (!data) return;
      if (data.order) charged(model, data.order);
      desktop.disk = Math.max(desktop.disk, disk);
    }

    async function upgradeOfficeSite(model: CustomerModel, draws: Draws) {
      const site = model.officeSites.length > 0 ? draws.pick(model.officeSites) : undefined;
      if (!site || site.bandwidth >= 200) return buyOfficeSite(model, draws);
      const bandwidth = site.bandwidth + 10;
      const data = await keyed('upgrade office site', model, draws.weighted(DELIVERIES), {
        method: 'PUT',
        url: `/api/user/office_site/${site.id}/upgrade`,
        payload: { bandwidth },
      });
      if (!data) return;
      charged(model, data.order);
      site.bandwidth = Math.max(site.bandwidth, bandwidth);
    }

    // The hourly job runs one tick at a time: an hour passes, the hour before is billed.
    let ticks = Promise.resolve();
    let tickedMicros = 0n;
    const paygTick = () =>
      (ticks = ticks.then(async () => {
        clock.advance(HOUR_MS);
        const result = await runHourlyBilling(worker, new Date(hourFloor(clock.now()).getTime() - HOUR_MS));
        tickedMicros += result.chargedMicros;
      }));

    let started = 0;
    async function client(index: number) {
      const draws = new Draws(`client ${index}`);
      const model = models[index % CUSTOMERS]!;
      // Money first, so the purchases that follow mostly succeed.
      let operation: Operation = 'topup';
      while (started < OPERATIONS) {
        started += 1;
        if (operation === 'topup') await topUp(model, draws);
        else if (operation === 'buy_subscription') await buyDesktop(model, draws, 'subscription');
        else if (operation === 'buy_payg') await buyDesktop(model, draws, 'payg');
        else if (operation === 'buy_office_site') await buyOfficeSite(model, draws);
        else if (operation === 'renew') await renew(model, draws);
        else if (operation === 'change_spec') await changeSpec(model, draws);
        else if (operation === 'upgrade_office_site') await upgradeOfficeSite(model, draws);
        else await paygTick();
        operation = draws.weighted(OPERATION_WEIGHTS);
      }
    }

    // The provisioning worker makes (or fails, then refunds) what was bought, alongside the clients.
    const runner: JobRunner = {
      database: worker.database,
      clock,
      queue: ctx.jobs,
      definitions: provisioningJobs(worker),
    };
    // A job whose handler throws is what pg-boss retries and then dead-letters; its resource
    // keeps its charge (issue 14's dead-letter refund is another part), which the model allows.
    const jobFailures: string[] = [];
    let jobsRun = 0;
    const runJob = () =>
      runNextQueuedJob(runner).then(
        (ran) => {
          if (ran) jobsRun += 1;
          return ran;
        },
        (error: unknown) => {
          jobFailures.push(String((error as Error).message));
          return true;
        },
      );
    let clientsDone = false;
    const workerLoop = async () => {
      while (!clientsDone) if (!(await runJob())) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const workers = Array.from({ length: WORKERS }, workerLoop);
    const t0 = performance.now();
    try {
      await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    } finally {
      clientsDone = true;
      await Promise.all(workers);
    }
    await ticks;
    const clientSeconds = (performance.now() - t0) / 1000;
    const jobsAlongside = jobsRun;
    for (let ran = 0; await runJob(); ran += 1) if (ran > 20_000) throw new Error('the jobs did not settle');
    const seconds = (performance.now() - t0) / 1000;

    const summary = [...statuses].map(
      ([operation, counts]) =>
        `${operation}: ${[...counts].map(([status, n]) => `${n}×${status}`).join(' ')}`,
    );
    console.log(
      `random workload, seed ${SEED}: ${started} operations in ${clientSeconds.toFixed(1)} s (${seconds.toFixed(1)} s with the jobs left); jobs: ${jobsAlongside} alongside, ${jobsRun - jobsAlongside} after, ${jobFailures.length} failed ${JSON.stringify([...new Set(jobFailures)])}\n  ${summary.join('\n  ')}`,
    );

    expect(serverErrors).toEqual([]);
    expect(mismatches).toEqual([]);
    // Every kind of operation went through at least once, so the run proves something.
    for (const operation of [
      'topup callback',
      'buy subscription',
      'buy payg',
      'buy office site',
      'renew',
      'upgrade office site',
    ])
      expect(statuses.get(operation)?.get('200') ?? 0, operation).toBeGreaterThan(0);

    const invariants = await checkLedgerInvariants(ctx.db);
    expect(invariants.violations).toEqual([]);
    expect(invariants.totalMicros).toBe(0n);

    // Each customer's balance is what the answers say: paid top-ups and the one first-recharge
    // bonus, less every order charged, plus what failed creations refunded, less the hourly bills.
    let refundedOrders = 0;
    let paygMicros = 0n;
    for (const model of models) {
      const who = `customer ${model.customer.userId}`;
      const records = await everyPage<{ no: string; status: number; money: string; bonus_money: string }>(
        model.customer,
        '/api/orders',
      );
      const paid = records.filter((row) => row.status === 2);
      expect(new Set(paid.map((row) => row.no)), who).toEqual(new Set(model.paidTopups.keys()));
      for (const row of paid) expect(parseMicros(row.money), who).toBe(model.paidTopups.get(row.no));
      const bonuses = paid.filter((row) => parseMicros(row.bonus_money) > 0n);
      expect(bonuses.length, who).toBe(paid.length > 0 ? 1 : 0);
      const bonus = bonuses.reduce((sum, row) => sum + parseMicros(row.bonus_money), 0n);
      for (const row of bonuses)
        expect(parseMicros(row.bonus_money), who).toBe((parseMicros(row.money) * BONUS_PERCENT) / 100n);

      const orders = await everyPage<{ no: string; paid_amount: string; refunded_amount: string }>(
        model.customer,
        '/api/user/order',
      );
      // Every charged order is one an answer named (a replay made none), and none is missing.
      const chargedOrders = orders.filter((row) => parseMicros(row.paid_amount) > 0n);
      expect(new Set(chargedOrders.map((row) => row.no)), who).toEqual(
        new Set([...model.orders].filter(([, amount]) => amount > 0n).map(([no]) => no)),
      );
      let refunds = 0n;
      for (const row of orders) {
        const refunded = parseMicros(row.refunded_amount);
        expect(parseMicros(row.paid_amount), who).toBe(model.orders.get(row.no) ?? 0n);
        expect(refunded <= parseMicros(row.paid_amount), `${who} ${row.no}`).toBe(true);
        if (refunded > 0n) refundedOrders += 1;
        refunds += refunded;
      }

      const hourly = await hourlyCharges(model.customer.userId);
      paygMicros += hourly;
      const topups = [...model.paidTopups.values()].reduce((sum, amount) => sum + amount, 0n);
      const spent = [...model.orders.values()].reduce((sum, amount) => sum + amount, 0n);
      expect(await walletBalance(ctx.db, model.customer.userId), who).toBe(
        topups + bonus - spent + refunds - hourly,
      );
    }
    // The hourly bills are exactly what the ticks said they charged, and failed creations refunded.
    expect(paygMicros).toBe(tickedMicros);
    expect(tickedMicros).toBeGreaterThan(0n);
    expect(refundedOrders).toBeGreaterThan(0);
  }, 240_000);
});

/** Every row of a paged list of the customer's. */
async function everyPage<T>(customer: Customer, url: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const res = await ctx.app.inject({
      method: 'GET',
      url,
      headers: customer.headers,
      query: { page: String(page), limit: '50' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { list: T[]; total: number };
    rows.push(...data.list);
    if (rows.length >= data.total || data.list.length === 0) return rows;
  }
}

/** What the hourly billing took from the customer's wallet (hours and traffic). */
async function hourlyCharges(userId: number): Promise<bigint> {
  const { rows } = await ctx.database.pool.query<{ total: bigint }>(
    `SELECT coalesce(-sum(e.amount_micros), 0)::bigint AS total
       FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE a.owner_user_id = $1 AND a.kind = 'customer_wallet' AND t.kind IN ('payg_hourly', 'traffic')`,
    [userId],
  );
  return BigInt(rows[0]!.total);
}
