/**
 * A session of a demo account that `npm start` seeds (README, Demo access), for tools that look at
 * the console as a signed-in person sees it (screenshots, bench:web). Logs in through the API, so
 * the app must run with `CAPTCHA=off` (the image code cannot be read), and reads the announcements
 * so their dialog does not cover the pages.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '../../apps/server/src/modules/identity/demo-data';
import { DEMO_ADMIN } from '../../apps/server/src/modules/identity/reference-data';

// The accounts `npm start` creates outside production (the operator while ADMIN_EMAIL and
// ADMIN_PASSWORD are unset).
export const DEMO_LOGINS = {
  customer: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
  operator: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
} as const;
export type Persona = keyof typeof DEMO_LOGINS;

/** What a browser needs to open the console signed in, with nothing covering it. */
export interface DemoSession {
  token: string;
  /** GET /user as the login page caches it (local storage `user`), so the console starts from it. */
  user: { is_son?: boolean } & Record<string, unknown>;
  /** The home pop-up of the moment, to store as seen (null: none). */
  adPopupVersion: string | null;
}

/** Logs `who` in by API (captcha off) and reads the announcements. */
export async function demoSession(baseUrl: string, who: Persona): Promise<DemoSession> {
  const call = async <T>(pathname: string, init: RequestInit = {}, token?: string): Promise<T> => {
    const response = await fetch(baseUrl + pathname, {
      ...init,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const body = (await response.json()) as { code: number; msg: string; data: T };
    if (body.code !== 200) throw new Error(`${pathname}: ${body.msg}`);
    return body.data;
  };
  const { access_token: token } = await call<{ access_token: string }>('/api/user/login', {
    method: 'POST',
    body: JSON.stringify({ ...DEMO_LOGINS[who], uuid: crypto.randomUUID(), code: 'off' }),
  });
  const notices = await call<Array<{ id: number }>>('/api/user/sys_notice', {}, token);
  if (notices.length > 0) {
    await call(
      '/api/user/sys_notice/read',
      { method: 'POST', body: JSON.stringify({ ids: notices.map((n) => n.id) }) },
      token,
    );
  }
  const user = await call<DemoSession['user']>('/api/user', {}, token);
  const popup = await call<{ version: string } | null>('/api/ad_popup');
  return { token, user, adPopupVersion: popup?.version ?? null };
}

/**
 * Stores the session in local storage before any page script runs, as the login page would have
 * (src/auth/api.ts `logIn`: the token, the user of GET /user and whether it is a sub-account), with
 * the home pop-up marked seen, in every page of `target` opened from now on.
 */
export async function useDemoSession(target: Page | BrowserContext, session: DemoSession): Promise<void> {
  await target.addInitScript(({ token, user, adPopupVersion }) => {
    window.localStorage.setItem('token', token);
    window.localStorage.setItem('user', JSON.stringify(user));
    window.localStorage.setItem('isSon', String(user.is_son === true));
    if (adPopupVersion) window.localStorage.setItem('ad_popup', JSON.stringify([adPopupVersion]));
  }, session);
}
