/**
 * Headers every API answer owes its caller: `Retry-After` on each 429 the app makes (every throttle
 * is hit here through the API), and `Cache-Control: no-store` on what a session asked for.
 */
import {
  CAPTCHAS_PER_IP_PER_MINUTE,
  EMAIL_CODES_PER_IP_PER_HOUR,
  LOGIN_ATTEMPTS_PER_IP,
} from '@cloudbay/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedInUser,
  requestSignupCode,
  signUp,
  solvedCaptcha,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts';
import { createTestApp } from '../../test/context';
import { multipartFile } from '../../test/file-samples';
import { withIdempotencyKey } from '../../test/idempotency';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A 429 whose `Retry-After` is whole seconds within (0, max]. */
function expectRetryAfter(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  max: number,
) {
  expect(res.statusCode, res.body).toBe(429);
  const header = res.headers['retry-after'];
  expect(header, 'Retry-After').toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(max);
  return seconds;
}

const login = async (email: string, password: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password, ...(await solvedCaptcha(ctx.db)) },
    remoteAddress: ip,
  });

describe('Retry-After on every 429', () => {
  it('image codes asked for too often from one address', async () => {
    const remoteAddress = uniqueIp();
    const ask = () => ctx.app.inject({ method: 'GET', url: '/api/image_validate_code', remoteAddress });
    for (let i = 0; i < CAPTCHAS_PER_IP_PER_MINUTE; i++) expect((await ask()).statusCode).toBe(200);
    expectRetryAfter(await ask(), 60);
  });

  it('a second e-mail code to one address within the minute', async () => {
    const email = uniqueEmail();
    expect((await requestSignupCode(ctx.app, ctx.db, email)).statusCode).toBe(200);
    expectRetryAfter(await requestSignupCode(ctx.app, ctx.db, email), 60);
  });

  it('too many e-mail codes from one address in the hour', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < EMAIL_CODES_PER_IP_PER_HOUR; i++)
      expect((await requestSignupCode(ctx.app, ctx.db, uniqueEmail('burst'), { ip })).statusCode).toBe(200);
    expectRetryAfter(await requestSignupCode(ctx.app, ctx.db, uniqueEmail('burst'), { ip }), 3600);
  });

  it('too many login attempts from one address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_IP; i++)
      expect((await login(uniqueEmail('spray'), 'Wrong-Pass-1', ip)).statusCode).toBe(401);
    expectRetryAfter(await login(uniqueEmail('spray'), 'Wrong-Pass-1', ip), 15 * 60);
  });

  it('repeated wrong passwords for one account from one address', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const ip = uniqueIp();
    let res = await login(user.email, 'Wrong-Pass-1', ip);
    for (let i = 0; i < 10 && res.statusCode !== 429; i++) res = await login(user.email, 'Wrong-Pass-1', ip);
    // The wait is the lock's (10 minutes), give or take the second it took to get here.
    expect(expectRetryAfter(res, 600)).toBeGreaterThan(590);
  });
});

describe('Cache-Control', () => {
  it('is no-store on answers to a session: reads, writes, replays and refusals', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
    for (const res of [
      await get('/api/user'),
      await get('/api/getInfo'),
      await get('/api/user/order/999999'),
    ])
      expect(res.headers['cache-control'], res.body).toBe('no-store');

    const headers = { ...user.headers, ...withIdempotencyKey('POST') };
    const policy = { name: 'Cached?', clipboard: 'read', local_drive: 'off', usb_redirect: false };
    const create = () =>
      ctx.app.inject({ method: 'POST', url: '/api/user/policy', headers, payload: policy });
    const [first, replay] = [await create(), await create()];
    expect(first.statusCode, first.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(replay.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on the answer that hands out a token', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const res = await login(user.email, user.password, uniqueIp());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves public images their long cache, even when a session asks', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const png = await sharp({
      create: { width: 2, height: 2, channels: 3, background: '#3366ff' },
    })
      .png()
      .toBuffer();
    const body = multipartFile('dot.png', png);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload: body.payload,
      headers: { ...user.headers, ...body.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = `/api/common/files/${uploaded.json().data.fileName as string}`;
    for (const headers of [{}, user.headers]) {
      const image = await ctx.app.inject({ method: 'GET', url, headers });
      expect(image.statusCode).toBe(200);
      expect(image.headers['cache-control']).toMatch(/immutable/);
    }
  });
});
