import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  baseRegion,
  cents,
  coreOf,
  fundedCustomer,
  insertResource,
  ledgerDrifts,
  manualClock,
  noticesOf,
  resourceById,
  runningDesktop,
  cloudInstance,
  type TestApp,
} from '../../../test/billing-fixtures';
import { createTestApp } from '../../../test/context';
import { ManualClock } from '../../lib/clock';
import { trafficCharge } from '../catalog/pricing';
import { walletBalance } from '../wallet/service';
import { HOUR_MS, paygChargeKey, runBillingCatchUp, runHourlyBilling } from './hourly';
import { billingJobs, BILLING_HOURLY_JOB } from './jobs';

const START = Date.UTC(2026, 2, 10, 9, 30);
const H10 = new Date(Date.UTC(2026, 2, 10, 10));

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({ clock: new ManualClock(START) });
});
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await ledgerDrifts(ctx.db)).toEqual([]);
});

const at = (ms: number) => manualClock(ctx).set(ms);

async function paygResource(
  userId: number,
  hourlyCents: number,
  extra: Partial<Parameters<typeof insertResource>[1]> = {},
) {
  return insertResource(ctx.db, {
    userId,
    kind: 'desktop',
    billingMethod: 'payg',
    hourlyPriceMicros: cents(hourlyCents),
    createdAt: new Date(START),
    ...extra,
  });
}

async function chargesOf(resourceId: number) {
  const rows = await ctx.db.execute<{
    hour_start: string;
    outcome: string;
    run_micros: bigint;
    traffic_micros: bigint;
    traffic_bytes: bigint;
  }>(
    sql`SELECT hour_start, outcome, run_micros, traffic_micros, traffic_bytes FROM resource_hour_charges
         WHERE resource_id = ${resourceId} ORDER BY hour_start`,
  );
  return rows.rows;
}

async function ledgerCount(prefix: string) {
  const rows = await ctx.db.execute<{ n: bigint }>(
    sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key LIKE ${`${prefix}%`}`,
  );
  return Number(rows.rows[0]!.n);
}

describe('billing.hourly', () => {
  it('charges each resource-hour once when two runs of the same hour race', async () => {
    at(START);
    const users = await Promise.all([fundedCustomer(ctx, cents(10)), fundedCustomer(ctx, cents(10))]);
    const rows = [];
    for (const userId of users) rows.push(await paygResource(userId, 1.5), await paygResource(userId, 0.25));
    at(H10.getTime() + HOUR_MS + 5 * 60_000);

    const [a, b] = await Promise.all([
      runHourlyBilling(coreOf(ctx), H10),
      runHourlyBilling(coreOf(ctx), H10),
    ]);
    expect(a.billed + b.billed).toBe(4);
    expect(a.charged + b.charged).toBe(4);
    for (const row of rows) {
      expect(await chargesOf(row.id)).toHaveLength(1);
      expect(await ledgerCount(paygChargeKey(row.resourceId, H10))).toBe(1);
    }
    for (const userId of users) expect(await walletBalance(ctx.db, userId)).toBe(cents(10 - 1.75));

    const again = await runHourlyBilling(coreOf(ctx), H10);
    expect(again.billed).toBe(0);
    for (const userId of users) expect(await walletBalance(ctx.db, userId)).toBe(cents(10 - 1.75));
  });

  it('stops what the balance cannot pay for, notifies once and never goes negative', async () => {
    at(START);
    const region = await baseRegion(ctx.db, 'desktop');
    const userId = await fundedCustomer(ctx, cents(1));
    const paid = await paygResource(userId, 0.8, {
      instanceId: await runningDesktop(ctx, region.wyRegionId),
      regionId: region.id,
    });
    const unpaid = await paygResource(userId, 0.8, {
      instanceId: await runningDesktop(ctx, region.wyRegionId),
      regionId: region.id,
    });
    at(H10.getTime() + HOUR_MS + 5 * 60_000);

    const result = await runHourlyBilling(coreOf(ctx), H10);
    expect(result).toMatchObject({ billed: 2, unpaid: 1, stopped: 1 });
    // Traffic of the hour is added, so only the first (lower id) fits the dollar.
    const balance = await walletBalance(ctx.db, userId);
    expect(balance >= 0n).toBe(true);
    expect((await chargesOf(paid.id))[0]!.outcome).toBe('charged');
    expect((await chargesOf(unpaid.id))[0]!.outcome).toBe('unpaid');
    const stopped = await resourceById(ctx.db, unpaid.id);
    expect(stopped.stopReason).toBe('arrears');
    expect(['stopping', 'shutdown']).toContain(stopped.status);
    expect((await resourceById(ctx.db, paid.id)).status).toBe('running');
    const notices = await noticesOf(ctx.db, userId);
    expect(notices.filter((n) => n.title_en.startsWith('Insufficient balance'))).toHaveLength(1);
    expect(notices.at(-1)!.content_en).toContain(unpaid.resourceId);
  });

  it('charges outbound traffic at exactly $0.077 per GB on top of the hourly price', async () => {
    at(START);
    const region = await baseRegion(ctx.db, 'phone');
    const userId = await fundedCustomer(ctx, cents(100));
    const instanceId = await cloudInstance(ctx, 'eip', region.wyRegionId, {
      bandwidthMbps: 50,
      chargeType: 'payg',
    });
    const eip = await insertResource(ctx.db, {
      userId,
      kind: 'eip',
      billingMethod: 'payg',
      regionId: region.id,
      instanceId,
      status: 'unallocated',
      hourlyPriceMicros: cents(0.02),
      createdAt: new Date(START),
    });
    at(H10.getTime() + HOUR_MS + 5 * 60_000);

    await runHourlyBilling(coreOf(ctx), H10);
    const traffic = await ctx.cloud.trafficBytes('eip', [instanceId], H10, new Date(H10.getTime() + HOUR_MS));
    const bytes = traffic.get(instanceId)!.outBytes;
    expect(bytes > 0n).toBe(true);
    const trafficMicros = trafficCharge(77_000n, bytes);
    const [row] = await chargesOf(eip.id);
    expect(row).toMatchObject({ outcome: 'charged', traffic_bytes: bytes, traffic_micros: trafficMicros });
    expect(await walletBalance(ctx.db, userId)).toBe(cents(100) - cents(0.02) - trafficMicros);
    // $0.077 per decimal GB, to the micro-dollar.
    expect(trafficCharge(77_000n, 1_000_000_000n)).toBe(77_000n);
    expect(trafficMicros).toBe((bytes * 77_000n + 500_000_000n) / 1_000_000_000n);
  });

  it('bills hours missed while no worker ran on the next run, and skips stopped resources', async () => {
    at(START);
    const userId = await fundedCustomer(ctx, cents(50));
    const running = await paygResource(userId, 1);
    const stopped = await paygResource(userId, 1, { status: 'shutdown' });
    const deleted = await paygResource(userId, 1, {
      status: 'deleted',
    });
    await ctx.db.execute(
      sql`UPDATE resources SET deleted_at = ${new Date(Date.UTC(2026, 2, 10, 11, 20)).toISOString()}::timestamptz WHERE id = ${deleted.id}`,
    );
    // The worker comes back at 14:05: hours 9 to 13 are complete.
    at(Date.UTC(2026, 2, 10, 14, 5));
    const results = await runBillingCatchUp(coreOf(ctx));
    const hours = (await chargesOf(running.id)).map((r) => new Date(r.hour_start).getUTCHours());
    expect(hours).toEqual([9, 10, 11, 12, 13]);
    expect((await chargesOf(deleted.id)).map((r) => new Date(r.hour_start).getUTCHours())).toEqual([
      9, 10, 11,
    ]);
    expect(await chargesOf(stopped.id)).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(5);
    expect(await walletBalance(ctx.db, userId)).toBe(cents(50 - 8));

    // The scheduled job does the same and finds nothing left.
    const job = billingJobs(coreOf(ctx)).find((j) => j.name === BILLING_HOURLY_JOB)!;
    expect(job.schedule).toBe('5 * * * *');
    await job.handle({ id: 'x', name: BILLING_HOURLY_JOB, data: {} } as never);
    expect(await chargesOf(running.id)).toHaveLength(5);
    expect(await walletBalance(ctx.db, userId)).toBe(cents(50 - 8));
  });

  it('refuses an hour that does not start on the hour', async () => {
    await expect(runHourlyBilling(coreOf(ctx), new Date(H10.getTime() + 1))).rejects.toThrow(RangeError);
  });
});
