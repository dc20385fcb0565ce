/** Dictionaries: entries by type for every user, and the operators' maintenance (spec §7 Dictionary). */
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import {
  ErrorCode,
  STATUS_DICT_TYPES,
  type DictDataAdmin,
  type DictEntry,
  type DictTypeAdmin,
  type Language,
  type PageQuery,
} from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { timeRange } from '../../lib/time-window';
import {
  allDictTypes,
  deleteDictData,
  deleteDictTypes,
  findDictData,
  findDictDataByIds,
  findDictTypeById,
  findDictTypesByIds,
  insertDictType,
  updateDictType,
  findDictType,
  findEnabledEntries,
  insertDictData,
  listDictData,
  listDictTypes,
  updateDictData,
  type DictDataRow,
  type DictDataValues,
  type DictTypeRow,
} from './repo';

/** An entry as operators edit it: both labels, flags and the style. */
export interface DictDataInput {
  dictType: string;
  dictSort: number;
  dictLabel: string;
  dictLabelEn: string;
  dictValue: string;
  listClass: string;
  cssClass: string;
  isDefault: 'Y' | 'N';
  status: '0' | '1';
  remark: string;
}

/** The dictionaries the code relies on (contracts statuses.ts): their keys and values are fixed. */
const isProtectedType = (dictType: string) => Object.hasOwn(STATUS_DICT_TYPES, dictType);
const isProtectedValue = (dictType: string, value: string) =>
  isProtectedType(dictType) &&
  (STATUS_DICT_TYPES[dictType as keyof typeof STATUS_DICT_TYPES] as readonly string[]).includes(value);

const flag = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

function dictDataView(row: DictDataRow): DictDataAdmin {
  return {
    dictCode: row.id,
    dictType: row.dictType,
    dictSort: row.dictSort,
    dictLabel: row.labelZh,
    dictLabelEn: row.labelEn,
    dictValue: row.dictValue,
    listClass: row.listClass,
    cssClass: row.cssClass,
    isDefault: flag(row.isDefault, ['Y', 'N'], 'N'),
    status: flag(row.status, ['0', '1'], '0'),
    remark: row.remark,
    createTime: row.createdAt.toISOString(),
    builtin: isProtectedValue(row.dictType, row.dictValue),
  };
}

function dictTypeView(row: DictTypeRow): DictTypeAdmin {
  return {
    dictId: row.id,
    dictType: row.dictType,
    dictName: row.nameZh,
    dictNameEn: row.nameEn,
    status: flag(row.status, ['0', '1'], '0'),
    remark: row.remark,
    createTime: row.createdAt.toISOString(),
    builtin: isProtectedType(row.dictType),
  };
}

function rowValues(input: DictDataInput): DictDataValues {
  return {
    dictType: input.dictType,
    dictSort: input.dictSort,
    labelZh: input.dictLabel,
    labelEn: input.dictLabelEn,
    dictValue: input.dictValue,
    listClass: input.listClass,
    cssClass: input.cssClass,
    isDefault: input.isDefault,
    status: input.status,
    remark: input.remark,
  };
}

/** The Postgres error code behind a failed query (drizzle wraps the driver's error as `cause`). */
const valueTaken = (input: DictDataInput) =>
  new AppError('conflict', ErrorCode.DICT_VALUE_TAKEN, { type: input.dictType, value: input.dictValue });

const valueProtected = (row: Pick<DictDataRow, 'dictType' | 'dictValue'>) =>
  new AppError('conflict', ErrorCode.DICT_VALUE_PROTECTED, { type: row.dictType, value: row.dictValue });

const typeNotFound = (dictType: string) =>
  new AppError('not_found', ErrorCode.DICT_TYPE_NOT_FOUND, { type: dictType });

async function requireType(db: Db, dictType: string): Promise<void> {
  if (!(await findDictType(db, dictType))) throw typeNotFound(dictType);
}

/** The enabled entries of a type with labels in `language`; an unknown or disabled type has none. */
export async function entriesOfType(db: Db, dictType: string, language: Language): Promise<DictEntry[]> {
  const rows = await findEnabledEntries(db, dictType);
  return rows.map((row) => ({
    dictType: row.dictType,
    dictLabel: language === 'en-US' ? row.labelEn : row.labelZh,
    dictValue: row.dictValue,
    listClass: row.listClass,
    cssClass: row.cssClass,
    dictSort: row.dictSort,
  }));
}

/**
 * One dictionary's labels in `language` as a lookup, for exports that write labels instead of
 * values; a value without an enabled entry stands for itself.
 */
export async function dictLabels(
  db: Db,
  dictType: string,
  language: Language,
): Promise<(value: string) => string> {
  const entries = await entriesOfType(db, dictType, language);
  const labels = new Map(entries.map((entry) => [entry.dictValue, entry.dictLabel]));
  return (value) => labels.get(value) ?? value;
}

export async function pageDictData(
  db: Db,
  query: PageQuery & { dictType?: string; dictLabel?: string; status?: string },
) {
  const { rows, total } = await listDictData(db, query);
  return { list: rows.map(dictDataView), total, page: query.page, limit: query.limit };
}

export async function getDictData(db: Db, id: number): Promise<DictDataAdmin> {
  const row = await findDictData(db, id);
  if (!row) throw new AppError('not_found', ErrorCode.DICT_DATA_NOT_FOUND);
  return dictDataView(row);
}

/**
 * Runs a write of `input`, turning the constraints' verdicts into answers: the unique index on
 * (type, value) and the foreign key to the type decide, not a check made before the write.
 */
async function writeEntry(input: DictDataInput, work: () => Promise<DictDataRow | undefined>) {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw valueTaken(input);
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw typeNotFound(input.dictType);
    throw error;
  }
}

/** Adds an entry to an existing type; a value is unique within its type. */
export async function createDictData(db: Db, input: DictDataInput): Promise<DictDataAdmin> {
  await requireType(db, input.dictType);
  const row = await writeEntry(input, () => insertDictData(db, rowValues(input)));
  if (!row) throw valueTaken(input);
  return dictDataView(row);
}

/** Replaces an entry (it may move to another existing type, keeping values unique per type). */
export async function editDictData(db: Db, id: number, input: DictDataInput): Promise<DictDataAdmin> {
  const current = await findDictData(db, id);
  if (!current) throw new AppError('not_found', ErrorCode.DICT_DATA_NOT_FOUND);
  const moved = current.dictType !== input.dictType || current.dictValue !== input.dictValue;
  if (moved && isProtectedValue(current.dictType, current.dictValue)) throw valueProtected(current);
  await requireType(db, input.dictType);
  const row = await writeEntry(input, () => updateDictData(db, id, rowValues(input)));
  if (!row) throw new AppError('not_found', ErrorCode.DICT_DATA_NOT_FOUND);
  return dictDataView(row);
}

/** Deletes the listed entries; 404 when none of them exists. */
export async function removeDictData(db: Db, ids: number[]): Promise<{ deleted: number }> {
  const builtin = (await findDictDataByIds(db, ids)).find((row) =>
    isProtectedValue(row.dictType, row.dictValue),
  );
  // Nothing is deleted when one of them is built in, so the answer describes the whole request.
  if (builtin) throw valueProtected(builtin);
  const deleted = await deleteDictData(db, [...new Set(ids)]);
  if (deleted === 0) throw new AppError('not_found', ErrorCode.DICT_DATA_NOT_FOUND);
  return { deleted };
}

export interface DictTypeQuery extends PageQuery {
  keyword?: string;
  dictName?: string;
  dictType?: string;
  status?: string;
  begin_time?: string;
  end_time?: string;
}

export async function pageDictTypes(db: Db, query: DictTypeQuery) {
  const { begin_time, end_time, ...filter } = query;
  const created = timeRange({ begin_time, end_time });
  const { rows, total } = await listDictTypes(db, { ...filter, created });
  return { list: rows.map(dictTypeView), total, page: query.page, limit: query.limit };
}

/** A type as operators edit it: the key, both names, status and remark. */
export interface DictTypeInput {
  dictType: string;
  dictName: string;
  dictNameEn: string;
  status: '0' | '1';
  remark: string;
}

const typeValues = (input: DictTypeInput) => ({
  dictType: input.dictType,
  nameZh: input.dictName,
  nameEn: input.dictNameEn,
  status: input.status,
  remark: input.remark,
});
const typeTaken = (dictType: string) =>
  new AppError('conflict', ErrorCode.DICT_TYPE_TAKEN, { type: dictType });
const typeProtected = (dictType: string) =>
  new AppError('conflict', ErrorCode.DICT_TYPE_PROTECTED, { type: dictType });
const typeIdNotFound = (id: number) => typeNotFound(String(id));

export async function getDictType(db: Db, id: number): Promise<DictTypeAdmin> {
  const row = await findDictTypeById(db, id);
  if (!row) throw typeIdNotFound(id);
  return dictTypeView(row);
}

export async function dictTypeOptions(db: Db) {
  const rows = await allDictTypes(db);
  return rows.map((row) => ({
    dictId: row.id,
    dictType: row.dictType,
    dictName: row.nameZh,
    dictNameEn: row.nameEn,
  }));
}

export async function createDictType(db: Db, input: DictTypeInput): Promise<DictTypeAdmin> {
  const row = await insertDictType(db, typeValues(input));
  if (!row) throw typeTaken(input.dictType);
  return dictTypeView(row);
}

/** Edits a type; a built-in one keeps its key, another's new key carries its entries along. */
export async function editDictType(db: Db, id: number, input: DictTypeInput): Promise<DictTypeAdmin> {
  const current = await findDictTypeById(db, id);
  if (!current) throw typeIdNotFound(id);
  if (current.dictType !== input.dictType && isProtectedType(current.dictType)) {
    throw typeProtected(current.dictType);
  }
  try {
    const row = await updateDictType(db, id, typeValues(input));
    if (!row) throw typeIdNotFound(id);
    return dictTypeView(row);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw typeTaken(input.dictType);
    throw error;
  }
}

/** Deletes types with their entries; refused whole when one of them is built in. */
export async function removeDictTypes(db: Db, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  const builtin = (await findDictTypesByIds(db, unique)).find((row) => isProtectedType(row.dictType));
  if (builtin) throw typeProtected(builtin.dictType);
  const deleted = await deleteDictTypes(db, unique);
  if (deleted === 0) throw typeIdNotFound(unique[0]!);
  return { deleted };
}
