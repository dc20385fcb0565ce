import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvLines, expectCsvFile, postForm } from '../../../../test/csv-export';
import { lastOperation } from '../../../../test/oper-logs';
import { demoOperatorHeaders, operatorWith } from '../../../../test/operators';
import { usePhoneHarness } from '../../../../test/phone-fixtures';
import { dollars } from '../../../../test/topups';
import { simResources, users } from '../../../db/schema';
import { parseMicros } from '../../../lib/money';
import { walletBalance } from '../../wallet/service';

const h = usePhoneHarness();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = await demoOperatorHeaders(h.ctx.app, h.ctx.db);
});

type Method = 'GET' | 'POST';
function op(method: Method, url: string, payload?: object, headers: Record<string, string> = admin) {
  return h.ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const keyed = (headers = admin, key: string = randomUUID()) => ({ ...headers, 'idempotency-key': key });

async function listed(query: string, headers = admin) {
  const res = await op('GET', `/api/business/resource?limit=50&${query}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Array<Record<string, unknown>>; total: number };
}

/** A running desktop of a new customer: its numeric id, public id and owner. */
async function customerDesktop(extra: Record<string, unknown> = {}) {
  const who = await h.customer(300);
  const made = await h.runningDesktop(who, extra);
  return { who, id: made.desktop.id, desktopId: made.desktopId, purchase: made.purchase };
}

describe('GET /api/business/resource', () => {
  it('lists every customer’s resources with owner and filters by kind, customer, status, billing and expiry', async () => {
    const a = await customerDesktop();
    const b = await customerDesktop({ billing_method: 'payg', period: undefined });

    const byEmail = await listed(`email=${encodeURIComponent(a.who.email.toUpperCase())}`);
    expect(byEmail.list.map((r) => r.resource_id).sort()).toEqual(
      [a.desktopId, a.purchase.office_site_id].sort(),
    );
    const desktop = byEmail.list.find((r) => r.resource_id === a.desktopId)!;
    expect(desktop).toMatchObject({
      kind: 'desktop',
      email: a.who.email,
      status: 'running',
      billing_method: 'subscription',
      region_name: expect.any(String),
    });
    expect(desktop.actions).toEqual(expect.arrayContaining(['stop', 'release', 'extend', 'reconcile']));
    expect(desktop.actions).not.toContain('start');

    const kinds = await listed(`email=${encodeURIComponent(a.who.email)}&kind=office_site`);
    expect(kinds.list.map((r) => r.resource_id)).toEqual([a.purchase.office_site_id]);
    const payg = await listed(`email=${encodeURIComponent(b.who.email)}&kind=desktop&billing_method=payg`);
    expect(payg.list.map((r) => r.resource_id)).toEqual([b.desktopId]);
    expect((await listed(`keyword=${a.desktopId}`)).list.map((r) => r.resource_id)).toEqual([a.desktopId]);
    expect((await listed(`email=${encodeURIComponent(a.who.email)}&status=shutdown`)).total).toBe(0);

    // A one-month subscription ends within 31 days, not within 3; pay-as-you-go never.
    const soon = await listed(`email=${encodeURIComponent(a.who.email)}&kind=desktop&expiring_days=31`);
    expect(soon.list.map((r) => r.resource_id)).toEqual([a.desktopId]);
    expect((await listed(`email=${encodeURIComponent(a.who.email)}&expiring_days=3`)).total).toBe(0);
    expect(
      (await listed(`email=${encodeURIComponent(b.who.email)}&kind=desktop&expiring_days=400`)).total,
    ).toBe(0);

    const page = await op('GET', '/api/business/resource?limit=10&page=1');
    expect(page.json().data).toMatchObject({ page: 1, limit: 10 });
    expect(page.json().data.total).toBeGreaterThanOrEqual(4);
  });

  it('shows only customers inside the operator’s data scope; another scope’s id answers 404', async () => {
    const a = await customerDesktop();
    const own = await operatorWith(h.ctx.app, h.ctx.db, {
      perms: ['business:resource:list', 'business:resource:query', 'business:resource:operate'],
      dataScope: '5',
    });
    expect((await listed(`email=${encodeURIComponent(a.who.email)}`, own.headers)).total).toBe(0);
    expect((await op('GET', `/api/business/resource/${a.id}`, undefined, own.headers)).statusCode).toBe(404);
    const stop = await op(
      'POST',
      `/api/business/resource/${a.id}/action`,
      { action: 'stop', reason: 'x' },
      own.headers,
    );
    expect(stop.statusCode).toBe(404);
    expect((await h.row(a.desktopId)).status).toBe('running');
    // Scope '5' is "my own customers" on every business page, as on the customer pages: once the
    // customer's owner operator is this operator, their resources are in reach.
    await h.ctx.db.update(users).set({ ownerOperatorId: own.userId }).where(eq(users.id, a.who.userId));
    expect((await listed(`email=${encodeURIComponent(a.who.email)}`, own.headers)).total).toBe(2);
    expect((await op('GET', `/api/business/resource/${a.id}`, undefined, own.headers)).statusCode).toBe(200);
    await h.ctx.db.update(users).set({ ownerOperatorId: null }).where(eq(users.id, a.who.userId));

    const all = await operatorWith(h.ctx.app, h.ctx.db, {
      perms: ['business:resource:list'],
      dataScope: '1',
    });
    expect((await listed(`email=${encodeURIComponent(a.who.email)}`, all.headers)).total).toBe(2);
    expect((await op('GET', '/api/business/resource/99999999')).statusCode).toBe(404);
  });
});

describe('start, stop and force stop', () => {
  it('follow the state machine, need a reason and are recorded in the history and the operation log', async () => {
    const a = await customerDesktop();
    const noReason = await op('POST', `/api/business/resource/${a.id}/action`, {
      action: 'stop',
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Enter the reason');

    const started = await op('POST', `/api/business/resource/${a.id}/action`, {
      action: 'start',
      reason: 'test',
    });
    expect(started.statusCode).toBe(409);
    expect(started.json().msg).toContain('not allowed in the current status');

    const forced = await op('POST', `/api/business/resource/${a.id}/action`, {
      action: 'force_stop',
      reason: 'x',
    });
    expect(forced.statusCode).toBe(409);

    const stopped = await op('POST', `/api/business/resource/${a.id}/action`, {
      action: 'stop',
      reason: 'Abuse report #42',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    await h.runJobs();
    expect((await h.row(a.desktopId)).status).toBe('shutdown');
    const again = await op('POST', `/api/business/resource/${a.id}/action`, {
      action: 'stop',
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);

    const start = await op('POST', `/api/business/resource/${a.id}/action`, {
      action: 'start',
      reason: 'Resolved',
    });
    expect(start.statusCode, start.body).toBe(200);
    await h.runJobs();
    expect((await h.row(a.desktopId)).status).toBe('running');

    const detail = (await op('GET', `/api/business/resource/${a.id}`)).json().data;
    expect(detail.history.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['start', 'Resolved'],
      ['stop', 'Abuse report #42'],
    ]);
    expect(detail.history[0].operator_email).toBe('admin@cloudbay.local');
    expect(detail.orders.map((o: { no: string }) => o.no)).toEqual([a.purchase.order.no]);
    const logged = await lastOperation(h.ctx.db, '/api/business/resource/:id/action', 'POST');
    expect(logged.module).toBe('business.resource');
  });

  it('force-stops a running phone', async () => {
    const who = await h.phoneCustomer();
    const { phone, phoneId } = await h.runningPhone(who);
    const listedPhone = (await listed(`keyword=${phoneId}`)).list[0]!;
    expect(listedPhone.actions).toEqual(expect.arrayContaining(['stop', 'force_stop']));
    const res = await op('POST', `/api/business/resource/${phone.id}/action`, {
      action: 'force_stop',
      reason: 'hung',
    });
    expect(res.statusCode, res.body).toBe(200);
    await h.runJobs();
    expect((await h.row(phoneId)).status).toBe('stopped');
  });
});

describe('release with a refund rule', () => {
  const DAY = 86_400_000;

  it('refunds nothing, the unused share or everything paid, once, and the ledger stays clean', async () => {
    const none = await customerDesktop();
    const prorated = await customerDesktop();
    const full = await customerDesktop();
    h.clock.advance(10 * DAY);
    const paid = parseMicros(full.purchase.order.paid_amount);

    const preview = (await op('GET', `/api/business/resource/${prorated.id}/refund_preview`)).json().data;
    const row = await h.row(prorated.desktopId);
    const whole = BigInt(row.expiresAt!.getTime() - row.createdAt.getTime());
    const left = BigInt(row.expiresAt!.getTime() - h.clock.now().getTime());
    const exact = (paid * left) / whole;
    const expected = exact - (exact % 10_000n);
    expect(parseMicros(preview.prorated)).toBe(expected);
    expect(preview).toMatchObject({ none: '0.00', full: full.purchase.order.paid_amount });

    const cases = [
      [none, 'none', 0n],
      [prorated, 'prorated', expected],
      [full, 'full', paid],
    ] as const;
    for (const [c, refund, amount] of cases) {
      const before = await walletBalance(h.ctx.db, c.who.userId);
      const res = await op(
        'POST',
        `/api/business/resource/${c.id}/release`,
        { refund, reason: 'Customer asked' },
        keyed(),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(parseMicros(res.json().data.refunded)).toBe(amount);
      expect((await walletBalance(h.ctx.db, c.who.userId)) - before).toBe(amount);
      await h.runJobs();
      expect((await h.row(c.desktopId)).deletedAt).not.toBeNull();
    }
    const detail = (await op('GET', `/api/business/resource/${full.id}`)).json().data;
    expect(detail.history[0]).toMatchObject({ action: 'release', detail: { refund: 'full' } });
    expect(detail.orders[0].refunded_amount).toBe(full.purchase.order.paid_amount);
  });

  it('moves money once under concurrent double clicks and replays a retried key', async () => {
    const c = await customerDesktop();
    const before = await walletBalance(h.ctx.db, c.who.userId);
    const body = { refund: 'full', reason: 'Double click' };
    const url = `/api/business/resource/${c.id}/release`;
    const missingKey = await op('POST', url, body);
    expect(missingKey.statusCode).toBe(400);

    const key = randomUUID();
    const answers = await Promise.all([
      op('POST', url, body, keyed(admin, key)),
      op('POST', url, body, keyed()),
      op('POST', url, body, keyed()),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.every((code) => code === 200 || code === 409 || code === 404)).toBe(true);
    const paid = parseMicros(c.purchase.order.paid_amount);
    expect((await walletBalance(h.ctx.db, c.who.userId)) - before).toBe(paid);

    const retried = await op('POST', url, body, keyed(admin, key));
    expect([200, 409, 404]).toContain(retried.statusCode);
    await h.runJobs();
    expect((await walletBalance(h.ctx.db, c.who.userId)) - before).toBe(paid);
    const history = (await op('GET', `/api/business/resource/${c.id}`)).json().data.history;
    expect(history.filter((e: { action: string }) => e.action === 'release')).toHaveLength(1);
  });
});

describe('extend expiry for free', () => {
  it('moves the expiry by N days and adds a zero-amount order the customer sees', async () => {
    const a = await customerDesktop();
    const before = await h.row(a.desktopId);
    const balance = await walletBalance(h.ctx.db, a.who.userId);
    const res = await op(
      'POST',
      `/api/business/resource/${a.id}/extend`,
      { days: 7, reason: 'Outage credit' },
      keyed(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await h.row(a.desktopId);
    expect(after.expiresAt!.getTime() - before.expiresAt!.getTime()).toBe(7 * 86_400_000);
    expect(res.json().data.expires_at).toBe(after.expiresAt!.toISOString());
    expect(await walletBalance(h.ctx.db, a.who.userId)).toBe(balance);

    const orders = await h.listPage(a.who, '/api/user/order');
    const extension = orders.list.find((o) => o.no === res.json().data.order_no);
    expect(extension).toMatchObject({
      action: 'renew',
      paid_amount: '0.00',
      status: 'paid',
      type: 'desktop',
    });

    const noKey = await op('POST', `/api/business/resource/${a.id}/extend`, { days: 7, reason: 'x' });
    expect(noKey.statusCode).toBe(400);
    const zero = await op('POST', `/api/business/resource/${a.id}/extend`, { days: 0, reason: 'x' }, keyed());
    expect(zero.statusCode).toBe(400);
  });

  it('refuses pay-as-you-go (nothing to extend)', async () => {
    const b = await customerDesktop({ billing_method: 'payg', period: undefined });
    const res = await op('POST', `/api/business/resource/${b.id}/extend`, { days: 7, reason: 'x' }, keyed());
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toContain('live subscription');
    expect(await walletBalance(h.ctx.db, b.who.userId)).toBeLessThanOrEqual(dollars(300));
  });
});

describe('reconcile with the cloud', () => {
  it('re-reads the status from the cloud and answers what changed', async () => {
    const a = await customerDesktop();
    const row = await h.row(a.desktopId);
    const unchanged = await op('POST', `/api/business/resource/${a.id}/reconcile`, { reason: 'check' });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().data).toMatchObject({ found: true, changed: false, cloud_status: 'running' });

    // Someone shut it down at the cloud's console: ours still says running.
    await h.ctx.db
      .update(simResources)
      .set({ status: 'shutdown' })
      .where(eq(simResources.instanceId, row.instanceId!));
    const res = await op('POST', `/api/business/resource/${a.id}/reconcile`, {
      reason: 'Customer says it is off',
    });
    expect(res.json().data).toMatchObject({
      found: true,
      cloud_status: 'shutdown',
      before: { status: 'running' },
      after: { status: 'shutdown' },
      changed: true,
    });
    expect((await h.row(a.desktopId)).status).toBe('shutdown');
  });
});

describe('the customer is told in their console', () => {
  /** The customer's notices in `language` through their own API, newest first. */
  async function notices(who: { headers: Record<string, string> }, language: 'zh-CN' | 'en-US') {
    const res = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/user/user_notice',
      headers: { ...who.headers, 'accept-language': language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.list as Array<{ kind: string; title: string; content: string; is_read: number }>;
  }

  /** A new customer's desktop released by the operator under `refund`; answers it and the refund. */
  async function released(refund: 'full' | 'none', reason: string) {
    const c = await customerDesktop();
    const res = await op('POST', `/api/business/resource/${c.id}/release`, { refund, reason }, keyed());
    expect(res.statusCode, res.body).toBe(200);
    return { c, refunded: res.json().data.refunded as string };
  }

  it('of a release, naming the resource, the reason and the refund, in both languages', async () => {
    const { c, refunded } = await released('full', 'Abuse report 4711');
    expect(refunded).toBe(c.purchase.order.paid_amount);

    const [en] = await notices(c.who, 'en-US');
    expect(en).toMatchObject({
      kind: 'resource',
      title: 'Resource released by our operations team',
      is_read: 0,
    });
    expect(en!.content).toContain(
      `Your cloud computer ${(await h.row(c.desktopId)).name} (${c.desktopId}) was released`,
    );
    expect(en!.content).toContain('Reason: Abuse report 4711.');
    expect(en!.content).toContain(`$${refunded} has been refunded to your balance`);
    const [zh] = await notices(c.who, 'zh-CN');
    expect(zh!.title).toBe('资源已由平台释放');
    expect(zh!.content).toContain(`（${c.desktopId}）`);
    expect(zh!.content).toContain('原因：Abuse report 4711。');
    expect(zh!.content).toContain(`已退还 ${refunded} 美元`);
  });

  it('of a release without refund, saying no refund was made', async () => {
    const { c } = await released('none', 'Terms violation');
    const [en] = await notices(c.who, 'en-US');
    expect(en!.content).toContain('No refund was made for this release.');
    expect(en!.content).not.toContain('refunded to your balance');
    expect((await notices(c.who, 'zh-CN'))[0]!.content).toContain('本次释放不退款');
  });

  it('of a free extension, with the days, the new expiry and the reason, once per request', async () => {
    const a = await customerDesktop();
    const key = randomUUID();
    const body = { days: 3, reason: 'Outage on 22 Nov' };
    const url = `/api/business/resource/${a.id}/extend`;
    const res = await op('POST', url, body, keyed(admin, key));
    expect(res.statusCode, res.body).toBe(200);
    // The same request retried: the order is replayed, the customer is not told twice.
    expect((await op('POST', url, body, keyed(admin, key))).statusCode).toBe(200);
    const expiresAt = new Date(res.json().data.expires_at as string);
    const printed = expiresAt.toISOString().slice(0, 16).replace('T', ' ');

    const list = await notices(a.who, 'en-US');
    const extended = list.filter((n) => n.title === 'Resource extended free of charge');
    expect(extended).toHaveLength(1);
    expect(extended[0]!.content).toContain(`(${a.desktopId}) was extended free of charge by 3 days`);
    expect(extended[0]!.content).toContain(`it now expires at ${printed} (UTC)`);
    expect(extended[0]!.content).toContain('Reason: Outage on 22 Nov.');
    const zh = (await notices(a.who, 'zh-CN')).find((n) => n.title === '资源有效期已免费延长');
    expect(zh!.content).toContain(`已由平台免费延长 3 天，新的到期时间为 ${printed}（UTC）`);
  });
});

describe('POST /api/business/resource/export', () => {
  const exportCsv = (form: Record<string, string>, headers = admin) =>
    postForm(h.ctx.app, '/api/business/resource/export', { format: 'csv', ...form }, headers);

  it('writes the rows the filtered list shows, with translated titles and labels', async () => {
    const a = await customerDesktop();
    const filter = { email: a.who.email, kind: 'desktop' };
    const res = await exportCsv(filter);
    expectCsvFile(res, 'resources');
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Resource id,Name,Type,Customer e-mail,Instance id,Status,Region,Billing,Auto-renew,Expires,Created,Released',
    );
    const shown = await listed(new URLSearchParams(filter).toString());
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(shown.list.map((r) => r.resource_id));
    const row = await h.row(a.desktopId);
    expect(lines[1]).toContain(`${a.desktopId},${row.name},Cloud computer,${a.who.email},${row.instanceId},`);
    expect(lines[1]).toContain(',Subscription,');

    // The whole customer without the kind filter: the desktop and its office network, newest first.
    const all = csvLines((await exportCsv({ email: a.who.email })).body);
    const everything = await listed(`email=${encodeURIComponent(a.who.email)}`);
    expect(all.slice(1).map((line) => line.split(',')[0])).toEqual(everything.list.map((r) => r.resource_id));
    expect(all).toHaveLength(3);

    const zh = await postForm(
      h.ctx.app,
      '/api/business/resource/export',
      { format: 'csv', ...filter },
      { ...admin, 'accept-language': 'zh-CN' },
    );
    expect(csvLines(zh.body)[0]).toMatch(/^资源编号,名称,类型,客户邮箱,/);
    expect(csvLines(zh.body)[1]).toContain(',包年包月,');

    const logged = await lastOperation(h.ctx.db, '/api/business/resource/export', 'POST');
    expect(logged.module).toBe('business.resource');
  });

  it('applies the operator’s data scope and answers XLSX by default', async () => {
    const a = await customerDesktop();
    const own = await operatorWith(h.ctx.app, h.ctx.db, {
      perms: ['business:resource:list', 'business:resource:export'],
      dataScope: '5',
    });
    const scoped = await exportCsv({ email: a.who.email }, own.headers);
    expectCsvFile(scoped, 'resources');
    expect(csvLines(scoped.body)).toHaveLength(1);

    const xlsx = await postForm(h.ctx.app, '/api/business/resource/export', { email: a.who.email }, admin);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['download-filename']).toMatch(/^resources-\d{8}\.xlsx$/);
    // A zip container (XLSX), not text.
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
