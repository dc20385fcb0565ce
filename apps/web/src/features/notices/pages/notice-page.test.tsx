import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import type { UserNotice } from '@cloudbay/contracts';
import { routeTable, type RouteTable } from '../../../app/router';
import { setToken } from '../../../lib/storage';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';
import { routerNode, serveSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { NoticeBell } from '../components/notice-bell';
import { testNotice } from '../test-notices';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

/** The console with the bell in its top bar, whatever the shell looks like. */
function TestFrame() {
  return (
    <>
      <NoticeBell />
      <Outlet />
    </>
  );
}

const table: RouteTable = {
  ...routeTable,
  frame: () => Promise.resolve(TestFrame),
  pages: { 'cloud/notice': routeTable.pages['cloud/notice']! },
};

/** A server with these notices: lists filter and page them, PUT marks them read. */
function serveNotices(notices: UserNotice[]) {
  const unread = () => notices.filter((notice) => notice.is_read === 0).length;
  const envelope = (data: unknown) => ({ data: { code: 200, msg: '', success: true, data } });
  fakeApi.on('GET', '/user/user_notice', ({ query }: FakeRequest) => {
    const page = Number(query.page);
    const limit = Number(query.limit);
    const matching = notices.filter(
      (notice) => query.is_read === undefined || notice.is_read === query.is_read,
    );
    return envelope({
      list: matching.slice((page - 1) * limit, page * limit),
      total: matching.length,
      page,
      limit,
      no_read_count: unread(),
    });
  });
  const markRead = (notice: UserNotice) =>
    Object.assign(notice, { is_read: 1, read_at: '2026-11-21T08:00:00.000Z' });
  fakeApi.on('PUT', '/user/user_notice/all', () => {
    notices.forEach(markRead);
    return envelope({ no_read_count: 0 });
  });
  for (const notice of notices) {
    fakeApi.on('PUT', `/user/user_notice/${notice.notice_id}`, () => {
      markRead(notice);
      return envelope({ no_read_count: unread() });
    });
  }
}

async function openNotices(path = '/cloud/notice') {
  setToken('tok');
  serveSession({ routers: [routerNode('/cloud/notice', 'cloud/notice')] });
  const view = renderApp(path, table);
  await screen.findByTestId('page-notices');
  return view;
}

/** The bell's count as it announces it (the badge's number lingers while its leave animation runs). */
const bellCount = () =>
  /(\d+) 条未读/.exec(screen.getByTestId('notice-bell').getAttribute('aria-label') ?? '')?.[1] ?? null;
const listRequests = () => fakeApi.requests('GET', '/user/user_notice').filter((r) => r.query.limit !== 10);

describe('NoticePage', () => {
  it('lists the notices with their kind, time and read state', async () => {
    serveNotices([
      testNotice(2, { title: '余额不足提醒', kind: 'billing' }),
      testNotice(1, { title: '欢迎加入', is_read: 1, read_at: '2026-11-20T09:00:00.000Z' }),
    ]);
    await openNotices();
    const item = await screen.findByTestId('notice-2');
    expect(item.textContent).toContain('余额不足提醒');
    expect(item.textContent).toContain('账单');
    expect(screen.getByTestId('notice-state-2').textContent).toBe('未读');
    expect(screen.getByTestId('notice-state-1').textContent).toMatch(/^已读于 /);
    expect(listRequests()[0]?.query).toEqual({ page: 1, limit: 20 });
  });

  it('filters by read state through the server', async () => {
    serveNotices([testNotice(2), testNotice(1, { is_read: 1 })]);
    const { router } = await openNotices();
    await screen.findByTestId('notice-1');

    fireEvent.click(within(screen.getByTestId('notice-filter')).getByText('未读'));
    await waitFor(() => expect(screen.queryByTestId('notice-1')).toBeNull());
    expect(screen.getByTestId('notice-2')).toBeTruthy();
    expect(listRequests().at(-1)?.query).toEqual({ page: 1, limit: 20, is_read: 0 });
    expect(router.state.location.search).toBe('?filter=unread');

    fireEvent.click(within(screen.getByTestId('notice-filter')).getByText('已读'));
    await screen.findByTestId('notice-1');
    expect(screen.queryByTestId('notice-2')).toBeNull();
    expect(listRequests().at(-1)?.query).toEqual({ page: 1, limit: 20, is_read: 1 });
  });

  it('marks a notice read when it is opened, and the bell drops', async () => {
    serveNotices([testNotice(2, { content: '您的余额已不足 $5' }), testNotice(1)]);
    await openNotices('/cloud/notice?filter=unread');
    await waitFor(() => expect(bellCount()).toBe('2'));

    fireEvent.click(await screen.findByTestId('notice-2'));
    expect((await screen.findByTestId('notice-content-2')).textContent).toBe('您的余额已不足 $5');
    await waitFor(() => expect(fakeApi.requests('PUT', '/user/user_notice/2')).toHaveLength(1));
    await waitFor(() => expect(bellCount()).toBe('1'));
    // Still on screen in the Unread view, now shown as read.
    expect(screen.getByTestId('notice-state-2').textContent).toMatch(/^已读于 /);

    // Closing and opening again asks nothing more.
    fireEvent.click(screen.getByTestId('notice-2'));
    fireEvent.click(screen.getByTestId('notice-2'));
    expect(fakeApi.requests('PUT', '/user/user_notice/2')).toHaveLength(1);
  });

  it('opening a read notice asks nothing', async () => {
    serveNotices([testNotice(1, { is_read: 1 })]);
    await openNotices();
    fireEvent.click(await screen.findByTestId('notice-1'));
    await screen.findByTestId('notice-content-1');
    expect(fakeApi.requests('PUT')).toEqual([]);
  });

  it('reads the notice the bell opened (?open=<id>)', async () => {
    serveNotices([testNotice(3), testNotice(2)]);
    await openNotices('/cloud/notice?open=2');
    expect(await screen.findByTestId('notice-content-2')).toBeTruthy();
    await waitFor(() => expect(fakeApi.requests('PUT', '/user/user_notice/2')).toHaveLength(1));
    expect(fakeApi.requests('PUT', '/user/user_notice/3')).toEqual([]);
  });

  it('marks everything read after a confirmation', async () => {
    serveNotices([testNotice(2), testNotice(1)]);
    await openNotices();
    await waitFor(() => expect(bellCount()).toBe('2'));

    fireEvent.click(screen.getByTestId('notice-mark-all'));
    expect(await screen.findByText('将所有未读通知标为已读？')).toBeTruthy();
    expect(fakeApi.requests('PUT')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));

    expect(await screen.findByText('所有通知已标为已读')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/user_notice/all')).toHaveLength(1);
    await waitFor(() => expect(bellCount()).toBeNull());
    expect(screen.getByTestId('notice-state-1').textContent).toMatch(/^已读于 /);
    expect((screen.getByTestId('notice-mark-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an empty state per filter', async () => {
    serveNotices([]);
    await openNotices('/cloud/notice?filter=unread');
    expect((await screen.findByTestId('notice-empty')).textContent).toContain('没有未读通知');
    expect(screen.queryByTestId('pagination')).toBeNull();
  });

  it('pages through the server', async () => {
    serveNotices(Array.from({ length: 25 }, (_, index) => testNotice(25 - index)));
    const { router } = await openNotices();
    await screen.findByTestId('notice-25');
    // The pager is a lazy part: wait for its page links.
    fireEvent.click(await within(screen.getByTestId('pagination')).findByTitle('2'));
    await waitFor(() => expect(listRequests().at(-1)?.query).toEqual({ page: 2, limit: 20 }));
    await screen.findByTestId('notice-5', {}, { timeout: 3_000 });
    expect(screen.queryByTestId('notice-25')).toBeNull();
    expect(router.state.location.search).toBe('?page=2');
  });
});
