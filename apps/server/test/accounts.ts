/** Account fixtures for integration tests: solved captchas, mailed codes, ready-made users. */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { captchas, mailOutbox } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import type { App } from '../src/app';

export const PASSWORD = 'Sunny-Day-42';

/** A captcha whose answer the test knows (the real ones are only stored hashed). */
export async function solvedCaptcha(db: Db, answer = 'k7pq') {
  const uuid = randomUUID();
  await db
    .insert(captchas)
    .values({ id: uuid, answerHash: sha256(answer), expiresAt: new Date(Date.now() + 60_000) });
  return { uuid, code: answer.toUpperCase() };
}

export async function latestMail(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** The 6-digit code of the latest mail to `to`. */
export async function mailedCode(db: Db, to: string): Promise<string> {
  const mail = await latestMail(db, to);
  const code = mail?.textBody.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** Distinct client addresses, so per-IP throttles of one test do not leak into another. */
export function uniqueIp() {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export async function requestSignupCode(
  app: App,
  db: Db,
  email: string,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  const captcha = await solvedCaptcha(db);
  return app.inject({
    method: 'GET',
    url: '/api/user/signup/validate_code',
    query: { email, ...captcha },
    headers: options.headers,
    remoteAddress: options.ip ?? uniqueIp(),
  });
}

/** Signs up through the API (code requested and read from the outbox) and answers the user id. */
export async function signUp(app: App, db: Db, email = uniqueEmail(), password = PASSWORD) {
  const sent = await requestSignupCode(app, db, email);
  if (sent.statusCode !== 200) throw new Error(`code request failed: ${sent.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/signup',
    payload: { email, password, nickname: 'Tester', email_code: await mailedCode(db, email) },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  return { email, password, userId: res.json().data.userId as number };
}

/** A login attempt, from a fresh client address unless `options.ip` names one. */
export async function logIn(
  app: App,
  db: Db,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
  options: { ip?: string; emailCode?: string } = {},
) {
  const emailCode = options.emailCode === undefined ? {} : { email_code: options.emailCode };
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password, ...emailCode, ...(await solvedCaptcha(db)) },
    headers,
    remoteAddress: options.ip ?? uniqueIp(),
  });
}

/** Signs up and logs in; answers the bearer headers. */
export async function loggedInUser(app: App, db: Db, email = uniqueEmail()) {
  const user = await signUp(app, db, email);
  const res = await logIn(app, db, user.email);
  const token = res.json().data.access_token as string;
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * GET /api/user/no_auth/edit_password/validate_code with a solved captcha (a reset code is mailed
 * when the account exists), from the inject default address unless `options.ip` names one.
 */
export async function requestResetCode(app: App, db: Db, email: string, options: { ip?: string } = {}) {
  return app.inject({
    method: 'GET',
    url: '/api/user/no_auth/edit_password/validate_code',
    query: { email, ...(await solvedCaptcha(db)) },
    remoteAddress: options.ip,
  });
}

/** A forgotten-password reset: the code requested and read from the outbox, then PUT /api/user/no_auth/password. */
export async function resetForgottenPassword(app: App, db: Db, email: string, password: string) {
  await requestResetCode(app, db, email);
  return app.inject({
    method: 'PUT',
    url: '/api/user/no_auth/password',
    payload: { email, email_code: await mailedCode(db, email), password },
  });
}
