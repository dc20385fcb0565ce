/**
 * A sub-account changes its own password on its profile (issue 21): PUT /user/son_account/own_password
 * with its current password and the password rule; its other sessions end, its main account's stay;
 * a wrong current password neither changes anything nor counts towards the sign-in lockout; the
 * route's own throttle; audited in the operation log; a main account is refused.
 */
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EN } from '../../../test/desktop-fixtures';
import { usePhoneHarness } from '../../../test/phone-fixtures';
import { PASSWORD, logIn } from '../../../test/accounts';
import { lastOperation as lastOperationOf } from '../../../test/oper-logs';
import { createSubAccount, subAccountLogin, subAccountSession } from '../../../test/sub-account-fixtures';
import { loginFailures, rateLimitBuckets } from '../../db/schema';

const h = usePhoneHarness();
const URL = '/api/user/son_account/own_password';
const NEW_PASSWORD = 'Brisk-Harbor-77';

describe("a sub-account's own password", () => {
  it('changes with the current password: other sessions of the sub-account end, the main account’s stay', async () => {
    const main = await h.customer(0);
    const sub = await createSubAccount(h.ctx.app, main);
    const session = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);
    const other = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);

    const res = await h.call(session, 'PUT', URL, { old_password: PASSWORD, password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    // This session goes on, the sub-account's other one ends; the main account is not touched.
    expect((await h.call(session, 'GET', '/api/user')).statusCode).toBe(200);
    expect((await h.call(other, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await h.call(main, 'GET', '/api/user')).statusCode).toBe(200);

    const oldOne = await subAccountLogin(h.ctx.app, h.ctx.db, {
      email: main.email,
      sonAccount: sub.nickname,
    });
    expect(oldOne.statusCode).toBe(401);
    const newOne = await subAccountLogin(h.ctx.app, h.ctx.db, {
      email: main.email,
      sonAccount: sub.nickname,
      password: NEW_PASSWORD,
    });
    expect(newOne.statusCode, newOne.body).toBe(200);
    // The main account's own password is untouched.
    expect((await logIn(h.ctx.app, h.ctx.db, main.email)).statusCode).toBe(200);
    expect((await logIn(h.ctx.app, h.ctx.db, main.email, NEW_PASSWORD)).statusCode).toBe(401);

    // Audited as the sub-account's write, both passwords masked.
    const row = await lastOperationOf(h.ctx.db, URL, 'PUT');
    expect(row).toMatchObject({
      module: 'account',
      businessType: 'update',
      userId: sub.accountId,
      status: 'success',
    });
    expect(row.params).not.toContain(PASSWORD);
    expect(row.params).not.toContain(NEW_PASSWORD);
    // Several sign-ins and password hashes: more than the default 20 s on a loaded machine.
  }, 60_000);

  it('refuses a wrong current password (translated) and a password against the rule, changing nothing', async () => {
    const main = await h.customer(0);
    const sub = await createSubAccount(h.ctx.app, main);
    const session = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);
    const other = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);

    const wrong = await h.call(session, 'PUT', URL, {
      old_password: 'Not-The-One-9',
      password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      msg: '当前密码错误',
      data: { error_code: 'SUB_ACCOUNT_OLD_PASSWORD_WRONG' },
    });
    const wrongEn = await h.call(
      session,
      'PUT',
      URL,
      { old_password: 'Not-The-One-9', password: NEW_PASSWORD },
      EN,
    );
    expect(wrongEn.json().msg).toBe('The current password is wrong');

    const weak = await h.call(session, 'PUT', URL, { old_password: PASSWORD, password: 'alllowercase' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fields).toEqual([expect.objectContaining({ field: 'body.password' })]);
    const common = await h.call(session, 'PUT', URL, { old_password: PASSWORD, password: 'Password123!' });
    expect(common.statusCode).toBe(400);
    expect(common.json().data.error_code).toBe('PASSWORD_COMMON');
    const missing = await h.call(session, 'PUT', URL, { password: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields).toEqual([expect.objectContaining({ field: 'body.old_password' })]);

    // Nothing changed: the old password still signs in, the other session lives.
    expect((await h.call(other, 'GET', '/api/user')).statusCode).toBe(200);
    const still = await subAccountLogin(h.ctx.app, h.ctx.db, { email: main.email, sonAccount: sub.nickname });
    expect(still.statusCode, still.body).toBe(200);
  });

  it('throttles its own attempts without touching the sign-in lockout', async () => {
    const main = await h.customer(0);
    const sub = await createSubAccount(h.ctx.app, main);
    const session = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await h.call(session, 'PUT', URL, {
        old_password: `Wrong-Guess-${attempt}a`,
        password: NEW_PASSWORD,
      });
      expect(res.json().data?.error_code, res.body).toBe('SUB_ACCOUNT_OLD_PASSWORD_WRONG');
    }
    // No sign-in failure was recorded for the sub-account (its key is `nickname#e-mail`).
    const failures = await h.ctx.db
      .select()
      .from(loginFailures)
      .where(like(loginFailures.email, `%#${main.email}`));
    expect(failures).toEqual([]);
    const signIn = await subAccountLogin(h.ctx.app, h.ctx.db, {
      email: main.email,
      sonAccount: sub.nickname,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);

    // Each attempt counted (the buckets are fixed 15-minute windows of the database's clock; the
    // attempts above may straddle two).
    const key = `son-own-password:${sub.accountId}`;
    const buckets = await h.ctx.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
    expect(buckets.reduce((sum, bucket) => sum + bucket.hits, 0)).toBe(5);
    // Five in the current window: the sixth is refused, even with the right password, and says when to return.
    await h.ctx.db.execute(sql`
      INSERT INTO rate_limit_buckets (key, window_start, hits)
      VALUES (${key}, to_timestamp(floor(extract(epoch from now()) / 900) * 900), 5)
      ON CONFLICT (key, window_start) DO UPDATE SET hits = 5`);
    const sixth = await h.call(session, 'PUT', URL, { old_password: PASSWORD, password: NEW_PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().data.error_code).toBe('SUB_ACCOUNT_PASSWORD_ATTEMPTS_EXCEEDED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    await h.ctx.db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
    const after = await h.call(session, 'PUT', URL, { old_password: PASSWORD, password: NEW_PASSWORD });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('is for sub-accounts only: a main account gets 403 and keeps its password', async () => {
    const main = await h.customer(0);
    const res = await h.call(main, 'PUT', URL, { old_password: PASSWORD, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().data.error_code).toBe('SUB_ACCOUNT_ONLY');
    expect((await logIn(h.ctx.app, h.ctx.db, main.email)).statusCode).toBe(200);
  });

  it("is a sub-account's only way: the e-mailed-code password change answers it 403", async () => {
    const main = await h.customer(0);
    const sub = await createSubAccount(h.ctx.app, main);
    const session = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);
    const res = await h.call(session, 'PUT', '/api/user/password', {
      code: '123456',
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().data.error_code).toBe('SUB_ACCOUNT_NOT_ALLOWED');
  });

  it('GET /user shows a sub-account its remark and main account, a main account no remark', async () => {
    const main = await h.customer(0);
    const sub = await createSubAccount(h.ctx.app, main);
    await h.call(main, 'PUT', '/api/user/son_account/batch_edit', {
      account_ids: [sub.accountId],
      remark: 'Front desk',
    });
    const session = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);
    const me = (await h.call(session, 'GET', '/api/user')).json().data;
    expect(me).toMatchObject({
      nickname: sub.nickname,
      remark: 'Front desk',
      main_account: { email: main.email },
    });
    expect((await h.call(main, 'GET', '/api/user')).json().data.remark).toBeNull();
  });
});
