import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { saveHandover } from '../../../lib/access-rule';
import {
  getCachedUser,
  getIsSon,
  getLoginToken,
  getToken,
  setCachedUser,
  setToken,
} from '../../../lib/storage';
import { testUser } from '../../../test/fixtures';
import * as session from './sub-account-session';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const ENTER_URL = '/moneryContro?token=son-token&loginToken=main-token&isSon=1';

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

describe('sub-account hand-off (spec §9 token, loginToken, isSon)', () => {
  it('accepts only this console’s /moneryContro with a token and isSon', () => {
    expect(session.handoverAddress({ url: ENTER_URL })).toBe(ENTER_URL);
    expect(session.handoverAddress({ url: 'https://evil.example/moneryContro?token=a&isSon=1' })).toBeNull();
    expect(session.handoverAddress({ url: '/moneryContro?token=a' })).toBeNull();
    expect(session.handoverAddress({ url: '/index?token=a&isSon=1' })).toBeNull();
  });

  it('entering stores the sub-account’s token, the main one as loginToken and isSon; back restores the main', async () => {
    setToken('main-token');
    setCachedUser(testUser({ nickname: 'Boss' }));
    expect(session.canGoBackToMain()).toBe(false);

    saveHandover(new URLSearchParams(ENTER_URL.split('?')[1]));
    expect(getToken()).toBe('son-token');
    expect(getLoginToken()).toBe('main-token');
    expect(getIsSon()).toBe(true);
    // The main account's cached user is not the sub-account's.
    expect(getCachedUser()).toBeNull();
    expect(session.canGoBackToMain()).toBe(true);

    fakeApi.ok('POST', '/logout', null);
    await session.backToMainAccount();
    const [logout] = fakeApi.requests('POST', '/logout');
    // The sub-account's session is the one ended.
    expect(logout?.headers.authorization).toBe('Bearer son-token');
    expect(getToken()).toBe('main-token');
    expect(getLoginToken()).toBeNull();
    expect(getIsSon()).toBe(false);
    expect(assign).toHaveBeenCalledWith('/cloud/sonacc');
  });

  it('restores the main session even when the logout fails', async () => {
    saveHandover(new URLSearchParams(ENTER_URL.split('?')[1]));
    fakeApi.fail('POST', '/logout', 500, 'down');
    await session.backToMainAccount().catch(() => undefined);
    expect(getToken()).toBe('main-token');
    expect(getIsSon()).toBe(false);
    expect(assign).toHaveBeenCalledWith('/cloud/sonacc');
  });

  it('a sub-account signed in on its own has no main session to go back to', async () => {
    setToken('son-own');
    window.localStorage.setItem('isSon', 'true');
    expect(session.canGoBackToMain()).toBe(false);
    await session.backToMainAccount();
    expect(getToken()).toBe('son-own');
    expect(assign).not.toHaveBeenCalled();
  });
});
