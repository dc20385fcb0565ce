/**
 * Which console paths this session can open: the route table's protected routes plus the ones
 * generated from GET /getRouters. Content from the server (banners, pop-ups, notices) links to
 * console paths; a link is only offered when its page exists here, so nothing leads to a 404.
 */
import { matchPath } from 'react-router';
import { onSessionEnd } from './storage';

let patterns: readonly string[] = [];

/** Called by the router when a session's routes are generated. */
export function setAvailablePaths(paths: readonly string[]): void {
  patterns = [...new Set(paths.filter((path) => path !== '*'))];
}

/** True for a path (query and hash allowed) that matches one of the session's routes. */
export function isAvailablePath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (!pathname.startsWith('/')) return false;
  return patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** An external https link, opened in a new tab. */
export function isExternalLink(link: string): boolean {
  return /^https:\/\//i.test(link);
}

onSessionEnd(() => {
  patterns = [];
});
