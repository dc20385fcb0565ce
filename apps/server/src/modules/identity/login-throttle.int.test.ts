/**
 * The sign-in throttles of issue 14: failures counted per submitted e-mail and client address
 * (known or not), a pair lock that never reaches the owner on another address, step-up sign-in
 * with an e-mailed code once one e-mail fails from many addresses, and a reset that clears both.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_STEP_UP_FAILURES,
} from '@cloudbay/contracts';
import {
  PASSWORD,
  logIn,
  mailedCode,
  requestSignupCode,
  resetForgottenPassword,
  signUp,
  solvedCaptcha,
  uniqueEmail,
  uniqueIp,
} from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { users } from '../../db/schema';
import { ManualClock } from '../../lib/clock';

const clock = new ManualClock(Date.now());
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const en = { 'accept-language': 'en-US' };
const WRONG = 'Wrong-Pass-1';

const attempt = (email: string, password: string, ip: string, emailCode?: string) =>
  logIn(ctx.app, ctx.db, email, password, en, { ip, emailCode });

async function failFromManyAddresses(email: string, times: number) {
  for (let i = 0; i < times; i++) await attempt(email, WRONG, uniqueIp());
}

async function requestLoginCode(email: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/user/login/validate_code',
    query: { email, ...(await solvedCaptcha(ctx.db)) },
    headers: en,
    remoteAddress: uniqueIp(),
  });
}

describe('failed logins per e-mail and address', () => {
  it('answers a known and an unknown e-mail alike at every attempt count', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const ghost = uniqueEmail('ghost');
    const [userIp, ghostIp] = [uniqueIp(), uniqueIp()];
    for (let i = 1; i <= LOGIN_MAX_FAILURES + 2; i++) {
      const known = await attempt(user.email, WRONG, userIp);
      const unknown = await attempt(ghost, WRONG, ghostIp);
      expect({ attempt: i, status: unknown.statusCode, body: unknown.json() }).toEqual({
        attempt: i,
        status: known.statusCode,
        body: known.json(),
      });
      expect(known.statusCode).toBe(i < LOGIN_MAX_FAILURES ? 401 : 429);
    }
    expect((await attempt(ghost, WRONG, ghostIp)).json().msg).toBe(
      'Too many failed logins for this e-mail from your network, please try again in 10 min',
    );
  });

  it('takes as long for an unknown e-mail as for a wrong password (a decoy hash is verified)', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const ghost = uniqueEmail('ghost');
    const timed = async (email: string) => {
      const started = performance.now();
      await attempt(email, WRONG, uniqueIp());
      return performance.now() - started;
    };
    const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    // Fewer tries than a lock needs, each from its own address; the two taken in turn, so a slower
    // moment of a busy machine weighs on both alike instead of on one side of the ratio.
    const [knownTimes, unknownTimes]: [number[], number[]] = [[], []];
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
      knownTimes.push(await timed(user.email));
      unknownTimes.push(await timed(ghost));
    }
    const [known, unknown] = [median(knownTimes), median(unknownTimes)];
    // Measured: about 1 with the decoy, about 0.35 without it (no hash verified at all).
    expect(unknown / known).toBeGreaterThan(0.6);
  });

  it('locks only the e-mail and address pair: the owner signs in from elsewhere, and here after 10 minutes', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const attackerIp = uniqueIp();
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i++) await attempt(user.email, WRONG, attackerIp);
    expect((await attempt(user.email, PASSWORD, attackerIp)).statusCode).toBe(429);
    expect((await attempt(user.email, PASSWORD, uniqueIp())).statusCode).toBe(200);

    clock.advance(LOGIN_LOCK_SECONDS * 1000 - 30_000);
    expect((await attempt(user.email, PASSWORD, attackerIp)).statusCode).toBe(429);
    clock.advance(31_000);
    expect((await attempt(user.email, PASSWORD, attackerIp)).statusCode).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const ip = uniqueIp();
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) await attempt(user.email, WRONG, ip);
    clock.advance(LOGIN_FAILURE_WINDOW_SECONDS * 1000 + 1000);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) {
      expect((await attempt(user.email, WRONG, ip)).statusCode).toBe(401);
    }
    expect((await attempt(user.email, WRONG, ip)).statusCode).toBe(429);
  });
});

describe('step-up sign-in', () => {
  it('after 20 failures from many addresses asks for an e-mailed code, alike for unknown e-mails', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const ghost = uniqueEmail('ghost');
    await failFromManyAddresses(user.email, LOGIN_STEP_UP_FAILURES);
    await failFromManyAddresses(ghost, LOGIN_STEP_UP_FAILURES);

    // The right password alone is not refused outright, nor accepted: it needs the code.
    const right = await attempt(user.email, PASSWORD, uniqueIp());
    expect(right.statusCode).toBe(401);
    expect(right.json().data).toEqual({ error_code: 'LOGIN_STEP_UP_REQUIRED' });
    expect(right.json().msg).toBe(
      'Unusual failed logins for this e-mail: enter the code we e-mail to it together with the password',
    );
    const wrong = await attempt(user.email, WRONG, uniqueIp());
    const unknown = await attempt(ghost, WRONG, uniqueIp());
    expect(wrong.json()).toEqual(right.json());
    expect(unknown.json()).toEqual(right.json());

    // The send-code answer is the same for both; only the owner gets a mail.
    const sent = await requestLoginCode(user.email);
    expect(sent.statusCode).toBe(200);
    expect((await requestLoginCode(ghost)).json()).toEqual(sent.json());
    const code = await mailedCode(ctx.db, user.email);

    // A wrong password with the right code and the right password with a wrong code answer alike.
    const wrongCode = await attempt(
      user.email,
      PASSWORD,
      uniqueIp(),
      code === '000000' ? '111111' : '000000',
    );
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().data).toEqual({ error_code: 'LOGIN_STEP_UP_FAILED' });
    expect((await attempt(ghost, WRONG, uniqueIp(), '123456')).json()).toEqual(wrongCode.json());

    expect((await attempt(user.email, PASSWORD, uniqueIp(), code)).statusCode).toBe(200);
    // Signed in with the code: the password alone works again.
    expect((await attempt(user.email, PASSWORD, uniqueIp())).statusCode).toBe(200);
  });

  it('a password reset clears the pair lock and the step-up', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const ip = uniqueIp();
    await failFromManyAddresses(user.email, LOGIN_STEP_UP_FAILURES);
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i++) await attempt(user.email, WRONG, ip);
    expect((await attempt(user.email, PASSWORD, ip)).statusCode).toBe(429);
    expect((await attempt(user.email, PASSWORD, uniqueIp())).json().data.error_code).toBe(
      'LOGIN_STEP_UP_REQUIRED',
    );

    const reset = await resetForgottenPassword(ctx.app, ctx.db, user.email, 'Fresh-Start-9');
    expect(reset.statusCode).toBe(200);
    expect((await attempt(user.email, 'Fresh-Start-9', ip)).statusCode).toBe(200);
  });
});

describe('sessions and codes over time', () => {
  it("ends a disabled account's existing token on its next request", async () => {
    const user = await signUp(ctx.app, ctx.db);
    const token = (await attempt(user.email, PASSWORD, uniqueIp())).json().data.access_token as string;
    const headers = { authorization: `Bearer ${token}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
    await ctx.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.userId));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
  });

  it('an e-mail code is dead 10 minutes after it was sent', async () => {
    const signUpWith = async (email: string, code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: { email, password: PASSWORD, nickname: 'Tester', email_code: code },
      });
    const ask = (email: string) => requestSignupCode(ctx.app, ctx.db, email);

    const late = uniqueEmail('late');
    expect((await ask(late)).statusCode).toBe(200);
    const lateCode = await mailedCode(ctx.db, late);
    clock.advance(10 * 60_000);
    expect((await signUpWith(late, lateCode)).statusCode).toBe(400);

    const inTime = uniqueEmail('intime');
    expect((await ask(inTime)).statusCode).toBe(200);
    const inTimeCode = await mailedCode(ctx.db, inTime);
    clock.advance(10 * 60_000 - 1000);
    expect((await signUpWith(inTime, inTimeCode)).statusCode).toBe(200);
  });
});
