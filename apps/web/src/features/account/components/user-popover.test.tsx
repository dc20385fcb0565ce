import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { USER_REFRESH_MS } from '@cloudbay/contracts/core';
import { setAvailablePaths } from '../../../lib/available-routes';
import { getToken, setCachedUser, setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-app';
import { UserPopover } from './user-popover';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

function renderPopover(user = testUser({ balance: '12.34' })) {
  setToken('tok');
  setCachedUser(user);
  fakeApi.ok('GET', '/user', user);
  const page = (testId: string) => <p data-testid={testId}>{testId}</p>;
  return renderRoutes(
    [
      { path: '/somewhere', element: <UserPopover /> },
      { path: '/index', element: page('page-home') },
      { path: '/user/profile', element: page('page-profile') },
      { path: '/mesceter/topup', element: page('page-topups') },
    ],
    '/somewhere',
  );
}

async function openPopover() {
  fireEvent.click(screen.getByTestId('user-menu'));
  return screen.findByTestId('user-popover');
}

const location = (router: ReturnType<typeof renderPopover>['router']) =>
  router.state.location.pathname + router.state.location.search;

afterEach(() => {
  vi.useRealTimers();
  setAvailablePaths([]);
});

describe('UserPopover', () => {
  it('shows the nickname, e-mail and balance', async () => {
    renderPopover();
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Ada Lovelace');
    const popover = await openPopover();
    expect(popover.textContent).toContain('ada@example.com');
    expect(screen.getByTestId('user-menu-balance').textContent).toBe('$12.34');
  });

  it('names a user without a nickname by the e-mail', async () => {
    renderPopover(testUser({ nickname: '' }));
    expect(screen.getByTestId('user-menu-name').textContent).toBe('ada@example.com');
  });

  it('offers the spending records only once their page exists', async () => {
    renderPopover();
    await openPopover();
    expect(screen.queryByTestId('user-menu-topups')).toBeNull();
  });

  it('leads to the spending records, the profile and the password tab', async () => {
    setAvailablePaths(['/somewhere', '/mesceter/topup', '/user/profile']);
    const { router } = renderPopover();
    await openPopover();
    fireEvent.click(screen.getByTestId('user-menu-topups'));
    await screen.findByTestId('page-topups');

    await act(() => router.navigate('/somewhere'));
    await openPopover();
    fireEvent.click(screen.getByTestId('user-menu-password'));
    await screen.findByTestId('page-profile');
    expect(location(router)).toBe('/user/profile?tab=password');

    await act(() => router.navigate('/somewhere'));
    await openPopover();
    fireEvent.click(screen.getByTestId('user-menu-profile'));
    await screen.findByTestId('page-profile');
    expect(location(router)).toBe('/user/profile');
  });

  it('logs out only after a confirmation, then goes home', async () => {
    fakeApi.ok('POST', '/logout', null);
    const { router } = renderPopover();
    await openPopover();
    fireEvent.click(screen.getByTestId('user-menu-logout'));
    expect((await screen.findAllByText('确定退出登录吗？')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    expect(fakeApi.requests('POST', '/logout')).toEqual([]);
    expect(getToken()).toBe('tok');

    // The cancelled box may still be fading out: press the newest one.
    const before = screen.queryAllByTestId('logout-confirm').length;
    await openPopover();
    fireEvent.click(screen.getByTestId('user-menu-logout'));
    await waitFor(() => expect(screen.getAllByTestId('logout-confirm')).toHaveLength(before + 1));
    fireEvent.click(screen.getAllByTestId('logout-confirm').at(-1)!);
    await screen.findByTestId('page-home');
    expect(router.state.location.pathname).toBe('/index');
    expect(fakeApi.requests('POST', '/logout')).toHaveLength(1);
    expect(getToken()).toBeNull();
  });

  it('follows the cached user every second without asking the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPopover();
    await waitFor(() => expect(fakeApi.requests('GET', '/user')).toHaveLength(1));
    await openPopover();
    expect(screen.getByTestId('user-menu-balance').textContent).toBe('$12.34');

    // Another tab refreshed the user (e.g. after a top-up).
    setCachedUser(testUser({ balance: '112.34' }));
    await act(() => vi.advanceTimersByTimeAsync(USER_REFRESH_MS));
    expect(screen.getByTestId('user-menu-balance').textContent).toBe('$112.34');
    expect(fakeApi.requests('GET', '/user')).toHaveLength(1);
  });

  it('asks the server again when the window regains focus', async () => {
    renderPopover();
    await waitFor(() => expect(fakeApi.requests('GET', '/user')).toHaveLength(1));
    fakeApi.ok('GET', '/user', testUser({ balance: '50.00' }));
    fireEvent.focus(window);
    await waitFor(() => expect(fakeApi.requests('GET', '/user')).toHaveLength(2));
    await openPopover();
    await waitFor(() => expect(screen.getByTestId('user-menu-balance').textContent).toBe('$50.00'));
  });
});
