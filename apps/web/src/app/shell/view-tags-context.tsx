import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';
import { isAvailablePath } from '../../lib/available-routes';
import type { RouteMeta } from '../route-meta';
import { clearPersistedTags, loadPersistedTags, savePersistedTags } from './persisted-tags';
import { redirectPathFor } from './redirect';
import { HOME_TAG, openTag, runTagCommand, type TagCommand, type ViewTag } from './view-tags';

export interface ViewTagsValue {
  tags: readonly ViewTag[];
  /** The pathname of the view on screen. */
  activePath: string;
  /** How often each view was refreshed: part of its key, so a refresh remounts it. */
  refreshKeys: Readonly<Record<string, number>>;
  /** Runs a command of the tags bar's menu on the tag of `path`. */
  run(command: TagCommand, path: string): void;
}

const ViewTagsContext = createContext<ViewTagsValue | null>(null);

export const ViewTagsProvider = ViewTagsContext.Provider;

export function useViewTags(): ViewTagsValue {
  const value = useContext(ViewTagsContext);
  if (!value) throw new Error('useViewTags() outside the console shell');
  return value;
}

function tagOf(path: string, fullPath: string, meta: RouteMeta): ViewTag {
  return {
    path,
    fullPath,
    title: meta.title,
    affix: Boolean(meta.affix),
    noCache: Boolean(meta.noCache),
  };
}

/**
 * The tags of the views visited in this shell, the view on screen always among them. With
 * `persist`, they start from the stored ones and are stored as they change; without, the stored
 * ones are forgotten.
 */
export function useViewTagsState(meta: RouteMeta | undefined, persist = false): ViewTagsValue {
  const location = useLocation();
  const navigate = useNavigate();
  const [tags, setTags] = useState<readonly ViewTag[]>(() =>
    persist ? [HOME_TAG, ...loadPersistedTags(isAvailablePath)] : [HOME_TAG],
  );
  useEffect(() => {
    if (persist) savePersistedTags(tags);
    else clearPersistedTags();
  }, [persist, tags]);
  const [refreshKeys, setRefreshKeys] = useState<Readonly<Record<string, number>>>({});
  const activePath = location.pathname;
  const fullPath = createPath(location);

  // The view on screen gets its tag in the same render it appears (state derived from the
  // location, React's pattern for it), so the bar never lags a frame behind. Only a new location
  // opens one: a tag closed while its view is still leaving is not opened again.
  const [tagged, setTagged] = useState<string>();
  if (meta && tagged !== fullPath) {
    setTagged(fullPath);
    setTags((current) => openTag(current, tagOf(activePath, fullPath, meta)));
  }

  const run = useCallback(
    (command: TagCommand, path: string) => {
      const target = tags.find((tag) => tag.path === path);
      if (!target) return;
      if (command === 'refresh') {
        setRefreshKeys((current) => ({ ...current, [path]: (current[path] ?? 0) + 1 }));
        void navigate(redirectPathFor(target.fullPath), { replace: path === activePath });
        return;
      }
      const change = runTagCommand(tags, command, path, activePath);
      setTags(change.tags);
      if (change.navigateTo !== undefined) void navigate(change.navigateTo);
    },
    [tags, activePath, navigate],
  );

  return useMemo(() => ({ tags, activePath, refreshKeys, run }), [tags, activePath, refreshKeys, run]);
}
