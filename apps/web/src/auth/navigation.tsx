/**
 * The three sign-in pages' own navigation, in place of react-router (which this entry must not
 * download): the path in the address bar picks the page, in-app links push history entries, the
 * back button pops them, and `history.state` hands `{ email, notice }` from register/forget to login.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { authPageOf, type AuthPagePath } from '@cloudbay/contracts/core';
import { isLoginPath } from '../lib/access-rule';
import { getToken } from '../lib/storage';
import { loadPage, replacePage } from './document';

/** What the register and forget pages hand over when they send the user to log in. */
export interface LoginPageState {
  email?: string;
  notice?: 'registered' | 'passwordReset';
}

export interface AuthLocation {
  page: AuthPagePath;
  search: URLSearchParams;
  state: LoginPageState;
}

const listeners = new Set<() => void>();

function read(): AuthLocation {
  const state: unknown = window.history.state;
  return {
    // The server sends auth.html only for these paths; anything else is the login page.
    page: authPageOf(window.location.pathname) ?? '/login',
    search: new URLSearchParams(window.location.search),
    state: typeof state === 'object' && state !== null ? (state as LoginPageState) : {},
  };
}

let current = read();

function changed(): void {
  current = read();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', changed);
  };
}

export function useAuthLocation(): AuthLocation {
  return useSyncExternalStore(subscribe, () => current);
}

/** Goes to `to`: another sign-in page in place, any other path as a page load (the console). */
export function navigate(to: string, state?: LoginPageState): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !authPageOf(url.pathname)) {
    loadPage(to);
    return;
  }
  window.history.pushState(state ?? null, '', url.pathname + url.search + url.hash);
  window.scrollTo(0, 0);
  changed();
}

/** Re-reads the address after a test (or anything outside this module) changed it. */
export function syncLocation(): void {
  changed();
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link between the sign-in pages: a plain click stays in the app, modified clicks are the browser's. */
export function Link({ to, onClick, ...props }: LinkProps) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified || props.target) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={click} {...props} />;
}

/**
 * The access rule (spec §2) before anything renders: a signed-in visitor opening /login goes to the
 * console's home '/' instead; /register and /forget stay open. True when the page is being left.
 */
export function leaveLoginWhenSignedIn(): boolean {
  if (!isLoginPath(window.location.pathname) || !getToken()) return false;
  replacePage('/');
  return true;
}
