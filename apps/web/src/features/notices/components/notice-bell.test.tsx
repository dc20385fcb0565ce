import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { NOTICE_POLL_MS } from '@cloudbay/contracts/core';
import { setAvailablePaths } from '../../../lib/available-routes';
import { setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-app';
import { noticePage, testNotice } from '../test-notices';
import { NoticeBell } from './notice-bell';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

function renderBell() {
  return renderRoutes(
    [
      { path: '/index', element: <NoticeBell /> },
      { path: '/cloud/notice', element: <p data-testid="page-notices">notices</p> },
    ],
    '/index',
  );
}

const count = () =>
  screen.getByTestId('notice-count').querySelector('.ant-scroll-number')?.getAttribute('title');

afterEach(() => {
  vi.useRealTimers();
  setAvailablePaths([]);
});

describe('NoticeBell', () => {
  it('shows the unread count of the latest unread page', async () => {
    setToken('tok');
    fakeApi.ok('GET', '/user/user_notice', noticePage([testNotice(1), testNotice(2)], { no_read_count: 3 }));
    renderBell();
    await waitFor(() => expect(count()).toBe('3'));
    expect(screen.getByTestId('notice-bell').getAttribute('aria-label')).toBe('消息通知，3 条未读');
    expect(fakeApi.requests('GET', '/user/user_notice')[0]?.query).toEqual({
      page: 1,
      limit: 10,
      is_read: 0,
    });
  });

  it('shows no count when everything is read', async () => {
    setToken('tok');
    fakeApi.ok('GET', '/user/user_notice', noticePage([]));
    renderBell();
    await waitFor(() => expect(fakeApi.requests('GET', '/user/user_notice')).toHaveLength(1));
    expect(count()).toBeUndefined();
    expect(screen.getByTestId('notice-bell').getAttribute('aria-label')).toBe('消息通知');
  });

  it('shares the unread page with what mounts later (the home summary) instead of asking again', async () => {
    setToken('tok');
    fakeApi.ok('GET', '/user/user_notice', noticePage([testNotice(1)], { no_read_count: 1 }));
    function BellThenAnother() {
      const [second, setSecond] = useState(false);
      return (
        <>
          <NoticeBell />
          <button type="button" onClick={() => setSecond(true)}>
            more
          </button>
          {second ? <NoticeBell /> : null}
        </>
      );
    }
    renderRoutes([{ path: '/index', element: <BellThenAnother /> }], '/index');
    await waitFor(() => expect(count()).toBe('1'));
    fireEvent.click(screen.getByText('more'));
    await waitFor(() => expect(screen.getAllByTestId('notice-bell')).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fakeApi.requests('GET', '/user/user_notice')).toHaveLength(1);
  });

  it('asks again every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken('tok');
    let unread = 1;
    fakeApi.on('GET', '/user/user_notice', () => ({
      data: { code: 200, msg: '', success: true, data: noticePage([], { no_read_count: unread }) },
    }));
    renderBell();
    await waitFor(() => expect(count()).toBe('1'));

    unread = 4;
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS - 1_000));
    expect(fakeApi.requests('GET', '/user/user_notice')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(count()).toBe('4'));
    expect(fakeApi.requests('GET', '/user/user_notice')).toHaveLength(2);
  });

  it('asks nothing without a session', async () => {
    renderBell();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fakeApi.requests()).toEqual([]);
  });

  it('opens the notice page when the session has it', async () => {
    setToken('tok');
    setAvailablePaths(['/index', '/cloud/notice']);
    fakeApi.ok('GET', '/user/user_notice', noticePage([testNotice(1)]));
    const { router } = renderBell();
    fireEvent.click(screen.getByTestId('notice-bell'));
    await screen.findByTestId('page-notices');
    expect(router.state.location.pathname).toBe('/cloud/notice');
  });

  it('stays put when the session has no notice page', async () => {
    setToken('tok');
    setAvailablePaths(['/index']);
    fakeApi.ok('GET', '/user/user_notice', noticePage([testNotice(1)]));
    const { router } = renderBell();
    fireEvent.click(screen.getByTestId('notice-bell'));
    expect(router.state.location.pathname).toBe('/index');
  });
});
