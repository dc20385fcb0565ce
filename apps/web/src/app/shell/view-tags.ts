/**
 * The tags bar of visited views (spec §2) as plain functions of the tag list: opening a view, and
 * the commands of its right-click menu. Affixed tags (home) are never closed. When the view on
 * screen is closed, the change names where to go: after closing one tag its neighbour (the tag
 * that takes its place, else the one before it); after the bulk commands the tag they were run on,
 * or the last tag left.
 */
import { HOME_PATH } from '../../lib/access-rule';
import type { RouteMeta } from '../route-meta';

export interface ViewTag {
  /** The view's pathname: one tag per page. */
  path: string;
  /** Where the tag leads back to: the pathname with the query and hash the view last had. */
  fullPath: string;
  title: RouteMeta['title'];
  affix: boolean;
  /** The view is not kept alive while hidden. */
  noCache: boolean;
}

export const HOME_TAG: ViewTag = Object.freeze({
  path: HOME_PATH,
  fullPath: HOME_PATH,
  title: 'route.home',
  affix: true,
  noCache: false,
});

export const TAG_COMMANDS = [
  'refresh',
  'close',
  'closeOthers',
  'closeLeft',
  'closeRight',
  'closeAll',
] as const;
export type TagCommand = (typeof TAG_COMMANDS)[number];

/** The tag list with `tag` in it: appended when new, else updated in place (query, title). */
export function openTag(tags: readonly ViewTag[], tag: ViewTag): ViewTag[] {
  const index = tags.findIndex((existing) => existing.path === tag.path);
  if (index === -1) return [...tags, tag];
  const existing = tags[index]!;
  if (existing.fullPath === tag.fullPath && existing.title === tag.title) return [...tags];
  const next = [...tags];
  next[index] = { ...tag, affix: existing.affix || tag.affix };
  return next;
}

export interface TagsChange {
  tags: ViewTag[];
  /** Where to go because the view on screen was closed. */
  navigateTo?: string;
}

function keep(tags: readonly ViewTag[], keepTag: (tag: ViewTag, index: number) => boolean): ViewTag[] {
  return tags.filter((tag, index) => tag.affix || keepTag(tag, index));
}

/** The tag that takes a closed tag's place: the next one, else the one before, else home. */
function neighbourOf(remaining: readonly ViewTag[], closedIndex: number): string {
  const neighbour = remaining[closedIndex] ?? remaining[closedIndex - 1];
  return neighbour?.fullPath ?? HOME_PATH;
}

/**
 * The tags after running `command` on the tag of `targetPath` while `activePath` is on screen.
 * 'refresh' changes no tag (the view is remounted by the caller).
 */
export function runTagCommand(
  tags: readonly ViewTag[],
  command: TagCommand,
  targetPath: string,
  activePath: string,
): TagsChange {
  const targetIndex = tags.findIndex((tag) => tag.path === targetPath);
  const target = tags[targetIndex];
  if (!target || command === 'refresh') return { tags: [...tags] };

  let next: ViewTag[];
  switch (command) {
    case 'close':
      next = keep(tags, (tag) => tag.path !== targetPath);
      break;
    case 'closeOthers':
      next = keep(tags, (tag) => tag.path === targetPath);
      break;
    case 'closeLeft':
      next = keep(tags, (_, index) => index >= targetIndex);
      break;
    case 'closeRight':
      next = keep(tags, (_, index) => index <= targetIndex);
      break;
    case 'closeAll':
      next = keep(tags, () => false);
      break;
  }

  if (next.some((tag) => tag.path === activePath) || !tags.some((tag) => tag.path === activePath)) {
    return { tags: next };
  }
  if (command === 'close') return { tags: next, navigateTo: neighbourOf(next, targetIndex) };
  const kept = next.find((tag) => tag.path === targetPath) ?? next.at(-1);
  return { tags: next, navigateTo: kept?.fullPath ?? HOME_PATH };
}

/** Whether `command` would change anything for the tag of `targetPath` (greys out the menu item). */
export function canRunTagCommand(tags: readonly ViewTag[], command: TagCommand, targetPath: string): boolean {
  const targetIndex = tags.findIndex((tag) => tag.path === targetPath);
  if (targetIndex === -1) return false;
  const anyClosable = (inRange: (index: number) => boolean) =>
    tags.some((tag, index) => !tag.affix && inRange(index));
  switch (command) {
    case 'refresh':
      return true;
    case 'close':
      return !tags[targetIndex]!.affix;
    case 'closeOthers':
      return anyClosable((index) => index !== targetIndex);
    case 'closeLeft':
      return anyClosable((index) => index < targetIndex);
    case 'closeRight':
      return anyClosable((index) => index > targetIndex);
    case 'closeAll':
      return anyClosable(() => true);
  }
}
