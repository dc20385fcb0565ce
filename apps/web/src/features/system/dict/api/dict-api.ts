/** The operators' dictionary calls (RuoYi /system/dict/type… and /system/dict/data…). */
import { useQuery } from '@tanstack/react-query';
import type { DictDataAdmin, DictDataBody, DictTypeAdmin, DictTypeBody } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { postCreate, useAdminList, useCrudMutations } from '../../shared/admin-crud';

export const dictTypesKey = ['system', 'dict', 'types'] as const;
export const dictDataKey = ['system', 'dict', 'data'] as const;

export interface DictTypeFilter {
  dictName?: string;
  dictType?: string;
  status?: '0' | '1';
  begin_time?: string;
  end_time?: string;
}

export interface DictDataFilter {
  dictType?: string;
  dictLabel?: string;
  status?: '0' | '1';
}

export const useDictTypes = (query: object) =>
  useAdminList<DictTypeAdmin>(dictTypesKey, '/system/dict/type/list', query);

export const useDictData = (query: object, enabled: boolean) =>
  useAdminList<DictDataAdmin>(dictDataKey, '/system/dict/data/list', query, enabled);

export interface DictTypeOption {
  dictId: number;
  dictType: string;
  dictName: string;
  dictNameEn: string;
}

/** GET /system/dict/type/optionselect: every type, for the data page's type picker. */
export function useDictTypeOptions() {
  return useQuery({
    queryKey: [...dictTypesKey, 'options'],
    queryFn: async () => (await api.get<DictTypeOption[]>('/system/dict/type/optionselect')).data,
  });
}

const joinIds = (ids: number[]) => ids.join(',');

/** Type saves and deletions; `onChanged` lets the page drop this browser's cached dictionaries. */
export const useDictTypeMutations = (onChanged: () => void) =>
  useCrudMutations<DictTypeBody, DictTypeAdmin>(
    dictTypesKey,
    {
      create: (body, key) => postCreate('/system/dict/type', body, key),
      update: async (dictId, body) =>
        (await api.put<DictTypeAdmin>('/system/dict/type', { ...body, dictId })).data,
      remove: (ids) => api.delete(`/system/dict/type/${joinIds(ids)}`),
    },
    onChanged,
  );

export const useDictDataMutations = (onChanged: () => void) =>
  useCrudMutations<DictDataBody, DictDataAdmin>(
    dictDataKey,
    {
      create: (body, key) => postCreate('/system/dict/data', body, key),
      update: async (dictCode, body) =>
        (await api.put<DictDataAdmin>('/system/dict/data', { ...body, dictCode })).data,
      remove: (ids) => api.delete(`/system/dict/data/${joinIds(ids)}`),
    },
    onChanged,
  );
