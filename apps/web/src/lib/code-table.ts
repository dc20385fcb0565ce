/**
 * The code table (spec §3, §7 GET /code_table): labels of server codes (pay types, units, billing
 * methods…) in both languages, cached in local storage `code_table`.
 */
import { useCallback, useMemo } from 'react';
import type { CodeTableEntry } from '@cloudbay/contracts';
import { currentLanguage } from './i18n';
import { createStoredList } from './stored-list';
import { StorageKey } from './storage';

export const codeTable = createStoredList<CodeTableEntry>(StorageKey.codeTable, '/code_table');

/** The label of `entry` in the page's language; `key` itself when there is no entry or label. */
function pickLabel(entry: CodeTableEntry | undefined, key: string): string {
  if (!entry) return key;
  return (currentLanguage() === 'en-US' ? entry['en-us'] : entry['zh-cn']) || key;
}

/** The label of `key` from the stored table (outside React); the key when it is not there yet. */
export function codeLabel(key: string): string {
  return pickLabel(
    codeTable.get().find((entry) => entry.key === key),
    key,
  );
}

/** A `codeLabel` that re-renders when the table arrives; loads the table once per page load. */
export function useCodeLabel(): (key: string) => string {
  const entries = codeTable.useList();
  const byKey = useMemo(() => new Map(entries.map((entry) => [entry.key, entry])), [entries]);
  return useCallback((key: string) => pickLabel(byKey.get(key), key), [byKey]);
}
