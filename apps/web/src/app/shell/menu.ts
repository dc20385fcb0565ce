/**
 * The shell's menu, built from the session's GET /getRouters tree (spec §2). An entry is offered
 * only when the console can open it: a page whose route this session has, an inner link, or an
 * external link (opened in a new tab). Hidden nodes are left out, and so is a group none of whose
 * children can be opened. The blocked entries (/phone, /ycs) are the exception: they are always
 * shown, greyed out, and only tell the user they are not open yet — /phone opens normally for a
 * user whose `ph_white_user` is 1. The cloud network menu (/zqgl), blocked by spec §2, is open to
 * every customer since office networks were built (issue 7): it shows the pages the console has.
 */
import type { RouterNode } from '@cloudbay/contracts';
import { HOME_PATH } from '../../lib/access-rule';
import { externalLinkOf, isInnerLink, joinPath, titleKey } from '../generated-routes';
import type { RouteMeta } from '../route-meta';

/** Top-level menu paths that are shown but not open yet (spec §2, less /zqgl: see above). */
export const BLOCKED_PATHS: readonly string[] = ['/phone', '/ycs'];
/** The blocked path a whitelisted user (ph_white_user = 1) may open. */
const PHONE_PATH = '/phone';

export type MenuEntryKind = 'page' | 'group' | 'external' | 'blocked';

export interface MenuEntry {
  /** The absolute path: unique in the menu, and where a page entry leads. */
  key: string;
  kind: MenuEntryKind;
  title: RouteMeta['title'];
  /** An icon name of the menu data ('desktop', 'wallet', …). */
  icon: string | null;
  /** Where an external entry leads (a new tab). */
  link?: string;
  /** The search parameters a page entry opens with (the menu's RuoYi `query`). */
  query?: Readonly<Record<string, string | number>>;
  children?: MenuEntry[];
}

/** Where a page entry leads: its path, with the menu's route parameters as the search. */
export function entryHref(entry: Pick<MenuEntry, 'key' | 'query'>): string {
  const params = new URLSearchParams(
    Object.entries(entry.query ?? {}).map(([name, value]) => [name, String(value)]),
  ).toString();
  return params ? `${entry.key}?${params}` : entry.key;
}

export interface MenuContext {
  /** Whether the console has a route for `path` in this session. */
  isAvailable(path: string): boolean;
  /** The cached user's `ph_white_user` is 1: the phone menu behaves like any other. */
  phoneAllowed: boolean;
}

/** Whether a top-level path is shown greyed out with the 'not yet open' warning. */
export function isBlockedPath(path: string, { phoneAllowed }: Pick<MenuContext, 'phoneAllowed'>): boolean {
  if (!BLOCKED_PATHS.includes(path)) return false;
  return !(path === PHONE_PATH && phoneAllowed);
}

/** The home entry every menu starts with (a constant route, not part of the menu data). */
export const HOME_ENTRY: MenuEntry = Object.freeze({
  key: HOME_PATH,
  kind: 'page',
  title: 'route.home',
  icon: 'dashboard',
});

function entryOf(node: RouterNode, parentPath: string, context: MenuContext): MenuEntry | undefined {
  if (node.hidden) return undefined;
  const path = joinPath(parentPath, node.path);
  const base = {
    key: path,
    title: titleKey(node.meta.title),
    icon: node.meta.icon,
    ...(node.query ? { query: node.query } : {}),
  };
  if (isBlockedPath(path, context)) return { ...base, kind: 'blocked' };

  const link = externalLinkOf(node);
  if (link !== undefined) return { ...base, kind: 'external', link };
  if (isInnerLink(node)) return context.isAvailable(path) ? { ...base, kind: 'page' } : undefined;

  if (node.children?.length) {
    const children = entriesOf(node.children, path, context);
    return children.length > 0 ? { ...base, kind: 'group', children } : undefined;
  }
  return context.isAvailable(path) ? { ...base, kind: 'page' } : undefined;
}

function entriesOf(nodes: readonly RouterNode[], parentPath: string, context: MenuContext): MenuEntry[] {
  return nodes.flatMap((node) => entryOf(node, parentPath, context) ?? []);
}

/** The menu of `nodes`: home first (unless the data names it), then what the session can open. */
export function buildMenu(nodes: readonly RouterNode[], context: MenuContext): MenuEntry[] {
  const entries = entriesOf(nodes, '/', context);
  return entries.some((entry) => entry.key === HOME_PATH) ? entries : [HOME_ENTRY, ...entries];
}

/** Every entry of the tree, depth first. */
export function flattenMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenMenu(entry.children ?? [])]);
}

/** The entries from the top down to the page entry of `pathname`; empty when the menu does not hold it. */
export function menuTrail(entries: readonly MenuEntry[], pathname: string): MenuEntry[] {
  for (const entry of entries) {
    if (entry.kind !== 'group') {
      if (entry.key === pathname) return [entry];
      continue;
    }
    const below = menuTrail(entry.children ?? [], pathname);
    if (below.length > 0) return [entry, ...below];
  }
  return [];
}

/** The first page a group leads to (a top-level group clicked in the header). */
export function firstPageOf(entry: MenuEntry): MenuEntry | undefined {
  if (entry.kind === 'page') return entry;
  for (const child of entry.children ?? []) {
    const page = firstPageOf(child);
    if (page) return page;
  }
  return undefined;
}

export interface Crumb {
  path: string;
  title: RouteMeta['title'];
}

/**
 * The titles from the top of the menu data down to `pathname`, hidden nodes included (the
 * breadcrumb of /user/profile names its 'account' group although the menu does not show it).
 */
export function crumbTrail(nodes: readonly RouterNode[], pathname: string, parentPath = '/'): Crumb[] {
  for (const node of nodes) {
    const path = joinPath(parentPath, node.path);
    const crumb = { path, title: titleKey(node.meta.title) };
    if (path === pathname && !node.children?.length) return [crumb];
    const below = crumbTrail(node.children ?? [], pathname, path);
    if (below.length > 0) return [crumb, ...below];
  }
  return [];
}
