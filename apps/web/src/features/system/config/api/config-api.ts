/** The operators' settings calls (RuoYi /system/config…). */
import type { SysConfig, SysConfigBody } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { postCreate, useAdminList, useCrudMutations } from '../../shared/admin-crud';

export const configsKey = ['system', 'config'] as const;

export interface ConfigFilter {
  configName?: string;
  configKey?: string;
  configType?: 'Y' | 'N';
  begin_time?: string;
  end_time?: string;
}

export const useConfigs = (query: object) =>
  useAdminList<SysConfig>(configsKey, '/system/config/list', query);

export const useConfigMutations = () =>
  useCrudMutations<SysConfigBody, SysConfig>(configsKey, {
    create: (body, key) => postCreate('/system/config', body, key),
    update: async (configId, body) =>
      (await api.put<SysConfig>('/system/config', { ...body, configId })).data,
    remove: (ids) => api.delete(`/system/config/${ids.join(',')}`),
  });
