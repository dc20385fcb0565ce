/** SQL of the dict module: dictionary types and their entries. */
import { and, asc, count, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { dictData, dictTypes } from '../../db/schema';
import type { TimeRange } from '../../lib/time-window';

export type DictDataRow = typeof dictData.$inferSelect;
export type DictTypeRow = typeof dictTypes.$inferSelect;
export type DictDataValues = Omit<typeof dictData.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

interface Page {
  page: number;
  limit: number;
}

/** `%text%` for ILIKE, with the pattern characters of the search text taken literally. */
export async function insertMissingDictTypes(
  db: Db,
  rows: Array<Pick<typeof dictTypes.$inferInsert, 'dictType' | 'nameZh' | 'nameEn'>>,
) {
  await db.insert(dictTypes).values(rows).onConflictDoNothing({ target: dictTypes.dictType });
}

export async function insertMissingDictData(db: Db, rows: DictDataValues[]) {
  await db
    .insert(dictData)
    .values(rows)
    .onConflictDoNothing({ target: [dictData.dictType, dictData.dictValue] });
}

/** The enabled entries of an enabled type, in display order. */
export async function findEnabledEntries(db: Db, dictType: string) {
  return db
    .select({
      dictType: dictData.dictType,
      labelZh: dictData.labelZh,
      labelEn: dictData.labelEn,
      dictValue: dictData.dictValue,
      listClass: dictData.listClass,
      cssClass: dictData.cssClass,
      dictSort: dictData.dictSort,
    })
    .from(dictData)
    .innerJoin(dictTypes, eq(dictTypes.dictType, dictData.dictType))
    .where(and(eq(dictData.dictType, dictType), eq(dictData.status, '0'), eq(dictTypes.status, '0')))
    .orderBy(asc(dictData.dictSort), asc(dictData.id));
}

export async function listDictData(
  db: Db,
  filter: Page & { dictType?: string; dictLabel?: string; status?: string },
) {
  const conditions: SQL[] = [];
  if (filter.dictType) conditions.push(eq(dictData.dictType, filter.dictType));
  if (filter.status) conditions.push(eq(dictData.status, filter.status));
  if (filter.dictLabel) {
    const pattern = containsPattern(filter.dictLabel);
    conditions.push(or(ilike(dictData.labelZh, pattern), ilike(dictData.labelEn, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dictData)
      .where(where)
      .orderBy(asc(dictData.dictType), asc(dictData.dictSort), asc(dictData.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(dictData).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDictData(db: Db, id: number) {
  const [row] = await db.select().from(dictData).where(eq(dictData.id, id));
  return row;
}

export async function findDictType(db: Db, dictType: string) {
  const [row] = await db.select().from(dictTypes).where(eq(dictTypes.dictType, dictType));
  return row;
}

/** Inserts an entry; undefined when the type already has the value. */
export async function insertDictData(db: Db, values: DictDataValues) {
  const [row] = await db
    .insert(dictData)
    .values(values)
    .onConflictDoNothing({ target: [dictData.dictType, dictData.dictValue] })
    .returning();
  return row;
}

export async function updateDictData(db: Db, id: number, values: DictDataValues) {
  const [row] = await db
    .update(dictData)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(dictData.id, id))
    .returning();
  return row;
}

export async function deleteDictData(db: Db, ids: number[]): Promise<number> {
  const rows = await db.delete(dictData).where(inArray(dictData.id, ids)).returning({ id: dictData.id });
  return rows.length;
}

export interface DictTypeFilter extends Page {
  keyword?: string;
  dictName?: string;
  dictType?: string;
  status?: string;
  created?: TimeRange;
}

export async function listDictTypes(db: Db, filter: DictTypeFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(dictTypes.status, filter.status));
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    conditions.push(
      or(
        ilike(dictTypes.dictType, pattern),
        ilike(dictTypes.nameZh, pattern),
        ilike(dictTypes.nameEn, pattern),
      )!,
    );
  }
  if (filter.dictName) {
    const pattern = containsPattern(filter.dictName);
    conditions.push(or(ilike(dictTypes.nameZh, pattern), ilike(dictTypes.nameEn, pattern))!);
  }
  if (filter.dictType) conditions.push(ilike(dictTypes.dictType, containsPattern(filter.dictType)));
  if (filter.created?.from) conditions.push(gte(dictTypes.createdAt, filter.created.from));
  if (filter.created?.before) conditions.push(lt(dictTypes.createdAt, filter.created.before));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dictTypes)
      .where(where)
      .orderBy(asc(dictTypes.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(dictTypes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every type (a few dozen at most), for pickers. */
export async function allDictTypes(db: Db) {
  return db.select().from(dictTypes).orderBy(asc(dictTypes.id));
}

export async function findDictTypeById(db: Db, id: number) {
  const [row] = await db.select().from(dictTypes).where(eq(dictTypes.id, id));
  return row;
}

export type DictTypeValues = Pick<
  typeof dictTypes.$inferInsert,
  'dictType' | 'nameZh' | 'nameEn' | 'status' | 'remark'
>;

/** Inserts a type; undefined when the key is taken. */
export async function insertDictType(db: Db, values: DictTypeValues) {
  const [row] = await db
    .insert(dictTypes)
    .values(values)
    .onConflictDoNothing({ target: dictTypes.dictType })
    .returning();
  return row;
}

/** Updates a type; a changed key moves its entries with it (the foreign key cascades). */
export async function updateDictType(db: Db, id: number, values: DictTypeValues) {
  const [row] = await db.update(dictTypes).set(values).where(eq(dictTypes.id, id)).returning();
  return row;
}

export async function findDictTypesByIds(db: Db, ids: number[]) {
  return db.select().from(dictTypes).where(inArray(dictTypes.id, ids));
}

/** Deletes types and, through the foreign key, their entries. */
export async function deleteDictTypes(db: Db, ids: number[]): Promise<number> {
  const rows = await db.delete(dictTypes).where(inArray(dictTypes.id, ids)).returning({ id: dictTypes.id });
  return rows.length;
}

export async function findDictDataByIds(db: Db, ids: number[]) {
  return db.select().from(dictData).where(inArray(dictData.id, ids));
}
