import { describe, expect, it } from 'vitest';
import { AUTH_PAGE_PATHS, authPageOf } from './auth-pages';

describe('the sign-in pages (auth.html)', () => {
  it('are login, register and forget', () => {
    expect(AUTH_PAGE_PATHS).toEqual(['/login', '/register', '/forget']);
  });

  it.each([
    ['/login', '/login'],
    ['/login/', '/login'],
    ['/register//', '/register'],
    ['/forget', '/forget'],
  ])('names %s as %s', (pathname, page) => {
    expect(authPageOf(pathname)).toBe(page);
  });

  it.each(['/', '/index', '/loginx', '/login/more', '/Login', ''])('leaves %s to the console', (pathname) => {
    expect(authPageOf(pathname)).toBeUndefined();
  });
});
