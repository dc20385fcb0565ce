import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { HOUR_MS, paygChargeKey, runBillingCatchUp, runHourlyBilling, trafficChargeKey } from './hourly';
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
    // No worker ran these hours: forget the hour the tests above billed by hand.
    await ctx.db.execute(sql`DELETE FROM billing_hours`);
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

  it('never bills the hours a resource was stopped once a run has judged them', async () => {
    // A day of its own, so no hour of it was billed by the tests above.
    const hourOf = (h: number, m = 0) => Date.UTC(2026, 2, 12, h, m);
    const setStatus = (id: number, status: string, deletedAt: number | null = null) =>
      ctx.db.execute(
        sql`UPDATE resources SET status = ${status},
                   deleted_at = ${deletedAt === null ? null : new Date(deletedAt).toISOString()}::timestamptz
             WHERE id = ${id}`,
      );
    const hoursOf = async (id: number) =>
      (await chargesOf(id)).map((r) => new Date(r.hour_start).getUTCHours());
    at(hourOf(8, 10));
    const userId = await fundedCustomer(ctx, cents(50));
    const restarted = await paygResource(userId, 1, { createdAt: new Date(hourOf(8, 10)) });
    const deleted = await paygResource(userId, 1, { createdAt: new Date(hourOf(8, 10)) });
    at(hourOf(9, 5));
    await runBillingCatchUp(coreOf(ctx));

    // Both stopped at 09:10; one deleted at 12:30, the other started again at 15:10.
    await setStatus(restarted.id, 'shutdown');
    await setStatus(deleted.id, 'shutdown');
    for (let hour = 10; hour <= 16; hour += 1) {
      at(hourOf(hour, 5));
      await runBillingCatchUp(coreOf(ctx));
      if (hour === 12) await setStatus(deleted.id, 'deleted', hourOf(12, 30));
      if (hour === 15) await setStatus(restarted.id, 'running');
    }

    // Only the hours it ran in; before, the 16:05 run charged 09:00-15:00 too.
    expect(await hoursOf(restarted.id)).toEqual([8, 15]);
    // The hour of its deletion counts (a deleted resource's run status is gone), its stopped hours do not.
    expect(await hoursOf(deleted.id)).toEqual([8, 12]);
    expect(await walletBalance(ctx.db, userId)).toBe(cents(50 - 4));
  });

  describe('traffic of office networks and EIPs, whatever their billing method', () => {
    async function officeNetwork(userId: number, extra: Partial<Parameters<typeof insertResource>[1]>) {
      const region = await baseRegion(ctx.db, 'desktop');
      const free = extra.spec?.free === true;
      const instanceId = await cloudInstance(ctx, 'office_site', region.wyRegionId, {
        name: 'office',
        bandwidthMbps: 50,
        free,
        chargeType: extra.billingMethod ?? 'subscription',
        ...(extra.billingMethod === 'payg' ? {} : { periodMonths: 1 }),
      });
      return insertResource(ctx.db, {
        userId,
        kind: 'office_site',
        billingMethod: 'subscription',
        regionId: region.id,
        instanceId,
        status: 'normal',
        expiresAt: new Date(START + 30 * 86_400_000),
        createdAt: new Date(START),
        ...extra,
      });
    }

    const hourBytes = async (instanceId: string) =>
      (await ctx.cloud.trafficBytes('office_site', [instanceId], H10, new Date(H10.getTime() + HOUR_MS))).get(
        instanceId,
      )!.outBytes;

    it('charges a subscription network its traffic of each hour, once, as traffic', async () => {
      at(START);
      const userId = await fundedCustomer(ctx, cents(100));
      const network = await officeNetwork(userId, {});
      at(H10.getTime() + HOUR_MS + 5 * 60_000);

      const [first, again] = [
        await runHourlyBilling(coreOf(ctx), H10),
        await runHourlyBilling(coreOf(ctx), H10),
      ];
      expect(first.billed).toBeGreaterThanOrEqual(1);
      expect(again.billed).toBe(0);
      const bytes = await hourBytes(network.instanceId!);
      expect(bytes > 0n).toBe(true);
      const trafficMicros = trafficCharge(77_000n, bytes);
      const rows = await chargesOf(network.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ outcome: 'charged', run_micros: 0n, traffic_micros: trafficMicros });
      expect(await ledgerCount(trafficChargeKey(network.resourceId, H10))).toBe(1);
      expect(await ledgerCount(paygChargeKey(network.resourceId, H10))).toBe(0);
      const kinds = await ctx.db.execute<{ kind: string }>(
        sql`SELECT kind FROM ledger_transactions WHERE idempotency_key = ${trafficChargeKey(network.resourceId, H10)}`,
      );
      expect(kinds.rows[0]!.kind).toBe('traffic');
      expect(await walletBalance(ctx.db, userId)).toBe(cents(100) - trafficMicros);
    });

    it('never charges the free network nor reads its traffic, and leaves subscription desktops alone', async () => {
      at(START);
      const userId = await fundedCustomer(ctx, cents(100));
      const free = await officeNetwork(userId, {
        billingMethod: 'payg',
        expiresAt: null,
        gift: true,
        spec: { free: true },
      });
      const desktop = await insertResource(ctx.db, {
        userId,
        kind: 'desktop',
        billingMethod: 'subscription',
        expiresAt: new Date(START + 30 * 86_400_000),
        createdAt: new Date(START),
      });
      at(H10.getTime() + HOUR_MS + 5 * 60_000);
      const traffic = vi.spyOn(ctx.cloud, 'trafficBytes');
      try {
        await runHourlyBilling(coreOf(ctx), H10);
        for (const [, ids] of traffic.mock.calls) expect(ids).not.toContain(free.instanceId);
      } finally {
        traffic.mockRestore();
      }
      expect(await chargesOf(free.id)).toEqual([]);
      expect(await chargesOf(desktop.id)).toEqual([]);
      expect(await walletBalance(ctx.db, userId)).toBe(cents(100));
    });

    it('bills a subscription EIP its traffic only', async () => {
      at(START);
      const region = await baseRegion(ctx.db, 'phone');
      const userId = await fundedCustomer(ctx, cents(100));
      const instanceId = await cloudInstance(ctx, 'eip', region.wyRegionId, {
        bandwidthMbps: 20,
        chargeType: 'subscription',
        periodMonths: 1,
      });
      const eip = await insertResource(ctx.db, {
        userId,
        kind: 'eip',
        billingMethod: 'subscription',
        regionId: region.id,
        instanceId,
        status: 'unallocated',
        hourlyPriceMicros: cents(5),
        expiresAt: new Date(START + 30 * 86_400_000),
        createdAt: new Date(START),
      });
      at(H10.getTime() + HOUR_MS + 5 * 60_000);
      await runHourlyBilling(coreOf(ctx), H10);
      const bytes = (
        await ctx.cloud.trafficBytes('eip', [instanceId], H10, new Date(H10.getTime() + HOUR_MS))
      ).get(instanceId)!.outBytes;
      const [row] = await chargesOf(eip.id);
      // The hourly price is ignored: a subscription's hours are prepaid.
      expect(row).toMatchObject({ run_micros: 0n, traffic_micros: trafficCharge(77_000n, bytes) });
      expect(await walletBalance(ctx.db, userId)).toBe(cents(100) - trafficCharge(77_000n, bytes));
    });

    it('records an unpaid traffic hour, tells the customer and stops nothing', async () => {
      at(START);
      const userId = await fundedCustomer(ctx, 0n);
      const network = await officeNetwork(userId, {});
      at(H10.getTime() + HOUR_MS + 5 * 60_000);
      const result = await runHourlyBilling(coreOf(ctx), H10);
      expect(result.stopped).toBe(0);
      expect((await chargesOf(network.id))[0]!.outcome).toBe('unpaid');
      const row = await resourceById(ctx.db, network.id);
      expect(row.status).toBe('normal');
      expect(row.stopReason).toBeNull();
      const notices = (await noticesOf(ctx.db, userId)).filter((n) => n.title_en.startsWith('Insufficient'));
      expect(notices.map((n) => n.title_en)).toEqual(['Insufficient balance: hourly charges unpaid']);
      expect(notices[0]!.content_en).toContain(network.resourceId);
      expect(notices[0]!.content_en).toContain('2026-03-10 10:00');
      expect(await walletBalance(ctx.db, userId)).toBe(0n);
    });
  });

  it('refuses an hour that does not start on the hour', async () => {
    await expect(runHourlyBilling(coreOf(ctx), new Date(H10.getTime() + 1))).rejects.toThrow(RangeError);
  });
});
