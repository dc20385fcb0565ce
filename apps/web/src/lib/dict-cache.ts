/**
 * Dictionaries (spec §3 Dictionary entry, §4 Dictionary cache, §7 Dictionary): the entries of a type
 * are fetched from GET /system/dict/data/type/{type} on first use and kept in memory for the life of
 * the page; concurrent first uses share one request. Labels come in the page's language, which only
 * changes through a reload, so nothing needs to expire; an operator who edits a dictionary calls
 * `removeDict(type)` to see the change.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { DictEntry } from '@cloudbay/contracts';
import { MULTI_VALUE_SEPARATOR } from '@cloudbay/contracts/core';
import { api } from './request';

/** A cached entry, as spec §3 names it: the tag style is `elTagType`, extra classes `elTagClass`. */
export interface DictOption {
  label: string;
  value: string;
  /** listClass: 'primary', 'success', 'info', 'warning', 'danger', or '' / 'default' for plain text. */
  elTagType: string;
  /** cssClass: extra class names for the tag. */
  elTagClass: string;
}

export type DictMap<T extends string = string> = Record<T, DictOption[]>;

type Snapshot = ReadonlyMap<string, DictOption[]>;

let cached: Snapshot = new Map();
const pending = new Map<string, Promise<DictOption[]>>();
const listeners = new Set<() => void>();

function publish(next: Snapshot): void {
  // A new map per change: hooks compare snapshots by identity.
  cached = next;
  for (const listener of listeners) listener();
}

export function toDictOption(entry: DictEntry): DictOption {
  return {
    label: entry.dictLabel,
    value: entry.dictValue,
    elTagType: entry.listClass,
    elTagClass: entry.cssClass,
  };
}

/** GET /system/dict/data/type/{type}, without the cache. */
export async function fetchDictEntries(type: string): Promise<DictEntry[]> {
  const { data } = await api.get<DictEntry[]>(`/system/dict/data/type/${encodeURIComponent(type)}`);
  return data;
}

/** The cached entries of `type`, or undefined before its first load. */
export function peekDict(type: string): DictOption[] | undefined {
  return cached.get(type);
}

/**
 * The entries of `type`: from memory, else fetched once. A failed fetch is not remembered (the
 * request client has told the user), so the next use tries again.
 */
export function getDict(type: string): Promise<DictOption[]> {
  const hit = cached.get(type);
  if (hit) return Promise.resolve(hit);
  const inFlight = pending.get(type);
  if (inFlight) return inFlight;

  const load = fetchDictEntries(type)
    .then((entries) => {
      const options = entries.map(toDictOption);
      // Removed or cleared while loading: the answer may be what the caller wanted gone.
      if (pending.get(type) === load) publish(new Map(cached).set(type, options));
      return options;
    })
    .finally(() => {
      if (pending.get(type) === load) pending.delete(type);
    });
  pending.set(type, load);
  return load;
}

/** Forgets `type`; its next use fetches it again. */
export function removeDict(type: string): void {
  pending.delete(type);
  if (!cached.has(type)) return;
  const next = new Map(cached);
  next.delete(type);
  publish(next);
}

/** Forgets every dictionary. */
export function clearDicts(): void {
  pending.clear();
  if (cached.size > 0) publish(new Map());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Snapshot {
  return cached;
}

/**
 * The entries of each of `types`, loading those not yet cached: `{ [type]: entries }`, an empty
 * list until a type has arrived.
 */
export function useDict<T extends string>(...types: T[]): DictMap<T> {
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const key = types.join('\n');

  useEffect(() => {
    for (const type of key.split('\n')) {
      // Failures are shown by the request client; the list stays empty.
      if (type && !cached.has(type)) getDict(type).catch(() => undefined);
    }
  }, [key]);

  return useMemo(() => {
    const map = {} as DictMap<T>;
    for (const type of key.split('\n') as T[]) map[type] = state.get(type) ?? [];
    return map;
  }, [state, key]);
}

/** Splits a multi-value field: an array as it is, a string at the separator, blanks dropped. */
export function splitValues(value: unknown, separator = MULTI_VALUE_SEPARATOR): string[] {
  if (value === null || value === undefined || value === '') return [];
  const parts = Array.isArray(value) ? value : String(value).split(separator);
  return parts.map((part) => String(part).trim()).filter((part) => part !== '');
}

/** The labels of `value` (one value or several), joined; unknown values are shown as they are. */
export function dictLabel(
  options: readonly DictOption[],
  value: unknown,
  separator = MULTI_VALUE_SEPARATOR,
): string {
  return splitValues(value, separator)
    .map((item) => options.find((option) => option.value === item)?.label ?? item)
    .join(separator);
}
