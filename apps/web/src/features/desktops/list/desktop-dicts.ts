/** The dictionaries that label a desktop's values (spec §4 Cloud computer and Resource statuses). */
import type { StatusDictType } from '@cloudbay/contracts/core';
import { useDict, type DictMap } from '../../../lib/dict-cache';

const DESKTOP_DICTS = [
  'desktop_status',
  'resource_status',
  'billing_method',
] as const satisfies readonly StatusDictType[];

export type DesktopDicts = DictMap<(typeof DESKTOP_DICTS)[number]>;

/** Every desktop dictionary, each an empty list until it has arrived. */
export function useDesktopDicts(): DesktopDicts {
  return useDict(...DESKTOP_DICTS);
}
