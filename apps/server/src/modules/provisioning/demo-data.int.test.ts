import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/context';
import { runQueuedJobs } from '../../../test/run-jobs';
import type { CoreDeps } from '../../app-deps';
import { ManualClock } from '../../lib/clock';
import { parseMicros } from '../../lib/money';
import { listDesktops } from '../desktops/service';
import { DEMO_CUSTOMER, seedDemoCustomer } from '../identity/demo-data';
import { findUserByEmail } from '../identity/repo';
import { walletBalance } from '../wallet/service';
import { verifyLedger } from '../wallet/verify-ledger';
import { seedDemoResources } from './demo-data';
import { provisioningJobs } from './jobs';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let clock: ManualClock;
let core: CoreDeps;
const silent = { warn: () => {} } as unknown as Parameters<typeof seedDemoResources>[2];

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-11-22T08:00:00Z'));
  ctx = await createTestApp({ clock });
  core = { config: ctx.config, database: ctx.database, clock, cloud: ctx.cloud };
});
afterAll(() => ctx.close());

describe('the demo customer of npm start', () => {
  it('gets $100 of demo credit and one running desktop, once however often it starts', async () => {
    await seedDemoCustomer(ctx.database);
    await seedDemoResources({ ...core, jobs: ctx.jobs }, DEMO_CUSTOMER.email, silent);
    await seedDemoResources({ ...core, jobs: ctx.jobs }, DEMO_CUSTOMER.email, silent);
    await runQueuedJobs({
      database: ctx.database,
      clock,
      queue: ctx.jobs,
      definitions: provisioningJobs(core),
    });

    const user = (await findUserByEmail(ctx.db, DEMO_CUSTOMER.email))!;
    const desktops = await listDesktops(ctx.db, user.id, { page: 1, limit: 20 });
    expect(desktops.total).toBe(1);
    expect(desktops.list[0]).toMatchObject({
      name: 'demo-desktop',
      status: 'running',
      resource_status: 'created',
    });
    // $100 credit minus one month of the demo bundle in the first region, at the quoted price.
    const price = await ctx.app.inject({
      method: 'GET',
      url: '/api/describe_price',
      query: {
        region_id: String(desktops.list[0]!.region_id),
        bundle_id: 'b-general-2c4g',
        billing_method: 'subscription',
        period: '1',
        quantity: '1',
      },
    });
    const payable = parseMicros(price.json().data.payable_price as string);
    expect(payable).toBeGreaterThan(0n);
    expect(await walletBalance(ctx.db, user.id)).toBe(100_000_000n - payable);
    expect((await verifyLedger(ctx.db)).drifts).toEqual([]);
  });
});
