/**
 * Account helpers for journeys: unique e-mails, the codes the app mailed (read from its
 * `mail_outbox` table, since `npm start` sends no real mail) and accounts made through the API.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import pg from 'pg';
import { databaseURL } from '../playwright.config';

export const PASSWORD = 'Cloudbay#2026';

/** A fresh address per call, so runs and parallel tests never collide. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a code mail is for (`mail_outbox.purpose` is `<purpose>_code`). */
type CodePurpose = 'signup' | 'login' | 'reset_password' | 'change_password';

/**
 * The 6-digit code of the latest `purpose` mail to `email` sent after `after` (mails go out through
 * a job, so this waits for it). The purpose matters: an address that just signed up has a signup
 * code mailed within the same second, which the wait would otherwise return first.
 */
export async function mailedCode(
  email: string,
  after: Date,
  purpose: CodePurpose,
  timeoutMs = 15_000,
): Promise<string> {
  const client = new pg.Client({ connectionString: databaseURL });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ text_body: string }>(
        `SELECT text_body FROM mail_outbox
          WHERE to_address = $1 AND created_at > $2 AND purpose = $3
          ORDER BY id DESC LIMIT 1`,
        [email.toLowerCase(), after, `${purpose}_code`],
      );
      const code = /\b(\d{6})\b/.exec(rows[0]?.text_body ?? '')?.[1];
      if (code) return code;
      await sleep(250);
    }
    throw new Error(`no code mailed to ${email} within ${timeoutMs / 1000} s`);
  } finally {
    await client.end();
  }
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The `data` of an API answer; any other code than 200 throws. */
export async function call<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  const body = (await answer.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${answer.url()}: ${body.code} ${body.msg}`);
  return body.data;
}

export interface AccountOptions {
  /**
   * Leave the account as a brand-new customer has it: the announcements unread, so the console
   * opens with their dialog (default false: read, so the dialog does not block other journeys).
   */
  fresh?: boolean;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * `bearer(token)` plus a fresh `Idempotency-Key`: one new operation, for the routes that move money
 * or create resources (the server answers 400 without the key).
 */
export const bearerWithKey = (token: string) => ({ ...bearer(token), 'idempotency-key': randomUUID() });

/**
 * A client address of its own for each account made by API: the app under test trusts
 * X-Forwarded-For (TRUST_PROXY in playwright.config.ts), so the per-IP limits on image codes (60 a
 * minute), code sending and logins (20 codes per hour) count each journey apart instead of the
 * whole run from 127.0.0.1.
 */
function clientIp(): { 'x-forwarded-for': string } {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return { 'x-forwarded-for': `10.${a}.${b}.${c}` };
}

/** Signs up through the API (the image code is not checked in journeys) and logs in: a token. */
export async function signedUpToken(
  request: APIRequestContext,
  email = uniqueEmail('api'),
  options: AccountOptions = {},
): Promise<{ email: string; token: string }> {
  const ip = clientIp();
  const captcha = await call<{ uuid: string }>(request.get('/api/image_validate_code', { headers: ip }));
  const sentAt = new Date(Date.now() - 1000);
  await call(
    request.get('/api/user/signup/validate_code', {
      params: { email, uuid: captcha.uuid, code: 'any' },
      headers: ip,
    }),
  );
  const code = await mailedCode(email, sentAt, 'signup');
  await call(
    request.post('/api/user/signup', {
      data: { email, password: PASSWORD, nickname: 'Journey user', email_code: code },
    }),
  );
  const token = await loggedInToken(request, email);
  if (!options.fresh) await readAnnouncements(request, token);
  return { email, token };
}

/** POST /user/login through the API: a token. */
export async function loggedInToken(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const ip = clientIp();
  const captcha = await call<{ uuid: string }>(request.get('/api/image_validate_code', { headers: ip }));
  const { access_token: token } = await call<{ access_token: string }>(
    request.post('/api/user/login', {
      data: { email, password, uuid: captcha.uuid, code: 'any' },
      headers: ip,
    }),
  );
  return token;
}

/**
 * `times` failed logins for `email`, each from an address of its own: an attack spread over many
 * addresses, which switches the e-mail to step-up sign-in without locking any one address out.
 */
export async function failLoginsFromManyAddresses(request: APIRequestContext, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const answer = await request.post('/api/user/login', {
      data: { email, password: 'Wrong#Pass1', uuid: randomUUID(), code: 'any' },
      headers: clientIp(),
    });
    if (answer.status() !== 401) throw new Error(`a failed login answered ${answer.status()}`);
  }
}

/** The announcements the account of `token` has not read (GET /user/sys_notice). */
export async function unreadAnnouncements(
  request: APIRequestContext,
  token: string,
): Promise<{ id: number; title: string }[]> {
  return call(request.get('/api/user/sys_notice', { headers: bearer(token) }));
}

/** Marks every announcement read for the account of `token`, as its 'I have read it' does. */
export async function readAnnouncements(request: APIRequestContext, token: string): Promise<void> {
  const notices = await unreadAnnouncements(request, token);
  if (!notices.length) return;
  await call(
    request.post('/api/user/sys_notice/read', {
      headers: bearer(token),
      data: { ids: notices.map((notice) => notice.id) },
    }),
  );
}

/**
 * Makes `page` remember the current home pop-up as seen (the home keeps seen versions in local
 * storage `ad_popup`), so it does not cover the page.
 */
export async function skipAdPopup(page: Page, request: APIRequestContext): Promise<void> {
  const popup = await call<{ version: string } | null>(request.get('/api/ad_popup'));
  if (!popup) return;
  await page.addInitScript((version) => {
    const seen: unknown = JSON.parse(window.localStorage.getItem('ad_popup') ?? '[]');
    const versions = Array.isArray(seen) ? seen : [];
    if (!versions.includes(version)) {
      window.localStorage.setItem('ad_popup', JSON.stringify([...versions, version]));
    }
  }, popup.version);
}

/**
 * A new account signed in on `page` (its token stored before any page script runs). Unless
 * `fresh`, its announcements are read and the pop-up seen, so nothing covers the console.
 */
export async function signIn(
  page: Page,
  request: APIRequestContext,
  options: AccountOptions & { email?: string } = {},
): Promise<{ email: string; token: string }> {
  const account = await signedUpToken(request, options.email, options);
  await page.addInitScript((value) => window.localStorage.setItem('token', value), account.token);
  if (!options.fresh) await skipAdPopup(page, request);
  return account;
}

/** The demo operator that `npm start` creates outside production (README, Demo access). */
export const OPERATOR = { email: 'admin@cloudbay.local', password: 'Cloudbay@2026' };

/** An operator sends the account of `token` a notification (POST /system/user_notice). */
export async function sendNotice(
  request: APIRequestContext,
  token: string,
  title: { zh: string; en: string },
): Promise<void> {
  const user = await call<{ userId: number }>(request.get('/api/user', { headers: bearer(token) }));
  const operator = await loggedInToken(request, OPERATOR.email, OPERATOR.password);
  await call(
    request.post('/api/system/user_notice', {
      headers: bearerWithKey(operator),
      data: {
        user_id: user.userId,
        title_zh: title.zh,
        title_en: title.en,
        content_zh: `${title.zh}：内容`,
        content_en: `${title.en}: details`,
      },
    }),
  );
}
