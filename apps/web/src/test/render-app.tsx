import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
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

/** Renders the app as main.tsx does (its guard, generated routes and all), starting at `path`. */
export function renderApp(path = '/', table: RouteTable = routeTable) {
  const app = createAppRoutes(table);
  const router = createMemoryRouter(app.routes, {
    initialEntries: [path],
    patchRoutesOnNavigation: app.patchRoutesOnNavigation,
  });
  app.attach(router);
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
