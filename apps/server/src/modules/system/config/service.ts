/**
 * The operators' settings (RuoYi /system/config). Settings are read from the database at each use
 * (findSetting), nothing caches them, so an edit applies at once on every process and there is no
 * cache to refresh.
 */
import { ErrorCode, type PageQuery, type SysConfig } from '@cloudbay/contracts';
import type { Db } from '../../../db/client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../../db/errors';
import { AppError } from '../../../lib/errors';
import { timeRange } from '../../../lib/time-window';
import {
  deleteSysConfigs,
  findSysConfig,
  findSysConfigByKey,
  findSysConfigsByIds,
  insertSysConfig,
  listSysConfigs,
  updateSysConfig,
  type SysConfigRow,
} from './repo';

export interface SysConfigInput {
  configName: string;
  configKey: string;
  configValue: string;
  isPublic: boolean;
  remark: string;
}

export interface SysConfigQuery extends PageQuery {
  configName?: string;
  configKey?: string;
  configType?: 'Y' | 'N';
  begin_time?: string;
  end_time?: string;
}

function sysConfigView(row: SysConfigRow): SysConfig {
  return {
    configId: row.id,
    configName: row.name,
    configKey: row.key,
    configValue: row.value,
    configType: row.isBuiltin ? 'Y' : 'N',
    isPublic: row.isPublic,
    remark: row.remark ?? '',
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

const rowValues = (input: SysConfigInput) => ({
  name: input.configName,
  key: input.configKey,
  value: input.configValue,
  isPublic: input.isPublic,
  remark: input.remark,
});
const notFound = (key: string) => new AppError('not_found', ErrorCode.CONFIG_NOT_FOUND, { key });
const keyTaken = (key: string) => new AppError('conflict', ErrorCode.CONFIG_KEY_TAKEN, { key });
const builtin = (key: string) => new AppError('conflict', ErrorCode.CONFIG_BUILTIN, { key });

export async function pageSysConfigs(db: Db, query: SysConfigQuery) {
  const { begin_time, end_time, configType, ...filter } = query;
  const { rows, total } = await listSysConfigs(db, {
    ...filter,
    builtin: configType === undefined ? undefined : configType === 'Y',
    created: timeRange({ begin_time, end_time }),
  });
  return { list: rows.map(sysConfigView), total, page: query.page, limit: query.limit };
}

export async function getSysConfig(db: Db, id: number): Promise<SysConfig> {
  const row = await findSysConfig(db, id);
  if (!row) throw notFound(String(id));
  return sysConfigView(row);
}

/** Any setting by key, public or not (operators). */
export async function getSysConfigByKey(db: Db, key: string): Promise<{ key: string; value: string }> {
  const row = await findSysConfigByKey(db, key);
  if (!row) throw notFound(key);
  return { key: row.key, value: row.value };
}

export async function createSysConfig(db: Db, input: SysConfigInput): Promise<SysConfig> {
  const row = await insertSysConfig(db, rowValues(input));
  if (!row) throw keyTaken(input.configKey);
  return sysConfigView(row);
}

/** Edits a setting; a built-in one keeps its key, since the code looks it up by that key. */
export async function editSysConfig(db: Db, id: number, input: SysConfigInput): Promise<SysConfig> {
  const current = await findSysConfig(db, id);
  if (!current) throw notFound(String(id));
  if (current.isBuiltin && current.key !== input.configKey) throw builtin(current.key);
  try {
    const row = await updateSysConfig(db, id, rowValues(input));
    if (!row) throw notFound(String(id));
    return sysConfigView(row);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw keyTaken(input.configKey);
    throw error;
  }
}

/** Deletes settings; refused whole (409) when one of them is built in. */
export async function removeSysConfigs(db: Db, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  const protectedRow = (await findSysConfigsByIds(db, unique)).find((row) => row.isBuiltin);
  if (protectedRow) throw builtin(protectedRow.key);
  const deleted = await deleteSysConfigs(db, unique);
  if (deleted === 0) throw notFound(String(unique[0]));
  return { deleted };
}
