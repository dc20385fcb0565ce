/**
 * The 'persist tags' setting (RuoYi's tagsViewPersist): the open tags in local storage
 * `tags-view-visited`, so a reload opens them again. Each stored tag is checked on load like the
 * layout settings; only those the session may still open come back (grants change, pages go).
 * A session's tags are its own: they are forgotten when it ends.
 */
import { HOME_PATH } from '../../lib/access-rule';
import { StorageKey, onSessionEnd, readJson, removeItem, writeJson } from '../../lib/storage';
import type { RouteMeta } from '../route-meta';
import type { ViewTag } from './view-tags';

/** What is stored of a tag: the page, where it leads back to (query and hash), its title. */
type StoredTag = Pick<ViewTag, 'path' | 'fullPath' | 'title' | 'noCache'>;

function storedTagOf(value: unknown): StoredTag | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { path, fullPath, title, noCache } = value as Record<string, unknown>;
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return undefined;
  if (typeof fullPath !== 'string' || !fullPath.startsWith(path)) return undefined;
  if (typeof title !== 'string' || !title.startsWith('route.')) return undefined;
  return { path, fullPath, title: title as RouteMeta['title'], noCache: noCache === true };
}

/** The stored tags (home left out: it is always first) whose page `mayOpen` allows. */
export function loadPersistedTags(mayOpen: (path: string) => boolean): ViewTag[] {
  const stored = readJson<unknown>(StorageKey.tagsViewVisited);
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>([HOME_PATH]);
  return stored.flatMap((value) => {
    const tag = storedTagOf(value);
    if (!tag || seen.has(tag.path) || !mayOpen(tag.path)) return [];
    seen.add(tag.path);
    return [{ ...tag, affix: false }];
  });
}

/** Stores the tags the user opened (affixed ones come back by themselves). */
export function savePersistedTags(tags: readonly ViewTag[]): void {
  writeJson(
    StorageKey.tagsViewVisited,
    tags
      .filter((tag) => !tag.affix)
      .map(({ path, fullPath, title, noCache }) => ({ path, fullPath, title, noCache })),
  );
}

export function clearPersistedTags(): void {
  removeItem(StorageKey.tagsViewVisited);
}

onSessionEnd(clearPersistedTags);
