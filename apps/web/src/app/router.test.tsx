import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { getGrants } from '../lib/access';
import { i18n } from '../lib/i18n';
import { getToken, setToken } from '../lib/storage';
import { fakeApi } from '../test/fake-api';
import { networkFailure } from '../test/mock-adapter';
import { routerNode, serveSession, testUser } from '../test/fixtures';
import { addAllLocales } from '../test/locales';
import { renderApp } from '../test/render-app';
import { firstNavigation, prefetchFirstPage, routeTable, type RouteTable } from './router';

vi.mock('../lib/request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));

function stubPage(testId: string) {
  return () => Promise.resolve(() => <p data-testid={testId}>{testId}</p>);
}

/** The app's table, with console pages GET /getRouters may name. */
const table: RouteTable = {
  ...routeTable,
  console: [
    ...routeTable.console,
    {
      path: '/system/admin-only',
      meta: { title: 'route.home', roles: ['ops'] },
      page: stubPage('page-admin-only'),
    },
  ],
  pages: { 'cloud/buy': stubPage('page-cloud-buy'), 'cloud/log': stubPage('page-cloud-log') },
};

const ROUTERS = [
  routerNode('/cloud', 'Layout', {
    children: [
      routerNode('buy', 'cloud/buy'),
      routerNode('log', 'cloud/log', { permissions: ['cloud:log:list'] }),
      routerNode('notice', 'cloud/notice'),
    ],
  }),
];

function locationOf(router: ReturnType<typeof renderApp>['router']): string {
  const { pathname, search, hash } = router.state.location;
  return pathname + search + hash;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('access rule: open routes', () => {
  it.each(['/login', '/register', '/forget', '/register?invite=FRIEND8', '/login/'])(
    'opens %s without a token, as a page load of the sign-in entry at the same address',
    async (path) => {
      const { documentLoads } = renderApp(path, table);
      await waitFor(() => expect(documentLoads).toEqual([{ url: path, replace: false }]));
      expect(fakeApi.requests('GET', '/getInfo')).toEqual([]);
    },
  );

  it('loads a sign-in page from a console page in place of the console (relogin keeps replace)', async () => {
    const { router, documentLoads } = renderApp('/user/gif', table);
    await screen.findByTestId('page-gift');
    await act(() => router.navigate('/login?redirect=/cloud/buy', { replace: true }));
    expect(documentLoads).toEqual([{ url: '/login?redirect=/cloud/buy', replace: true }]);
  });

  it('shows the error page, not a loop, when the console itself was served for a sign-in page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/login?redirect=/index');
    try {
      const { documentLoads } = renderApp('/login?redirect=/index', table);
      await screen.findByTestId('page-error');
      expect(documentLoads).toEqual([]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('opens /user/gif without a token: the gift page, asking nothing that needs a session', async () => {
    const { router } = renderApp('/user/gif', table);
    await screen.findByTestId('page-gift');
    expect(router.state.location.pathname).toBe('/user/gif');
    expect(fakeApi.requests('GET', '/getInfo')).toEqual([]);
  });

  it('opens /proxySet without a token: its page, which asks for the link it was not given', async () => {
    const { router } = renderApp('/proxySet', table);
    await screen.findByTestId('proxy-set-incomplete');
    expect(router.state.location.pathname).toBe('/proxySet');
    expect(fakeApi.requests('GET', '/getInfo')).toEqual([]);
  });

  it('opens /phoneconnet without a token: its page asks the visitor to sign in', async () => {
    const { router } = renderApp('/phoneconnet', table);
    await screen.findByTestId('phone-connect-sign-in');
    expect(router.state.location.pathname).toBe('/phoneconnet');
    expect(fakeApi.requests('GET', '/getInfo')).toEqual([]);
  });

  it('lets /phone through without a token: the cloud phone landing page', async () => {
    const { router } = renderApp('/phone', table);
    await screen.findByTestId('page-phone-landing');
    expect(router.state.location.pathname).toBe('/phone');
    expect(fakeApi.requests('GET', '/getInfo')).toEqual([]);
  });
});

describe('access rule: without a token', () => {
  it.each([
    ['/index', '/login?redirect=/index'],
    ['/', '/login?redirect=/'],
    ['/user/profile', '/login?redirect=/user/profile'],
    ['/401', '/login?redirect=/401'],
    ['/no/such/page', '/login?redirect=/no/such/page'],
    ['/cloud/buy?region=hk&page=2#list', '/login?redirect=/cloud/buy%3Fregion%3Dhk%26page%3D2%23list'],
  ])('sends %s to %s (a page load of the sign-in entry)', async (path, expected) => {
    const { documentLoads } = renderApp(path, table);
    await waitFor(() => expect(documentLoads).toEqual([{ url: expected, replace: false }]));
    expect(new URL(expected, 'http://localhost').searchParams.get('redirect')).toBe(path);
    expect(fakeApi.requests('GET', '/getInfo')).toEqual([]);
  });

  it('does not download the page it protects', async () => {
    const page = vi.fn(stubPage('page-cloud-buy'));
    const { documentLoads } = renderApp('/cloud/buy', { ...table, pages: { 'cloud/buy': page } });
    await waitFor(() => expect(documentLoads).toHaveLength(1));
    expect(page).not.toHaveBeenCalled();
  });
});

describe('console translations', () => {
  afterEach(() => {
    addAllLocales();
  });

  it('renders the console only once its namespaces, loaded with the shell, are there', async () => {
    // As in the app, where only the public namespaces are loaded before the first render.
    for (const namespace of ['shell', 'home']) i18n.removeResourceBundle('zh-CN', namespace);
    setToken('t-1');
    serveSession();
    renderApp('/index', table);
    await screen.findByTestId('page-home');
    // Not waited for: a shell rendered before its strings arrived would keep the raw key.
    expect(screen.getByTestId('tags-bar').getAttribute('aria-label')).toBe('已打开的页面');
    expect(i18n.hasResourceBundle('zh-CN', 'home')).toBe(true);
  });
});

describe('access rule: with a token', () => {
  it('sends a signed-in user opening /login to /, which is /index', async () => {
    setToken('t-1');
    serveSession();
    const { router, documentLoads } = renderApp('/login?redirect=/user/profile', table);
    await screen.findByTestId('page-home');
    expect(documentLoads).toEqual([]);
    expect(router.state.location.pathname).toBe('/index');
  });

  it('generates the routes once, on the first navigation, and passes later navigations', async () => {
    setToken('t-1');
    serveSession({ routers: ROUTERS, permissions: ['cloud:log:list'] });
    const { router } = renderApp('/index', table);
    await screen.findByTestId('page-home');

    await act(() => router.navigate('/cloud/buy'));
    await screen.findByTestId('page-cloud-buy');
    await act(() => router.navigate('/cloud/log'));
    await screen.findByTestId('page-cloud-log');
    await act(() => router.navigate('/index'));
    await screen.findByTestId('page-home');

    expect(fakeApi.requests('GET', '/getInfo')).toHaveLength(1);
    expect(fakeApi.requests('GET', '/getRouters')).toHaveLength(1);
    expect(getGrants()).toEqual({ roles: ['ROLE_DEFAULT'], permissions: ['cloud:log:list'] });
  });

  it('matches a generated route on the very first navigation', async () => {
    setToken('t-1');
    serveSession({ routers: ROUTERS });
    const { router } = renderApp('/cloud/buy?x=1', table);
    await screen.findByTestId('page-cloud-buy');
    expect(locationOf(router)).toBe('/cloud/buy?x=1');
  });

  it('skips menu nodes without a page and those the user may not open', async () => {
    setToken('t-1');
    serveSession({ routers: ROUTERS, permissions: [] });
    const { router } = renderApp('/cloud/log', table);
    await screen.findByTestId('page-not-found');
    await act(() => router.navigate('/cloud/notice'));
    await screen.findByTestId('page-not-found');
    expect(router.state.location.pathname).toBe('/cloud/notice');
  });

  it('filters table routes by role', async () => {
    setToken('t-1');
    serveSession({ roles: ['customer'] });
    renderApp('/system/admin-only', table);
    await screen.findByTestId('page-not-found');
  });

  it('opens a role-gated route for the role, and for admin', async () => {
    setToken('t-1');
    serveSession({ roles: ['admin'] });
    renderApp('/system/admin-only', table);
    await screen.findByTestId('page-admin-only');
  });

  it('sends a later session without the grant to /401 rather than a route it may not open', async () => {
    setToken('t-admin');
    serveSession({ roles: ['admin'] });
    const { router } = renderApp('/system/admin-only', table);
    await screen.findByTestId('page-admin-only');

    // Another user logs in on this page: the route added for the first stays in the router.
    setToken('t-customer');
    serveSession({ roles: ['customer'] });
    await act(() => router.navigate('/index'));
    await screen.findByTestId('page-home');
    await act(() => router.navigate('/system/admin-only'));
    await screen.findByTestId('page-unauthorized');
    expect(fakeApi.requests('GET', '/getInfo')).toHaveLength(2);
  });
});

describe('access rule: generation fails', () => {
  it('aborts the navigation: the user stays where they are and is told', async () => {
    // An open page of the console to stay on (the sign-in pages are the other entry now).
    const { router } = renderApp('/user/gif?from=/cloud/buy', table);
    await screen.findByTestId('page-gift');

    setToken('t-1');
    fakeApi.ok('GET', '/getRouters', ROUTERS);
    fakeApi.fail('GET', '/getInfo', 500, '菜单服务不可用');
    await act(() => router.navigate('/cloud/buy'));
    expect(await screen.findByText('菜单服务不可用')).toBeTruthy();
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(locationOf(router)).toBe('/user/gif?from=/cloud/buy');
    expect(screen.getByTestId('page-gift')).toBeTruthy();
    expect(getToken()).toBe('t-1');

    // The next navigation tries again.
    serveSession({ routers: ROUTERS });
    await act(() => router.navigate('/cloud/buy'));
    await screen.findByTestId('page-cloud-buy');
  });

  it('aborts a navigation to a statically known page as well', async () => {
    const { router } = renderApp('/user/gif', table);
    await screen.findByTestId('page-gift');

    setToken('t-1');
    fakeApi.ok('GET', '/getInfo', { user: testUser(), roles: [], permissions: [] });
    fakeApi.on('GET', '/getRouters', () => {
      throw networkFailure();
    });
    await act(() => router.navigate('/index'));
    expect(await screen.findByText('后端接口连接异常')).toBeTruthy();
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/user/gif');
  });

  it('shows the error page when it fails on the first page load, where there is nowhere to stay', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setToken('t-1');
    fakeApi.fail('GET', '/getInfo', 500, '菜单服务不可用');
    fakeApi.ok('GET', '/getRouters', []);
    renderApp('/index', table);
    await screen.findByTestId('page-error');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it('ends a session the server no longer accepts and asks for a login', async () => {
    setToken('expired');
    fakeApi.fail('GET', '/getInfo', 401, '无效的会话，或者会话已过期，请重新登录');
    fakeApi.ok('GET', '/getRouters', []);
    const { documentLoads } = renderApp('/user/profile', table);
    await waitFor(() =>
      expect(documentLoads).toEqual([{ url: '/login?redirect=/user/profile', replace: false }]),
    );
    expect(getToken()).toBeNull();
  });

  it('says once that the login expired on a stale deep link, and keeps the link while the user reads it', async () => {
    setToken('stale');
    fakeApi.fail('GET', '/getInfo', 401, '无效的会话，或者会话已过期，请重新登录');
    fakeApi.fail('GET', '/getRouters', 401, '无效的会话，或者会话已过期，请重新登录');
    const { documentLoads } = renderApp('/user/profile?tab=sessions', table);
    const login = { url: '/login?redirect=/user/profile%3Ftab%3Dsessions', replace: false };
    await waitFor(() => expect(documentLoads).toEqual([login]));
    // Told before any page could show it: the message goes with the visitor to the sign-in page,
    // once (src/auth shows it: auth/pages/login-page.test.tsx).
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(window.sessionStorage.getItem('feedback-pending') ?? '[]')).toEqual([
      { kind: 'toast', args: ['error', '登录过期，请重新登录', 5] },
    ]);
    // The session end the client scheduled must not move the visitor to /index 3 s later.
    await new Promise((resolve) => setTimeout(resolve, 3_300));
    expect(documentLoads).toEqual([login]);
  }, 10_000);
});

describe('access rule: /moneryContro', () => {
  it('stores token, loginToken and isSon from the query, then goes to /index', async () => {
    serveSession();
    const { router } = renderApp('/moneryContro?token=t-up&loginToken=lt-9&isSon=1', table);
    await screen.findByTestId('page-home');
    expect(router.state.location.pathname).toBe('/index');
    expect(window.localStorage.getItem('token')).toBe('t-up');
    expect(window.localStorage.getItem('loginToken')).toBe('lt-9');
    expect(window.localStorage.getItem('isSon')).toBe('true');
    expect(fakeApi.requests('GET', '/getInfo')[0]?.headers.authorization).toBe('Bearer t-up');
  });

  it('stores isSon false when the value is empty', async () => {
    serveSession();
    renderApp('/moneryContro?token=t-up&loginToken=lt-9&isSon=', table);
    await screen.findByTestId('page-home');
    expect(window.localStorage.getItem('isSon')).toBe('false');
  });

  it('stores nothing without a token, and the guard then asks for a login', async () => {
    const { documentLoads } = renderApp('/moneryContro?isSon=1', table);
    await waitFor(() => expect(documentLoads).toEqual([{ url: '/login?redirect=/index', replace: false }]));
    expect(window.localStorage.getItem('isSon')).toBeNull();
  });
});

describe('route table', () => {
  it('redirects / to /index, the home page, titled from its meta', async () => {
    setToken('t-1');
    serveSession();
    const { router } = renderApp('/', table);
    await screen.findByTestId('page-home');
    expect(router.state.location.pathname).toBe('/index');
    await waitFor(() => expect(document.title).toBe('首页 - Cloudbay'));
  });

  it('serves /401 as the unauthorized page', async () => {
    setToken('t-1');
    serveSession();
    renderApp('/401', table);
    await screen.findByTestId('page-unauthorized');
    await waitFor(() => expect(document.title).toBe('未授权 - Cloudbay'));
  });

  it('serves every unknown path as the 404 page', async () => {
    setToken('t-1');
    serveSession();
    renderApp('/no/such/page?x=1', table);
    await screen.findByTestId('page-not-found');
    await waitFor(() => expect(document.title).toBe('页面不存在 - Cloudbay'));
  });

  it('titles pages in English when the language is en-US', async () => {
    await i18n.changeLanguage('en-US');
    setToken('t-1');
    serveSession();
    renderApp('/401', table);
    await screen.findByTestId('page-unauthorized');
    await waitFor(() => expect(document.title).toBe('Unauthorized - Cloudbay'));
  });

  it('shows the error page when a page fails to load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: RouteTable = {
      ...table,
      open: [
        {
          path: '/phone',
          meta: { title: 'route.notFound' },
          page: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
        },
        ...table.open,
      ],
    };
    renderApp('/phone', broken);
    const page = await screen.findByTestId('page-error');
    expect(page.textContent).toContain('页面加载失败');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });
});

describe('firstNavigation (main.tsx renders once it settles, the loader of index.html until then)', () => {
  it('settles only once the first route has loaded', async () => {
    let release = () => {};
    const gate = new Promise<null>((resolve) => (release = () => resolve(null)));
    const router = createMemoryRouter([{ path: '/', loader: () => gate, Component: () => null }]);
    let settled = false;
    void firstNavigation(router).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    release();
    await waitFor(() => expect(settled).toBe(true));
    expect(router.state.initialized).toBe(true);
  });

  it('settles when the first route fails, so the error page can show', async () => {
    const router = createMemoryRouter([
      { path: '/', loader: () => Promise.reject(new Error('chunk failed')), Component: () => null },
    ]);
    await firstNavigation(router);
    expect(router.state.errors).not.toBeNull();
  });
});

describe('prefetchFirstPage (main.tsx, with a stored session)', () => {
  function countingTable() {
    const loads: string[] = [];
    const page = (name: string) => () => {
      loads.push(name);
      return Promise.resolve(() => null);
    };
    const counted: RouteTable = {
      ...routeTable,
      frame: page('frame'),
      console: [
        { path: '/index', meta: { title: 'route.home' }, page: page('home') },
        { path: '/user/profile', meta: { title: 'route.profile' }, page: page('profile') },
      ],
    };
    return { loads, counted };
  }

  it("starts the shell's code and the console page of the path", () => {
    const { loads, counted } = countingTable();
    prefetchFirstPage('/index', counted);
    expect(loads).toEqual(['frame', 'home']);
  });

  it('starts only the shell for a page the route table does not know yet (GET /getRouters names it)', () => {
    const { loads, counted } = countingTable();
    prefetchFirstPage('/cloud/list', counted);
    expect(loads).toEqual(['frame']);
  });
});
