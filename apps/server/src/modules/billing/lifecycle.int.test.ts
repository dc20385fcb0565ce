import { ErrorCode } from '@cloudbay/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  baseRegion,
  cents,
  cloudInstance,
  coreOf,
  fundedCustomer,
  insertResource,
  ledgerDrifts,
  manualClock,
  noticesOf,
  resourceById,
  runningDesktop,
  type TestApp,
} from '../../../test/billing-fixtures';
import { createTestApp } from '../../../test/context';
import { desktopTypes, phoneSpecs, regions, resources } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { isAppError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { quoteDesktopRenewal } from '../catalog/service';
import { refreshStatuses } from '../provisioning/actions';
import { addMonths } from '../provisioning/service';
import { walletBalance } from '../wallet/service';
import { LIFECYCLE_SWEEP_JOB, billingJobs } from './jobs';
import { runLifecycleSweep } from './lifecycle';
import { renewResource } from './renewal';

const DAY = 86_400_000;
const START = Date.UTC(2026, 2, 1, 0, 0);

let ctx: TestApp;
let region: Awaited<ReturnType<typeof baseRegion>>;
let desktopType: string;
beforeAll(async () => {
  ctx = await createTestApp({ clock: new ManualClock(START) });
  region = await baseRegion(ctx.db, 'desktop');
  const types = await ctx.db.query.desktopTypes.findMany({ limit: 1 });
  desktopType = types[0]!.typeId;
});
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await ledgerDrifts(ctx.db)).toEqual([]);
});

const clock = () => manualClock(ctx);
const now = () => clock().now();
const sweep = () => runLifecycleSweep(coreOf(ctx));

async function subscription(
  userId: number,
  expiresAt: Date,
  extra: Partial<Parameters<typeof insertResource>[1]> = {},
) {
  return insertResource(ctx.db, {
    userId,
    kind: 'desktop',
    billingMethod: 'subscription',
    regionId: region.id,
    expiresAt,
    status: 'shutdown',
    spec: { desktopType, systemDiskGiB: 80 },
    createdAt: now(),
    ...extra,
  });
}

const renewalQuote = (months: number) =>
  quoteDesktopRenewal(ctx.db, { regionId: region.id, desktopType, systemDiskGib: 80 }, months);

async function noticeTitles(userId: number) {
  return (await noticesOf(ctx.db, userId)).map((n) => n.title_en);
}

async function expectRefused(work: Promise<unknown>, kind: string, code: ErrorCode) {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isAppError(error) && { kind: error.kind, code: error.code }).toEqual({ kind, code });
}

describe('renewals', () => {
  it('charges the quoted renewal price and extends the expiry once per key', async () => {
    clock().set(START);
    const userId = await fundedCustomer(ctx, cents(500));
    const end = new Date(START + 10 * DAY);
    const desktop = await subscription(userId, end);
    const quote = await renewalQuote(3);

    const renewal = await renewResource(coreOf(ctx), userId, desktop.resourceId, 3, 'renew-1');
    expect(renewal.order.paidAmountMicros).toBe(quote.payableMicros);
    expect(renewal.order.action).toBe('renew');
    expect(renewal.expiresAt).toEqual(addMonths(end, 3));
    expect((await resourceById(ctx.db, desktop.id)).expiresAt).toEqual(addMonths(end, 3));
    expect(await walletBalance(ctx.db, userId)).toBe(cents(500) - quote.payableMicros);

    const replay = await renewResource(coreOf(ctx), userId, desktop.resourceId, 3, 'renew-1');
    expect(replay.replayed).toBe(true);
    expect((await resourceById(ctx.db, desktop.id)).expiresAt).toEqual(addMonths(end, 3));
    expect(await walletBalance(ctx.db, userId)).toBe(cents(500) - quote.payableMicros);
  });

  it('counts the months of an expired subscription from now', async () => {
    clock().set(START);
    const userId = await fundedCustomer(ctx, cents(500));
    const desktop = await subscription(userId, new Date(START - 2 * DAY), { status: 'expired' });
    const renewal = await renewResource(coreOf(ctx), userId, desktop.resourceId, 1, 'late');
    expect(renewal.expiresAt).toEqual(addMonths(now(), 1));
    // Renewed, an expired desktop is an ordinary shut-down one again.
    expect((await resourceById(ctx.db, desktop.id)).status).toBe('shutdown');
  });

  it('refuses gifts, pay-as-you-go, another customer and a short balance', async () => {
    clock().set(START);
    const userId = await fundedCustomer(ctx, cents(500));
    const gift = await subscription(userId, new Date(START + DAY), { gift: true });
    const payg = await insertResource(ctx.db, {
      userId,
      kind: 'desktop',
      billingMethod: 'payg',
      createdAt: now(),
    });
    const deps = coreOf(ctx);
    await expectRefused(
      renewResource(deps, userId, gift.resourceId, 1, 'g'),
      'business_rule',
      ErrorCode.RENEWAL_GIFT_REFUSED,
    );
    expect(translate('en-US', ErrorCode.RENEWAL_GIFT_REFUSED)).toBe('A gifted resource cannot be renewed');
    await expectRefused(
      renewResource(deps, userId, payg.resourceId, 1, 'p'),
      'business_rule',
      ErrorCode.RENEWAL_PAYG_REFUSED,
    );
    const other = await fundedCustomer(ctx, cents(500));
    await expectRefused(
      renewResource(deps, other, gift.resourceId, 1, 'o'),
      'not_found',
      ErrorCode.NOT_FOUND,
    );
    const poor = await fundedCustomer(ctx, cents(1));
    const owned = await subscription(poor, new Date(START + DAY));
    await expectRefused(
      renewResource(deps, poor, owned.resourceId, 1, 'x'),
      'business_rule',
      ErrorCode.INSUFFICIENT_BALANCE,
    );
    expect((await resourceById(ctx.db, owned.id)).expiresAt).toEqual(new Date(START + DAY));
    expect(await walletBalance(ctx.db, userId)).toBe(cents(500));
  });
});

describe('lifecycle.sweep', () => {
  it('is scheduled every few minutes', () => {
    const job = billingJobs(coreOf(ctx)).find((j) => j.name === LIFECYCLE_SWEEP_JOB)!;
    expect(job.schedule).toBe('*/5 * * * *');
  });

  it('sends the expiry notice once, three days before', async () => {
    clock().set(START);
    const userId = await fundedCustomer(ctx, 0n);
    await subscription(userId, new Date(START + 2 * DAY));
    await subscription(userId, new Date(START + 5 * DAY));
    await sweep();
    await sweep();
    expect((await noticeTitles(userId)).filter((t) => t === 'A resource expires soon')).toHaveLength(1);
    clock().advance(2.5 * DAY); // the second one is now within three days
    await sweep();
    expect((await noticeTitles(userId)).filter((t) => t === 'A resource expires soon')).toHaveLength(2);
  });

  it('auto-renews from the balance at expiry', async () => {
    clock().set(START);
    const userId = await fundedCustomer(ctx, cents(500));
    const desktop = await subscription(userId, new Date(START - 60_000), {
      autoRenew: true,
      status: 'running',
    });
    const quote = await renewalQuote(1);
    const result = await sweep();
    expect(result.autoRenewed).toBeGreaterThanOrEqual(1);
    const row = await resourceById(ctx.db, desktop.id);
    expect(row.expiresAt).toEqual(addMonths(now(), 1));
    expect(row.status).toBe('running');
    expect(await walletBalance(ctx.db, userId)).toBe(cents(500) - quote.payableMicros);
    expect(await noticeTitles(userId)).toContain('Auto-renewed');
    await sweep();
    expect(await walletBalance(ctx.db, userId)).toBe(cents(500) - quote.payableMicros);
  });

  it('auto-renews what was taken off sale since: region, desktop type and phone spec', async () => {
    clock().set(START);
    const phoneRegion = await baseRegion(ctx.db, 'phone');
    const [phoneSpec] = await ctx.db.query.phoneSpecs.findMany({ limit: 1 });
    const userId = await fundedCustomer(ctx, cents(1000));
    const ended = new Date(START - 60_000);
    const desktop = await subscription(userId, ended, { autoRenew: true, status: 'running' });
    const phone = await insertResource(ctx.db, {
      userId,
      kind: 'phone',
      billingMethod: 'subscription',
      regionId: phoneRegion.id,
      status: 'running',
      expiresAt: ended,
      autoRenew: true,
      spec: { specId: phoneSpec!.specId },
      createdAt: now(),
    });
    const quote = await renewalQuote(1);
    const offSale = async (enabled: boolean) => {
      await ctx.db
        .update(regions)
        .set({ enabled })
        .where(inArray(regions.id, [region.id, phoneRegion.id]));
      await ctx.db.update(desktopTypes).set({ enabled }).where(eq(desktopTypes.typeId, desktopType));
      await ctx.db.update(phoneSpecs).set({ enabled }).where(eq(phoneSpecs.specId, phoneSpec!.specId));
    };
    await offSale(false);
    try {
      expect(await renewalQuote(1)).toEqual(quote);
      await sweep();
      for (const id of [desktop.id, phone.id])
        expect((await resourceById(ctx.db, id)).expiresAt).toEqual(addMonths(now(), 1));
      expect(await noticeTitles(userId)).toContain('Auto-renewed');
    } finally {
      await offSale(true);
    }
  });

  it('renews once when two sweeps run at once', async () => {
    clock().set(START);
    const userId = await fundedCustomer(ctx, cents(500));
    await subscription(userId, new Date(START - 60_000), { autoRenew: true });
    const quote = await renewalQuote(1);
    await Promise.all([sweep(), sweep()]);
    await sweep();
    expect(await walletBalance(ctx.db, userId)).toBe(cents(500) - quote.payableMicros);
    expect((await noticeTitles(userId)).filter((t) => t === 'Auto-renewed')).toHaveLength(1);
  });

  it('tells the customer once when auto-renew cannot be paid, then expires the desktop', async () => {
    clock().set(START);
    const userId = await fundedCustomer(ctx, cents(1));
    const desktop = await subscription(userId, new Date(START - 60_000), { autoRenew: true });
    await sweep();
    await sweep();
    expect((await noticeTitles(userId)).filter((t) => t === 'Auto-renew failed')).toHaveLength(1);
    const row = await resourceById(ctx.db, desktop.id);
    expect(row.status).toBe('expired');
    expect(row.expiresAt).toEqual(new Date(START - 60_000));
    expect(await walletBalance(ctx.db, userId)).toBe(cents(1));
  });

  it('stops an expired desktop, then deletes it after the grace', async () => {
    clock().set(START);
    const userId = await fundedCustomer(ctx, 0n);
    const end = new Date(START + 3_600_000);
    const desktop = await subscription(userId, end, {
      status: 'running',
      instanceId: await runningDesktop(ctx, region.wyRegionId),
    });
    await sweep();
    expect((await resourceById(ctx.db, desktop.id)).status).toBe('running');

    clock().set(end.getTime() + 60_000);
    await sweep();
    let row = await resourceById(ctx.db, desktop.id);
    expect(row.stopReason).toBe('expired');
    expect(['stopping', 'shutdown', 'expired']).toContain(row.status);

    clock().advance(10 * 60_000);
    await sweep();
    row = await resourceById(ctx.db, desktop.id);
    expect(row.status).toBe('expired');
    expect(row.deletedAt).toBeNull();

    const grace = ctx.config.DESKTOP_DELETE_GRACE_DAYS;
    clock().set(end.getTime() + (grace - 1) * DAY);
    await sweep();
    expect((await resourceById(ctx.db, desktop.id)).deletedAt).toBeNull();
    clock().set(end.getTime() + grace * DAY + 60_000);
    await sweep();
    row = await resourceById(ctx.db, desktop.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.status).toBe('deleted');
  });

  async function phoneInstance(wyRegionId: string) {
    const spec = await ctx.db.query.phoneSpecs.findFirst();
    return cloudInstance(ctx, 'phone', wyRegionId, {
      name: 'phone',
      specId: spec!.specId,
      imageId: 'android-12',
      cpu: spec!.cpu,
      memoryGiB: spec!.memoryGib,
      diskGiB: spec!.diskGib,
      chargeType: 'subscription',
      periodMonths: 1,
    });
  }

  it('deletes a cloud phone 3 days after expiry', async () => {
    clock().set(START);
    const phoneRegion = await baseRegion(ctx.db, 'phone');
    const userId = await fundedCustomer(ctx, 0n);
    const instanceId = await phoneInstance(phoneRegion.wyRegionId);
    const end = new Date(now().getTime() + 60_000);
    const phone = await insertResource(ctx.db, {
      userId,
      kind: 'phone',
      billingMethod: 'subscription',
      regionId: phoneRegion.id,
      instanceId,
      status: 'running',
      expiresAt: end,
      createdAt: now(),
    });
    clock().set(end.getTime() + 3 * DAY - 60_000);
    await sweep();
    expect((await resourceById(ctx.db, phone.id)).deletedAt).toBeNull();
    clock().set(end.getTime() + 3 * DAY + 60_000);
    await sweep();
    const row = await resourceById(ctx.db, phone.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.status).toBe('deleted');
    const [described] = await ctx.cloud.describe('phone', [instanceId]);
    expect(described!.status).toBe('deleted');
  });

  it("deletes phone networks and backup space after the desktops' grace", async () => {
    clock().set(START);
    const phoneRegion = await baseRegion(ctx.db, 'phone');
    const userId = await fundedCustomer(ctx, 0n);
    const end = new Date(now().getTime() + 60_000);
    const networkInstance = await cloudInstance(ctx, 'phone_network', phoneRegion.wyRegionId, {
      name: 'net',
      ipQuota: 5,
      chargeType: 'subscription',
      periodMonths: 1,
    });
    const common = {
      userId,
      billingMethod: 'subscription' as const,
      regionId: phoneRegion.id,
      status: 'available',
      expiresAt: end,
      createdAt: now(),
    };
    const network = await insertResource(ctx.db, {
      ...common,
      kind: 'phone_network',
      instanceId: networkInstance,
    });
    // Backup space is the console's own quota: nothing upstream to delete.
    const space = await insertResource(ctx.db, { ...common, kind: 'backup_space' });
    const grace = ctx.config.DESKTOP_DELETE_GRACE_DAYS;
    clock().set(end.getTime() + grace * DAY - 60_000);
    await sweep();
    expect((await resourceById(ctx.db, network.id)).deletedAt).toBeNull();
    expect((await resourceById(ctx.db, space.id)).deletedAt).toBeNull();
    clock().set(end.getTime() + grace * DAY + 60_000);
    await sweep();
    expect(await resourceById(ctx.db, network.id)).toMatchObject({ status: 'deleted' });
    expect((await resourceById(ctx.db, network.id)).deletedAt).not.toBeNull();
    expect((await ctx.cloud.describe('phone_network', [networkInstance]))[0]!.status).toBe('deleted');
    const deletedSpace = await resourceById(ctx.db, space.id);
    expect(deletedSpace.status).toBe('deleted');
    expect(deletedSpace.deletedAt).toEqual(now());
  });

  it('keeps an expired office network while live desktops use it, and releases it after them', async () => {
    clock().set(START);
    const userId = await fundedCustomer(ctx, 0n);
    const end = new Date(now().getTime() + 60_000);
    const instanceId = await cloudInstance(ctx, 'office_site', region.wyRegionId, {
      name: 'office',
      bandwidthMbps: 50,
      free: false,
      chargeType: 'subscription',
      periodMonths: 1,
    });
    const network = await insertResource(ctx.db, {
      userId,
      kind: 'office_site',
      billingMethod: 'subscription',
      regionId: region.id,
      instanceId,
      status: 'normal',
      expiresAt: end,
      createdAt: now(),
    });
    // Renewed, so it outlives its network's grace.
    const desktop = await subscription(userId, new Date(end.getTime() + 365 * DAY), {
      spec: { desktopType, systemDiskGiB: 80, officeSiteId: network.resourceId },
    });
    clock().set(end.getTime() + ctx.config.DESKTOP_DELETE_GRACE_DAYS * DAY + 60_000);
    await sweep();
    expect(await resourceById(ctx.db, network.id)).toMatchObject({ status: 'normal', deletedAt: null });

    await ctx.db
      .update(resources)
      .set({ status: 'deleted', deletedAt: now() })
      .where(eq(resources.id, desktop.id));
    await sweep();
    // Its release is under way (the cloud's answer arrives with the next status refresh).
    expect(await resourceById(ctx.db, network.id)).toMatchObject({ status: 'releasing' });
  });

  it('limits an expired EIP to 1 Mbps, then unbinds and releases it after 2 days', async () => {
    clock().set(START);
    const phoneRegion = await baseRegion(ctx.db, 'phone');
    const userId = await fundedCustomer(ctx, 0n);
    const phoneId = await phoneInstance(phoneRegion.wyRegionId);
    const instanceId = await cloudInstance(ctx, 'eip', phoneRegion.wyRegionId, {
      bandwidthMbps: 20,
      chargeType: 'subscription',
      periodMonths: 1,
    });
    await ctx.cloud.act('eip', instanceId, 'bind', { instanceId: phoneId }, 'fixture:bind');
    const end = new Date(now().getTime() + 60_000);
    const eip = await insertResource(ctx.db, {
      userId,
      kind: 'eip',
      billingMethod: 'subscription',
      regionId: phoneRegion.id,
      instanceId,
      status: 'allocated',
      expiresAt: end,
      createdAt: now(),
    });
    await sweep();
    expect((await ctx.cloud.describe('eip', [instanceId]))[0]!.attributes.bandwidthMbps).toBe(20);

    clock().set(end.getTime() + 60_000);
    expect((await sweep()).limited).toBe(1);
    const [limited] = await ctx.cloud.describe('eip', [instanceId]);
    expect(limited!.attributes).toMatchObject({ bandwidthMbps: 1, boundInstanceId: phoneId });
    expect((await sweep()).limited).toBe(0);

    clock().set(end.getTime() + 2 * DAY - 60_000);
    await sweep();
    expect((await resourceById(ctx.db, eip.id)).status).toBe('allocated');

    clock().set(end.getTime() + 2 * DAY + 60_000);
    await sweep();
    const [released] = await ctx.cloud.describe('eip', [instanceId]);
    expect(released!.attributes.boundInstanceId).toBeNull();
    expect(['releasing', 'released']).toContain(released!.status);
    expect((await resourceById(ctx.db, eip.id)).status).toMatch(/releas/);
    // The refresh follows the release to its end: the address is gone.
    clock().advance(60_000);
    await refreshStatuses(coreOf(ctx), [await resourceById(ctx.db, eip.id)]);
    const gone = await resourceById(ctx.db, eip.id);
    expect(gone.status).toBe('released');
    expect(gone.deletedAt).not.toBeNull();
  });

  it('leaves an unbound expired EIP unlimited (the cloud refuses it) and releases it after 2 days', async () => {
    clock().set(START);
    const phoneRegion = await baseRegion(ctx.db, 'phone');
    const userId = await fundedCustomer(ctx, 0n);
    const instanceId = await cloudInstance(ctx, 'eip', phoneRegion.wyRegionId, {
      bandwidthMbps: 20,
      chargeType: 'subscription',
      periodMonths: 1,
    });
    const end = new Date(now().getTime() + 60_000);
    const eip = await insertResource(ctx.db, {
      userId,
      kind: 'eip',
      billingMethod: 'subscription',
      regionId: phoneRegion.id,
      instanceId,
      status: 'unallocated',
      expiresAt: end,
      createdAt: now(),
    });
    clock().set(end.getTime() + 60_000);
    expect((await sweep()).limited).toBe(0);
    expect((await resourceById(ctx.db, eip.id)).attributes).not.toHaveProperty('_limited_for');
    clock().set(end.getTime() + 2 * DAY + 60_000);
    await sweep();
    expect((await resourceById(ctx.db, eip.id)).status).toBe('releasing');
  });
});
