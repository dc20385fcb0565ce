import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  logIn,
  loggedInUser,
  mailedCode,
  requestResetCode,
  resetForgottenPassword,
  signUp,
  solvedCaptcha,
  uniqueEmail,
  uniqueIp,
} from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { sessions, users } from '../../db/schema';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const en = { 'accept-language': 'en-US' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('POST /api/user/login', () => {
  it('answers an opaque token that is stored only hashed', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const res = await logIn(ctx.app, ctx.db, user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const token = res.json().data.access_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const unknown = await logIn(ctx.app, ctx.db, uniqueEmail('ghost'), PASSWORD, en);
    const wrong = await logIn(ctx.app, ctx.db, user.email, 'Wrong-Pass-1', en);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().msg).toBe('Wrong e-mail or password');
  });

  it('needs the image code', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: {
        email: user.email,
        password: PASSWORD,
        uuid: (await solvedCaptcha(ctx.db)).uuid,
        code: 'zzzz',
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('caps login attempts per IP address', async () => {
    const ip = uniqueIp();
    const attempt = async () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: uniqueEmail('spray'), password: PASSWORD, ...(await solvedCaptcha(ctx.db)) },
        headers: en,
        remoteAddress: ip,
      });
    for (let i = 0; i < 50; i++) expect((await attempt()).statusCode).toBe(401);
    const over = await attempt();
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toMatch(/Too many login attempts from your network/);
  });

  it('refuses a disabled account', async () => {
    const user = await signUp(ctx.app, ctx.db);
    await ctx.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.userId));
    expect((await logIn(ctx.app, ctx.db, user.email)).statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('GET /api/user needs a token and answers the user with a "0.00" balance', async () => {
    expect((await get('/api/user')).statusCode).toBe(401);
    expect((await get('/api/user', bearer('x'.repeat(43)))).statusCode).toBe(401);
    const user = await loggedInUser(ctx.app, ctx.db);
    const res = await get('/api/user', user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      userId: user.userId,
      userName: user.email,
      email: user.email,
      nickname: 'Tester',
      avatar: '',
      balance: '0.00',
      ph_white_user: 0,
      is_son: false,
      parent_id: null,
    });
  });

  it('logout revokes the token at once', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: user.headers })).statusCode,
    ).toBe(200);
    const after = await get('/api/user', { ...user.headers, ...en });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('Invalid session or session expired, please log in again');
  });

  it('an expired session fails', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.userId));
    expect((await get('/api/user', user.headers)).statusCode).toBe(401);
  });

  it('lists the user’s sessions and revokes one; another user’s session answers 404', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const second = (
      await logIn(ctx.app, ctx.db, user.email, PASSWORD, {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      })
    ).json().data.access_token;
    const list = await get('/api/user/sessions', user.headers);
    expect(list.statusCode).toBe(200);
    const items = list.json().data as Array<{ id: string; current: boolean; device: string }>;
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    const other = items.find((s) => !s.current)!;
    expect(other.device).toBe('Chrome 156 · Linux');

    const stranger = await loggedInUser(ctx.app, ctx.db);
    const theirs = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${other.id}`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await get('/api/user', bearer(second))).statusCode).toBe(200);

    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${other.id}`,
      headers: user.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await get('/api/user', bearer(second))).statusCode).toBe(401);
    expect((await get('/api/user', user.headers)).statusCode).toBe(200);
  });

  it('PUT /api/user/profile changes the nickname, with the nickname rule', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const short = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: user.headers,
      payload: { nickname: 'abc' },
    });
    expect(short.statusCode).toBe(400);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: user.headers,
      payload: { nickname: '  Cloud Fan ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.nickname).toBe('Cloud Fan');
    expect((await get('/api/user', user.headers)).json().data.nickname).toBe('Cloud Fan');
  });
});

describe('changing and resetting the password', () => {
  it('changes the password with a code mailed to the user, ending the other sessions', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const other = (await logIn(ctx.app, ctx.db, user.email)).json().data.access_token;
    const sent = await get('/api/user/edit_password/validate_code', user.headers);
    expect(sent.statusCode).toBe(200);
    const code = await mailedCode(ctx.db, user.email);
    const weak = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: user.headers,
      payload: { password: 'weakweak', email_code: code },
    });
    expect(weak.statusCode).toBe(400);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: user.headers,
      payload: { password: 'New-Secret-77', email_code: code },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/user', bearer(other))).statusCode).toBe(401);
    expect((await get('/api/user', user.headers)).statusCode).toBe(200);
    expect((await logIn(ctx.app, ctx.db, user.email)).statusCode).toBe(401);
    expect((await logIn(ctx.app, ctx.db, user.email, 'New-Secret-77')).statusCode).toBe(200);
  });

  it('the reset-code answer never reveals whether an e-mail exists', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const ask = (email: string) => requestResetCode(ctx.app, ctx.db, email, { ip: uniqueIp() });
    const known = await ask(user.email);
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await ask(unknownEmail);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    // Both are throttled alike too.
    expect((await ask(user.email)).statusCode).toBe(429);
    expect((await ask(unknownEmail)).statusCode).toBe(429);
    // Only the real account got a mail.
    const { rows } = await ctx.database.pool.query(
      'SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1',
      [unknownEmail],
    );
    expect(rows[0].n).toBe(0);
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/no_auth/password',
      payload: { email: unknownEmail, email_code: '123456', password: 'New-Secret-77' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('resets a forgotten password and ends every session', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const res = await resetForgottenPassword(ctx.app, ctx.db, user.email, 'Fresh-Start-9');
    expect(res.statusCode).toBe(200);
    expect((await get('/api/user', user.headers)).statusCode).toBe(401);
    expect((await logIn(ctx.app, ctx.db, user.email, 'Fresh-Start-9')).statusCode).toBe(200);
  });
});
