/**
 * The access rule of spec §2 as plain functions: which paths are open without a session, where a
 * visitor without one is sent, and what /moneryContro hands over. The router applies them
 * (access-control.ts); everything here is free of React and of the network.
 */
import { AUTH_PAGE_PATHS, HANDOVER_SUPPORT_PARAM } from '@cloudbay/contracts/core';
import {
  StorageKey,
  beginSupportTab,
  clearSession,
  getToken,
  removeItem,
  setIsSon,
  setLoginToken,
  setToken,
} from './storage';

export const LOGIN_PATH = '/login';
/** The home: login landing and logout target (spec §2). */
export const HOME_PATH = '/index';
export const UNAUTHORIZED_PATH = '/401';
/** Where an upstream system hands a session over (spec §2 access rule). */
export const HANDOVER_PATH = '/moneryContro';

/** Paths anyone may open, signed in or not (spec §2). Every other path needs a stored token. */
export const OPEN_PATHS: readonly string[] = [
  // login, register and forget: the light auth entry (src/auth) serves them.
  ...AUTH_PAGE_PATHS,
  '/phone',
  '/phoneconnet',
  HANDOVER_PATH,
  '/user/gif',
  '/proxySet',
];

/**
 * Open path prefixes: what lies below them is open too. The sandbox gateway's payer page is opened
 * by scanning its QR code, usually on a phone that is not signed in.
 */
export const OPEN_PATH_PREFIXES: readonly string[] = ['/pay/sandbox/'];

/** `/login/` is `/login`: the router matches both, so the rule must too. */
function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isOpenPath(pathname: string): boolean {
  const path = normalise(pathname);
  return OPEN_PATHS.includes(path) || OPEN_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function isLoginPath(pathname: string): boolean {
  return normalise(pathname) === LOGIN_PATH;
}

/**
 * /login carrying the full original path (path, search and hash) in `redirect`. The value is
 * encoded so its own `?`, `&` and `#` survive; slashes stay readable, as a query value allows.
 */
export function loginPathFor(originalPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(originalPath).replace(/%2F/gi, '/')}`;
}

/**
 * Where to go after logging in: the `redirect` query when it is a path of this app, else '/'.
 * Anything else (`//evil.example`, `https://…`, `/\evil`) could send the user off-site.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/**
 * /moneryContro: an upstream console hands its session over in the query. When it carries a token,
 * token, loginToken and isSon (true when the value is non-empty) are stored. A different token may
 * be someone else's: the earlier session ends first, with its cached user and grants.
 */
export function saveHandover(query: URLSearchParams): void {
  const token = query.get('token');
  if (!token) return;
  // A support session stays in this tab (storage.ts): flagged first, so the earlier session ended
  // below is this tab's, never the operator's own in local storage.
  if (query.get(HANDOVER_SUPPORT_PARAM)) beginSupportTab();
  if (getToken() !== token) clearSession();
  setToken(token);
  const loginToken = query.get('loginToken');
  if (loginToken) setLoginToken(loginToken);
  else removeItem(StorageKey.loginToken);
  setIsSon(Boolean(query.get('isSon')));
}
