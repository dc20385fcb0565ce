import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { inTransaction } from '../../db/transaction';
import { runQueuedJobs } from '../../../test/run-jobs';
import type { CoreDeps } from '../../app-deps';
import { ManualClock } from '../../lib/clock';
import { parseMicros } from '../../lib/money';
import { listDesktops } from '../desktops/service';
import { DEMO_CUSTOMER, seedDemoCustomer } from '../identity/demo-data';
import { findUserByEmail } from '../identity/repo';
import { setPhWhiteUser } from '../phones/service';
import { credit } from '../wallet/ledger';
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

  it('may use cloud phones, also when it was seeded before phones existed', async () => {
    await seedDemoCustomer(ctx.database);
    const user = (await findUserByEmail(ctx.db, DEMO_CUSTOMER.email))!;
    expect(user.phWhiteUser).toBe(1);
    await setPhWhiteUser(ctx.db, user.id, 0);
    await seedDemoCustomer(ctx.database);
    expect((await findUserByEmail(ctx.db, DEMO_CUSTOMER.email))!.phWhiteUser).toBe(1);
    const res = await logIn(ctx.app, ctx.db, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const images = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/ph/ph_image',
      headers: { authorization: `Bearer ${res.json().data.access_token}` },
    });
    expect(images.statusCode, images.body).toBe(200);
  });

  it("shows the demo credit in the reader's language, in the bills, the bill and the CSV export", async () => {
    const login = await logIn(ctx.app, ctx.db, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const headers = { authorization: `Bearer ${login.json().data.access_token as string}` };
    const memos = async (language: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/user_transactions',
        query: { expense_type: 'gift', page: '1', limit: '10' },
        headers: { ...headers, 'accept-language': language },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.list as { id: number; memo: string | null }[]).map((bill) => bill.memo);
    };
    expect(await memos('en-US,en;q=0.9')).toEqual(['Demo credit']);
    expect(await memos('zh-CN')).toEqual(['演示赠金']);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/user_transactions',
      query: { expense_type: 'gift', page: '1', limit: '10' },
      headers,
    });
    const bill = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/user_transactions/${list.json().data.list[0].id as number}`,
      headers: { ...headers, 'accept-language': 'en-US' },
    });
    expect(bill.json().data.memo).toBe('Demo credit');

    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/user_transactions/export',
      payload: new URLSearchParams({ expense_type: 'gift' }).toString(),
      headers: {
        ...headers,
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'en-US',
      },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Demo credit');
    expect(csv.body).not.toContain('演示赠金');
  });

  it('relabels a demo credit seeded before bilingual memos on the next start, adding no money', async () => {
    const earlier = await createTestApp({ clock });
    try {
      await seedDemoCustomer(earlier.database);
      const user = (await findUserByEmail(earlier.db, DEMO_CUSTOMER.email))!;
      // What an install started before this change holds.
      await inTransaction(earlier.database.pool, (tx) =>
        credit(tx, {
          userId: user.id,
          kind: 'gift',
          amountMicros: 100_000_000n,
          idempotencyKey: `demo:credit:${user.id}`,
          memo: '演示赠金 / Demo credit',
        }),
      );
      const deps = { config: earlier.config, database: earlier.database, clock, cloud: earlier.cloud };
      await seedDemoResources({ ...deps, jobs: earlier.jobs }, DEMO_CUSTOMER.email, silent);

      const login = await logIn(earlier.app, earlier.db, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const res = await earlier.app.inject({
        method: 'GET',
        url: '/api/user/user_transactions',
        query: { expense_type: 'gift', page: '1', limit: '10' },
        headers: {
          authorization: `Bearer ${login.json().data.access_token as string}`,
          'accept-language': 'en-US',
        },
      });
      expect((res.json().data.list as { memo: string }[]).map((bill) => bill.memo)).toEqual(['Demo credit']);
      expect((await verifyLedger(earlier.db)).drifts).toEqual([]);
    } finally {
      await earlier.close();
    }
  });
});
