import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, loggedInUser, solvedCaptcha, uniqueEmail, uniqueIp } from '../../../../test/accounts';
import { createTestApp } from '../../../../test/context';
import { FILE_SAMPLES, multipartFile } from '../../../../test/file-samples';
import { uploadedFiles } from '../../../db/schema';
import { operatorWith, type TestOperator } from '../../../../test/operators';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let support: TestOperator;

beforeAll(async () => {
  ctx = await createTestApp();
  support = await operatorWith(ctx.app, ctx.db, { perms: ['business:customer:support'] });
});
afterAll(() => ctx.close());

const open = (headers: Record<string, string>, userId: number, reason = 'Ticket 42: cannot find invoice') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/business/customer/${userId}/support-session`,
    headers,
    payload: { reason },
  });

/** Opens a support session of a new customer and answers its headers (from the hand-off URL). */
async function supportView() {
  const customer = await loggedInUser(ctx.app, ctx.db);
  const res = await open(support.headers, customer.userId);
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().data.url as string, 'http://console.local');
  expect(url.pathname).toBe('/moneryContro');
  expect(url.searchParams.get('support')).toBe('1');
  expect(url.searchParams.get('isSon')).toBe('');
  const token = url.searchParams.get('token')!;
  return { customer, token, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' } };
}

describe('read-only support sessions', () => {
  it('reads what the customer sees, and getInfo says who is viewing', async () => {
    const { customer, headers } = await supportView();
    const user = await ctx.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(user.json().data.email).toBe(customer.email);
    const info = await ctx.app.inject({ method: 'GET', url: '/api/getInfo', headers });
    expect(info.json().data.support).toMatchObject({
      operatorEmail: support.email,
      customerEmail: customer.email,
    });
    const own = await ctx.app.inject({ method: 'GET', url: '/api/getInfo', headers: customer.headers });
    expect(own.json().data.support).toBeNull();
  });

  it('refuses every write with 403 SUPPORT_SESSION_READ_ONLY, translated, and nothing changes', async () => {
    const { customer, headers } = await supportView();
    const writes = [
      { method: 'PUT' as const, url: '/api/user/profile', payload: { nickname: 'Hijacked' } },
      { method: 'POST' as const, url: '/api/orders', payload: { money: 10, pay_type: 2 } },
      { method: 'PUT' as const, url: '/api/user/password', payload: {} },
    ];
    for (const write of writes) {
      const res = await ctx.app.inject({ ...write, headers: { ...headers, 'idempotency-key': 'k-1' } });
      expect(res.statusCode, write.url).toBe(403);
      expect(res.json().data.error_code).toBe('SUPPORT_SESSION_READ_ONLY');
      expect(res.json().msg).toBe('This is a read-only support view: changes are not allowed');
    }
    const zh = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...headers, 'accept-language': 'zh-CN' },
      payload: { nickname: 'x' },
    });
    expect(zh.json().msg).toBe('支持查看会话为只读，不能执行此操作');
    const user = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: customer.headers });
    expect(user.json().data.nickname).toBe('Tester');
    // The customer's own session still writes.
    const own = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: customer.headers,
      payload: { nickname: 'Renamed' },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('audits every request (reads and refused writes) with the operator and customer', async () => {
    const { customer, headers } = await supportView();
    await ctx.app.inject({ method: 'GET', url: '/api/user/user_transactions?page=1', headers });
    await ctx.app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload: { nickname: 'x' } });
    // The audit row is written after the answer: wait for it.
    await expect
      .poll(async () => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/business/support/audit?email=${encodeURIComponent(customer.email)}`,
          headers: support.headers,
        });
        return res
          .json()
          .data.list.map((row: { method: string; path: string; status: number }) => [
            row.method,
            row.path,
            row.status,
          ]);
      })
      .toEqual([
        ['PUT', '/api/user/profile', 403],
        ['GET', '/api/user/user_transactions', 200],
      ]);
    const rows = await ctx.db.execute<{ operator_id: string; customer_id: string }>(
      sql`SELECT operator_id, customer_id FROM support_audits WHERE customer_id = ${customer.userId}`,
    );
    expect(rows.rows.every((row) => Number(row.operator_id) === support.userId)).toBe(true);
    // The customer's own requests are not support requests.
    await ctx.app.inject({ method: 'GET', url: '/api/user', headers: customer.headers });
    expect(rows.rows).toHaveLength(2);
  });

  it('ends on logout (the banner’s End) and after its hour, which use does not extend', async () => {
    const first = await supportView();
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: first.headers });
    expect(out.statusCode, out.body).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: first.headers })).statusCode,
    ).toBe(401);

    const second = await supportView();
    const expiry = await ctx.db.execute<{ seconds: string }>(sql`
      SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM sessions
      WHERE support_operator_id = ${support.userId} AND user_id = ${second.customer.userId}`);
    expect(Number(expiry.rows[0]!.seconds)).toBe(3600);
    // Seen long ago: an ordinary session would slide to 7 days here; a support session keeps its hour.
    await ctx.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '10 minutes'
      WHERE user_id = ${second.customer.userId} AND support_operator_id IS NOT NULL`);
    await ctx.app.inject({ method: 'GET', url: '/api/user', headers: second.headers });
    const after = await ctx.db.execute<{ seconds: string }>(sql`
      SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM sessions
      WHERE user_id = ${second.customer.userId} AND support_operator_id IS NOT NULL`);
    expect(Number(after.rows[0]!.seconds)).toBe(3600);
    await ctx.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second'
      WHERE user_id = ${second.customer.userId} AND support_operator_id IS NOT NULL`);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: second.headers })).statusCode,
    ).toBe(401);
  });

  it('needs a reason, and answers 404 outside the data scope', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    expect((await open(support.headers, customer.userId, ' ')).statusCode).toBe(400);
    const selfOnly = await operatorWith(ctx.app, ctx.db, {
      perms: ['business:customer:support'],
      dataScope: '5',
    });
    const res = await open(selfOnly.headers, customer.userId);
    expect(res.statusCode).toBe(404);
    expect(res.json().data.error_code).toBe('CUSTOMER_NOT_FOUND');
    const audit = await ctx.app.inject({
      method: 'GET',
      url: '/api/business/support/audit',
      headers: selfOnly.headers,
    });
    expect(audit.json().data.total).toBe(0);
  });
});

/** The 403 of a support session's write, in English. */
function expectReadOnly(res: { statusCode: number; body: string; json: () => unknown }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
  expect((res.json() as { data: { error_code: string }; msg: string }).data.error_code).toBe(
    'SUPPORT_SESSION_READ_ONLY',
  );
  expect((res.json() as { msg: string }).msg).toBe(
    'This is a read-only support view: changes are not allowed',
  );
}

describe('GETs that write are refused to a support session too (route option `writes`)', () => {
  it('GET /user/edit_password/validate_code mails no code; the customer’s own session still can', async () => {
    const { customer, headers } = await supportView();
    const url = '/api/user/edit_password/validate_code';
    const before = (await latestMail(ctx.db, customer.email))?.id;
    expectReadOnly(await ctx.app.inject({ method: 'GET', url, headers }), url);
    const zh = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().msg).toBe('支持查看会话为只读，不能执行此操作');
    expect((await latestMail(ctx.db, customer.email))?.id).toBe(before);
    const own = await ctx.app.inject({ method: 'GET', url, headers: customer.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect((await latestMail(ctx.db, customer.email))?.id).not.toBe(before);
  });

  it('GET /common/download?delete=true keeps the file; a plain download is a read', async () => {
    const { customer, headers } = await supportView();
    const body = multipartFile('notes.txt', FILE_SAMPLES.txt);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload: body.payload,
      headers: { ...customer.headers, ...body.headers },
    });
    expect(up.statusCode, up.body).toBe(200);
    const fileName = up.json().fileName as string;
    const download = (del?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/common/download',
        query: { fileName, ...(del ? { delete: del } : {}) },
        headers,
      });
    expectReadOnly(await download('true'), 'download and delete');
    expect((await download()).statusCode).toBe(200);
    expect((await download('false')).statusCode).toBe(200);
    const rows = await ctx.db.select().from(uploadedFiles).where(eq(uploadedFiles.fileName, fileName));
    expect(rows).toHaveLength(1);
  });

  it.each([
    '/api/user/login/validate_code',
    '/api/user/signup/validate_code',
    '/api/user/no_auth/edit_password/validate_code',
  ])('public %s mails nothing when the support session is sent', async (url) => {
    const { customer, headers } = await supportView();
    const email = url.includes('signup') ? uniqueEmail('support-signup') : customer.email;
    const query = { email, ...(await solvedCaptcha(ctx.db)) };
    const before = (await latestMail(ctx.db, email))?.id;
    expectReadOnly(
      await ctx.app.inject({ method: 'GET', url, query, headers, remoteAddress: uniqueIp() }),
      url,
    );
    expect((await latestMail(ctx.db, email))?.id).toBe(before);
    // The same call without the support session mails the code.
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url,
      query: { email, ...(await solvedCaptcha(ctx.db)) },
      remoteAddress: uniqueIp(),
    });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    await expect.poll(async () => (await latestMail(ctx.db, email))?.id).not.toBe(before);
  });

  it('GET /image_validate_code and the GET payment callback are writes; other GETs read', async () => {
    const { headers } = await supportView();
    expectReadOnly(
      await ctx.app.inject({ method: 'GET', url: '/api/image_validate_code', headers }),
      'captcha',
    );
    expectReadOnly(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/pay/epay/notify',
        query: { out_trade_no: 'x' },
        headers,
      }),
      'epay callback',
    );
    // Without a session they stay open, as before.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/image_validate_code' })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/user_transactions', headers })).statusCode,
    ).toBe(200);
  });

  it('GET /monitor/logininfor/unlock is a write (refused before its permission is even checked)', async () => {
    const { customer, headers } = await supportView();
    expectReadOnly(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/monitor/logininfor/unlock/${encodeURIComponent(customer.email)}`,
        headers,
      }),
      'unlock',
    );
  });
});
