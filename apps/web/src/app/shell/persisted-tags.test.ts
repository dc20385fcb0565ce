import { describe, expect, it } from 'vitest';
import { clearSession } from '../../lib/storage';
import { loadPersistedTags, savePersistedTags } from './persisted-tags';
import { HOME_TAG } from './view-tags';

const STORED = 'tags-view-visited';
const anyPath = () => true;

describe('persisted tags', () => {
  it('stores the opened tags without home, and loads them back', () => {
    const list = {
      path: '/cloud/cloudLis',
      fullPath: '/cloud/cloudLis?page=2',
      title: 'route.cloudList' as const,
    };
    savePersistedTags([HOME_TAG, { ...list, affix: false, noCache: true }]);
    expect(JSON.parse(window.localStorage.getItem(STORED) ?? 'null')).toEqual([{ ...list, noCache: true }]);
    expect(loadPersistedTags(anyPath)).toEqual([{ ...list, affix: false, noCache: true }]);
  });

  it('drops what is malformed, repeated, home, off-site or not open to the session', () => {
    window.localStorage.setItem(
      STORED,
      JSON.stringify([
        { path: '/user/profile', fullPath: '/user/profile', title: 'route.profile' },
        { path: '/user/profile', fullPath: '/user/profile?x=1', title: 'route.profile' },
        { path: '/index', fullPath: '/index', title: 'route.home' },
        { path: '//evil.example', fullPath: '//evil.example', title: 'route.home' },
        { path: '/cloud/buy', fullPath: 'https://evil.example', title: 'route.cloudBuy' },
        { path: '/cloud/log', fullPath: '/cloud/log', title: 'route.cloudLog' },
        { path: '/cloud/buy', fullPath: '/cloud/buy', title: 42 },
        'junk',
      ]),
    );
    const tags = loadPersistedTags((path) => path !== '/cloud/log');
    expect(tags.map((tag) => tag.fullPath)).toEqual(['/user/profile']);
    window.localStorage.setItem(STORED, '{not json');
    expect(loadPersistedTags(anyPath)).toEqual([]);
  });

  it('forgets the tags when the session ends', () => {
    savePersistedTags([{ ...HOME_TAG, path: '/user/profile', fullPath: '/user/profile', affix: false }]);
    clearSession();
    expect(window.localStorage.getItem(STORED)).toBeNull();
  });
});
