/**
 * Fixtures of the desktop operation tests: an app on a ManualClock, funded customers, desktops
 * bought through POST /api/user/desktop and made by the real provisioning jobs (test/run-jobs.ts),
 * and office networks created by the engine's create job.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CoreDeps } from '../src/app-deps';
import type { Database } from '../src/db/client';
import { regions } from '../src/db/schema';
import { inTransaction } from '../src/db/transaction';
import { ManualClock } from '../src/lib/clock';
import { addMonths } from '../src/modules/provisioning/service';
import { createResource, provisioningJobs } from '../src/modules/provisioning/jobs';
import { findResourceByPublicId, insertResources, type ResourceRow } from '../src/modules/provisioning/repo';
import { credit } from '../src/modules/wallet/ledger';
import type { SimCloudProvider } from '../src/providers/cloud';
import { loggedInUser } from './accounts';
import { createTestApp } from './context';
import { withIdempotencyKey } from './idempotency';
import { runQueuedJobs } from './run-jobs';
import { dollars } from './topups';

export type Customer = Awaited<ReturnType<typeof loggedInUser>>;
export type DesktopHarness = Awaited<ReturnType<typeof desktopHarness>>;

export const EN = { 'accept-language': 'en-US' };

/** Upstream creates that took effect under a token (a retry answers "replayed", not a new effect). */
export async function createEffects(database: Database, clientToken: string) {
  const { rows } = await database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sim_calls WHERE operation = 'create' AND client_token = $1 AND effect`,
    [clientToken],
  );
  return rows[0]!.n;
}

export interface Purchased {
  order: { id: number; no: string; paid_amount: string };
  desktop_ids: string[];
  office_site_id: string;
}

/** The app on its own database and clock, and what the desktop tests do with it. */
export async function desktopHarness(start = Date.UTC(2026, 10, 2, 8), env?: Record<string, string>) {
  const clock = new ManualClock(start);
  const ctx = await createTestApp({ clock, env });
  const cloud = ctx.cloud as SimCloudProvider;
  const core: CoreDeps = { config: ctx.config, database: ctx.database, clock, cloud };
  const desktopRegions = (await ctx.db.select().from(regions)).filter((row) => row.kind === 'desktop');
  const regionId = (wyRegionId: string) => desktopRegions.find((row) => row.wyRegionId === wyRegionId)!.id;
  const hk = regionId('cn-hongkong');
  const sg = regionId('ap-southeast-1');

  async function customer(balance = 200): Promise<Customer> {
    const user = await loggedInUser(ctx.app, ctx.db);
    if (balance > 0) {
      await inTransaction(ctx.database.pool, (tx) =>
        credit(tx, {
          userId: user.userId,
          amountMicros: dollars(balance),
          kind: 'topup',
          idempotencyKey: `topup:${randomUUID()}`,
        }),
      );
    }
    return user;
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

  /** Any call as a customer; `headers` add to (or replace) the bearer header; writes get a fresh key. */
  function call(
    who: Customer,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return ctx.app.inject({
      method,
      url,
      headers: { ...who.headers, ...withIdempotencyKey(method, headers) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** A page of a list (GET, 200 expected) as the customer. */
  async function listPage(who: Customer, url: string, query: Record<string, string> = {}) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: who.headers, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { list: Record<string, unknown>[]; total: number; page: number; limit: number };
  }

  async function buy(who: Customer, extra: Record<string, unknown> = {}): Promise<Purchased> {
    const res = await call(who, 'POST', '/api/user/desktop', purchaseBody(extra), {
      'idempotency-key': randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Purchased;
  }

  /** Runs the provisioning jobs waiting in pg-boss as a worker would, moving the clock. */
  const runJobs = () =>
    runQueuedJobs({ database: ctx.database, clock, queue: ctx.jobs, definitions: provisioningJobs(core) });

  const row = async (resourceId: string): Promise<ResourceRow> =>
    (await findResourceByPublicId(ctx.db, resourceId))!;

  /** Bought and made: running, jobs drained. */
  async function runningDesktop(who: Customer, extra: Record<string, unknown> = {}) {
    const purchase = await buy(who, extra);
    await runJobs();
    const desktop = await row(purchase.desktop_ids[0]!);
    expect(desktop).toMatchObject({ status: 'running', resourceStatus: 'created' });
    return { purchase, desktopId: desktop.resourceId, desktop };
  }

  async function runStatus(who: Customer, desktopId: string, action: 'start' | 'stop' | 'reboot') {
    const res = await call(who, 'PUT', `/api/user/desktop/${desktopId}/run_status`, { action });
    expect(res.statusCode, res.body).toBe(200);
    await runJobs();
    return row(desktopId);
  }

  /** A running desktop shut down. */
  async function shutDownDesktop(who: Customer, extra: Record<string, unknown> = {}) {
    const made = await runningDesktop(who, extra);
    expect((await runStatus(who, made.desktopId, 'stop')).status).toBe('shutdown');
    return made;
  }

  /** A subscription office network of the customer's, made upstream by the engine's create job. */
  async function officeSite(who: Customer, region = hk, bandwidthMbps = 20): Promise<ResourceRow> {
    const resourceId = `os-${randomUUID().slice(0, 16)}`;
    const [site] = await insertResources(ctx.db, [
      {
        resourceId,
        userId: who.userId,
        kind: 'office_site',
        regionId: region,
        name: 'Branch office',
        clientToken: `create:fixture:${resourceId}`,
        billingMethod: 'subscription',
        expiresAt: addMonths(clock.now(), 1),
        spec: { name: 'Branch office', bandwidthMbps, chargeType: 'subscription', periodMonths: 1 },
        createdAt: clock.now(),
      },
    ]);
    await createResource(core, ctx.jobs, { id: site!.id });
    await runJobs();
    const made = await row(resourceId);
    expect(made).toMatchObject({ status: 'normal', resourceStatus: 'created' });
    return made;
  }

  return {
    ctx,
    clock,
    cloud,
    core,
    deps: { ...core, jobs: ctx.jobs },
    hk,
    sg,
    customer,
    purchaseBody,
    call,
    listPage,
    buy,
    runJobs,
    row,
    runningDesktop,
    runStatus,
    shutDownDesktop,
    officeSite,
  };
}
