import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-app';
import { getIsSon, getToken, setCachedUser, setIsSon, setLoginToken, setToken } from '../../../lib/storage';
import { SubAccountBanner } from './sub-account-banner';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const SON = testUser({
  is_son: true,
  nickname: 'alice-desk',
  main_account: { userId: 1, email: 'boss@example.com', nickname: 'Boss' },
});

describe('SubAccountBanner', { timeout: 20_000 }, () => {
  it('entered from the main account: names both, cannot be closed, goes back to the main account', async () => {
    setToken('son-token');
    setLoginToken('main-token');
    setIsSon(true);
    setCachedUser(SON);
    fakeApi.ok('GET', '/user', SON);
    fakeApi.ok('POST', '/logout', null);
    renderRoutes([{ path: '/', element: <SubAccountBanner /> }]);
    const banner = await screen.findByTestId('sub-account-banner', {}, { timeout: 10_000 });
    expect(banner.textContent).toContain('alice-desk');
    expect(banner.textContent).toContain('Boss (boss@example.com)');
    expect(banner.querySelector('.ant-alert-close-icon')).toBeNull();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fireEvent.click(screen.getByTestId('sub-account-back'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/cloud/sonacc'));
    expect(getToken()).toBe('main-token');
    expect(getIsSon()).toBe(false);
    vi.unstubAllGlobals();
  });

  it('a sub-account signed in on its own sees whose it is, with no way into the main account', async () => {
    setToken('son-token');
    setIsSon(true);
    setCachedUser(SON);
    fakeApi.ok('GET', '/user', SON);
    renderRoutes([{ path: '/', element: <SubAccountBanner /> }]);
    const banner = await screen.findByTestId('sub-account-banner', {}, { timeout: 10_000 });
    expect(banner.textContent).toContain('boss@example.com');
    expect(screen.queryByTestId('sub-account-back')).toBeNull();
  });
});
