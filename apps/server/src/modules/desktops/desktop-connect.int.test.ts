/**
 * Connecting (the ticket and the simulated cloud's connection page) and monitoring (traffic,
 * usage, processes) of a customer's desktops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN, desktopHarness, type Customer, type DesktopHarness } from '../../../test/desktop-fixtures';
import { trafficCharge } from '../catalog/pricing';
import { formatRate } from '../catalog/service';
import { trafficRates } from '../billing/rates';

let h: DesktopHarness;

beforeAll(async () => {
  h = await desktopHarness();
});
afterAll(() => h.ctx.close());

const MINUTE = 60_000;

async function ticketFor(who: Customer, desktopId: string, headers: Record<string, string> = {}) {
  const res = await h.call(
    who,
    'POST',
    '/api/user/wy_auth/get_login_token',
    { desktop_id: desktopId },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { ticket: string; expire_time: string; connect_url: string; desktop_id: string };
}

/** The connection page, as a browser without the console's session opens it. */
const openPage = (url: string, headers: Record<string, string> = {}) =>
  h.ctx.app.inject({ method: 'GET', url, headers });

describe('POST /user/wy_auth/get_login_token and the connection page', () => {
  it('gives a running desktop a ticket whose page shows it live, in the console’s language', async () => {
    const customer = await h.customer(300);
    const { desktopId, desktop } = await h.runningDesktop(customer, { name: 'Dev <Box> & "Co"' });
    const token = await ticketFor(customer, desktopId, EN);
    expect(token.desktop_id).toBe(desktopId);
    expect(new Date(token.expire_time).getTime()).toBe(h.clock.now().getTime() + 5 * MINUTE);
    // The ticket is URL-safe as it is: the instance, a dot, base64url.
    expect(token.ticket).toMatch(/^ecd-[a-z0-9]+\.[A-Za-z0-9_-]{43}$/);
    expect(token.connect_url).toBe(`/api/sim/connect?ticket=${token.ticket}&lang=en-US`);

    const page = await openPage(token.connect_url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1>Dev &lt;Box&gt; &amp; &quot;Co&quot;</h1>');
    expect(page.body).not.toContain('<Box>');
    expect(page.body).toContain('Running');
    expect(page.body).toContain('2 cores');
    expect(page.body).toContain('4 GiB');
    expect(page.body).toContain(desktop.instanceId);
    expect(page.body).toMatch(/<meta http-equiv="refresh" content="\d+">/);

    // The page follows the desktop: shut down, it says so (and the Chinese page in Chinese).
    await h.runStatus(customer, desktopId, 'stop');
    const zh = await openPage(token.connect_url.replace('lang=en-US', 'lang=zh-CN'));
    expect(zh.statusCode).toBe(200);
    expect(zh.body).toContain('已关机');
    expect(zh.body).toContain('2 核');
  });

  it('keeps no usable ticket anywhere: only its hash is stored', async () => {
    const customer = await h.customer(300);
    const { desktopId } = await h.runningDesktop(customer);
    const { ticket } = await ticketFor(customer, desktopId);
    const secret = ticket.slice(ticket.lastIndexOf('.') + 1);
    for (const table of ['sim_resources', 'sim_calls', 'resources', 'idempotency_keys']) {
      const { rows } = await h.ctx.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} t WHERE t::text LIKE '%' || $1 || '%'`,
        [secret],
      );
      expect(rows[0]!.n, table).toBe(0);
    }
  });

  it('shows CONNECTION_TICKET_INVALID for a wrong, forged or expired ticket', async () => {
    const customer = await h.customer(300);
    const { desktopId, desktop } = await h.runningDesktop(customer);
    const { ticket, connect_url: url } = await ticketFor(customer, desktopId);
    const forged = `${desktop.instanceId}.${'A'.repeat(43)}`;
    for (const bad of [
      '/api/sim/connect?ticket=nonsense',
      `/api/sim/connect?ticket=${encodeURIComponent(forged)}&lang=en-US`,
      '/api/sim/connect',
    ]) {
      const res = await openPage(bad, EN);
      expect(res.statusCode, bad).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('The connection ticket is invalid or has expired; connect again');
      expect(res.body).not.toContain('http-equiv="refresh"');
    }
    expect((await openPage(url)).statusCode).toBe(200);
    h.clock.advance(5 * MINUTE + 1);
    const expired = await openPage(url);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('连接凭证无效或已过期，请重新连接');
    expect(ticket).not.toBe(forged);
  });

  it('refuses a desktop that is not running: 409 DESKTOP_NOT_RUNNING', async () => {
    const customer = await h.customer(300);
    const stopped = await h.shutDownDesktop(customer);
    const pending = await h.buy(customer);
    for (const desktopId of [pending.desktop_ids[0]!, stopped.desktopId]) {
      const res = await h.call(
        customer,
        'POST',
        '/api/user/wy_auth/get_login_token',
        { desktop_id: desktopId },
        EN,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('The cloud computer is not running; start it first');
    }
    await h.runJobs();
  });
});

describe('monitoring', () => {
  /** A running desktop at least two hours old, the clock on a whole hour (every step whole). */
  async function agedDesktop(extra: Record<string, unknown> = {}) {
    const customer = await h.customer(300);
    const made = await h.runningDesktop(customer, extra);
    h.clock.advance(2 * 60 * MINUTE);
    h.clock.set(Math.ceil(h.clock.now().getTime() / (60 * MINUTE)) * 60 * MINUTE);
    return { customer, ...made };
  }

  const get = (who: Customer, url: string, query: Record<string, string> = {}) =>
    h.ctx.app.inject({ method: 'GET', url, query, headers: { ...who.headers, ...EN } });

  it('answers the last hour of traffic by the minute, the cloud’s own bytes, priced for pay-as-you-go', async () => {
    const { customer, desktopId, desktop } = await agedDesktop({ billing_method: 'payg', period: undefined });
    const res = await get(customer, `/api/user/desktop/${desktopId}/network_flow`);
    expect(res.statusCode, res.body).toBe(200);
    const flow = res.json().data;
    expect(flow.interval).toBe('1m');
    expect(flow.points).toHaveLength(60);
    const now = h.clock.now();
    expect(flow.points[0].time).toBe(new Date(now.getTime() - 60 * MINUTE).toISOString());
    const outBytes = flow.points.reduce((sum: number, p: { out_bytes: number }) => sum + p.out_bytes, 0);
    expect(flow.total_out_bytes).toBe(outBytes);
    const billed = await h.cloud.trafficBytes(
      'desktop',
      [desktop.instanceId!],
      new Date(now.getTime() - 60 * MINUTE),
      now,
    );
    expect(BigInt(flow.total_out_bytes)).toBe(billed.get(desktop.instanceId!)!.outBytes);
    const point = flow.points[5];
    expect(point.out_bps).toBe(Math.round((point.out_bytes * 8) / 60));
    const rate = (await trafficRates(h.ctx.db, [h.hk])).get(h.hk)!;
    expect(flow.traffic_price).toBe(formatRate(trafficCharge(rate, BigInt(outBytes))));
  });

  it('checks the range: not in the future, start before end, at most 1500 points', async () => {
    const { customer, desktopId } = await agedDesktop();
    const url = `/api/user/desktop/${desktopId}/network_flow`;
    const now = h.clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const cases: [Record<string, string>, string][] = [
      [{ end: iso(now + 10 * MINUTE) }, 'query.end'],
      [{ start: iso(now - MINUTE), end: iso(now - MINUTE) }, 'query.start'],
      [{ start: iso(now - 2 * 24 * 60 * MINUTE), end: iso(now) }, 'query.interval'],
    ];
    for (const [query, field] of cases) {
      const res = await get(customer, url, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().msg).toBe(`Invalid request: ${field}`);
    }
    // Subscriptions prepay: no price. Hours over two days are fine.
    const hours = await get(customer, url, { interval: '1h', start: iso(now - 2 * 24 * 60 * MINUTE) });
    expect(hours.statusCode).toBe(200);
    expect(hours.json().data.traffic_price).toBeNull();
    expect(hours.json().data.points.length).toBeLessThanOrEqual(3);
  });

  it('answers CPU, memory, disk and bandwidth over a range', async () => {
    const { customer, desktopId } = await agedDesktop();
    const now = h.clock.now().getTime();
    const res = await get(customer, `/api/user/desktop/${desktopId}/real_time_data`, {
      interval: '15m',
      start: new Date(now - 60 * MINUTE).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { interval, points } = res.json().data;
    expect(interval).toBe('15m');
    expect(points).toHaveLength(4);
    for (const point of points) {
      for (const metric of ['cpu', 'memory', 'disk']) {
        expect(point[metric]).toBeGreaterThan(0);
        expect(point[metric]).toBeLessThanOrEqual(100);
      }
      expect(point.bandwidth_out).toBeGreaterThan(0);
    }
  });

  it('lists the processes of a running desktop as its user; 409 once it is shut down', async () => {
    const { customer, desktopId } = await agedDesktop();
    await h.call(customer, 'PUT', `/api/user/desktop/${desktopId}`, { end_user: 'bob' });
    const res = await get(customer, `/api/user/desktop/${desktopId}/process`);
    expect(res.statusCode, res.body).toBe(200);
    const processes = res.json().data as { pid: number; name: string; user: string }[];
    expect(processes.find((p) => p.name === 'explorer.exe')?.user).toBe('bob');
    expect(processes.find((p) => p.name === 'System')?.pid).toBe(4);
    await h.runStatus(customer, desktopId, 'stop');
    const stopped = await get(customer, `/api/user/desktop/${desktopId}/process`);
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().msg).toBe('The cloud computer is not running; start it first');
  });

  it('answers 409 for a desktop the cloud has not made yet', async () => {
    const customer = await h.customer(300);
    const {
      desktop_ids: [desktopId],
    } = await h.buy(customer);
    for (const path of ['network_flow', 'real_time_data', 'process']) {
      expect((await get(customer, `/api/user/desktop/${desktopId}/${path}`)).statusCode, path).toBe(409);
    }
    await h.runJobs();
  });
});
