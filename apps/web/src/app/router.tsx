import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { ProgressBar } from './route-progress';
import type { RouteHandle, RouteMeta } from './route-meta';

interface PageRoute {
  path: string;
  meta: RouteMeta;
  /** Loads the page's code; each page is its own chunk, fetched on first visit. */
  page: () => Promise<ComponentType>;
}

interface RedirectRoute {
  path: string;
  redirect: string;
}

export type AppRoute = PageRoute | RedirectRoute;

/** The route table (spec §2 Routes). The console's routes join it with the shell. */
export const routeTable: AppRoute[] = [
  { path: '/', redirect: '/index' },
  {
    path: '/index',
    meta: { title: 'route.home' },
    page: () => import('../features/home/pages/home-page').then((module) => module.HomePage),
  },
  {
    path: '/401',
    meta: { title: 'route.unauthorized' },
    page: () =>
      import('../features/errors/pages/unauthorized-page').then((module) => module.UnauthorizedPage),
  },
  {
    path: '*',
    meta: { title: 'route.notFound' },
    page: () => import('../features/errors/pages/not-found-page').then((module) => module.NotFoundPage),
  },
];

function toRouteObject(route: AppRoute): RouteObject {
  if ('redirect' in route) {
    return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  }
  const handle: RouteHandle = { meta: route.meta };
  // The function form of `lazy`: with the object form react-router ignores a page whose chunk fails to
  // load and renders nothing; this way the failure reaches the error boundary.
  const { page } = route;
  return { path: route.path, handle, lazy: async () => ({ Component: await page() }) };
}

/** The routes as react-router objects under the root layout, new for each router (tests mount several). */
export function createAppRoutes(table: AppRoute[] = routeTable): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      // Shown while the first page's chunk loads.
      HydrateFallback: ProgressBar,
      ErrorBoundary: RouteErrorPage,
      children: table.map(toRouteObject),
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
