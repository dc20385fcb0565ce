/**
 * /redirect/<path>: goes on to /<path> (with the query) in place of itself. The tags bar's
 * "refresh" passes through it so the guard and the route's loaders run again for the page; being a
 * loader, nothing renders in between and the shell stays as it is.
 */
import { replace, type LoaderFunctionArgs } from 'react-router';

export const REDIRECT_PREFIX = '/redirect';

/** The helper path that leads back to `fullPath` (pathname, query and hash). */
export function redirectPathFor(fullPath: string): string {
  return `${REDIRECT_PREFIX}${fullPath.startsWith('/') ? fullPath : `/${fullPath}`}`;
}

/** Where /redirect/<path> leads. A loader's request carries no hash, so a hash is not kept. */
export function redirectTarget(url: URL): string {
  const path = url.pathname.slice(REDIRECT_PREFIX.length).replace(/^\/+/, '');
  return `/${path}${url.search}`;
}

export function redirectLoader({ request }: LoaderFunctionArgs) {
  return replace(redirectTarget(new URL(request.url)));
}
