import { isAvailablePath, isExternalLink } from '../../lib/available-routes';

/** Where a link from server content may lead: a console page this session has, or an https site. */
export type ContentTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/** Anything else (a page not built yet, another scheme, empty) leads nowhere and is not offered. */
export function contentTarget(link: string): ContentTarget | null {
  const trimmed = link.trim();
  if (isExternalLink(trimmed)) return { kind: 'external', href: trimmed };
  if (isAvailablePath(trimmed)) return { kind: 'internal', to: trimmed };
  return null;
}
