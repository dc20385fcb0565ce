/**
 * Turns the menu tree of GET /getRouters into routes (spec §2: dynamic routes generated from the
 * user's permissions). Only nodes whose component key names a page the web has become routes; menu
 * groups ('Layout', 'ParentView') only lend their path to their children, external links and pages
 * not built yet are skipped. A node whose permissions the user lacks is dropped with its children.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouterNode } from '@cloudbay/contracts';
import { meetsRequirement, type Grants } from '../lib/access';
import type { RouteHandle, RouteMeta } from './route-meta';

export type PageLoader = () => Promise<ComponentType>;

/** Route ids of generated routes: stable, so patching the same route twice is a no-op. */
export function generatedRouteId(path: string): string {
  return `generated:${path}`;
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${path}`;
}

function isExternal(node: RouterNode): boolean {
  return Boolean(node.meta.link) || /^[a-z][a-z0-9+.-]*:/i.test(node.path);
}

/** The server names titles under `route.`; both 'route.cloudBuy' and 'cloudBuy' are accepted. */
function titleKey(title: string): RouteMeta['title'] {
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
}

/** The routes of `nodes` that `grants` may open, flattened to absolute paths. */
export function generateRoutes(
  nodes: readonly RouterNode[],
  grants: Grants,
  { pages, reservedPaths = new Set() }: GenerateOptions,
): RouteObject[] {
  const routes: RouteObject[] = [];
  const seen = new Set(reservedPaths);

  const visit = (node: RouterNode, parentPath: string) => {
    if (isExternal(node)) return;
    if (!meetsRequirement(grants, { permissions: node.meta.permissions })) return;
    const path = joinPath(parentPath, node.path);
    for (const child of node.children ?? []) visit(child, path);

    const page = Object.hasOwn(pages, node.component) ? pages[node.component] : undefined;
    if (!page || seen.has(path)) return;
    seen.add(path);
    const meta: RouteMeta = { title: titleKey(node.meta.title), permissions: node.meta.permissions };
    routes.push(lazyPageRoute(generatedRouteId(path), path, meta, page));
  };

  for (const node of nodes) visit(node, '/');
  return routes;
}
