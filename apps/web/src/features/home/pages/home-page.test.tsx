import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import type { AdPopup, Banner, HotGoods, Statistics, SysNotice, User } from '@cloudbay/contracts';
import { routeTable, type RouteTable } from '../../../app/router';
import { setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { routerNode, serveSession, testUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { SysNoticeDialog } from '../../notices/components/sys-notice-dialog';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);
vi.mock('../../../components/echarts', () =>
  import('../../../test/fake-charts').then((m) => m.fakeEchartsModule()),
);

const stubPage = (testId: string) => () => Promise.resolve(() => <p data-testid={testId}>{testId}</p>);

/** The console frame's part that matters here: the announcements dialog above the page. */
function TestFrame() {
  return (
    <>
      <SysNoticeDialog />
      <Outlet />
    </>
  );
}

/** The app with a bare frame and the purchase and notice pages the tests may link to. */
const table: RouteTable = {
  ...routeTable,
  frame: () => Promise.resolve(TestFrame),
  pages: { 'cloud/buy': stubPage('page-cloud-buy'), 'cloud/notice': stubPage('page-notices') },
};

function banner(id: number, link: string): Banner {
  return { id, title: `横幅 ${id}`, subtitle: `副标题 ${id}`, image: `/banners/${id}.svg`, link };
}

function goods(id: number, link: string): HotGoods {
  return {
    id,
    name: `产品 ${id}`,
    description: `产品 ${id} 的介绍`,
    tag: id === 1 ? '热卖' : '',
    price: '9.90',
    price_unit: '月',
    image: '',
    link,
  };
}

const POPUP: NonNullable<AdPopup> = {
  id: 1,
  version: '2026-11',
  title: '首充赠送 10%',
  content: '首次充值即送 10% 余额',
  image: '',
  link: '/cloud/buy',
};

const month = (name: string, net: string) => ({
  month: name,
  spent: net,
  refunded: '0.00',
  net,
  by_type: [],
});
const STATS: Statistics = {
  this_month: {
    ...month('2026-11', '42.00'),
    by_type: [{ product_type: 'desktop', spent: '42.00', refunded: '0.00', net: '42.00' }],
  },
  last_month: month('2026-10', '7.50'),
};

interface HomeData {
  announcements?: SysNotice[];
  banners?: Banner[];
  hotGoods?: HotGoods[];
  popup?: AdPopup;
  unread?: number;
  /** Console pages this session has. */
  routes?: string[];
  user?: User;
}

async function openHome({
  announcements = [],
  banners = [],
  hotGoods = [],
  popup = null,
  unread = 0,
  routes = [],
  user = testUser({ balance: '88.80' }),
}: HomeData = {}) {
  setToken('tok');
  serveSession({
    user,
    routers: routes.map((path) => routerNode(path, path.slice(1))),
  });
  fakeApi.ok('GET', '/banner', banners);
  fakeApi.ok('GET', '/hot_goods', hotGoods);
  fakeApi.ok('GET', '/ad_popup', popup);
  fakeApi.ok('GET', '/user/sys_notice', announcements);
  fakeApi.ok('GET', '/user/user_notice', { list: [], total: 0, page: 1, limit: 10, no_read_count: unread });
  fakeApi.ok('GET', '/user/statistics', STATS);
  fakeApi.ok('GET', '/user/statistics/month_flow_metric', []);
  const view = renderApp('/index', table);
  await screen.findByTestId('page-home');
  return view;
}

describe('HomePage', () => {
  it('greets the user and sums up the account', async () => {
    await openHome({ unread: 3, routes: ['/cloud/notice'] });
    await waitFor(() => expect(screen.getByTestId('home-greeting').textContent).toBe('你好，Ada Lovelace'));
    await waitFor(() => expect(screen.getByTestId('home-balance').textContent).toBe('$88.80'));
    await waitFor(() => expect(screen.getByTestId('home-unread').textContent).toBe('3'));
    expect(screen.getByTestId('home-invite-code').textContent).toBe('ADA2026');
    fireEvent.click(screen.getByTestId('home-unread-link'));
    await screen.findByTestId('page-notices');
  });

  it("sums up a sub-account's console: its main account, no balance or invite code", async () => {
    const son = testUser({
      nickname: 'desk-one',
      is_son: true,
      parent_id: 7,
      main_account: { userId: 7, email: 'ada@example.com', nickname: 'Ada Lovelace' },
      invite_code: 'SON31',
    });
    await openHome({ unread: 2, routes: ['/cloud/notice'], user: son });
    await waitFor(() => expect(screen.getByTestId('home-main-account').textContent).toBe('Ada Lovelace'));
    await waitFor(() => expect(screen.getByTestId('home-unread').textContent).toBe('2'));
    expect(screen.queryByTestId('home-balance')).toBeNull();
    expect(screen.queryByTestId('home-invite-code')).toBeNull();
  });

  it('sums up this and last month’s spending once the page is up', async () => {
    await openHome({ routes: ['/mesceter/statistics'] });
    await waitFor(() => expect(screen.getByTestId('home-spending-this-month').textContent).toBe('$42.00'), {
      timeout: 8000,
    });
    expect(screen.getByTestId('home-spending-last-month').textContent).toBe('$7.50');
    expect(screen.getByTestId('spend-type-desktop').textContent).toContain('$42.00');
  });

  it('shows the unread count without a link when the notice page is missing', async () => {
    await openHome({ unread: 2 });
    await waitFor(() => expect(screen.getByTestId('home-unread').textContent).toBe('2'));
    expect(screen.queryByTestId('home-unread-link')).toBeNull();
  });

  it('makes a banner clickable only when its link leads somewhere', async () => {
    await openHome({
      routes: ['/cloud/buy'],
      banners: [
        banner(1, '/cloud/buy'),
        banner(2, '/phone/buyph'),
        banner(3, 'https://example.com/promo'),
        banner(4, 'http://example.com/insecure'),
      ],
    });
    await screen.findAllByTestId('banner-1');
    const first = (id: number) => screen.getAllByTestId(`banner-${id}`)[0]!;
    expect(first(1).tagName).toBe('A');
    expect(first(1).getAttribute('href')).toBe('/cloud/buy');
    expect(first(1).textContent).toContain('横幅 1');
    expect(first(1).textContent).toContain('副标题 1');
    expect(first(2).tagName).toBe('DIV');
    expect(first(3).getAttribute('href')).toBe('https://example.com/promo');
    expect(first(3).getAttribute('target')).toBe('_blank');
    expect(first(3).getAttribute('rel')).toContain('noopener');
    expect(first(4).tagName).toBe('DIV');
  });

  it('lists hot goods with their price, and a buy button only where it leads somewhere', async () => {
    await openHome({ routes: ['/cloud/buy'], hotGoods: [goods(1, '/cloud/buy'), goods(2, '/phone/buyph')] });
    const card = await screen.findByTestId('hot-goods-1');
    expect(card.textContent).toContain('产品 1');
    expect(card.textContent).toContain('热卖');
    expect(screen.getByTestId('hot-goods-price-1').textContent).toBe('$9.90 起 / 月');
    expect(screen.getByTestId('hot-goods-2').textContent).toContain('产品 2 的介绍');
    expect(screen.queryByTestId('hot-goods-buy-2')).toBeNull();

    fireEvent.click(within(card).getByTestId('hot-goods-buy-1'));
    await screen.findByTestId('page-cloud-buy');
  });

  it('offers the purchase pages the session has', async () => {
    await openHome({ routes: ['/cloud/buy'] });
    // Below the fold: it renders just after the page's first render.
    const quick = await screen.findByTestId('home-quick-buy');
    expect(within(quick).getByTestId('quick-buy-desktop').closest('a')?.getAttribute('href')).toBe(
      '/cloud/buy',
    );
    expect(within(quick).queryByTestId('quick-buy-phone')).toBeNull();
    expect(quick.textContent).not.toContain('即将开放');
  });

  it('shows the products as coming soon while none can be bought', async () => {
    await openHome();
    // Below the fold: it renders just after the page's first render.
    const quick = await screen.findByTestId('home-quick-buy');
    expect(within(quick).getAllByText('即将开放')).toHaveLength(3);
    expect(quick.querySelector('a')).toBeNull();
  });

  it('hides the banners and hot goods when there are none', async () => {
    await openHome();
    await waitFor(() => expect(fakeApi.requests('GET', '/hot_goods')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('home-banners')).toBeNull());
    expect(screen.queryByTestId('home-hot-goods')).toBeNull();
  });

  it('shows the pop-up once per version', async () => {
    await openHome({ popup: POPUP, routes: ['/cloud/buy'] });
    const popup = await screen.findByTestId('ad-popup');
    expect(popup.textContent).toContain('首充赠送 10%');
    expect(popup.textContent).toContain('首次充值即送 10% 余额');
    expect(within(popup).getByTestId('ad-popup-open').getAttribute('href')).toBe('/cloud/buy');
    expect(JSON.parse(window.localStorage.getItem('ad_popup') ?? '[]')).toEqual(['2026-11']);

    // The next visit: the same version stays away, a new one shows.
    cleanup();
    fakeApi.reset();
    await openHome({ popup: POPUP });
    await waitFor(() => expect(fakeApi.requests('GET', '/ad_popup')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('ad-popup')).toBeNull();

    cleanup();
    fakeApi.reset();
    await openHome({ popup: { ...POPUP, version: '2026-12', link: '/phone/buyph' } });
    const next = await screen.findByTestId('ad-popup');
    // Its link leads nowhere in this session, so it offers none.
    expect(within(next).queryByTestId('ad-popup-open')).toBeNull();
  });

  it('keeps the pop-up back until the announcements are read', async () => {
    fakeApi.ok('POST', '/user/sys_notice/read', { read: 1 });
    await openHome({
      popup: POPUP,
      announcements: [
        { id: 3, title: '上线公告', content: '<p>欢迎</p>', created_at: '2026-11-20T08:00:00.000Z' },
      ],
    });
    fireEvent.click(await screen.findByTestId('sys-notice-read'));
    expect(await screen.findByTestId('ad-popup')).toBeTruthy();
    // Asked for only now, so it was not behind the announcement all along.
    expect(fakeApi.requests('GET', '/ad_popup')).toHaveLength(1);
    const [read] = fakeApi.requests('POST', '/user/sys_notice/read');
    expect(fakeApi.requests().indexOf(read!)).toBeLessThan(
      fakeApi.requests().indexOf(fakeApi.requests('GET', '/ad_popup')[0]!),
    );
  });
});
