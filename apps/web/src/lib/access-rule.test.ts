import { describe, expect, it } from 'vitest';
import { OPEN_PATHS, isOpenPath, loginPathFor, safeRedirect, saveHandover } from './access-rule';
import {
  clearSession,
  endSupportTab,
  isSupportTab,
  getCachedUser,
  getIsSon,
  getLoginToken,
  getToken,
  setCachedUser,
  setLoginToken,
  setToken,
} from './storage';
import { testUser } from '../test/fixtures';

describe('open paths', () => {
  it('are exactly those of spec §2', () => {
    expect([...OPEN_PATHS].sort()).toEqual(
      [
        '/forget',
        '/login',
        '/moneryContro',
        '/phone',
        '/phoneconnet',
        '/proxySet',
        '/register',
        '/user/gif',
      ].sort(),
    );
  });

  it('match with or without a trailing slash, and nothing below them', () => {
    expect(isOpenPath('/login')).toBe(true);
    expect(isOpenPath('/login/')).toBe(true);
    expect(isOpenPath('/phone/list')).toBe(false);
    expect(isOpenPath('/user/profile')).toBe(false);
    expect(isOpenPath('/')).toBe(false);
  });

  it('include the sandbox payer pages below /pay/sandbox/', () => {
    expect(isOpenPath('/pay/sandbox/CB2026112200001')).toBe(true);
    expect(isOpenPath('/pay/sandbox')).toBe(false);
    expect(isOpenPath('/pay/other/CB2026112200001')).toBe(false);
  });
});

describe('loginPathFor', () => {
  it('keeps the full original path, readable where it can be', () => {
    expect(loginPathFor('/index')).toBe('/login?redirect=/index');
    const withQuery = loginPathFor('/cloud/buy?a=1&b=x y#top');
    expect(withQuery).toBe('/login?redirect=/cloud/buy%3Fa%3D1%26b%3Dx%20y%23top');
    expect(new URL(withQuery, 'http://x').searchParams.get('redirect')).toBe('/cloud/buy?a=1&b=x y#top');
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/user/profile?tab=1#x', '/user/profile?tab=1#x'],
    ['/', '/'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});

describe('saveHandover', () => {
  it('stores token, loginToken and isSon and ends an earlier session with another token', () => {
    setToken('t0');
    setCachedUser(testUser());
    saveHandover(new URLSearchParams('token=t1&loginToken=lt1&isSon=yes'));
    expect(getToken()).toBe('t1');
    expect(getLoginToken()).toBe('lt1');
    expect(getIsSon()).toBe(true);
    expect(getCachedUser()).toBeNull();
  });

  it('keeps the cached user when the same session is handed over again', () => {
    setToken('t1');
    setCachedUser(testUser());
    saveHandover(new URLSearchParams('token=t1&loginToken=lt1&isSon=1'));
    expect(getCachedUser()).toEqual(testUser());
  });

  it('stores isSon false for an empty or missing value', () => {
    saveHandover(new URLSearchParams('token=t1&loginToken=lt1&isSon='));
    expect(window.localStorage.getItem('isSon')).toBe('false');
    saveHandover(new URLSearchParams('token=t2'));
    expect(window.localStorage.getItem('isSon')).toBe('false');
    expect(getLoginToken()).toBeNull();
  });

  it("keeps a support session in this tab's sessionStorage, leaving the operator's own session alone", () => {
    setToken('operator-token');
    setCachedUser(testUser({ email: 'admin@cloudbay.local' }));
    saveHandover(new URLSearchParams('token=support-token&loginToken=support-token&isSon=&support=1'));
    expect(getToken()).toBe('support-token');
    expect(window.sessionStorage.getItem('token')).toBe('support-token');
    // The operator's other tabs read local storage: untouched.
    expect(window.localStorage.getItem('token')).toBe('operator-token');
    expect(JSON.parse(window.localStorage.getItem('user')!).email).toBe('admin@cloudbay.local');
    setCachedUser(testUser({ email: 'customer@example.com' }));
    expect(JSON.parse(window.localStorage.getItem('user')!).email).toBe('admin@cloudbay.local');
    // Ending the support session ends this tab's session only.
    clearSession();
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('operator-token');
    endSupportTab();
    expect(isSupportTab()).toBe(false);
    expect(getToken()).toBe('operator-token');
  });

  it('changes nothing without a token', () => {
    setLoginToken('kept');
    saveHandover(new URLSearchParams('loginToken=lt1&isSon=1'));
    expect(getToken()).toBeNull();
    expect(getLoginToken()).toBe('kept');
    expect(window.localStorage.getItem('isSon')).toBeNull();
  });
});
