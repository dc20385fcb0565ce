import { afterEach, describe, expect, it } from 'vitest';
import { isAvailablePath, isExternalLink, setAvailablePaths } from './available-routes';
import { clearSession } from './storage';

describe('available routes', () => {
  afterEach(() => setAvailablePaths([]));

  it('answers for exact paths and patterns, ignoring query and hash', () => {
    setAvailablePaths(['/index', '/cloud/notice', '/system/dict-data/index/:dictId', '*']);
    expect(isAvailablePath('/index')).toBe(true);
    expect(isAvailablePath('/cloud/notice?is_read=0#top')).toBe(true);
    expect(isAvailablePath('/system/dict-data/index/12')).toBe(true);
    expect(isAvailablePath('/cloud/buy')).toBe(false);
    // The catch-all 404 route must not make every path look available.
    expect(isAvailablePath('/anything')).toBe(false);
    expect(isAvailablePath('cloud/notice')).toBe(false);
  });

  it('forgets the paths when the session ends', () => {
    setAvailablePaths(['/index']);
    clearSession();
    expect(isAvailablePath('/index')).toBe(false);
  });

  it('treats only https links as external', () => {
    expect(isExternalLink('https://t.me/cloudbay')).toBe(true);
    expect(isExternalLink('http://example.com')).toBe(false);
    expect(isExternalLink('javascript:alert(1)')).toBe(false);
    expect(isExternalLink('/cloud/buy')).toBe(false);
  });
});
