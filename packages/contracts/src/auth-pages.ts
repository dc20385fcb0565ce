/**
 * The sign-in pages, shipped as the web app's light entry (auth.html) rather than by the console
 * (index.html): the server, the Vite dev server and the console's router all route them by this list.
 */
export const AUTH_PAGE_PATHS = ['/login', '/register', '/forget'] as const;
export type AuthPagePath = (typeof AUTH_PAGE_PATHS)[number];

/** The auth page a pathname names (`/login/` is `/login`), or undefined. */
export function authPageOf(pathname: string): AuthPagePath | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return AUTH_PAGE_PATHS.find((page) => page === path);
}
