/** Dictionaries: entries by type for every user, and the operators' maintenance (spec §7 Dictionary). */
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import {
  ErrorCode,
  type DictData,
  type DictEntry,
  type DictType,
  type Language,
  type PageQuery,
} from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  deleteDictData,
  findDictData,
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

const flag = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

function dictDataView(row: DictDataRow): DictData {
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
  };
}

function dictTypeView(row: DictTypeRow): DictType {
  return {
    dictId: row.id,
    dictType: row.dictType,
    dictName: row.nameZh,
    dictNameEn: row.nameEn,
    status: flag(row.status, ['0', '1'], '0'),
    remark: row.remark,
    createTime: row.createdAt.toISOString(),
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

export async function getDictData(db: Db, id: number): Promise<DictData> {
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
export async function createDictData(db: Db, input: DictDataInput): Promise<DictData> {
  await requireType(db, input.dictType);
  const row = await writeEntry(input, () => insertDictData(db, rowValues(input)));
  if (!row) throw valueTaken(input);
  return dictDataView(row);
}

/** Replaces an entry (it may move to another existing type, keeping values unique per type). */
export async function editDictData(db: Db, id: number, input: DictDataInput): Promise<DictData> {
  await requireType(db, input.dictType);
  const row = await writeEntry(input, () => updateDictData(db, id, rowValues(input)));
  if (!row) throw new AppError('not_found', ErrorCode.DICT_DATA_NOT_FOUND);
  return dictDataView(row);
}

/** Deletes the listed entries; 404 when none of them exists. */
export async function removeDictData(db: Db, ids: number[]): Promise<{ deleted: number }> {
  const deleted = await deleteDictData(db, [...new Set(ids)]);
  if (deleted === 0) throw new AppError('not_found', ErrorCode.DICT_DATA_NOT_FOUND);
  return { deleted };
}

export async function pageDictTypes(db: Db, query: PageQuery & { keyword?: string; status?: string }) {
  const { rows, total } = await listDictTypes(db, query);
  return { list: rows.map(dictTypeView), total, page: query.page, limit: query.limit };
}
