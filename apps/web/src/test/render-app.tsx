import { render } from '@testing-library/react';
import {
  RouterProvider,
  UNSAFE_createRouter,
  UNSAFE_hydrationRouteProperties,
  UNSAFE_mapRouteProperties,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  createMemoryRouter,
  type RouteObject,
} from 'react-router';
import { Providers } from '../app/providers';
import { createAppRoutes, routeTable, type RouteTable } from '../app/router';

/** Renders `routes` inside the app's providers, starting at `path`; returns the router to steer it. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

/** A page load the router asked for (redirectDocument): jsdom cannot load pages, so it is recorded. */
export interface DocumentLoad {
  url: string;
  replace: boolean;
}

/**
 * The window the router sees: the test's, except that page loads are recorded instead of made
 * (the sign-in pages are another entry, which the console reaches by loading a document).
 */
function recordingWindow(loads: DocumentLoad[]): Window {
  const location = {
    get origin() {
      return window.location.origin;
    },
    get href() {
      return window.location.href;
    },
    get pathname() {
      return window.location.pathname;
    },
    get protocol() {
      return window.location.protocol;
    },
    get host() {
      return window.location.host;
    },
    assign: (url: string) => loads.push({ url, replace: false }),
    replace: (url: string) => loads.push({ url, replace: true }),
  };
  return {
    document: window.document,
    location,
    sessionStorage: window.sessionStorage,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  } as unknown as Window;
}

/** Renders the app as main.tsx does (its guard, generated routes and all), starting at `path`. */
export function renderApp(path = '/', table: RouteTable = routeTable) {
  const app = createAppRoutes(table);
  const documentLoads: DocumentLoad[] = [];
  // createMemoryRouter as it is, plus the window whose page loads are recorded.
  const router = UNSAFE_createRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    routes: app.routes,
    mapRouteProperties: UNSAFE_mapRouteProperties,
    hydrationRouteProperties: UNSAFE_hydrationRouteProperties,
    patchRoutesOnNavigation: app.patchRoutesOnNavigation,
    window: recordingWindow(documentLoads),
  }).initialize();
  app.attach(router);
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, documentLoads, ...view };
}
