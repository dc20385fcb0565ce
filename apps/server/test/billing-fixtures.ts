/**
 * Fixtures of the billing and lifecycle tests: funded customers, resources inserted directly
 * (with or without an instance on the simulated cloud), and what the tests read back.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CoreDeps } from '../src/app-deps';
import type { Db } from '../src/db/client';
import { regions, resources } from '../src/db/schema';
import { inTransaction } from '../src/db/transaction';
import type { ManualClock } from '../src/lib/clock';
import { credit } from '../src/modules/wallet/ledger';
import { verifyLedger } from '../src/modules/wallet/verify-ledger';
import type { ResourceRow } from '../src/modules/provisioning/repo';
import type { CloudKind, CloudSpecs } from '../src/providers/cloud/types';
import { signUp } from './accounts';
import type { createTestApp } from './context';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const coreOf = (ctx: TestApp): CoreDeps => ({
  config: ctx.config,
  database: ctx.database,
  clock: ctx.clock,
  cloud: ctx.cloud,
});

export const manualClock = (ctx: TestApp) => ctx.clock as ManualClock;

export const cents = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

export async function fundedCustomer(ctx: TestApp, balanceMicros: bigint): Promise<number> {
  const { userId } = await signUp(ctx.app, ctx.db);
  if (balanceMicros > 0n)
    await inTransaction(ctx.database.pool, (tx) =>
      credit(tx, {
        userId,
        kind: 'topup',
        amountMicros: balanceMicros,
        idempotencyKey: `fund:${userId}:${randomBytes(4).toString('hex')}`,
      }),
    );
  return userId;
}

/** A region of `kind` priced at the base factor (100 %), so rates are the catalogue's defaults. */
export async function baseRegion(db: Db, kind: 'desktop' | 'phone') {
  const [row] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.kind, kind), eq(regions.priceFactorPercent, 100), eq(regions.enabled, true)))
    .limit(1);
  if (!row) throw new Error(`no ${kind} region at factor 100 in the seed`);
  return row;
}

export interface ResourceInput {
  userId: number;
  kind: ResourceRow['kind'];
  billingMethod: 'payg' | 'subscription';
  regionId?: number | null;
  status?: string;
  instanceId?: string | null;
  hourlyPriceMicros?: bigint;
  expiresAt?: Date | null;
  autoRenew?: boolean;
  gift?: boolean;
  spec?: Record<string, unknown>;
  createdAt: Date;
}

let sequence = 0;

/** A created resource row as the provisioning engine leaves it once the cloud has made it. */
export async function insertResource(db: Db, input: ResourceInput): Promise<ResourceRow> {
  sequence += 1;
  const suffix = `${sequence}${randomBytes(4).toString('hex')}`;
  const [row] = await db
    .insert(resources)
    .values({
      resourceId: `${input.kind.slice(0, 2)}-${suffix}`,
      userId: input.userId,
      kind: input.kind,
      regionId: input.regionId ?? null,
      name: `${input.kind} ${sequence}`,
      status: input.status ?? 'running',
      resourceStatus: 'created',
      instanceId: input.instanceId ?? null,
      clientToken: `test:${suffix}`,
      billingMethod: input.billingMethod,
      autoRenew: input.autoRenew ?? false,
      gift: input.gift ?? false,
      expiresAt: input.expiresAt ?? null,
      hourlyPriceMicros: input.hourlyPriceMicros ?? 0n,
      spec: input.spec ?? {},
      createdAt: input.createdAt,
    })
    .returning();
  return row!;
}

/** Creates an instance on the simulated cloud and moves the clock until it has settled. */
export async function cloudInstance<K extends CloudKind>(
  ctx: TestApp,
  kind: K,
  region: string,
  spec: CloudSpecs[K],
): Promise<string> {
  const created = await ctx.cloud.create(kind, {
    clientToken: `fixture:${randomBytes(6).toString('hex')}`,
    region,
    spec,
  });
  manualClock(ctx).advance(120_000);
  await ctx.cloud.describe(kind, [created.instanceId]);
  return created.instanceId;
}

/** A running desktop on the simulated cloud (with the office network it needs). */
export async function runningDesktop(ctx: TestApp, region: string): Promise<string> {
  const officeSiteId = await cloudInstance(ctx, 'office_site', region, {
    name: 'office',
    bandwidthMbps: 10,
    chargeType: 'payg',
  });
  return cloudInstance(ctx, 'desktop', region, {
    name: 'desk',
    officeSiteId,
    bundleId: 'bundle-test',
    imageId: 'image-test',
    cpu: 2,
    memoryGiB: 4,
    systemDiskGiB: 80,
    chargeType: 'payg',
  });
}

export async function resourceById(db: Db, id: number): Promise<ResourceRow> {
  const [row] = await db.select().from(resources).where(eq(resources.id, id));
  return row!;
}

export async function noticesOf(db: Db, userId: number) {
  const rows = await db.execute<{
    title_en: string;
    content_en: string;
    title_zh: string;
    content_zh: string;
  }>(
    sql`SELECT title_en, content_en, title_zh, content_zh FROM user_notices WHERE user_id = ${userId} ORDER BY id`,
  );
  return rows.rows;
}

export async function ledgerDrifts(db: Db) {
  return (await verifyLedger(db)).drifts;
}
