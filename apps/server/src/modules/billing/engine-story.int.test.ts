/**
 * Issue 6 "Done when": a resource bought through the API is charged, provisioned on the simulated
 * cloud, billed, renewed, expired and released by the engine alone, with the ledger exact at every
 * step. Real routes and job handlers, one ManualClock; nothing is inserted behind the engine's back.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../test/accounts';
import { baseRegion, noticesOf } from '../../../test/billing-fixtures';
import { createTestApp } from '../../../test/context';
import { runQueuedJobs } from '../../../test/run-jobs';
import { dollars } from '../../../test/topups';
import type { CoreDeps } from '../../app-deps';
import { inTransaction } from '../../db/transaction';
import { ManualClock } from '../../lib/clock';
import { formatDollars, parseMicros } from '../../lib/money';
import { trafficCharge } from '../catalog/pricing';
import { provisioningJobs } from '../provisioning/jobs';
import { findResourceByPublicId, type ResourceRow } from '../provisioning/repo';
import { addMonths } from '../provisioning/service';
import { credit } from '../wallet/ledger';
import { walletBalance } from '../wallet/service';
import { verifyLedger } from '../wallet/verify-ledger';
import { HOUR_MS, hourFloor, paygChargeKey, runHourlyBilling } from './hourly';
import { LIFECYCLE_SWEEP_JOB, billingJobs } from './jobs';
import { renewResource } from './renewal';

const DAY = 86_400_000;
const START = Date.UTC(2030, 0, 7, 8, 0);
/** The seed's default traffic price at the base region factor: $0.077/GB (spec §9). */
const TRAFFIC_RATE_MICROS = 77_000n;

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
type Customer = Awaited<ReturnType<typeof loggedInUser>>;

let ctx: Ctx;
let clock: ManualClock;
let core: CoreDeps;
let regionId: number;

beforeAll(async () => {
  clock = new ManualClock(START);
  ctx = await createTestApp({ clock });
  core = { config: ctx.config, database: ctx.database, clock, cloud: ctx.cloud };
  regionId = (await baseRegion(ctx.db, 'desktop')).id;
});
afterAll(() => ctx.close());

/** The customer's money as the story knows it: what was topped up and every bill (charge) since. */
interface Account {
  customer: Customer;
  toppedUp: bigint;
  bills: bigint[];
}

async function account(topUp: number): Promise<Account> {
  const customer = await loggedInUser(ctx.app, ctx.db);
  await inTransaction(ctx.database.pool, (tx) =>
    credit(tx, {
      userId: customer.userId,
      amountMicros: dollars(topUp),
      kind: 'topup',
      idempotencyKey: `topup:${randomUUID()}`,
    }),
  );
  return { customer, toppedUp: dollars(topUp), bills: [] };
}

/** The customer's charges as the ledger holds them (wallet entries that took money). */
async function chargedEntries(userId: number): Promise<bigint[]> {
  const { rows } = await ctx.database.pool.query<{ amount_micros: bigint }>(
    `SELECT e.amount_micros FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.owner_user_id = $1 AND a.kind = 'customer_wallet' AND e.amount_micros < 0
      ORDER BY e.id`,
    [userId],
  );
  return rows.map((row) => -BigInt(row.amount_micros));
}

/** After every step: the ledger verifies, and balance = topped up − the bills, to the micro-dollar. */
async function checkpoint(acc: Account, step: string) {
  expect((await verifyLedger(ctx.db)).drifts, step).toEqual([]);
  expect(await chargedEntries(acc.customer.userId), step).toEqual(acc.bills);
  const spent = acc.bills.reduce((sum, bill) => sum + bill, 0n);
  const balance = await walletBalance(ctx.db, acc.customer.userId);
  expect(balance, step).toBe(acc.toppedUp - spent);
  // The customer's bill list ends on the same balance.
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/user/user_transactions',
    headers: acc.customer.headers,
    query: { limit: '50' },
  });
  const page = res.json().data as { list: { amount: string; balance: string }[]; total: number };
  expect(page.total, step).toBe(acc.bills.length + 1);
  expect(page.list[0]!.balance, step).toBe(formatDollars(balance));
}

const get = async (url: string, query: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { payable_price: string; hourly_price: string };
};

async function buyDesktop(acc: Account, billing: 'subscription' | 'payg') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/desktop',
    headers: { ...acc.customer.headers, 'idempotency-key': randomUUID() },
    payload: {
      region_id: regionId,
      bundle_id: 'b-general-2c4g',
      image_id: 'img-ubuntu-2204',
      billing_method: billing,
      ...(billing === 'subscription' ? { period: 1 } : {}),
      quantity: 1,
      name: `story-${billing}`,
      agreed: true,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { order: { paid_amount: string }; desktop_ids: string[] };
  return { paid: data.order.paid_amount, desktopId: data.desktop_ids[0]! };
}

const describePrice = (billing: 'subscription' | 'payg') =>
  get('/api/describe_price', {
    region_id: String(regionId),
    bundle_id: 'b-general-2c4g',
    billing_method: billing,
    ...(billing === 'subscription' ? { period: '1' } : {}),
  });

const row = async (resourceId: string): Promise<ResourceRow> =>
  (await findResourceByPublicId(ctx.db, resourceId))!;

/** The provisioning worker: create, await and refresh jobs, until none is left. */
const runProvisioning = () =>
  runQueuedJobs({ database: ctx.database, clock, queue: ctx.jobs, definitions: provisioningJobs(core) });

/** The scheduled expiry sweep, through its job handler. */
async function sweep() {
  const job = billingJobs(core).find((j) => j.name === LIFECYCLE_SWEEP_JOB)!;
  await job.handle({ id: randomUUID(), name: LIFECYCLE_SWEEP_JOB, data: {} } as Job<object>);
}

async function expiryNotices(userId: number) {
  return (await noticesOf(ctx.db, userId)).filter((n) => n.title_en === 'A resource expires soon');
}

describe('the engine, end to end', () => {
  it('sells, provisions, renews, expires and deletes a subscription desktop', async () => {
    clock.set(START);
    const acc = await account(300);
    await checkpoint(acc, 'topped up');

    // Bought through the API: charged exactly what GET /describe_price quotes.
    const quote = await describePrice('subscription');
    const { paid, desktopId } = await buyDesktop(acc, 'subscription');
    expect(paid).toBe(quote.payable_price);
    acc.bills.push(parseMicros(paid));
    await checkpoint(acc, 'bought');

    // Provisioned on the simulated cloud by the jobs alone.
    await runProvisioning();
    let desktop = await row(desktopId);
    expect(desktop).toMatchObject({ status: 'running', resourceStatus: 'created' });
    expect((await ctx.cloud.describe('desktop', [desktop.instanceId!]))[0]!.status).toBe('running');
    const bought = desktop.expiresAt!;
    expect(bought).toEqual(addMonths(new Date(START), 1));
    await checkpoint(acc, 'provisioned');

    // Renewed: charged the renewal quote, the end moved by a month.
    const renewalQuote = await get('/api/renewal_price', {
      region_id: String(regionId),
      desktop_type: String(desktop.spec.desktopType),
      system_disk: String(desktop.spec.systemDiskGiB),
      period: '1',
    });
    const renewal = await renewResource(core, acc.customer.userId, desktopId, 1, 'story');
    expect(formatDollars(renewal.order.paidAmountMicros)).toBe(renewalQuote.payable_price);
    acc.bills.push(renewal.order.paidAmountMicros);
    const expiresAt = addMonths(bought, 1);
    expect((await row(desktopId)).expiresAt).toEqual(expiresAt);
    await checkpoint(acc, 'renewed');

    // A subscription is prepaid: the hourly billing leaves it (and its free network) alone.
    const hour = hourFloor(clock.now());
    clock.set(hour.getTime() + HOUR_MS + 5 * 60_000);
    await runHourlyBilling(core, hour);
    await checkpoint(acc, 'an hour later');

    // Three days before the end: one notice, however often the sweep runs.
    clock.set(expiresAt.getTime() - 3 * DAY - 60_000);
    await sweep();
    expect(await expiryNotices(acc.customer.userId)).toHaveLength(0);
    clock.set(expiresAt.getTime() - 3 * DAY + 60_000);
    await sweep();
    await sweep();
    expect(await expiryNotices(acc.customer.userId)).toHaveLength(1);
    await checkpoint(acc, 'expiry notice');

    // At the end: stopped, then expired once the cloud has shut it down.
    clock.set(expiresAt.getTime() + 60_000);
    await sweep();
    desktop = await row(desktopId);
    expect(desktop.stopReason).toBe('expired');
    expect(['stopping', 'shutdown', 'expired']).toContain(desktop.status);
    clock.advance(10 * 60_000);
    await sweep();
    desktop = await row(desktopId);
    expect(desktop).toMatchObject({ status: 'expired', deletedAt: null });
    expect((await ctx.cloud.describe('desktop', [desktop.instanceId!]))[0]!.status).toBe('shutdown');
    await checkpoint(acc, 'expired');

    // Deleted after the grace, upstream too; nothing is charged or refunded on the way.
    const grace = ctx.config.DESKTOP_DELETE_GRACE_DAYS;
    clock.set(expiresAt.getTime() + grace * DAY - 60_000);
    await sweep();
    expect((await row(desktopId)).deletedAt).toBeNull();
    clock.set(expiresAt.getTime() + grace * DAY + 60_000);
    await sweep();
    desktop = await row(desktopId);
    expect(desktop.status).toBe('deleted');
    expect(desktop.deletedAt).not.toBeNull();
    expect((await ctx.cloud.describe('desktop', [desktop.instanceId!]))[0]!.status).toBe('deleted');
    await checkpoint(acc, 'deleted');
  });

  it('bills a pay-as-you-go desktop by the hour, once', async () => {
    clock.set(START + 60 * DAY);
    const acc = await account(20);
    await checkpoint(acc, 'topped up');

    const quote = await describePrice('payg');
    const { paid, desktopId } = await buyDesktop(acc, 'payg');
    expect(paid).toBe('0.00');
    await checkpoint(acc, 'bought (nothing charged up front)');

    await runProvisioning();
    const desktop = await row(desktopId);
    expect(desktop).toMatchObject({ status: 'running', resourceStatus: 'created' });
    // Hourly rates are whole mills, so the quote shows the price exactly.
    expect(desktop.hourlyPriceMicros).toBe(parseMicros(quote.hourly_price));
    await checkpoint(acc, 'provisioned');

    // The hour it ran in, billed 5 minutes after it ends: hourly price + its traffic at $0.077/GB.
    const hour = hourFloor(clock.now());
    const hourEnd = new Date(hour.getTime() + HOUR_MS);
    clock.set(hourEnd.getTime() + 5 * 60_000);
    const first = await runHourlyBilling(core, hour);
    expect(first.charged).toBeGreaterThanOrEqual(1);
    const traffic = await ctx.cloud.trafficBytes('desktop', [desktop.instanceId!], hour, hourEnd);
    const bytes = traffic.get(desktop.instanceId!)!.outBytes;
    expect(bytes > 0n).toBe(true);
    const amount = desktop.hourlyPriceMicros + trafficCharge(TRAFFIC_RATE_MICROS, bytes);
    acc.bills.push(amount);
    await checkpoint(acc, 'billed one hour');

    const { rows } = await ctx.db.execute<{ kind: string; n: number }>(
      sql`SELECT t.kind, count(*)::int AS n FROM ledger_transactions t
           WHERE t.idempotency_key = ${paygChargeKey(desktopId, hour)} GROUP BY t.kind`,
    );
    expect(rows).toEqual([{ kind: 'payg_hourly', n: 1 }]);
    const bills = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/user_transactions',
      headers: acc.customer.headers,
    });
    const bill = (bills.json().data.list as { expense_type: string; amount: string; memo: string }[]).find(
      (b) => b.expense_type === 'payg_hourly',
    );
    expect(bill).toMatchObject({ amount: formatDollars(-amount) });
    expect(bill!.memo).toContain(desktopId);

    // A second run of the same hour charges nothing.
    const again = await runHourlyBilling(core, hour);
    expect(again).toMatchObject({ billed: 0, charged: 0, chargedMicros: 0n });
    await checkpoint(acc, 'second run of the hour');
  });
});
