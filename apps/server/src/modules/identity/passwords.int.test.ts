/** Passwords end to end: the longest allowed, common ones refused, old hashes upgraded at login. */
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from '@cloudbay/contracts';
import {
  logIn,
  loggedInUser,
  mailedCode,
  requestResetCode,
  requestSignupCode,
  signUp,
  uniqueEmail,
} from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { users } from '../../db/schema';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const en = { 'accept-language': 'en-US' };
const COMMON = ['Password1!', 'Qwerty123!', 'Welcome1!'];
const COMMON_MESSAGE = 'This password is too common and easy to guess, please choose another';

async function signUpWith(email: string, password: string) {
  await requestSignupCode(ctx.app, ctx.db, email);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/signup',
    headers: en,
    payload: { email, password, nickname: 'Tester', email_code: await mailedCode(ctx.db, email) },
  });
}

describe('passwords', () => {
  it(`a ${PASSWORD_MAX_LENGTH}-character password round-trips; one more is refused`, async () => {
    const longest = 'Tide-Pool-Ember-Quartz-Violin-Maple-Orbit-Lantern-Fjord-Cactus9!';
    expect([...longest]).toHaveLength(PASSWORD_MAX_LENGTH);
    const user = await signUp(ctx.app, ctx.db, uniqueEmail(), longest);
    expect((await logIn(ctx.app, ctx.db, user.email, longest)).statusCode).toBe(200);
    expect((await logIn(ctx.app, ctx.db, user.email, longest.slice(0, -1))).statusCode).toBe(401);
    expect((await signUpWith(uniqueEmail(), `${longest}x`)).statusCode).toBe(400);
  });

  it('refuses common passwords that pass the character-class rule, at sign-up, reset and change', async () => {
    for (const password of COMMON) {
      const res = await signUpWith(uniqueEmail(), password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: COMMON_MESSAGE, data: { error_code: 'PASSWORD_COMMON' } });
    }

    const user = await loggedInUser(ctx.app, ctx.db);
    await requestResetCode(ctx.app, ctx.db, user.email);
    const resetCode = await mailedCode(ctx.db, user.email);
    const reset = (password: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/user/no_auth/password',
        headers: en,
        payload: { email: user.email, email_code: resetCode, password },
      });
    expect((await reset('Qwerty123!')).json().msg).toBe(COMMON_MESSAGE);
    // A refused password leaves the code usable.
    expect((await reset('Fresh-Start-9')).statusCode).toBe(200);

    const again = await logIn(ctx.app, ctx.db, user.email, 'Fresh-Start-9');
    const headers = { ...en, authorization: `Bearer ${again.json().data.access_token as string}` };
    await ctx.app.inject({ method: 'GET', url: '/api/user/edit_password/validate_code', headers });
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers,
      payload: { password: 'Password1!', email_code: await mailedCode(ctx.db, user.email) },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().msg).toBe(COMMON_MESSAGE);
  });

  it('upgrades a hash made with weaker argon2 parameters at the next successful login', async () => {
    const user = await signUp(ctx.app, ctx.db);
    const weak = await hash(user.password, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await ctx.db.update(users).set({ passwordHash: weak }).where(eq(users.id, user.userId));
    const stored = async () =>
      (await ctx.db.select().from(users).where(eq(users.id, user.userId)))[0]!.passwordHash;

    expect((await logIn(ctx.app, ctx.db, user.email, 'Wrong-Pass-1')).statusCode).toBe(401);
    expect(await stored()).toBe(weak);
    expect((await logIn(ctx.app, ctx.db, user.email)).statusCode).toBe(200);
    const upgraded = await stored();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await logIn(ctx.app, ctx.db, user.email)).statusCode).toBe(200);
    expect(await stored()).toBe(upgraded);
  });
});
