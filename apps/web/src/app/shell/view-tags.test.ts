import { describe, expect, it } from 'vitest';
import { HOME_TAG, canRunTagCommand, openTag, runTagCommand, type ViewTag } from './view-tags';

function tag(path: string, extra: Partial<ViewTag> = {}): ViewTag {
  return { path, fullPath: path, title: 'route.profile', affix: false, noCache: false, ...extra };
}

const paths = (tags: readonly ViewTag[]) => tags.map((item) => item.path);
/** home, a, b, c, d */
const TAGS = [HOME_TAG, tag('/a'), tag('/b'), tag('/c'), tag('/d')];

describe('openTag', () => {
  it('appends a new view and updates a known one in place (its query)', () => {
    const opened = openTag(openTag([HOME_TAG], tag('/a')), tag('/b'));
    expect(paths(opened)).toEqual(['/index', '/a', '/b']);
    const again = openTag(opened, tag('/a', { fullPath: '/a?page=2' }));
    expect(paths(again)).toEqual(['/index', '/a', '/b']);
    expect(again[1]?.fullPath).toBe('/a?page=2');
  });

  it('keeps an affixed tag affixed', () => {
    expect(openTag([HOME_TAG], { ...HOME_TAG, affix: false, fullPath: '/index?x=1' })[0]?.affix).toBe(true);
  });
});

describe('runTagCommand', () => {
  it('closes the current tag and goes to the one that takes its place', () => {
    expect(runTagCommand(TAGS, 'close', '/b', '/b')).toEqual({
      tags: [HOME_TAG, TAGS[1], TAGS[3], TAGS[4]],
      navigateTo: '/c',
    });
  });

  it('goes to the tag before when the last tag is closed', () => {
    const change = runTagCommand(TAGS, 'close', '/d', '/d');
    expect(paths(change.tags)).toEqual(['/index', '/a', '/b', '/c']);
    expect(change.navigateTo).toBe('/c');
  });

  it('goes back to where the neighbour was (its query)', () => {
    const tags = [HOME_TAG, tag('/a'), tag('/b', { fullPath: '/b?page=3#top' })];
    expect(runTagCommand(tags, 'close', '/a', '/a').navigateTo).toBe('/b?page=3#top');
  });

  it('stays put when a tag other than the current one is closed', () => {
    const change = runTagCommand(TAGS, 'close', '/c', '/a');
    expect(paths(change.tags)).toEqual(['/index', '/a', '/b', '/d']);
    expect(change.navigateTo).toBeUndefined();
  });

  it('never closes an affixed tag', () => {
    expect(paths(runTagCommand(TAGS, 'close', '/index', '/index').tags)).toEqual(paths(TAGS));
    expect(paths(runTagCommand(TAGS, 'closeAll', '/b', '/b').tags)).toEqual(['/index']);
  });

  it('closes the others, keeping home, and shows the tag it was run on', () => {
    expect(runTagCommand(TAGS, 'closeOthers', '/c', '/a')).toEqual({
      tags: [HOME_TAG, TAGS[3]],
      navigateTo: '/c',
    });
    expect(runTagCommand(TAGS, 'closeOthers', '/c', '/c').navigateTo).toBeUndefined();
  });

  it('closes the tags to the left', () => {
    expect(paths(runTagCommand(TAGS, 'closeLeft', '/c', '/d').tags)).toEqual(['/index', '/c', '/d']);
    expect(runTagCommand(TAGS, 'closeLeft', '/c', '/d').navigateTo).toBeUndefined();
    expect(runTagCommand(TAGS, 'closeLeft', '/c', '/a').navigateTo).toBe('/c');
  });

  it('closes the tags to the right', () => {
    expect(paths(runTagCommand(TAGS, 'closeRight', '/b', '/a').tags)).toEqual(['/index', '/a', '/b']);
    expect(runTagCommand(TAGS, 'closeRight', '/b', '/a').navigateTo).toBeUndefined();
    expect(runTagCommand(TAGS, 'closeRight', '/b', '/d').navigateTo).toBe('/b');
  });

  it('closes all but the affixed tags and shows the last one left', () => {
    expect(runTagCommand(TAGS, 'closeAll', '/b', '/c')).toEqual({ tags: [HOME_TAG], navigateTo: '/index' });
    expect(runTagCommand(TAGS, 'closeAll', '/b', '/index').navigateTo).toBeUndefined();
  });

  it('changes nothing for refresh or an unknown tag', () => {
    expect(runTagCommand(TAGS, 'refresh', '/b', '/b')).toEqual({ tags: TAGS });
    expect(runTagCommand(TAGS, 'close', '/nope', '/b')).toEqual({ tags: TAGS });
  });
});

describe('canRunTagCommand', () => {
  it('offers only what would change something', () => {
    const two = [HOME_TAG, tag('/a')];
    expect(canRunTagCommand(two, 'close', '/index')).toBe(false);
    expect(canRunTagCommand(two, 'close', '/a')).toBe(true);
    expect(canRunTagCommand(two, 'closeLeft', '/a')).toBe(false);
    expect(canRunTagCommand(two, 'closeRight', '/a')).toBe(false);
    expect(canRunTagCommand(two, 'closeRight', '/index')).toBe(true);
    expect(canRunTagCommand(two, 'closeOthers', '/a')).toBe(false);
    expect(canRunTagCommand(two, 'closeOthers', '/index')).toBe(true);
    expect(canRunTagCommand([HOME_TAG], 'closeAll', '/index')).toBe(false);
    expect(canRunTagCommand([HOME_TAG], 'refresh', '/index')).toBe(true);
  });
});
