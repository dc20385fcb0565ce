import type { ParseKeys } from 'i18next';
import { useMatches } from 'react-router';
import type { AccessRequirement } from '../lib/access';

/** What a route declares about itself: the title, breadcrumb and tags bar of the shell read it. */
export interface RouteMeta extends AccessRequirement {
  /**
   * Key of the page title under `route.` in common.json: the menu, breadcrumb and tags bar name
   * every route, so the titles live in the namespace that is always loaded.
   */
  title: ParseKeys<'common'>;
  /** Not kept alive while its tag is open: the view starts afresh on every visit (e.g. /cloud/buy). */
  noCache?: boolean;
  /** The tag of this view cannot be closed (home). */
  affix?: boolean;
  /** An inner link: the address the page shows in a frame. */
  link?: string;
}

/** Route meta travels in react-router's `handle`, which `useMatches()` exposes. */
export interface RouteHandle {
  meta: RouteMeta;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

/** The meta of the deepest matched route that has one: the page on screen. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  const handle = matches.findLast((match) => isRouteHandle(match.handle))?.handle;
  return isRouteHandle(handle) ? handle.meta : undefined;
}
