/**
 * The operation log and the login log: what is recorded (masked), the operators' list filters and
 * paging, delete, clean, export and unlock, and their permissions.
 */
import { ErrorCode } from '@cloudbay/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, logIn, loggedInUser, mailedCode, uniqueEmail, uniqueIp } from '../../../../test/accounts';
import { createTestApp } from '../../../../test/context';
import { lastOperation as lastOperationOf } from '../../../../test/oper-logs';
import { operatorWith, type TestOperator } from '../../../../test/operators';
import { loginFailures, loginLogs, operLogs } from '../../../db/schema';
import { DEMO_ADMIN } from '../../identity/reference-data';
import { MASK } from './mask';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let reader: TestOperator;
const EN = { 'accept-language': 'en-US' };
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await logIn(ctx.app, ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  admin = { authorization: `Bearer ${res.json().data.access_token}` };
  reader = await operatorWith(ctx.app, ctx.db, { perms: [] });
  await reader.grant(['monitor:operlog:list', 'monitor:operlog:query', 'monitor:logininfor:list']);
});
afterAll(() => ctx.close());

/** The newest operation on `route` (written after the answer: waited for). */
const lastOperation = (route: string, method = 'PUT') => lastOperationOf(ctx.db, route, method);

const get = (url: string, headers: Record<string, string>, query: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers, query });

describe('recording operations', () => {
  it("records a customer's write with its account, params and result, secrets masked", async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    await get('/api/user/edit_password/validate_code', user.headers);
    const code = await mailedCode(ctx.db, user.email);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: { ...user.headers, 'user-agent': CHROME_UA },
      payload: { password: 'Violet-Harbor-77', email_code: code },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await lastOperation('/api/user/password');
    expect(row).toMatchObject({
      module: 'account',
      businessType: 'update',
      method: 'PUT',
      url: '/api/user/password',
      userId: user.userId,
      email: user.email,
      status: 'success',
      httpStatus: 200,
      resultCode: 200,
      errorMsg: null,
    });
    expect(JSON.parse(row.params!)).toEqual({ body: { password: MASK, email_code: MASK } });
    expect(row.params).not.toContain('Violet-Harbor-77');
    expect(row.params).not.toContain(code);
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('records an anonymous login attempt with the password, captcha and token masked', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const res = await logIn(ctx.app, ctx.db, user.email);
    expect(res.statusCode).toBe(200);
    const row = await lastOperation('/api/user/login', 'POST');
    // A sign-in is RuoYi's "other", not a creation.
    expect(row).toMatchObject({ userId: null, email: null, businessType: 'other', status: 'success' });
    const params = JSON.parse(row.params!);
    expect(params.body).toMatchObject({ email: user.email, password: MASK, code: MASK });
    expect(JSON.parse(row.result!)).toEqual({ access_token: MASK });
  });

  it('records a failed write with its error code and message', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...user.headers, ...EN },
      payload: { avatar: 'not a stored file' },
    });
    expect(res.statusCode).toBe(400);
    const row = await lastOperation('/api/user/profile');
    expect(row).toMatchObject({ userId: user.userId, status: 'failure', httpStatus: 400, resultCode: 400 });
    expect(row.errorMsg).toBe(res.json().msg);
    expect(row.errorMsg).toBeTruthy();
  });

  it('records a refused write (no session) and the route pattern beside the URL', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/user/policy/12345?x=1' });
    expect(res.statusCode).toBe(401);
    const row = await lastOperation('/api/user/policy/:policy_id', 'DELETE');
    expect(row).toMatchObject({
      url: '/api/user/policy/12345',
      businessType: 'delete',
      status: 'failure',
      resultCode: 401,
      userId: null,
    });
    expect(JSON.parse(row.params!)).toMatchObject({ params: { policy_id: '12345' }, query: { x: '1' } });
  });

  it('does not record reads', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    expect((await get('/api/user', user.headers)).statusCode).toBe(200);
    expect((await get('/api/getInfo', user.headers)).statusCode).toBe(200);
    // A write after the reads, so the reads had every chance to be written first.
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: user.headers });
    await lastOperation('/api/logout', 'POST');
    expect(await ctx.db.$count(operLogs, eq(operLogs.method, 'GET'))).toBe(0);
    expect(await ctx.db.$count(operLogs, eq(operLogs.route, '/api/getInfo'))).toBe(0);
  });
});

describe('GET /api/monitor/operlog/list', () => {
  const base = {
    method: 'POST',
    url: '/x',
    ip: '127.0.0.1',
    httpStatus: 200,
    resultCode: 200,
    durationMs: 3,
  };
  beforeAll(async () => {
    await ctx.db.insert(operLogs).values([
      {
        ...base,
        module: 'zeta-desktops',
        businessType: 'insert',
        route: '/x',
        email: 'ann@zeta.test',
        status: 'success',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      },
      {
        ...base,
        module: 'zeta-desktops',
        businessType: 'delete',
        route: '/x',
        email: 'bob@zeta.test',
        status: 'failure',
        createdAt: new Date('2026-03-02T10:00:00Z'),
      },
      {
        ...base,
        module: 'zeta-phones',
        businessType: 'update',
        route: '/x',
        email: 'ann@zeta.test',
        status: 'success',
        createdAt: new Date('2026-03-03T10:00:00Z'),
      },
    ]);
  });
  const list = async (query: Record<string, string>) => {
    const res = await get('/api/monitor/operlog/list', admin, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { list: Array<{ module: string; email: string }>; total: number };
  };

  it('filters by module, account, type, status and time, newest first, paged', async () => {
    expect((await list({ module: 'zeta-' })).total).toBe(3);
    expect((await list({ module: 'zeta-desktops' })).list.map((r) => r.email)).toEqual([
      'bob@zeta.test',
      'ann@zeta.test',
    ]);
    expect((await list({ module: 'zeta', email: 'ANN@' })).total).toBe(2);
    expect((await list({ module: 'zeta', business_type: 'delete' })).list[0]).toMatchObject({
      email: 'bob@zeta.test',
    });
    expect((await list({ module: 'zeta', status: 'failure' })).total).toBe(1);
    expect((await list({ module: 'zeta', begin_time: '2026-03-02', end_time: '2026-03-02' })).total).toBe(1);
    const page2 = await list({ module: 'zeta', limit: '10', page: '1' });
    expect(page2.list.map((r) => r.module)).toEqual(['zeta-phones', 'zeta-desktops', 'zeta-desktops']);
    const paged = await ctx.app.inject({
      method: 'GET',
      url: '/api/monitor/operlog/list?module=zeta&limit=10&page=2',
      headers: admin,
    });
    expect(paged.json().data).toMatchObject({ list: [], total: 3, page: 2, limit: 10 });
  });

  it('answers one entry in detail, 404 for an unknown id', async () => {
    const { list: rows } = await list({ module: 'zeta-phones' });
    const id = (rows[0] as unknown as { id: number }).id;
    const one = await get(`/api/monitor/operlog/${id}`, reader.headers);
    expect(one.json().data).toMatchObject({ id, module: 'zeta-phones', business_type: 'update' });
    const missing = await get('/api/monitor/operlog/99999999', { ...admin, ...EN });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data.error_code).toBe(ErrorCode.OPER_LOG_NOT_FOUND);
  });

  it('exports the filtered entries as CSV', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/monitor/operlog/export',
      headers: { ...admin, ...EN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'module=zeta-desktops&time_zone=UTC',
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Module');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('bob@zeta.test');
    expect(lines[1]).toContain('Delete');
  });
});

describe('deleting and cleaning logs', () => {
  it('needs the remove permission: 403 for a role with list only, then deletes by ids', async () => {
    const [row] = await ctx.db
      .insert(operLogs)
      .values({
        module: 'm',
        businessType: 'other',
        method: 'POST',
        route: '/r',
        url: '/r',
        ip: '1.1.1.1',
        httpStatus: 200,
        resultCode: 200,
        status: 'success',
        durationMs: 1,
      })
      .returning();
    const denied = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/monitor/operlog/${row!.id}`,
      headers: reader.headers,
    });
    expect(denied.statusCode).toBe(403);
    const cleanDenied = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/monitor/operlog/clean',
      headers: reader.headers,
    });
    expect(cleanDenied.statusCode).toBe(403);
    const exportDenied = await ctx.app.inject({
      method: 'POST',
      url: '/api/monitor/operlog/export',
      headers: reader.headers,
      payload: {},
    });
    expect(exportDenied.statusCode).toBe(403);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/monitor/operlog/${row!.id},99999999`,
      headers: admin,
    });
    expect(deleted.json().data).toEqual({ deleted: 1 });
    expect(await ctx.db.$count(operLogs, eq(operLogs.id, row!.id))).toBe(0);
  });

  it('clean empties the operation log (and the clean itself is then recorded)', async () => {
    // The entries of the calls before are written after their answers: wait for the last one (the
    // admin's delete, answered 200), else it may land after the clean and survive it.
    await vi.waitFor(
      async () => {
        const [last] = await ctx.db
          .select()
          .from(operLogs)
          .where(eq(operLogs.route, '/api/monitor/operlog/:ids'))
          .orderBy(desc(operLogs.id))
          .limit(1);
        if (last?.httpStatus !== 200) throw new Error("the admin's delete is not logged yet");
      },
      { timeout: 3000, interval: 20 },
    );
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/monitor/operlog/clean', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deleted).toBeGreaterThan(0);
    const row = await lastOperation('/api/monitor/operlog/clean', 'DELETE');
    expect(row).toMatchObject({ module: 'monitor.operlog', businessType: 'clean', email: DEMO_ADMIN.email });
    expect(await ctx.db.$count(operLogs)).toBe(1);
  });

  it('the login log: remove and clean need monitor:logininfor:remove', async () => {
    const denied = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/monitor/logininfor/clean',
      headers: reader.headers,
    });
    expect(denied.statusCode).toBe(403);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/monitor/logininfor/clean',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.$count(loginLogs)).toBe(0);
  });
});

describe('the login log', () => {
  /** Waits until the newest login attempt of `email` is `expected` (it is written after the answer). */
  const expectLastLogin = (email: string, expected: Record<string, unknown>) =>
    vi.waitFor(
      async () => {
        const [row] = await ctx.db
          .select()
          .from(loginLogs)
          .where(eq(loginLogs.email, email))
          .orderBy(desc(loginLogs.id))
          .limit(1);
        expect(row).toMatchObject(expected);
      },
      { timeout: 3000, interval: 20 },
    );

  it('records a success with the browser and OS, and a failure with its reason, answers unchanged', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const ip = uniqueIp();
    const ok = await logIn(ctx.app, ctx.db, user.email, PASSWORD, { 'user-agent': CHROME_UA }, { ip });
    expect(ok.statusCode).toBe(200);
    await expectLastLogin(user.email, {
      ip,
      status: 'success',
      reason: null,
      browser: 'Chrome 131',
      os: 'Linux',
    });

    const wrong = await logIn(ctx.app, ctx.db, user.email, 'Wrong-Pass-99', EN, { ip });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe('Wrong e-mail or password');
    await expectLastLogin(user.email, { status: 'failure', reason: ErrorCode.LOGIN_FAILED });

    // An e-mail no account has is recorded as typed, with the same reason as a wrong password.
    const nobody = uniqueEmail('nobody');
    expect((await logIn(ctx.app, ctx.db, nobody, 'Wrong-Pass-99')).statusCode).toBe(401);
    await expectLastLogin(nobody, { status: 'failure', reason: ErrorCode.LOGIN_FAILED });

    const listed = await get('/api/monitor/logininfor/list', reader.headers, { email: user.email });
    expect(listed.json().data).toMatchObject({
      // The fixture's own sign-in, then the two attempts above, newest first.
      total: 3,
      list: [{ status: 'failure' }, { status: 'success', browser: 'Chrome 131' }, { status: 'success' }],
    });
    expect(
      (
        await get('/api/monitor/logininfor/list', reader.headers, { email: user.email, status: 'success' })
      ).json().data.total,
    ).toBe(2);
  });

  it('unlock lifts the lock of the e-mail: the owner signs in again from the locked address', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1) await logIn(ctx.app, ctx.db, user.email, 'Wrong-Pass-99', {}, { ip });
    const locked = await logIn(ctx.app, ctx.db, user.email, PASSWORD, {}, { ip });
    expect(locked.statusCode).toBe(429);
    await expectLastLogin(user.email, { status: 'failure', reason: ErrorCode.LOGIN_LOCKED });

    expect((await get(`/api/monitor/logininfor/unlock/${user.email}`, reader.headers)).statusCode).toBe(403);
    const unlocked = await get(
      `/api/monitor/logininfor/unlock/${encodeURIComponent(user.email.toUpperCase())}`,
      admin,
    );
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(await ctx.db.$count(loginFailures, eq(loginFailures.email, user.email))).toBe(0);
    expect((await logIn(ctx.app, ctx.db, user.email, PASSWORD, {}, { ip })).statusCode).toBe(200);
  });

  it('exports the login log as CSV', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/monitor/logininfor/export',
      headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=failure',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/logininfor-\d{8}\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('登录邮箱');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes('失败'))).toBe(true);
  });
});
