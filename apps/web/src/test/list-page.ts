/** Tests of the lists the server filters and pages (bills, orders, top-up records): open one, serve its rows. */
import { fireEvent, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { routeTable, type RouteTable } from '../app/router';
import { setToken } from '../lib/storage';
import { fakeApi, type FakeRequest } from './fake-api';
import { routerNode, serveSession } from './fixtures';
import { envelope } from './mock-adapter';
import { renderApp } from './render-app';

/**
 * Signs in with a menu of the one page `component` at `path`, renders the app with only that page
 * (in a bare frame) at `at`, and waits for `pageTestId`; returns the render with its router.
 */
export async function openListPage(options: {
  path: string;
  component: string;
  pageTestId: string;
  at?: string;
  /** The session's permission strings (buttons a page shows only with them). */
  permissions?: string[];
}) {
  const table: RouteTable = {
    ...routeTable,
    frame: () => Promise.resolve(Outlet),
    pages: { [options.component]: routeTable.pages[options.component]! },
  };
  setToken('tok');
  serveSession({ routers: [routerNode(options.path, options.component)], permissions: options.permissions });
  const view = renderApp(options.at ?? options.path, table);
  await screen.findByTestId(options.pageTestId);
  return view;
}

/**
 * Answers GET `path` as a paged list of `rows`: those `matches` keeps for the request's filters,
 * the page and size it asks for, and their total.
 */
export function servePagedList<T>(
  path: string,
  rows: readonly T[],
  matches: (row: T, query: FakeRequest['query']) => boolean,
) {
  fakeApi.on('GET', path, (request) => {
    const page = Number(request.query.page);
    const limit = Number(request.query.limit);
    const matching = rows.filter((row) => matches(row, request.query));
    const list = matching.slice((page - 1) * limit, page * limit);
    return { data: envelope({ list, total: matching.length, page, limit }) };
  });
}

/** The data rows of the table `testId`. */
export const tableRows = (testId: string) =>
  screen.getByTestId(testId).querySelectorAll('tbody tr.ant-table-row');

/** Opens the Select `testId` and picks the option `label`. */
export async function chooseOption(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}
