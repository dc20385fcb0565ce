/**
 * Account helpers for journeys: unique e-mails, the codes the app mailed (read from its
 * `mail_outbox` table, since `npm start` sends no real mail) and accounts made through the API.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import pg from 'pg';
import { databaseURL } from '../playwright.config';

export const PASSWORD = 'Cloudbay#2026';

/** A fresh address per call, so runs and parallel tests never collide. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The 6-digit code of the latest mail to `email` sent after `after` (mails go out through a job,
 * so this waits for it).
 */
export async function mailedCode(email: string, after = new Date(0), timeoutMs = 15_000): Promise<string> {
  const client = new pg.Client({ connectionString: databaseURL });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ text_body: string }>(
        `SELECT text_body FROM mail_outbox
          WHERE to_address = $1 AND created_at > $2
          ORDER BY id DESC LIMIT 1`,
        [email.toLowerCase(), after],
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

async function call<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  const body = (await answer.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${answer.url()}: ${body.code} ${body.msg}`);
  return body.data;
}

/** Signs up through the API (the image code is not checked in journeys) and logs in: a token. */
export async function signedUpToken(
  request: APIRequestContext,
  email = uniqueEmail('api'),
): Promise<{ email: string; token: string }> {
  const captcha = await call<{ uuid: string }>(request.get('/api/image_validate_code'));
  const sentAt = new Date(Date.now() - 1000);
  await call(
    request.get('/api/user/signup/validate_code', { params: { email, uuid: captcha.uuid, code: 'any' } }),
  );
  const code = await mailedCode(email, sentAt);
  await call(
    request.post('/api/user/signup', {
      data: { email, password: PASSWORD, nickname: 'Journey user', email_code: code },
    }),
  );
  const loginCaptcha = await call<{ uuid: string }>(request.get('/api/image_validate_code'));
  const { access_token: token } = await call<{ access_token: string }>(
    request.post('/api/user/login', {
      data: { email, password: PASSWORD, uuid: loginCaptcha.uuid, code: 'any' },
    }),
  );
  return { email, token };
}
