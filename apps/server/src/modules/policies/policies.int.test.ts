import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { withIdempotencyKey } from '../../../test/idempotency';
import { runQueuedJobs } from '../../../test/run-jobs';
import { dollars, expectCleanLedger } from '../../../test/topups';
import type { CoreDeps } from '../../app-deps';
import { desktopPolicies, regions } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { ManualClock } from '../../lib/clock';
import { requestAction } from '../provisioning/actions';
import { provisioningJobs } from '../provisioning/jobs';
import { findResourceByPublicId, type ResourceRow } from '../provisioning/repo';
import { credit } from '../wallet/ledger';
import { ensureDefaultPolicy } from './repo';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
type Customer = Awaited<ReturnType<typeof loggedInUser>>;

let ctx: Ctx;
let clock: ManualClock;
let core: CoreDeps;
let hk: number;

beforeAll(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 1));
  ctx = await createTestApp({ clock });
  core = { config: ctx.config, database: ctx.database, clock, cloud: ctx.cloud };
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

const runJobs = () =>
  runQueuedJobs({ database: ctx.database, clock, queue: ctx.jobs, definitions: provisioningJobs(core) });

const resource = async (resourceId: string): Promise<ResourceRow> =>
  (await findResourceByPublicId(ctx.db, resourceId))!;

function call(
  customer: Customer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...customer.headers, ...withIdempotencyKey(method, headers) },
    payload,
  });
}

async function buyDesktops(customer: Customer, quantity = 1): Promise<string[]> {
  const res = await call(
    customer,
    'POST',
    '/user/desktop',
    {
      region_id: hk,
      bundle_id: 'b-general-2c4g',
      image_id: 'img-ubuntu-2204',
      billing_method: 'subscription',
      period: 1,
      quantity,
      name: 'pc',
      agreed: true,
    },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.desktop_ids as string[];
}

/** A customer with running desktops (made by the engine's jobs). */
async function withRunningDesktops(quantity = 1) {
  const customer = await customerWith(300);
  const desktopIds = await buyDesktops(customer, quantity);
  await runJobs();
  for (const id of desktopIds) expect((await resource(id)).status).toBe('running');
  return { customer, desktopIds };
}

interface PolicyAnswer {
  policy_id: string;
  name: string;
  clipboard: string;
  local_drive: string;
  usb_redirect: boolean;
  is_default: boolean;
  desktop_count: number;
}

async function listOf(customer: Customer, query: Record<string, string> = {}, headers = {}) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/user/policy',
    headers: { ...customer.headers, ...headers },
    query,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: PolicyAnswer[]; total: number };
}

const body = (name: string, extra: Partial<Record<string, unknown>> = {}) => ({
  name,
  clipboard: 'read',
  local_drive: 'off',
  usb_redirect: false,
  ...extra,
});

async function created(customer: Customer, name: string): Promise<PolicyAnswer> {
  const res = await call(customer, 'POST', '/user/policy', body(name));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PolicyAnswer;
}

async function policyRow(policyId: string) {
  const [row] = await ctx.db.select().from(desktopPolicies).where(eq(desktopPolicies.policyId, policyId));
  return row;
}

async function upstreamPolicyOf(desktopId: string) {
  const desktop = await resource(desktopId);
  const [described] = await ctx.cloud.describe('desktop', [desktop.instanceId!]);
  return described!.attributes.policyId;
}

describe('the default policy', () => {
  it('is made on first use, answered in the caller’s language, and locked', async () => {
    const customer = await customerWith(0);
    const zh = await listOf(customer);
    expect(zh.total).toBe(1);
    expect(zh.list[0]).toMatchObject({
      name: '默认策略',
      is_default: true,
      clipboard: 'readwrite',
      local_drive: 'readwrite',
      usb_redirect: true,
      desktop_count: 0,
    });
    const en = await listOf(customer, {}, EN);
    expect(en.list).toHaveLength(1);
    expect(en.list[0]).toMatchObject({ policy_id: zh.list[0]!.policy_id, name: 'Default policy' });
    // The name filter matches what the caller reads.
    expect((await listOf(customer, { name: '默认' })).total).toBe(1);
    expect((await listOf(customer, { name: 'default' }, EN)).total).toBe(1);
    expect((await listOf(customer, { name: 'nothing' })).total).toBe(0);

    const id = zh.list[0]!.policy_id;
    const edit = await call(customer, 'PUT', `/user/policy/${id}`, body('Mine'));
    expect(edit.statusCode).toBe(422);
    expect(edit.json()).toMatchObject({ code: 422, msg: '默认策略不能编辑或删除' });
    const remove = await call(customer, 'DELETE', `/user/policy/${id}`, undefined, EN);
    expect(remove.statusCode).toBe(422);
    expect(remove.json().msg).toBe('The default policy cannot be edited or deleted');
    expect(await policyRow(id)).toMatchObject({ name: 'Default policy', isDefault: true });
  });

  it('is made once however many first uses race', async () => {
    const customer = await customerWith(300);
    await Promise.all([
      listOf(customer),
      listOf(customer),
      buyDesktops(customer),
      call(customer, 'POST', '/user/policy', body('Racing')),
      ...Array.from({ length: 6 }, () => ensureDefaultPolicy(ctx.db, customer.userId)),
    ]);
    const defaults = await ctx.db
      .select()
      .from(desktopPolicies)
      .where(eq(desktopPolicies.userId, customer.userId));
    expect(defaults.filter((row) => row.isDefault)).toHaveLength(1);
    expect(defaults).toHaveLength(2);
    await runJobs();
  });

  it('is given to new desktops, upstream too (its group made on first need)', async () => {
    const { customer, desktopIds } = await withRunningDesktops(2);
    const [policy] = (await listOf(customer)).list;
    expect(policy).toMatchObject({ is_default: true, desktop_count: 2 });
    for (const id of desktopIds) expect((await resource(id)).spec.policyId).toBe(policy!.policy_id);
    const row = await policyRow(policy!.policy_id);
    expect(row!.instanceId).toMatch(/^pg-/);
    // Both desktops of the purchase made their group with the same token: one group.
    for (const id of desktopIds) expect(await upstreamPolicyOf(id)).toBe(row!.instanceId);
    const [group] = await ctx.cloud.describe('policy', [row!.instanceId!]);
    expect(group).toMatchObject({
      status: 'available',
      attributes: { clipboard: 'readwrite', localDrive: 'readwrite', usbRedirect: true },
    });
    await expectCleanLedger(ctx.database);
  });
});

describe('a customer’s own policies', () => {
  it('keeps names unique per customer whatever their case, the default’s names included', async () => {
    const customer = await customerWith(0);
    const first = await created(customer, 'Office');
    expect(first).toMatchObject({
      is_default: false,
      clipboard: 'read',
      local_drive: 'off',
      usb_redirect: false,
    });
    expect(first.policy_id).toMatch(/^pl-/);
    for (const name of ['office', 'OFFICE', '默认策略', 'default POLICY']) {
      const res = await call(customer, 'POST', '/user/policy', body(name));
      expect(res.statusCode, name).toBe(409);
      expect(res.json().msg).toBe('已有同名策略');
    }
    // Racing creations of one name: one wins.
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => call(customer, 'POST', '/user/policy', body('Lab'))),
    );
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    // Another customer may use the same names.
    expect((await call(await customerWith(0), 'POST', '/user/policy', body('Office'))).statusCode).toBe(200);

    const second = await created(customer, 'Second');
    const rename = await call(customer, 'PUT', `/user/policy/${second.policy_id}`, body('office'));
    expect(rename.statusCode).toBe(409);
    const edit = await call(
      customer,
      'PUT',
      `/user/policy/${second.policy_id}`,
      body('Second', { usb_redirect: true }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ name: 'Second', usb_redirect: true });

    const list = await listOf(customer);
    expect(list.total).toBe(4);
    expect(list.list[0]!.is_default).toBe(true);
    expect(list.list.slice(1).map((p) => p.name)).toEqual(['Second', 'Lab', 'Office']);
    expect((await listOf(customer, { name: 'o', limit: '10' })).list.map((p) => p.name)).toEqual([
      'Second',
      'Office',
    ]);
    expect((await listOf(customer, { page: '2', limit: '10' })).list).toEqual([]);
  });

  it('is made once when its creation is retried with the same Idempotency-Key', async () => {
    const customer = await customerWith(0);
    const key = { 'idempotency-key': randomUUID() };
    const first = await call(customer, 'POST', '/user/policy', body('Retried'), key);
    expect(first.statusCode, first.body).toBe(200);
    // The retry after a timeout: the same answer, not 409 POLICY_NAME_TAKEN.
    const again = await call(customer, 'POST', '/user/policy', body('Retried'), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const rows = await ctx.db
      .select()
      .from(desktopPolicies)
      .where(eq(desktopPolicies.userId, customer.userId));
    expect(rows.filter((row) => !row.isDefault).map((row) => row.name)).toEqual(['Retried']);
    // Another request under the key is refused; a new key is a new creation (here a taken name).
    const other = await call(customer, 'POST', '/user/policy', body('Other'), key);
    expect(other.statusCode).toBe(422);
    const fresh = await call(customer, 'POST', '/user/policy', body('Retried'), {
      'idempotency-key': randomUUID(),
    });
    expect(fresh.statusCode).toBe(409);
  });

  it('is assigned to desktops one by one, upstream and in the spec, and edited upstream', async () => {
    const { customer, desktopIds } = await withRunningDesktops(2);
    const stranger = await withRunningDesktops(1);
    const policy = await created(customer, 'Locked down');
    const [running, other] = desktopIds as [string, string];
    // The second desktop is shutting down: its status forbids the change.
    await requestAction(core, await resource(other), 'stop');
    const foreign = stranger.desktopIds[0]!;

    const res = await call(customer, 'PUT', `/user/policy/${policy.policy_id}/desktops`, {
      desktop_ids: [running, 'dt-nosuchdesktop', foreign, other, running],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results as { desktop_id: string; ok: boolean; code: string | null }[];
    expect(results).toEqual([
      { desktop_id: running, ok: true, status: 'running', code: null, message: null },
      {
        desktop_id: 'dt-nosuchdesktop',
        ok: false,
        status: null,
        code: 'DESKTOP_NOT_FOUND',
        message: '云电脑不存在',
      },
      { desktop_id: foreign, ok: false, status: null, code: 'DESKTOP_NOT_FOUND', message: '云电脑不存在' },
      {
        desktop_id: other,
        ok: false,
        status: null,
        code: 'RESOURCE_ACTION_FORBIDDEN',
        message: '当前状态不允许执行该操作，请刷新后重试',
      },
      { desktop_id: running, ok: true, status: 'running', code: null, message: null },
    ]);
    const row = await policyRow(policy.policy_id);
    expect((await resource(running)).spec.policyId).toBe(policy.policy_id);
    expect(await upstreamPolicyOf(running)).toBe(row!.instanceId);
    const defaultId = (await listOf(customer)).list[0]!.policy_id;
    expect((await resource(other)).spec.policyId).toBe(defaultId);
    // The stranger's desktop is untouched.
    expect((await resource(foreign)).spec.policyId).not.toBe(policy.policy_id);

    const counts = Object.fromEntries((await listOf(customer)).list.map((p) => [p.name, p.desktop_count]));
    expect(counts).toEqual({ 默认策略: 1, 'Locked down': 1 });

    // An edit reaches the upstream group.
    const edit = await call(
      customer,
      'PUT',
      `/user/policy/${policy.policy_id}`,
      body('Locked down', { clipboard: 'off' }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.desktop_count).toBe(1);
    const [group] = await ctx.cloud.describe('policy', [row!.instanceId!]);
    expect(group!.attributes).toMatchObject({ clipboard: 'off', localDrive: 'off', usbRedirect: false });

    const empty = await call(customer, 'PUT', `/user/policy/${policy.policy_id}/desktops`, {
      desktop_ids: [],
    });
    expect(empty.statusCode).toBe(400);
    await runJobs();
  });

  it('moves its desktops back to the default policy when deleted, or refuses while one is busy', async () => {
    const { customer, desktopIds } = await withRunningDesktops(2);
    const policy = await created(customer, 'Temporary');
    const assign = await call(customer, 'PUT', `/user/policy/${policy.policy_id}/desktops`, {
      desktop_ids: desktopIds,
    });
    expect(assign.json().data.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    const groupId = (await policyRow(policy.policy_id))!.instanceId!;

    // One desktop shutting down: it cannot change policy now, so nothing is deleted.
    await requestAction(core, await resource(desktopIds[1]!), 'stop');
    const busy = await call(customer, 'DELETE', `/user/policy/${policy.policy_id}`);
    expect(busy.statusCode).toBe(409);
    expect(await policyRow(policy.policy_id)).toBeDefined();
    expect((await resource(desktopIds[0]!)).spec.policyId).toBe(policy.policy_id);

    await runJobs();
    expect((await resource(desktopIds[1]!)).status).toBe('shutdown');
    const res = await call(customer, 'DELETE', `/user/policy/${policy.policy_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await policyRow(policy.policy_id)).toBeUndefined();
    const fallback = (await listOf(customer)).list[0]!;
    expect(fallback).toMatchObject({ is_default: true, desktop_count: 2 });
    const defaultGroup = (await policyRow(fallback.policy_id))!.instanceId;
    for (const id of desktopIds) {
      expect((await resource(id)).spec.policyId).toBe(fallback.policy_id);
      expect(await upstreamPolicyOf(id)).toBe(defaultGroup);
    }
    expect((await ctx.cloud.describe('policy', [groupId]))[0]!.status).toBe('deleted');
    expect((await call(customer, 'DELETE', `/user/policy/${policy.policy_id}`)).statusCode).toBe(404);
    await runJobs();
  });

  it("answers 404 POLICY_NOT_FOUND for another customer's policy on every route", async () => {
    const owner = await customerWith(0);
    const policy = await created(owner, 'Private');
    const { customer: stranger, desktopIds } = await withRunningDesktops(1);
    const id = policy.policy_id;
    const routes: [method: 'PUT' | 'DELETE', url: string, payload?: object][] = [
      ['PUT', `/user/policy/${id}`, body('Stolen')],
      ['DELETE', `/user/policy/${id}`],
      ['PUT', `/user/policy/${id}/desktops`, { desktop_ids: desktopIds }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(stranger, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().msg).toBe('策略不存在');
    }
    expect(await policyRow(id)).toMatchObject({ name: 'Private' });
    expect((await resource(desktopIds[0]!)).spec.policyId).not.toBe(id);
    expect((await listOf(stranger)).list.map((p) => p.policy_id)).not.toContain(id);
  });
});
