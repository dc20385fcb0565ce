import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { createTestApp } from '../../../../test/context';
import { demoOperatorHeaders, operatorWith } from '../../../../test/operators';
import { isPrivateAddress, splitDevice } from './service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

interface OnlineAnswer {
  session_id: string;
  email: string;
  ip: string;
  location: string;
  browser: string | null;
  os: string | null;
  login_at: string;
  last_seen_at: string;
  current: boolean;
}

const list = (headers: Record<string, string>, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/monitor/online/list${query}`, headers });
const forceLogout = (headers: Record<string, string>, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/monitor/online/${id}`, headers });

describe('online users', () => {
  it('lists live sessions with the account, address, browser and OS; filters by account and address', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    await ctx.database.pool.query(
      `UPDATE sessions SET ip = '203.0.113.9', device = 'Chrome 131 · Windows' WHERE user_id = $1`,
      [customer.userId],
    );
    const res = await list(admin, `?userName=${encodeURIComponent(customer.email)}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as { list: OnlineAnswer[]; total: number };
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      email: customer.email,
      ip: '203.0.113.9',
      location: 'unknown',
      browser: 'Chrome 131',
      os: 'Windows',
      current: false,
    });
    expect((await list(admin, '?ipaddr=203.0.113')).json().data.total).toBe(1);
    expect((await list(admin, '?ipaddr=198.51.100')).json().data.total).toBe(0);
    const mine = (await list(admin)).json().data.list as OnlineAnswer[];
    expect(mine.filter((s) => s.current)).toHaveLength(1);
  });

  it('a customer or an operator without the permission cannot see sessions', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const viewer = await operatorWith(ctx.app, ctx.db, { perms: ['monitor:online:list'] });
    expect((await list(customer.headers)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
    expect((await list(viewer.headers)).statusCode).toBe(200);
    const target = ((await list(admin)).json().data.list as OnlineAnswer[])[0]!;
    expect((await forceLogout(viewer.headers, target.session_id)).statusCode).toBe(403);
    expect((await forceLogout(customer.headers, target.session_id)).statusCode).toBe(403);
  });

  it('force logout kills the token at once and the session leaves the list', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/getInfo', headers: customer.headers });
    expect((await me()).statusCode).toBe(200);
    const session = (
      (await list(admin, `?userName=${customer.email}`)).json().data.list as OnlineAnswer[]
    )[0]!;

    const res = await forceLogout(admin, session.session_id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await me()).statusCode).toBe(401);
    expect((await list(admin, `?userName=${customer.email}`)).json().data.total).toBe(0);
    const again = await forceLogout({ ...admin, 'accept-language': 'en-US' }, session.session_id);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('The session does not exist or has ended');
    expect((await forceLogout(admin, 'not-a-session')).statusCode).toBe(400);
  });
});

describe('session details', () => {
  it('tells private addresses from the rest', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '::1',
      '::ffff:192.168.0.4',
      'fd00::1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '203.0.113.9', '2001:db8::1'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('reads browser and OS from the stored device text', () => {
    expect(splitDevice('Firefox 140 · Linux')).toEqual({ browser: 'Firefox 140', os: 'Linux' });
    expect(splitDevice('Unknown device')).toEqual({ browser: null, os: null });
  });
});
