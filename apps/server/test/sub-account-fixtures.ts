/** Sub-account fixtures (issue 21): made by a main account through the API, signed in as the console does. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../src/app';
import type { Db } from '../src/db/client';
import { PASSWORD, solvedCaptcha, uniqueIp } from './accounts';
import type { Customer } from './desktop-fixtures';

export interface SubAccount {
  accountId: number;
  nickname: string;
}

/** POST /api/user/son_account as `main` (200 expected). */
export async function createSubAccount(
  app: App,
  main: Customer,
  nickname = `staff${randomUUID().slice(0, 6)}`,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/son_account',
    headers: { ...main.headers, 'idempotency-key': randomUUID() },
    payload: { nickname, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { accountId: res.json().data.account_id as number, nickname };
}

/** A sub-account's sign-in on /login's sub-account tab. */
export async function subAccountLogin(
  app: App,
  db: Db,
  input: { email: string; sonAccount: string; password?: string; ip?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: {
      email: input.email,
      son_account: input.sonAccount,
      password: input.password ?? PASSWORD,
      ...(await solvedCaptcha(db)),
    },
    remoteAddress: input.ip ?? uniqueIp(),
  });
}

/** Signed in as the sub-account: a caller the harness's `call` takes. */
export async function subAccountSession(
  app: App,
  db: Db,
  main: Customer,
  sub: SubAccount,
): Promise<Customer> {
  const res = await subAccountLogin(app, db, { email: main.email, sonAccount: sub.nickname });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.access_token as string;
  return { ...main, userId: sub.accountId, token, headers: { authorization: `Bearer ${token}` } };
}
