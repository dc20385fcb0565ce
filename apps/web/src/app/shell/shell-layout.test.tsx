import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouterNode } from '@cloudbay/contracts';
import { reloadLayoutSettings } from '../../lib/layout-settings';
import { setToken } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { routerNode, serveSession, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { routeTable, type RouteTable } from '../router';

vi.mock('../../lib/request', (original) =>
  import('../../test/fake-api').then((m) => m.withFakeApi(original)),
);

/** A page with state of its own: a counter, to tell a kept view from a new one. */
function counterPage(testId: string) {
  return () =>
    Promise.resolve(function CounterPage() {
      const [count, setCount] = useState(0);
      return (
        <button type="button" data-testid={testId} onClick={() => setCount(count + 1)}>
          {count}
        </button>
      );
    });
}

const table: RouteTable = {
  ...routeTable,
  pages: { 'cloud/list': counterPage('page-list'), 'cloud/buy': counterPage('page-buy') },
  innerLink: () =>
    Promise.resolve(({ src }: { src: string }) => <iframe src={src} title="frame" data-testid="frame" />),
};

function titled(node: RouterNode, title: string, meta: Partial<RouterNode['meta']> = {}): RouterNode {
  return { ...node, meta: { ...node.meta, title, ...meta } };
}

const ROUTERS: RouterNode[] = [
  titled(
    routerNode('/cloud', 'Layout', {
      children: [
        titled(routerNode('buy', 'cloud/buy'), 'route.cloudBuy', { noCache: true }),
        titled(routerNode('cloudLis', 'cloud/list'), 'route.cloudList'),
        titled(routerNode('log', 'cloud/log'), 'route.cloudLog'),
      ],
    }),
    'route.cloud',
    { icon: 'desktop' },
  ),
  titled(
    routerNode('/phone', 'Layout', {
      children: [titled(routerNode('list', 'phone/list'), 'route.phoneList')],
    }),
    'route.phone',
    { icon: 'mobile' },
  ),
  titled(
    routerNode('/tool', 'Layout', {
      children: [
        titled(routerNode('swagger', 'InnerLink'), 'route.toolSwagger', { link: '/api/docs' }),
        titled(routerNode('https://docs.example.com', 'Layout'), 'route.referral'),
      ],
    }),
    'route.tool',
    { icon: 'tool' },
  ),
];

async function openShell(path = '/index', user = testUser(), routers = ROUTERS) {
  setToken('tok-1');
  serveSession({ user, routers });
  // What the header's bell and the announcement dialog ask for.
  fakeApi.ok('GET', '/user/user_notice', { list: [], total: 0, page: 1, limit: 10, no_read_count: 0 });
  fakeApi.ok('GET', '/user/sys_notice', []);
  const view = renderApp(path, table);
  // The whole app loads lazily here: give a busy machine time.
  await screen.findByTestId('shell', {}, { timeout: 5_000 });
  return view;
}

const tagsBar = () => screen.getByTestId('tags-bar');
const tagPaths = () =>
  within(tagsBar())
    .queryAllByTestId(/^view-tag:/)
    .map((tag) => tag.dataset.testid?.slice('view-tag:'.length));

beforeEach(() => reloadLayoutSettings());
afterEach(() => {
  window.localStorage.clear();
  reloadLayoutSettings();
});

describe('the console shell: menu', () => {
  it('offers home and the pages the session can open, in the sidebar', async () => {
    await openShell('/cloud/cloudLis');
    const menu = screen.getByTestId('nav-menu-inline');
    expect(within(menu).getByText('首页')).toBeTruthy();
    expect(within(menu).getByText('云电脑')).toBeTruthy();
    expect(within(menu).getByText('云电脑列表')).toBeTruthy();
    expect(within(menu).getByText('购买云电脑')).toBeTruthy();
    // No page for the monitoring logs yet: not offered.
    expect(within(menu).queryByText('监控日志')).toBeNull();
    expect(within(menu).getByText('系统工具')).toBeTruthy();
  });

  it('greys out /phone and tells the user it is not open yet', async () => {
    const { router } = await openShell();
    const phone = screen.getByText('云手机').closest('li');
    expect(phone?.dataset.blocked).toBe('true');
    fireEvent.click(screen.getByText('云手机'));
    expect(await screen.findByText('功能暂未开放')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/index');
  });

  it('lets a whitelisted user through to the phone menu (nothing of it is built yet: not shown)', async () => {
    await openShell('/index', testUser({ ph_white_user: 1 }));
    await waitFor(() => expect(screen.queryByText('云手机')).toBeNull());
  });

  it('navigates from the menu and shows an inner link in a frame', async () => {
    const { router } = await openShell();
    fireEvent.click(screen.getByText('系统工具'));
    fireEvent.click(await screen.findByText('接口文档'));
    const frame = await screen.findByTestId('frame');
    expect(frame.getAttribute('src')).toBe('/api/docs');
    expect(router.state.location.pathname).toBe('/tool/swagger');
    expect(within(screen.getByTestId('breadcrumb')).getByText('系统工具')).toBeTruthy();
  });

  it('makes entries real links: a plain click navigates in the app, a Ctrl-click is left to the browser', async () => {
    const { router } = await openShell();
    const menu = screen.getByTestId('nav-menu-inline');
    fireEvent.click(within(menu).getByText('云电脑'));
    const list = (await within(menu).findByText('云电脑列表')).closest('a');
    expect(list?.getAttribute('href')).toBe('/cloud/cloudLis');
    // Ctrl-click (or middle-click, or 'open in new tab'): the browser opens the address, the page stays.
    fireEvent.click(list!, { ctrlKey: true });
    expect(router.state.location.pathname).toBe('/index');
    fireEvent.click(list!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/cloudLis'));
    expect(within(menu).getByText('首页').closest('a')?.getAttribute('href')).toBe('/index');

    fireEvent.click(within(menu).getByText('系统工具'));
    const external = (await within(menu).findByText('推广返利')).closest('a');
    expect(external?.getAttribute('href')).toBe('https://docs.example.com');
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toContain('noopener');
    // Blocked entries stay non-links: they only warn.
    expect(within(menu).getByText('云手机').closest('a')).toBeNull();
  });

  it("opens a page with its menu's route parameters (RuoYi query) as the search", async () => {
    const withQuery = ROUTERS.map((node) =>
      node.path === '/cloud'
        ? {
            ...node,
            children: node.children?.map((child) =>
              child.path === 'cloudLis' ? { ...child, query: { status: 'running', page: 2 } } : child,
            ),
          }
        : node,
    );
    const { router } = await openShell('/index', testUser(), withQuery);
    const menu = screen.getByTestId('nav-menu-inline');
    fireEvent.click(within(menu).getByText('云电脑'));
    const list = (await within(menu).findByText('云电脑列表')).closest('a');
    expect(list?.getAttribute('href')).toBe('/cloud/cloudLis?status=running&page=2');
    fireEvent.click(list!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/cloudLis'));
    expect(router.state.location.search).toBe('?status=running&page=2');
    // The entry of the page on screen is the selected one, search or not.
    await waitFor(() =>
      expect(within(menu).getByText('云电脑列表').closest('li')?.className).toMatch(/selected/),
    );
    // A page without parameters opens without a search.
    fireEvent.click(within(menu).getByText('购买云电脑'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/buy'));
    expect(router.state.location.search).toBe('');
  });

  it.each(['top', 'mixed'] as const)(
    'in the %s navigation greys out /phone, links the other entries, and only warns on /phone',
    async (navType) => {
      window.localStorage.setItem('layout-setting', JSON.stringify({ navType }));
      reloadLayoutSettings();
      const { router } = await openShell('/cloud/cloudLis');
      const header = screen.getByTestId('nav-menu-horizontal');
      const phone = within(header).getByText('云手机').closest('li');
      expect(phone?.dataset.blocked).toBe('true');
      expect(phone?.className).toMatch(/blocked/);
      expect(within(header).getByText('云手机').closest('a')).toBeNull();
      fireEvent.click(within(header).getByText('云手机'));
      expect(await screen.findByText('功能暂未开放')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/cloud/cloudLis');
      const home = within(header).getByText('首页').closest('a');
      expect(home?.getAttribute('href')).toBe('/index');
      if (navType === 'mixed') {
        // The header's groups lead to their first page.
        expect(within(header).getByText('云电脑').closest('a')?.getAttribute('href')).toBe('/cloud/buy');
      }
    },
  );

  it('remembers a collapsed sidebar', async () => {
    await openShell();
    expect(screen.getByTestId('sidebar').dataset.collapsed).toBe('false');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(screen.getByTestId('sidebar').dataset.collapsed).toBe('true');
    expect(JSON.parse(window.localStorage.getItem('layout-setting') ?? '{}')).toMatchObject({
      sidebarCollapsed: true,
    });
  });
});

describe('the console shell: tags and kept views', () => {
  it('tags every visited view after the affixed home, and keeps a view alive while its tag is open', async () => {
    const { router } = await openShell('/cloud/cloudLis');
    fireEvent.click(await screen.findByTestId('page-list'));
    expect(screen.getByTestId('page-list').textContent).toBe('1');

    await act(() => router.navigate('/cloud/buy'));
    fireEvent.click(await screen.findByTestId('page-buy'));
    await act(() => router.navigate('/index'));
    await screen.findByTestId('page-home');
    expect(tagPaths()).toEqual(['/index', '/cloud/cloudLis', '/cloud/buy']);

    // Back through the tag: the list kept its state; the purchase page (noCache) starts afresh.
    fireEvent.click(within(tagsBar()).getByText('云电脑列表'));
    await waitFor(() => expect(screen.getByTestId('page-list').textContent).toBe('1'));
    await act(() => router.navigate('/cloud/buy'));
    await waitFor(() => expect(screen.getByTestId('page-buy').textContent).toBe('0'));
  });

  it('scrolls the active tag into view in the next frame, not while the view renders', async () => {
    const scrolled: string[] = [];
    // jsdom has no scrollIntoView: the shell calls it only where it exists.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push((this as HTMLElement).dataset.testid ?? '');
    };
    const frames: FrameRequestCallback[] = [];
    const frame = vi
      .spyOn(window, 'requestAnimationFrame')
      .mockImplementation((callback) => frames.push(callback));
    const runFrames = () => act(() => frames.splice(0).forEach((callback) => callback(0)));
    try {
      const { router } = await openShell('/index');
      expect(scrolled).toEqual([]);
      runFrames();
      expect(scrolled).toEqual(['view-tag:/index']);

      await act(() => router.navigate('/cloud/buy'));
      await screen.findByTestId('page-buy');
      expect(scrolled).toEqual(['view-tag:/index']);
      runFrames();
      expect(scrolled).toEqual(['view-tag:/index', 'view-tag:/cloud/buy']);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      frame.mockRestore();
    }
  }, 20_000);

  it('closes the current tag, goes to its neighbour and forgets the view', async () => {
    const { router } = await openShell('/cloud/cloudLis');
    fireEvent.click(await screen.findByTestId('page-list'));
    await act(() => router.navigate('/user/profile'));
    await screen.findByTestId('page-profile', {}, { timeout: 5_000 });
    await act(() => router.navigate('/cloud/cloudLis'));

    fireEvent.click(screen.getByLabelText('关闭 云电脑列表'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile'));
    expect(tagPaths()).toEqual(['/index', '/user/profile']);
    await waitFor(() => expect(screen.queryByTestId('page-list')).toBeNull());
    await act(() => router.navigate('/cloud/cloudLis'));
    await waitFor(() => expect(screen.getByTestId('page-list').textContent).toBe('0'));
  });

  it('refreshes a view from the tag menu: it mounts afresh where it was', async () => {
    const { router } = await openShell('/cloud/cloudLis?page=2');
    fireEvent.click(await screen.findByTestId('page-list'));
    fireEvent.contextMenu(within(tagsBar()).getByText('云电脑列表'));
    fireEvent.click(await screen.findByText('刷新页面'));
    await waitFor(() => expect(screen.getByTestId('page-list').textContent).toBe('0'));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/cloud/cloudLis?page=2');
  });

  it('closes the others from the tag menu, home stays', async () => {
    const { router } = await openShell('/cloud/cloudLis');
    await act(() => router.navigate('/user/profile'));
    await act(() => router.navigate('/cloud/buy'));
    fireEvent.contextMenu(within(tagsBar()).getByText('个人中心'));
    fireEvent.click(await screen.findByText('关闭其他'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile'));
    expect(tagPaths()).toEqual(['/index', '/user/profile']);
  });
});

describe('the console shell: settings', () => {
  it('applies and saves the settings drawer choices; the title follows dynamic title', async () => {
    await openShell('/user/profile');
    await waitFor(() => expect(document.title).toBe('个人中心 - Cloudbay'));
    fireEvent.click(screen.getByTestId('settings-open'));
    fireEvent.click(await screen.findByTestId('nav-type-top'));
    await waitFor(() => expect(screen.getByTestId('shell').dataset.navType).toBe('top'));
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.getByTestId('nav-menu-horizontal')).toBeTruthy();

    fireEvent.click(screen.getByTestId('setting-dynamicTitle'));
    await waitFor(() => expect(document.title).toBe('Cloudbay'));
    fireEvent.click(screen.getByTestId('setting-tagsView'));
    await waitFor(() => expect(screen.queryByTestId('tags-bar')).toBeNull());
    expect(JSON.parse(window.localStorage.getItem('layout-setting') ?? '{}')).toMatchObject({
      navType: 'top',
      dynamicTitle: false,
      tagsView: false,
    });

    fireEvent.click(screen.getByTestId('settings-reset'));
    await waitFor(() => expect(screen.getByTestId('shell').dataset.navType).toBe('left'));
    expect(screen.getByTestId('tags-bar')).toBeTruthy();
  });
});

describe('the console shell: persisted tags', () => {
  const STORED = 'tags-view-visited';

  async function visitTwoViews() {
    const view = await openShell('/cloud/cloudLis?page=2');
    await act(() => view.router.navigate('/user/profile'));
    await waitFor(() => expect(tagPaths()).toEqual(['/index', '/cloud/cloudLis', '/user/profile']));
    return view;
  }

  it('restores the open tags after a reload when "persist tags" is on, only those the session may open', async () => {
    window.localStorage.setItem('layout-setting', JSON.stringify({ tagsViewPersist: true }));
    reloadLayoutSettings();
    const first = await visitTwoViews();
    const stored = JSON.parse(window.localStorage.getItem(STORED) ?? '[]') as { path: string }[];
    expect(stored.map((tag) => tag.path)).toEqual(['/cloud/cloudLis', '/user/profile']);
    // A tag of a page this session cannot open (no longer granted, or never built) is not restored.
    window.localStorage.setItem(
      STORED,
      JSON.stringify([
        ...stored,
        { path: '/cloud/log', fullPath: '/cloud/log', title: 'route.cloudLog', noCache: false },
      ]),
    );
    first.unmount();

    await openShell('/index');
    await waitFor(() => expect(tagPaths()).toEqual(['/index', '/cloud/cloudLis', '/user/profile']));
    expect(screen.getByTestId('view-tag:/cloud/cloudLis').querySelector('a')?.getAttribute('href')).toBe(
      '/cloud/cloudLis?page=2',
    );
    expect(within(tagsBar()).getByText('个人中心')).toBeTruthy();
  }, 15_000);

  it('is off by default, and turning it off forgets the stored tags', async () => {
    const first = await visitTwoViews();
    expect(window.localStorage.getItem(STORED)).toBeNull();
    first.unmount();
    await openShell('/index');
    expect(tagPaths()).toEqual(['/index']);

    fireEvent.click(screen.getByTestId('settings-open'));
    fireEvent.click(await screen.findByTestId('setting-tagsViewPersist'));
    await waitFor(() => expect(window.localStorage.getItem(STORED)).toBe('[]'));
    fireEvent.click(screen.getByTestId('setting-tagsViewPersist'));
    await waitFor(() => expect(window.localStorage.getItem(STORED)).toBeNull());
  }, 15_000);
});

describe('/redirect', () => {
  it('goes on to the path it carries, with its query, in place of itself', async () => {
    const { router } = await openShell('/index');
    await act(() => router.navigate('/redirect/cloud/cloudLis?page=3'));
    await screen.findByTestId('page-list');
    expect(router.state.location.pathname + router.state.location.search).toBe('/cloud/cloudLis?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('the console shell: phones', () => {
  it('puts the menu in a drawer opened by the menu button and closed by navigating', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') });
    try {
      const { router } = await openShell('/index');
      expect(screen.queryByTestId('sidebar')).toBeNull();
      fireEvent.click(screen.getByTestId('mobile-menu-open'));
      const drawer = await screen.findByTestId('sidebar');
      fireEvent.click(within(drawer).getByText('云电脑'));
      fireEvent.click(await within(drawer).findByText('云电脑列表'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/cloudLis'));
      await waitFor(() =>
        expect(screen.queryByTestId('mobile-menu')?.checkVisibility?.() ?? false).toBe(false),
      );
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
