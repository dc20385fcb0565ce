/**
 * The access rule of spec §2 applied to the router:
 *
 * - open paths pass; a signed-in user opening /login goes to /; the sign-in pages (login,
 *   register, forget) are the light entry (auth.html), so they are loaded as a new document;
 * - any other path without a stored token goes to /login?redirect=<path + search + hash>, loaded as
 *   a document (the sign-in pages are the light entry, auth.html);
 * - with a token, the session's routes are generated once (GET /getInfo for the grants, GET
 *   /getRouters for the menu tree) on the first navigation that needs them, and patched into the
 *   router (react-router's patchRoutesOnNavigation, so a generated path matches on that very
 *   navigation); later navigations pass;
 * - if generation fails, the navigation is aborted: the user stays on the current page and is told.
 *   On the first page load there is no page to stay on, so the error page offers a reload.
 *
 * The route guard is the root route's loader, which runs on every navigation before any page code
 * renders, so a protected page's chunk is never needed to decide where to go.
 */
import { useSyncExternalStore } from 'react';
import {
  createPath,
  matchRoutes,
  redirect,
  redirectDocument,
  type DataRouter,
  type LoaderFunctionArgs,
  type Location,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import type { RouterNode, SessionInfo } from '@cloudbay/contracts';
import { authPageOf } from '@cloudbay/contracts/core';
import { feedback } from '../lib/feedback';
import { grantsOf, meetsRequirement, setGrants, type Grants } from '../lib/access';
import { i18n } from '../lib/i18n';
import { api, isRequestError } from '../lib/request';
import { clearSession, getToken, onSessionEnd } from '../lib/storage';
import { UNAUTHORIZED_PATH, isLoginPath, isOpenPath, loginPathFor } from '../lib/access-rule';
import { setSupportView } from '../features/business/support-view/support-view-store';
import { withMenuLabels } from './menu-labels';
import { isRouteHandle } from './route-meta';

/** What a session may see: its grants and its menu tree. */
export interface SessionAccess {
  info: SessionInfo;
  grants: Grants;
  nodes: RouterNode[];
}

/** GET /getInfo and GET /getRouters, together. */
export async function loadSessionAccess(): Promise<SessionAccess> {
  const [info, routers] = await Promise.all([
    api.get<SessionInfo>('/getInfo'),
    api.get<RouterNode[]>('/getRouters'),
  ]);
  setSupportView(info.data.support ?? null);
  return { info: info.data, grants: grantsOf(info.data), nodes: withMenuLabels(routers.data) };
}

// The menu tree of the session whose routes the router has, for the shell's menu and breadcrumb.
const NO_MENU: readonly RouterNode[] = Object.freeze([]);
let sessionMenu: readonly RouterNode[] = NO_MENU;
const menuListeners = new Set<() => void>();

function setSessionMenu(nodes: readonly RouterNode[]): void {
  sessionMenu = nodes;
  for (const listener of menuListeners) listener();
}

onSessionEnd(() => setSessionMenu(NO_MENU));

function subscribeMenu(listener: () => void): () => void {
  menuListeners.add(listener);
  return () => menuListeners.delete(listener);
}

/** The GET /getRouters tree of the signed-in session (empty until its routes are in the router). */
export function getSessionMenu(): readonly RouterNode[] {
  return sessionMenu;
}

/** The session's menu tree; re-renders when another session's routes are generated. */
export function useSessionMenu(): readonly RouterNode[] {
  return useSyncExternalStore(subscribeMenu, getSessionMenu, getSessionMenu);
}

/** The routes a session adds to the router. */
export interface SessionRoutes {
  /** Patched once under the root: the protected routes of the route table. */
  tree: RouteObject;
  /** The route that takes `children`. */
  parentId: string;
  /** Routes this session may open (gated and generated ones), patched under `parentId`; ids must be stable. */
  children: RouteObject[];
}

export interface AccessControlOptions {
  rootId: string;
  /** The routes of a session, from what it may see. */
  sessionRoutes(access: SessionAccess): SessionRoutes;
}

export interface AccessControl {
  /** The root route's loader: the guard, run on every navigation. */
  loader(args: LoaderFunctionArgs): Promise<null>;
  patchRoutesOnNavigation: PatchRoutesOnNavigationFunction;
  /** Hands over the router once it exists (it cannot exist before its options). */
  attach(router: DataRouter): void;
}

type Patch = (routeId: string | null, children: RouteObject[]) => void;

/**
 * The way to a sign-in page: a page load of the same address, which the server answers with the
 * other entry (auth.html). Should the console itself have been served for that address (a host
 * without the server's routing), loading it again would loop: the error page says so instead.
 */
function authPageLoad(url: URL): Response {
  const target = url.pathname + url.search;
  if (window.location.pathname + window.location.search === target) {
    throw new Error(`${target} is served by auth.html, not by the console (index.html)`);
  }
  return redirectDocument(target);
}

export function createAccessControl({ rootId, sessionRoutes }: AccessControlOptions): AccessControl {
  let router: DataRouter | undefined;
  /** The session access of one token: loaded once, dropped on failure so the next navigation retries. */
  let loaded: { token: string; access: Promise<SessionAccess> } | undefined;
  /** The access whose routes the router has: each session's routes are patched once. */
  let patchedFor: SessionAccess | undefined;
  /** The page a failed navigation returns to: its guard must not try again (it passed on entry). */
  let returningTo: string | undefined;

  function accessFor(token: string): Promise<SessionAccess> {
    if (loaded?.token === token) return loaded.access;
    const access = loadSessionAccess().then((result) => {
      setGrants(result.grants);
      return result;
    });
    const entry = { token, access };
    loaded = entry;
    access.catch(() => {
      if (loaded === entry) loaded = undefined;
    });
    return access;
  }

  function patchSession(patch: Patch, access: SessionAccess): void {
    if (patchedFor === access) return;
    patchedFor = access;
    const routes = sessionRoutes(access);
    // Ids are stable, so react-router keeps what it has and adds only what is new.
    patch(rootId, [routes.tree]);
    patch(routes.parentId, routes.children);
    // Published once its routes exist, so every entry the menu offers can be opened.
    setSessionMenu(access.nodes);
  }

  /** The location being navigated to, with its hash (a loader's Request has none). */
  function targetOf(url: URL): string {
    const state = router?.state;
    const location: Location | undefined = state?.navigation.location ?? state?.location;
    if (location && location.pathname === url.pathname) return createPath(location);
    return url.pathname + url.search + url.hash;
  }

  /**
   * Generation failed. A dead session (401) ends here and now, so the guard sends the user to log
   * in. Otherwise the navigation is aborted: the router goes back to the page it shows (a new
   * navigation cancels the pending one); on the first load there is none, so the error is thrown
   * for the error page.
   */
  function abort(error: unknown): 'login' | 'stay' {
    if (isRequestError(error) && error.kind === 'session') {
      clearSession();
      return 'login';
    }
    if (!isRequestError(error) || !error.handled) {
      feedback.toast('error', i18n.t('common:access.routesFailed'));
    }
    if (!router?.state.initialized) throw error;
    const current = router.state.location;
    returningTo = createPath(current);
    void router.navigate(returningTo, {
      replace: true,
      preventScrollReset: true,
      state: current.state,
    });
    return 'stay';
  }

  /** Whether every matched route of `pathname` lets `grants` in: patched routes outlive a session. */
  function mayEnter(pathname: string, grants: Grants): boolean {
    const matches = router ? matchRoutes(router.routes, pathname) : null;
    return (matches ?? []).every(
      ({ route }) => !isRouteHandle(route.handle) || meetsRequirement(grants, route.handle.meta),
    );
  }

  return {
    attach(value) {
      router = value;
    },

    async patchRoutesOnNavigation({ path, patch, signal }) {
      const token = getToken();
      // Without a token the guard redirects; open paths need no session routes; a navigation back
      // to the current page after a failure must not try again.
      if (!token || isOpenPath(path) || returningTo !== undefined) return;
      let access: SessionAccess;
      try {
        access = await accessFor(token);
      } catch (error) {
        if (!signal.aborted) abort(error);
        return;
      }
      // A later navigation took over: its own discovery patches (react-router ignores this patch).
      if (signal.aborted) return;
      patchSession(patch, access);
    },

    async loader({ request }) {
      const url = new URL(request.url);
      // Back on the page a failed navigation left: it passed the guard when it was entered.
      const returning = returningTo !== undefined && returningTo === targetOf(url);
      returningTo = undefined;
      if (returning) return null;
      const token = getToken();
      if (isLoginPath(url.pathname) && token) throw redirect('/');
      if (authPageOf(url.pathname)) throw authPageLoad(url);
      if (isOpenPath(url.pathname)) return null;
      // The login page is the other entry (auth.html): a page load, not a route of this router.
      if (!token) throw redirectDocument(loginPathFor(targetOf(url)));

      let access: SessionAccess;
      try {
        access = await accessFor(token);
      } catch (error) {
        if (request.signal.aborted) return null;
        if (abort(error) === 'login') throw redirectDocument(loginPathFor(targetOf(url)));
        return null;
      }
      // Routes of this session that a navigation matched statically were never discovered: add them.
      if (router) patchSession((id, children) => router?.patchRoutes(id, children), access);
      if (!mayEnter(url.pathname, access.grants)) throw redirect(UNAUTHORIZED_PATH);
      return null;
    },
  };
}
