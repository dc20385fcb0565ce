import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { getGrants } from '../lib/access';
import { i18n } from '../lib/i18n';
import { getToken, setToken } from '../lib/storage';
import { fakeApi } from '../test/fake-api';
import { routerNode, serveSession, testUser } from '../test/fixtures';
import { addAllLocales } from '../test/locales';
import { renderApp } from '../test/render-app';
import { firstNavigation, routeTable, type RouteTable } from './router';

vi.mock('../lib/request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));

const CAPTCHA = { uuid: '0b6c9b51-6f0e-4d8f-9d1e-2f4f8a7f3c11', img: 'data:image/svg+xml,<svg/>' };

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
  it.each([
    ['/login', 'page-login'],
    ['/register', 'page-register'],
    ['/forget', 'page-forget'],
  ])('opens %s without a token', async (path, testId) => {
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    const { router } = renderApp(path, table);
    await screen.findByTestId(testId);
    expect(router.state.location.pathname).toBe(path);
    expect(fakeApi.requests('GET', '/getInfo')).toEqual([]);
  });

  it.each(['/phone', '/phoneconnet', '/user/gif', '/proxySet'])(
    'lets %s through without a token (its page is not built yet: 404)',
    async (path) => {
      const { router } = renderApp(path, table);
      await screen.findByTestId('page-not-found');
      expect(router.state.location.pathname).toBe(path);
    },
  );
});

describe('access rule: without a token', () => {
  it.each([
    ['/index', '/login?redirect=/index'],
    ['/', '/login?redirect=/'],
    ['/user/profile', '/login?redirect=/user/profile'],
    ['/401', '/login?redirect=/401'],
    ['/no/such/page', '/login?redirect=/no/such/page'],
    ['/cloud/buy?region=hk&page=2#list', '/login?redirect=/cloud/buy%3Fregion%3Dhk%26page%3D2%23list'],
  ])('sends %s to %s', async (path, expected) => {
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    const { router } = renderApp(path, table);
    await screen.findByTestId('page-login');
    expect(locationOf(router)).toBe(expected);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
    expect(fakeApi.requests('GET', '/getInfo')).toEqual([]);
  });

  it('does not download the page it protects', async () => {
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    const page = vi.fn(stubPage('page-cloud-buy'));
    renderApp('/cloud/buy', { ...table, pages: { 'cloud/buy': page } });
    await screen.findByTestId('page-login');
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
    const { router } = renderApp('/login?redirect=/user/profile', table);
    await screen.findByTestId('page-home');
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
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    const { router } = renderApp('/login?redirect=/cloud/buy', table);
    await screen.findByTestId('page-login');

    setToken('t-1');
    fakeApi.ok('GET', '/getRouters', ROUTERS);
    fakeApi.fail('GET', '/getInfo', 500, '菜单服务不可用');
    await act(() => router.navigate('/cloud/buy'));
    expect(await screen.findByText('菜单服务不可用')).toBeTruthy();
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(locationOf(router)).toBe('/login?redirect=/cloud/buy');
    expect(screen.getByTestId('page-login')).toBeTruthy();
    expect(getToken()).toBe('t-1');

    // The next navigation tries again.
    serveSession({ routers: ROUTERS });
    await act(() => router.navigate('/cloud/buy'));
    await screen.findByTestId('page-cloud-buy');
  });

  it('aborts a navigation to a statically known page as well', async () => {
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    const { router } = renderApp('/register', table);
    await screen.findByTestId('page-register');

    setToken('t-1');
    fakeApi.ok('GET', '/getInfo', { user: testUser(), roles: [], permissions: [] });
    fakeApi.on('GET', '/getRouters', () => {
      throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK' });
    });
    await act(() => router.navigate('/index'));
    expect(await screen.findByText('后端接口连接异常')).toBeTruthy();
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/register');
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
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    setToken('expired');
    fakeApi.fail('GET', '/getInfo', 401, '无效的会话，或者会话已过期，请重新登录');
    fakeApi.ok('GET', '/getRouters', []);
    const { router } = renderApp('/user/profile', table);
    await screen.findByTestId('page-login');
    expect(locationOf(router)).toBe('/login?redirect=/user/profile');
    expect(getToken()).toBeNull();
  });

  it('says once that the login expired on a stale deep link, and keeps the link while the user reads it', async () => {
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    setToken('stale');
    fakeApi.fail('GET', '/getInfo', 401, '无效的会话，或者会话已过期，请重新登录');
    fakeApi.fail('GET', '/getRouters', 401, '无效的会话，或者会话已过期，请重新登录');
    const { router } = renderApp('/user/profile?tab=sessions', table);
    await screen.findByTestId('page-login');
    // Told before any page could show it: the message waits for the page, then shows once.
    expect(await screen.findByText('登录过期，请重新登录')).toBeTruthy();
    // The session end the client scheduled must not move the page to /index 3 s later.
    await new Promise((resolve) => setTimeout(resolve, 3_300));
    expect(locationOf(router)).toBe('/login?redirect=/user/profile%3Ftab%3Dsessions');
    expect(screen.getAllByText('登录过期，请重新登录')).toHaveLength(1);
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
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    const { router } = renderApp('/moneryContro?isSon=1', table);
    await screen.findByTestId('page-login');
    expect(locationOf(router)).toBe('/login?redirect=/index');
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
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    renderApp('/login', table);
    await screen.findByTestId('page-login');
    await waitFor(() => expect(document.title).toBe('Log in - Cloudbay'));
  });

  it('shows the error page when a page fails to load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: RouteTable = {
      ...table,
      open: [
        {
          path: '/register',
          meta: { title: 'route.register' },
          page: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
        },
        ...table.open,
      ],
    };
    renderApp('/register', broken);
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
