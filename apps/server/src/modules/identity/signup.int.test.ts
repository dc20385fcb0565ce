import { CAPTCHAS_PER_IP_PER_MINUTE } from '@cloudbay/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  latestMail,
  mailedCode,
  requestSignupCode,
  signUp,
  solvedCaptcha,
  uniqueEmail,
  uniqueIp,
} from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { emailCodes, ledgerAccounts, users } from '../../db/schema';
import { consumeEmailCode } from './email-codes';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const en = { 'accept-language': 'en-US' };

function signupWith(body: Record<string, unknown>, headers: Record<string, string> = en) {
  return ctx.app.inject({ method: 'POST', url: '/api/user/signup', payload: body, headers });
}

describe('GET /api/image_validate_code', () => {
  it('answers a uuid and an SVG data URL, answer stored only hashed', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/image_validate_code' });
    expect(res.statusCode).toBe(200);
    const { uuid, img } = res.json().data;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(img.split(',')[1], 'base64').toString()).toContain('<svg');
    const { rows } = await ctx.database.pool.query('SELECT answer_hash FROM captchas WHERE id = $1', [uuid]);
    expect(rows[0].answer_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('caps the captchas one IP address may ask for per minute', async () => {
    const remoteAddress = uniqueIp();
    const ask = () =>
      ctx.app.inject({ method: 'GET', url: '/api/image_validate_code', remoteAddress, headers: en });
    for (let i = 0; i < CAPTCHAS_PER_IP_PER_MINUTE; i++) expect((await ask()).statusCode).toBe(200);
    const over = await ask();
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe('Operation too frequent, please try later');
  });
});

describe('sign-up codes', () => {
  it('refuses a wrong image code, and a captcha works only once', async () => {
    const captcha = await solvedCaptcha(ctx.db);
    const email = uniqueEmail();
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/signup/validate_code',
      query: { email, uuid: captcha.uuid, code: 'nope' },
      headers: en,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('The image code is wrong or has expired, please enter the new one');
    // The right answer after a wrong one: the captcha is used up.
    const retry = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/signup/validate_code',
      query: { email, uuid: captcha.uuid, code: captcha.code },
    });
    expect(retry.statusCode).toBe(400);
  });

  it('refuses an expired captcha', async () => {
    const captcha = await solvedCaptcha(ctx.db);
    await ctx.database.pool.query(
      "UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = $1",
      [captcha.uuid],
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/signup/validate_code',
      query: { email: uniqueEmail(), ...captcha },
    });
    expect(res.statusCode).toBe(400);
  });

  it('mails a 6-digit code in the caller language, stored only hashed', async () => {
    const email = uniqueEmail();
    const res = await requestSignupCode(ctx.app, ctx.db, email, { headers: en });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ resend_after_s: 60 });
    const mail = await latestMail(ctx.db, email);
    expect(mail?.language).toBe('en-US');
    expect(mail?.subject).toBe('Your Cloudbay sign-up code');
    const code = await mailedCode(ctx.db, email);
    const [stored] = await ctx.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(stored?.codeHash).not.toContain(code);
    // The mail's delivery is a job enqueued with it.
    const { rows } = await ctx.database.pool.query("SELECT data FROM pgboss.job WHERE name = 'mail.send'");
    expect(rows.map((r) => r.data.mailId)).toContain(mail!.id);

    const zhEmail = uniqueEmail();
    await requestSignupCode(ctx.app, ctx.db, zhEmail);
    expect((await latestMail(ctx.db, zhEmail))?.subject).toBe('Cloudbay 注册验证码');
  });

  it('sends at most one code per address per 60 s', async () => {
    const email = uniqueEmail();
    expect((await requestSignupCode(ctx.app, ctx.db, email)).statusCode).toBe(200);
    const again = await requestSignupCode(ctx.app, ctx.db, email, { headers: en });
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/^A code was sent a moment ago, please try again in (59|60) s$/);
    // Once the minute has passed, a new code goes out.
    await ctx.database.pool.query(
      "UPDATE email_codes SET created_at = now() - interval '61 seconds' WHERE email = $1",
      [email],
    );
    expect((await requestSignupCode(ctx.app, ctx.db, email)).statusCode).toBe(200);
  });

  it('caps the codes one IP address may ask for per hour', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      expect((await requestSignupCode(ctx.app, ctx.db, uniqueEmail('burst'), { ip })).statusCode).toBe(200);
    }
    const over = await requestSignupCode(ctx.app, ctx.db, uniqueEmail('burst'), { ip, headers: en });
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toMatch(/Too many codes requested from your network/);
    // Another address is not affected.
    expect((await requestSignupCode(ctx.app, ctx.db, uniqueEmail('burst'))).statusCode).toBe(200);
  });

  it('tells a registered address to log in instead', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const res = await requestSignupCode(ctx.app, ctx.db, user.email.toUpperCase(), { headers: en });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('This e-mail is already registered, please log in');
  });
});

describe('POST /api/user/signup', () => {
  it('creates a main account with the customer role and an empty wallet', async () => {
    const email = uniqueEmail();
    await requestSignupCode(ctx.app, ctx.db, email);
    const res = await signupWith({
      email: email.toUpperCase(),
      password: PASSWORD,
      nickname: 'Alice Chen',
      email_code: await mailedCode(ctx.db, email),
    });
    expect(res.statusCode).toBe(200);
    const { userId } = res.json().data;
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      email,
      nickname: 'Alice Chen',
      isSon: false,
      parentId: null,
      language: 'en-US',
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const roles = await ctx.database.pool.query(
      'SELECT r.key FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = $1',
      [userId],
    );
    expect(roles.rows.map((r) => r.key)).toEqual(['ROLE_DEFAULT']);
    const [wallet] = await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerUserId, userId));
    expect(wallet).toMatchObject({ kind: 'customer_wallet', balanceMicros: 0n });
  });

  it('uses a code once', async () => {
    const email = uniqueEmail();
    await requestSignupCode(ctx.app, ctx.db, email);
    const code = await mailedCode(ctx.db, email);
    await consumeEmailCode(ctx.db, ctx.clock, email, 'signup', code);
    await expect(consumeEmailCode(ctx.db, ctx.clock, email, 'signup', code)).rejects.toMatchObject({
      code: 'EMAIL_CODE_INVALID',
    });
  });

  it('binds a code to its address and purpose', async () => {
    const email = uniqueEmail();
    await requestSignupCode(ctx.app, ctx.db, email);
    const code = await mailedCode(ctx.db, email);
    await expect(consumeEmailCode(ctx.db, ctx.clock, uniqueEmail(), 'signup', code)).rejects.toMatchObject({
      code: 'EMAIL_CODE_INVALID',
    });
    await expect(consumeEmailCode(ctx.db, ctx.clock, email, 'reset_password', code)).rejects.toMatchObject({
      code: 'EMAIL_CODE_INVALID',
    });
    await consumeEmailCode(ctx.db, ctx.clock, email, 'signup', code);
  });

  it('kills a code after 5 wrong tries', async () => {
    const email = uniqueEmail();
    await requestSignupCode(ctx.app, ctx.db, email);
    const code = await mailedCode(ctx.db, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await signupWith({ email, password: PASSWORD, nickname: 'Tries', email_code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The e-mail code is wrong or no longer valid, please request a new one');
    }
    const right = await signupWith({ email, password: PASSWORD, nickname: 'Tries', email_code: code });
    expect(right.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    await requestSignupCode(ctx.app, ctx.db, email);
    await ctx.db
      .update(emailCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailCodes.email, email));
    const res = await signupWith({
      email,
      password: PASSWORD,
      nickname: 'Late',
      email_code: await mailedCode(ctx.db, email),
    });
    expect(res.statusCode).toBe(400);
  });

  it('only the latest code works', async () => {
    const email = uniqueEmail();
    await requestSignupCode(ctx.app, ctx.db, email);
    const first = await mailedCode(ctx.db, email);
    await ctx.database.pool.query(
      "UPDATE email_codes SET created_at = now() - interval '61 seconds' WHERE email = $1",
      [email],
    );
    await requestSignupCode(ctx.app, ctx.db, email);
    const second = await mailedCode(ctx.db, email);
    if (first !== second) {
      const old = await signupWith({ email, password: PASSWORD, nickname: 'Twice', email_code: first });
      expect(old.statusCode).toBe(400);
    }
    expect(
      (await signupWith({ email, password: PASSWORD, nickname: 'Twice', email_code: second })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['short', 'Ab1!', 'The password must be 8 to 64 characters long'],
    ['too long (never truncated)', `Aa1!${'x'.repeat(61)}`, 'The password must be 8 to 64 characters long'],
    ['with a space', 'Abcd 1234!', 'The password must not contain spaces'],
    [
      'two classes',
      'abcdefgh1',
      'The password needs at least three of: upper case, lower case, digits, special characters',
    ],
  ])('names the password field when it is %s', async (_case, password, message) => {
    const res = await signupWith({ email: uniqueEmail(), password, nickname: 'Rules', email_code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toContainEqual({ field: 'body.password', message });
  });

  it('translates field errors into Chinese', async () => {
    const res = await signupWith({ email: 'nope', password: 'abc', nickname: 'ab', email_code: '12' }, {});
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toEqual({
      'body.email': '请输入有效的邮箱地址',
      'body.password': '密码长度需为 8 到 64 个字符',
      'body.nickname': '昵称长度需为 4 到 30 个字符',
      'body.email_code': '邮箱验证码为 6 位数字',
    });
  });

  it('refuses an unknown invite code and records a known one', async () => {
    const inviter = await signUp(ctx.app, ctx.db);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, inviter.userId));
    const email = uniqueEmail();
    await requestSignupCode(ctx.app, ctx.db, email);
    const code = await mailedCode(ctx.db, email);
    const bad = await signupWith({
      email,
      password: PASSWORD,
      nickname: 'Invited',
      email_code: code,
      invite_code: 'ZZZZZZZZ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The invite code is not valid');
    const good = await signupWith({
      email,
      password: PASSWORD,
      nickname: 'Invited',
      email_code: code,
      invite_code: row!.inviteCode.toLowerCase(),
    });
    expect(good.statusCode).toBe(200);
    const [invited] = await ctx.db.select().from(users).where(eq(users.id, good.json().data.userId));
    expect(invited!.invitedBy).toBe(inviter.userId);
  });
});
