import { Activity, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import type { RouteMeta } from '../route-meta';
import { useViewTags } from './view-tags-context';

interface KeptView {
  /** The view's element as it was last on screen: it carries its own route matches and params. */
  element: ReactNode;
  /** The refresh count it was rendered for: a refresh drops it. */
  generation: number;
}

type KeptViews = ReadonlyMap<string, KeptView>;

interface ViewsInput {
  pathname: string;
  outlet: ReactNode;
  /** The view on screen is kept once it is left. */
  keepCurrent: boolean;
  keepAlive: boolean;
  openPaths: ReadonlySet<string>;
  generationOf(path: string): number;
}

/** The views to keep: `previous` itself when nothing changed, so state settles at once. */
function keptViews(previous: KeptViews, input: ViewsInput): KeptViews {
  const { pathname, outlet, keepCurrent, keepAlive, openPaths, generationOf } = input;
  const next = new Map<string, KeptView>();
  for (const [path, view] of previous) {
    const closed = path !== pathname && !openPaths.has(path);
    if (keepAlive && !closed && view.generation === generationOf(path)) next.set(path, view);
  }
  if (keepCurrent) {
    // Kept views pruned above were dropped for a refresh: the current one comes back fresh.
    if (next.get(pathname)?.element !== outlet) {
      next.set(pathname, { element: outlet, generation: generationOf(pathname) });
    }
  } else {
    next.delete(pathname);
  }
  const same = next.size === previous.size && [...next].every(([path, view]) => previous.get(path) === view);
  return same ? previous : next;
}

/**
 * The page outlet of the shell, keeping views alive (spec §2 tags bar): a view whose tag is open
 * stays mounted, hidden, while another is on screen (React's <Activity mode="hidden">: its state
 * and DOM are kept, its effects are cleaned up until it shows again). A route whose meta says
 * `noCache` is unmounted when left, and nothing is kept when the tags bar is off (there would be
 * no way to close what is kept). A refreshed view gets a new key, so it mounts afresh.
 */
export function ViewHost({ keepAlive, meta }: { keepAlive: boolean; meta: RouteMeta | undefined }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const { tags, refreshKeys } = useViewTags();
  const generationOf = (path: string) => refreshKeys[path] ?? 0;
  const keepCurrent = keepAlive && meta !== undefined && !meta.noCache;

  // Derived from the location and the tags while rendering (React's pattern for state that
  // follows props), so the view on screen and the kept ones render together.
  const [views, setViews] = useState<KeptViews>(() => new Map());
  const next = keptViews(views, {
    pathname,
    outlet,
    keepCurrent,
    keepAlive,
    openPaths: new Set(tags.map((tag) => tag.path)),
    generationOf,
  });
  if (next !== views) setViews(next);

  const rendered: [string, ReactNode][] = [...next].map(([path, view]) => [path, view.element]);
  if (!keepCurrent) rendered.push([pathname, outlet]);
  return rendered.map(([path, element]) => (
    <Activity key={`${path}#${generationOf(path)}`} mode={path === pathname ? 'visible' : 'hidden'}>
      {element}
    </Activity>
  ));
}
