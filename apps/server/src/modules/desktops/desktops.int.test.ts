import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN, desktopHarness, type Customer, type DesktopHarness } from '../../../test/desktop-fixtures';
import { expectCleanLedger } from '../../../test/topups';
import { resources, subAccountDesktops, users } from '../../db/schema';

let h: DesktopHarness;

beforeAll(async () => {
  h = await desktopHarness();
});
afterAll(() => h.ctx.close());

type Entry = {
  desktop_id: string;
  ok: boolean;
  status: string | null;
  code: string | null;
  message: string | null;
};

const list = (who: Customer, query: Record<string, string> = {}) =>
  h.listPage(who, '/api/user/desktop', query);

const upstream = async (instanceId: string) => (await h.cloud.describe('desktop', [instanceId]))[0]!;

describe('GET /user/desktop', () => {
  it('answers every field, filters in SQL and pages', async () => {
    const customer = await h.customer(500);
    const first = await h.runningDesktop(customer, { name: 'Alpha-main', system_disk: 100 });
    const payg = await h.runningDesktop(customer, {
      name: 'beta_payg',
      billing_method: 'payg',
      period: undefined,
      region_id: h.sg,
    });
    const third = await h.buy(customer, { name: 'gamma-50%', period: 3 });

    const all = await list(customer);
    expect(all.total).toBe(3);
    expect(all.list.map((d) => d.desktop_id)).toEqual([
      third.desktop_ids[0],
      payg.desktopId,
      first.desktopId,
    ]);
    const alpha = all.list[2]!;
    expect(alpha).toMatchObject({
      name: 'Alpha-main',
      status: 'running',
      resource_status: 'created',
      region_id: h.hk,
      office_site_id: first.purchase.office_site_id,
      billing_method: 'subscription',
      instance_id: first.desktop.instanceId,
      desktop_type: 'eds.general.2c4g',
      cpu: 2,
      memory: 4,
      system_disk: 100,
      bundle_id: 'b-general-2c4g',
      image_id: 'img-ubuntu-2204',
      bandwidth: 10,
      end_user: null,
      gift: false,
    });
    expect(alpha.private_ip).toBe((await upstream(first.desktop.instanceId!)).attributes.privateIp);
    expect(alpha.actions).toEqual(
      expect.arrayContaining([
        'stop',
        'reboot',
        'rebuild',
        'migrate',
        'disconnect',
        'renew',
        'auto_renew',
        'connect',
      ]),
    );
    expect(alpha.actions).not.toContain('start');
    expect(alpha.actions).not.toContain('modify_spec');
    const paygView = all.list[1]!;
    expect(paygView.actions).not.toContain('renew');
    expect(paygView.actions).not.toContain('auto_renew');
    // Not made yet: nothing to act on.
    expect(all.list[0]!.actions).toEqual([]);

    const names = async (query: Record<string, string>) =>
      (await list(customer, query)).list.map((d) => d.name);
    expect(await names({ name: 'alpha' })).toEqual(['Alpha-main']);
    // LIKE wildcards in the filter match themselves.
    expect(await names({ name: '_' })).toEqual(['beta_payg']);
    expect(await names({ name: '50%' })).toEqual(['gamma-50%']);
    expect(await names({ status: 'pending' })).toEqual(['gamma-50%']);
    expect(await names({ region_id: String(h.sg) })).toEqual(['beta_payg']);
    expect(await names({ billing_method: 'payg' })).toEqual(['beta_payg']);
    expect(await names({ office_site_id: first.purchase.office_site_id })).toEqual([
      'gamma-50%',
      'Alpha-main',
    ]);
    const end = alpha.expire_time as string;
    expect(await names({ expire_from: end, expire_to: end })).toEqual(['Alpha-main']);
    expect(await names({ expire_from: new Date(Date.UTC(2027, 0, 1)).toISOString() })).toEqual(['gamma-50%']);

    const page = await list(customer, { page: '2', limit: '10' });
    expect(page).toMatchObject({ total: 3, page: 2, limit: 10, list: [] });
    await h.runJobs();
  });

  it('shows only the caller’s desktops', async () => {
    const stranger = await h.customer(0);
    expect((await list(stranger)).total).toBe(0);
  });
});

describe('GET /user/desktop/region_count', () => {
  it('counts live desktops per region, not failed ones', async () => {
    const customer = await h.customer(500);
    await h.buy(customer, { quantity: 2 });
    await h.buy(customer, { region_id: h.sg });
    await h.runJobs();
    h.cloud.setFaults({ createFail: 1 });
    try {
      await h.buy(customer, { region_id: h.sg, name: 'doomed' });
      await h.runJobs();
    } finally {
      h.cloud.setFaults({ createFail: 0 });
    }
    const [doomed] = await h.ctx.db.select().from(resources).where(eq(resources.name, 'doomed'));
    expect(doomed!.resourceStatus).toBe('refunded');
    const res = await h.call(customer, 'GET', '/api/user/desktop/region_count');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      [
        { region_id: h.hk, count: 2 },
        { region_id: h.sg, count: 1 },
      ].sort((a, b) => a.region_id - b.region_id),
    );
    const nobody = await h.customer(0);
    expect((await h.call(nobody, 'GET', '/api/user/desktop/region_count')).json().data).toEqual([]);
    await expectCleanLedger(h.ctx.database);
  });
});

describe('run status in batches', () => {
  it('answers one entry per desktop, in order, with translated refusals', async () => {
    const customer = await h.customer(500);
    const running = await h.runningDesktop(customer);
    const stopped = await h.shutDownDesktop(customer);
    const stranger = await h.customer(200);
    const theirs = await h.runningDesktop(stranger);
    const res = await h.call(
      customer,
      'PUT',
      '/api/user/desktop/run_status',
      { action: 'stop', desktop_ids: [running.desktopId, stopped.desktopId, theirs.desktopId, 'dt-nope'] },
      EN,
    );
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results as Entry[];
    expect(results).toEqual([
      { desktop_id: running.desktopId, ok: true, status: 'stopping', code: null, message: null },
      {
        desktop_id: stopped.desktopId,
        ok: false,
        status: null,
        code: 'RESOURCE_ACTION_FORBIDDEN',
        message: 'This action is not allowed in the current status; refresh and try again',
      },
      {
        desktop_id: theirs.desktopId,
        ok: false,
        status: null,
        code: 'DESKTOP_NOT_FOUND',
        message: 'The cloud computer does not exist',
      },
      expect.objectContaining({ desktop_id: 'dt-nope', ok: false, code: 'DESKTOP_NOT_FOUND' }),
    ]);
    await h.runJobs();
    expect((await h.row(running.desktopId)).status).toBe('shutdown');
    expect((await h.row(theirs.desktopId)).status).toBe('running');

    const empty = await h.call(customer, 'PUT', '/api/user/desktop/run_status', {
      action: 'start',
      desktop_ids: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请先选择要操作的资源');
  });
});

describe('PUT /user/desktop/{desktop_id}', () => {
  it('renames, assigns the end user and switches auto-renew in one call', async () => {
    const customer = await h.customer(300);
    const { desktopId, desktop } = await h.runningDesktop(customer);
    const res = await h.call(customer, 'PUT', `/api/user/desktop/${desktopId}`, {
      name: 'Design studio',
      end_user: 'alice.w',
      auto_renew: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Design studio', end_user: 'alice.w', auto_renew: true });
    const described = await upstream(desktop.instanceId!);
    expect(described.attributes).toMatchObject({ name: 'Design studio', endUsers: ['alice.w'] });

    const accounts = await h.call(customer, 'GET', `/api/user/desktop/${desktopId}/accounts`);
    expect(accounts.json().data).toEqual([{ user_name: 'alice.w', connected_sessions: 0 }]);

    // '' takes the desktop back from its user; auto-renew off.
    const cleared = await h.call(customer, 'PUT', `/api/user/desktop/${desktopId}`, {
      end_user: '',
      auto_renew: false,
    });
    expect(cleared.json().data).toMatchObject({ end_user: null, auto_renew: false, name: 'Design studio' });
    expect((await upstream(desktop.instanceId!)).attributes.endUsers).toEqual([]);
    const builtIn = await h.call(customer, 'GET', `/api/user/desktop/${desktopId}/accounts`);
    expect(builtIn.json().data).toEqual([{ user_name: 'Administrator', connected_sessions: 0 }]);

    const nothing = await h.call(customer, 'PUT', `/api/user/desktop/${desktopId}`, {});
    expect(nothing.statusCode).toBe(400);
  });

  it('refuses auto-renew on pay-as-you-go and gifts (422), changing nothing', async () => {
    const customer = await h.customer(300);
    const payg = await h.runningDesktop(customer, { billing_method: 'payg', period: undefined });
    const gift = await h.runningDesktop(customer);
    await h.ctx.db.update(resources).set({ gift: true }).where(eq(resources.resourceId, gift.desktopId));
    for (const desktopId of [payg.desktopId, gift.desktopId]) {
      const res = await h.call(
        customer,
        'PUT',
        `/api/user/desktop/${desktopId}`,
        { name: 'renamed', auto_renew: true },
        EN,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBe('Pay-as-you-go and gifted resources have no auto-renew');
      expect(await h.row(desktopId)).toMatchObject({ autoRenew: false, name: 'office-pc' });
    }
  });

  it('answers 409 while the desktop is being made', async () => {
    const customer = await h.customer(300);
    const purchase = await h.buy(customer);
    const res = await h.call(customer, 'PUT', `/api/user/desktop/${purchase.desktop_ids[0]}`, {
      name: 'early',
    });
    expect(res.statusCode).toBe(409);
    await h.runJobs();
  });
});

describe('PUT /user/desktop/batch_rebuild', () => {
  it('reinstalls running or shut-down desktops only, from an image of their platform', async () => {
    const customer = await h.customer(500);
    const running = await h.runningDesktop(customer);
    const stopped = await h.shutDownDesktop(customer);
    const windows = await h.runningDesktop(customer, { image_id: 'img-ws2022-en' });
    const pending = await h.buy(customer);
    const res = await h.call(
      customer,
      'PUT',
      '/api/user/desktop/batch_rebuild',
      {
        desktop_ids: [running.desktopId, stopped.desktopId, windows.desktopId, pending.desktop_ids[0]],
        image_id: 'img-debian-12',
      },
      EN,
    );
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results as Entry[];
    expect(results.map((r) => [r.ok, r.status ?? r.code])).toEqual([
      [true, 'rebuilding'],
      [true, 'rebuilding'],
      [false, 'IMAGE_NOT_FOUND'],
      [false, 'RESOURCE_NOT_READY'],
    ]);
    await h.runJobs();
    for (const { desktopId, desktop } of [running, stopped]) {
      const after = await h.row(desktopId);
      expect(after.status).toBe('running');
      expect(after.spec.imageId).toBe('img-debian-12');
      expect((await upstream(desktop.instanceId!)).attributes.imageId).toBe('img-debian-12');
    }
    expect((await h.row(windows.desktopId)).spec.imageId).toBe('img-ws2022-en');

    // Without an image: the current one again.
    const again = await h.call(customer, 'PUT', '/api/user/desktop/batch_rebuild', {
      desktop_ids: [windows.desktopId],
    });
    expect(again.json().data.results[0]).toMatchObject({ ok: true, status: 'rebuilding' });
    await h.runJobs();

    const unknown = await h.call(customer, 'PUT', '/api/user/desktop/batch_rebuild', {
      desktop_ids: [running.desktopId],
      image_id: 'img-none',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 409 in the entry of a desktop that is stopping', async () => {
    const customer = await h.customer(300);
    const { desktopId } = await h.runningDesktop(customer);
    await h.call(customer, 'PUT', `/api/user/desktop/${desktopId}/run_status`, { action: 'stop' });
    const res = await h.call(customer, 'PUT', '/api/user/desktop/batch_rebuild', {
      desktop_ids: [desktopId],
    });
    expect(res.json().data.results[0]).toMatchObject({ ok: false, code: 'RESOURCE_ACTION_FORBIDDEN' });
    await h.runJobs();
  });
});

describe('migration', () => {
  it('moves to another live network of the region; refuses other regions, its own and unknown ones', async () => {
    const customer = await h.customer(500);
    const { desktopId, desktop, purchase } = await h.runningDesktop(customer);
    const branch = await h.officeSite(customer, h.hk, 50);
    const abroad = await h.runningDesktop(customer, { region_id: h.sg });
    const stranger = await h.customer(200);
    const theirs = await h.runningDesktop(stranger);
    const migrate = (officeSiteId: string, id = desktopId) =>
      h.call(customer, 'POST', `/api/user/desktop/${id}/migrate`, { office_site_id: officeSiteId }, EN);

    for (const target of [abroad.purchase.office_site_id, purchase.office_site_id]) {
      const res = await migrate(target);
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBe('A cloud computer can only move to another office network of its region');
    }
    expect((await migrate(theirs.purchase.office_site_id)).statusCode).toBe(404);
    expect((await migrate('os-nope')).statusCode).toBe(404);

    const moved = await migrate(branch.resourceId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ office_site_id: branch.resourceId, bandwidth: 50 });
    expect((await upstream(desktop.instanceId!)).attributes.officeSiteId).toBe(branch.instanceId);

    // Shut down it may move too; stopping it may not.
    await h.call(customer, 'PUT', `/api/user/desktop/${desktopId}/run_status`, { action: 'stop' });
    expect((await migrate(purchase.office_site_id)).statusCode).toBe(409);
    await h.runJobs();
    expect((await migrate(purchase.office_site_id)).statusCode).toBe(200);
  });

  it('moves a batch with one entry each', async () => {
    const customer = await h.customer(500);
    const a = await h.runningDesktop(customer);
    const b = await h.runningDesktop(customer);
    const abroad = await h.runningDesktop(customer, { region_id: h.sg });
    const branch = await h.officeSite(customer, h.hk);
    const res = await h.call(customer, 'POST', '/api/user/desktop/batch_migrate', {
      office_site_id: branch.resourceId,
      desktop_ids: [a.desktopId, abroad.desktopId, b.desktopId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results as Entry[];
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(results[1]!.code).toBe('MIGRATE_TARGET_INVALID');
    expect((await h.row(b.desktopId)).spec.officeSiteId).toBe(branch.resourceId);
    expect((await h.row(abroad.desktopId)).spec.officeSiteId).toBe(abroad.purchase.office_site_id);

    const unknown = await h.call(customer, 'POST', '/api/user/desktop/batch_migrate', {
      office_site_id: 'os-nope',
      desktop_ids: [a.desktopId],
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('disconnect and sessions', () => {
  it('ends the sessions of a running desktop; 409 when it is not running', async () => {
    const customer = await h.customer(300);
    const { desktopId } = await h.runningDesktop(customer);
    for (let i = 0; i < 2; i += 1) {
      const ticket = await h.call(customer, 'POST', '/api/user/wy_auth/get_login_token', {
        desktop_id: desktopId,
      });
      expect(ticket.statusCode, ticket.body).toBe(200);
    }
    const before = await h.call(customer, 'GET', `/api/user/desktop/${desktopId}/accounts`);
    expect(before.json().data).toEqual([{ user_name: 'Administrator', connected_sessions: 2 }]);
    const res = await h.call(customer, 'PUT', `/api/user/desktop/${desktopId}/disconnect`);
    expect(res.statusCode, res.body).toBe(200);
    const after = await h.call(customer, 'GET', `/api/user/desktop/${desktopId}/accounts`);
    expect(after.json().data[0].connected_sessions).toBe(0);

    await h.runStatus(customer, desktopId, 'stop');
    expect((await h.call(customer, 'PUT', `/api/user/desktop/${desktopId}/disconnect`)).statusCode).toBe(409);
  });
});

describe('GET /user/desktop/{desktop_id}/son_account', () => {
  it('lists the caller’s sub-accounts bound to it, and no one else’s', async () => {
    const customer = await h.customer(300);
    const other = await h.customer(0);
    const { desktop, desktopId } = await h.runningDesktop(customer);
    const subUser = (parentId: number, nickname: string, status = 'enabled') =>
      h.ctx.db
        .insert(users)
        .values({
          email: `${nickname}.${parentId}@example.com`,
          passwordHash: 'x',
          nickname,
          status,
          parentId,
          isSon: true,
          inviteCode: `S${parentId}${nickname}`.slice(0, 16).toUpperCase(),
        })
        .returning();
    const [mine] = await subUser(customer.userId, 'helper');
    const [paused] = await subUser(customer.userId, 'paused', 'disabled');
    const [foreign] = await subUser(other.userId, 'intruder');
    await h.ctx.db.insert(subAccountDesktops).values([
      { subUserId: mine!.id, resourceId: desktop.id },
      { subUserId: paused!.id, resourceId: desktop.id },
      { subUserId: foreign!.id, resourceId: desktop.id },
    ]);
    const res = await h.call(customer, 'GET', `/api/user/desktop/${desktopId}/son_account`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ account_id: mine!.id, nickname: 'helper', status: '0' }),
      expect.objectContaining({ account_id: paused!.id, nickname: 'paused', status: '1' }),
    ]);
  });
});

describe('GET /config/EXE_URL', () => {
  it('answers the download page as a string, without a session', async () => {
    const res = await h.ctx.app.inject({ method: 'GET', url: '/api/config/EXE_URL' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe('https://wuying.aliyun.com/');
  });
});

describe("another customer's desktop", () => {
  it('answers 404 (or its batch entry DESKTOP_NOT_FOUND) on every route, changing nothing', async () => {
    const owner = await h.customer(300);
    const { desktopId, desktop } = await h.shutDownDesktop(owner);
    const stranger = await h.customer(300);
    const own = await h.runningDesktop(stranger);
    const site = own.purchase.office_site_id;
    const single: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['PUT', `/api/user/desktop/${desktopId}`, { name: 'mine now' }],
      ['PUT', `/api/user/desktop/${desktopId}/renew`, { period: 1 }],
      ['PUT', `/api/user/desktop/${desktopId}/run_status`, { action: 'start' }],
      ['PUT', `/api/user/desktop/${desktopId}/disconnect`],
      ['POST', `/api/user/desktop/${desktopId}/migrate`, { office_site_id: site }],
      ['POST', `/api/user/desktop/${desktopId}/spec`, { system_disk: 200 }],
      ['GET', `/api/user/desktop/${desktopId}/network_flow`],
      ['GET', `/api/user/desktop/${desktopId}/real_time_data`],
      ['GET', `/api/user/desktop/${desktopId}/process`],
      ['GET', `/api/user/desktop/${desktopId}/accounts`],
      ['GET', `/api/user/desktop/${desktopId}/son_account`],
      ['POST', '/api/user/wy_auth/get_login_token', { desktop_id: desktopId }],
    ];
    for (const [method, url, body] of single) {
      const res = await h.call(stranger, method, url, body, EN);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().msg, `${method} ${url}`).toBe('The cloud computer does not exist');
    }
    const batches: [url: string, method: 'POST' | 'PUT', body: Record<string, unknown>][] = [
      ['/api/user/desktop/run_status', 'PUT', { action: 'start' }],
      ['/api/user/desktop/batch_rebuild', 'PUT', {}],
      ['/api/user/desktop/batch_migrate', 'POST', { office_site_id: site }],
    ];
    for (const [url, method, body] of batches) {
      const res = await h.call(stranger, method, url, { ...body, desktop_ids: [desktopId] });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data.results[0], url).toMatchObject({ ok: false, code: 'DESKTOP_NOT_FOUND' });
    }
    const after = await h.row(desktopId);
    expect(after).toMatchObject({ status: 'shutdown', name: desktop.name, spec: desktop.spec });
    expect(after.expiresAt).toEqual(desktop.expiresAt);
    await expectCleanLedger(h.ctx.database);
  });
});
