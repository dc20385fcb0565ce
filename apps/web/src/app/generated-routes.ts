/**
 * Turns the menu tree of GET /getRouters into routes (spec §2: dynamic routes generated from the
 * user's permissions). Only nodes whose component key names a page the web has become routes; menu
 * groups ('Layout', 'ParentView') only lend their path to their children; inner links
 * ('InnerLink' with meta.link) become the frame page showing their address; external links and
 * pages not built yet are skipped. A node whose permissions the user lacks is dropped with its
 * children.
 */
import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouterNode } from '@cloudbay/contracts';
import { meetsRequirement, type Grants } from '../lib/access';
import type { RouteHandle, RouteMeta } from './route-meta';

export type PageLoader = () => Promise<ComponentType>;
/** Loads the page of inner links: a frame showing `src`. */
export type InnerLinkLoader = () => Promise<ComponentType<{ src: string; title: RouteMeta['title'] }>>;

/** Route ids of generated routes: stable, so patching the same route twice is a no-op. */
export function generatedRouteId(path: string): string {
  return `generated:${path}`;
}

/** The component key of a menu node shown inside the console in a frame. */
export const INNER_LINK_COMPONENT = 'InnerLink';

/** The absolute path of `path` under `parent` (a node's path may be relative to its group's). */
export function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${path}`;
}

/** A node the console shows in a frame, at its own path. */
export function isInnerLink(node: RouterNode): node is RouterNode & { meta: { link: string } } {
  return node.component === INNER_LINK_COMPONENT && Boolean(node.meta.link);
}

/** The address a node links out to (a new tab), or undefined for a page of the console. */
export function externalLinkOf(node: RouterNode): string | undefined {
  if (isInnerLink(node)) return undefined;
  if (node.meta.link) return node.meta.link;
  return /^[a-z][a-z0-9+.-]*:/i.test(node.path) ? node.path : undefined;
}

/** The server names titles under `route.`; both 'route.cloudBuy' and 'cloudBuy' are accepted. */
export function titleKey(title: string): RouteMeta['title'] {
  return (title.startsWith('route.') ? title : `route.${title}`) as RouteMeta['title'];
}

/** A route whose page code is fetched on first visit; a failed fetch reaches the error page. */
export function lazyPageRoute(
  id: string | undefined,
  path: string,
  meta: RouteMeta,
  page: PageLoader,
): RouteObject {
  const handle: RouteHandle = { meta };
  // The function form of `lazy`: with the object form react-router ignores a page whose chunk fails
  // to load and renders nothing; this way the failure reaches the error boundary.
  return { ...(id ? { id } : {}), path, handle, lazy: async () => ({ Component: await page() }) };
}

export interface GenerateOptions {
  /** Component key → page; keys without a page are skipped. */
  pages: Readonly<Record<string, PageLoader>>;
  /** Paths the route table already serves (e.g. /user/profile): never generated twice. */
  reservedPaths?: ReadonlySet<string>;
  /** The page of inner links; without it they are skipped. */
  innerLink?: InnerLinkLoader;
}

function pageOf(node: RouterNode, { pages, innerLink }: GenerateOptions): PageLoader | undefined {
  if (!isInnerLink(node)) return Object.hasOwn(pages, node.component) ? pages[node.component] : undefined;
  if (!innerLink) return undefined;
  // The address is bound here rather than read from the matched route at run time: a kept-alive
  // frame must not follow the route on screen, or it would reload whenever another view shows.
  const props = { src: node.meta.link, title: titleKey(node.meta.title) };
  return () => innerLink().then((Frame) => () => createElement(Frame, props));
}

function metaOf(node: RouterNode): RouteMeta {
  return {
    title: titleKey(node.meta.title),
    permissions: node.meta.permissions,
    ...(node.meta.noCache ? { noCache: true } : {}),
    ...(isInnerLink(node) ? { link: node.meta.link } : {}),
  };
}

/** The routes of `nodes` that `grants` may open, flattened to absolute paths. */
export function generateRoutes(
  nodes: readonly RouterNode[],
  grants: Grants,
  options: GenerateOptions,
): RouteObject[] {
  const { reservedPaths = new Set() } = options;
  const routes: RouteObject[] = [];
  const seen = new Set(reservedPaths);

  const visit = (node: RouterNode, parentPath: string) => {
    if (externalLinkOf(node) !== undefined) return;
    if (!meetsRequirement(grants, { permissions: node.meta.permissions })) return;
    const path = joinPath(parentPath, node.path);
    for (const child of node.children ?? []) visit(child, path);

    const page = pageOf(node, options);
    if (!page || seen.has(path)) return;
    seen.add(path);
    routes.push(lazyPageRoute(generatedRouteId(path), path, metaOf(node), page));
  };

  for (const node of nodes) visit(node, '/');
  return routes;
}
