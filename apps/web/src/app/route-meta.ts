import type { ParseKeys } from 'i18next';
import type { AccessRequirement } from '../lib/access';

/** What a route declares about itself; the shell's menu, breadcrumb and tags bar will read more fields. */
export interface RouteMeta extends AccessRequirement {
  /**
   * Key of the page title under `route.` in common.json: the menu, breadcrumb and tags bar name
   * every route, so the titles live in the namespace that is always loaded.
   */
  title: ParseKeys<'common'>;
}

/** Route meta travels in react-router's `handle`, which `useMatches()` exposes. */
export interface RouteHandle {
  meta: RouteMeta;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}
