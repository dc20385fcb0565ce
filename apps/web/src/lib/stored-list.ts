/**
 * A reference list the console keeps in local storage (spec §9 keys `code_table`, `areaList`,
 * `phRegions`): read at once from the stored copy, refreshed from the server at most once per page
 * load. The language only changes through a reload, so one refresh per load keeps labels current.
 * Failures are silent: the stored copy (or nothing) stays and the next page load tries again.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { quietGet } from './quiet-get';
import { readJson, writeJson, type StorageKey } from './storage';

export interface StoredList<T> {
  /** The stored entries (empty before the first load ever succeeded). */
  get(): readonly T[];
  /** Fetches and stores the list unless this page load already did; concurrent calls share one fetch. */
  refresh(): Promise<readonly T[]>;
  /** Fetches and stores the list again, even if this page load already did. */
  reload(): Promise<readonly T[]>;
  /** The entries, re-rendering when they change; refreshes once per page load when first used. */
  useList(): readonly T[];
  /** Forgets the in-memory state, so the next read starts from storage again (tests). */
  reset(): void;
}

const EMPTY: readonly never[] = [];

export function createStoredList<T>(key: StorageKey, url: string): StoredList<T> {
  let entries: readonly T[] | undefined;
  let loading: Promise<readonly T[]> | undefined;
  let refreshed = false;
  const listeners = new Set<() => void>();

  function get(): readonly T[] {
    // Read storage once: the snapshot must stay the same object until the list changes.
    if (entries === undefined) {
      const stored = readJson<unknown>(key);
      entries = Array.isArray(stored) ? (stored as T[]) : EMPTY;
    }
    return entries;
  }

  function reload(): Promise<readonly T[]> {
    loading ??= quietGet<T[]>(url)
      .then((fresh) => {
        refreshed = true;
        entries = fresh;
        writeJson(key, fresh);
        for (const listener of listeners) listener();
        return fresh;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  function refresh(): Promise<readonly T[]> {
    return refreshed ? Promise.resolve(get()) : reload();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  function useList(): readonly T[] {
    const list = useSyncExternalStore(subscribe, get, get);
    useEffect(() => {
      refresh().catch(() => undefined);
    }, []);
    return list;
  }

  function reset(): void {
    entries = undefined;
    loading = undefined;
    refreshed = false;
  }

  return { get, refresh, reload, useList, reset };
}
