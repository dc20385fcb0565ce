import { describe, expect, it, vi } from 'vitest';
import {
  StorageKey,
  clearCachedUser,
  clearSession,
  getCachedUser,
  getIsSon,
  getLoginToken,
  getToken,
  onSessionEnd,
  readJson,
  removeToken,
  setCachedUser,
  setIsSon,
  setLoginToken,
  setToken,
  writeItem,
  type CachedUser,
} from './storage';

const USER: CachedUser = {
  userId: 1,
  userName: 'u1',
  email: 'u1@example.com',
  nickname: 'User One',
  balance: '0.00',
  ph_white_user: 1,
  avatar: '',
  is_son: false,
  parent_id: null,
  invite_code: 'INVITE1',
  language: 'zh-CN',
};

describe('storage', () => {
  it('keeps the token under the key "token"', () => {
    expect(getToken()).toBeNull();
    setToken('abc');
    expect(window.localStorage.getItem('token')).toBe('abc');
    expect(getToken()).toBe('abc');
    removeToken();
    expect(getToken()).toBeNull();
  });

  it('keeps the login token under "loginToken"', () => {
    setLoginToken('upstream');
    expect(window.localStorage.getItem('loginToken')).toBe('upstream');
    expect(getLoginToken()).toBe('upstream');
  });

  it('caches the user as JSON under "user"', () => {
    setCachedUser(USER);
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(USER);
    expect(getCachedUser()).toEqual(USER);
    clearCachedUser();
    expect(getCachedUser()).toBeNull();
  });

  it('reads a corrupt JSON entry as absent', () => {
    writeItem(StorageKey.user, '{not json');
    expect(getCachedUser()).toBeNull();
    expect(readJson(StorageKey.codeTable)).toBeNull();
  });

  it('stores isSon as "true" or "false"', () => {
    expect(getIsSon()).toBe(false);
    setIsSon(true);
    expect(window.localStorage.getItem('isSon')).toBe('true');
    expect(getIsSon()).toBe(true);
    setIsSon(false);
    expect(getIsSon()).toBe(false);
  });

  it('clearSession removes the token and the cached user but keeps other settings', () => {
    setToken('abc');
    setCachedUser(USER);
    writeItem(StorageKey.lang, 'en');
    clearSession();
    expect(getToken()).toBeNull();
    expect(getCachedUser()).toBeNull();
    expect(window.localStorage.getItem('lang')).toBe('en');
  });

  it('tells the session-end listeners when the session is cleared', () => {
    const listener = vi.fn();
    const unsubscribe = onSessionEnd(listener);
    clearSession();
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
    clearSession();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('degrades to "nothing stored" when the browser refuses storage', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(denied);
    try {
      expect(() => setToken('abc')).not.toThrow();
      expect(getToken()).toBeNull();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
