/**
 * SQL of the operators' content pages. Banners, hot goods and pop-ups share their shape (id, sort,
 * enabled, stamps, two languages' titles), so one set of queries serves the three tables.
 */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { adPopups, codeTable, hotGoods, type banners } from '../../../db/schema';
import { offsetOf } from '../../../lib/paging';

export type ContentTable = typeof banners | typeof hotGoods | typeof adPopups;
type Row<T extends ContentTable> = T['$inferSelect'];
export type ContentValues<T extends ContentTable> = Omit<
  T['$inferInsert'],
  'id' | 'createdAt' | 'updatedAt' | 'key'
>;

export interface ContentFilter {
  page: number;
  limit: number;
  /** Matched against both languages' titles (names for hot goods). */
  keyword?: string;
  enabled?: boolean;
}

/** The two columns an operator's keyword searches in. */
function titleColumns(table: ContentTable) {
  return 'titleZh' in table ? [table.titleZh, table.titleEn] : [table.nameZh, table.nameEn];
}

export async function listContent<T extends ContentTable>(db: Db, table: T, filter: ContentFilter) {
  const conditions: SQL[] = [];
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    conditions.push(or(...titleColumns(table).map((column) => ilike(column, pattern)))!);
  }
  if (filter.enabled !== undefined) conditions.push(eq(table.enabled, filter.enabled));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // The tables are small (a few dozen rows an operator curates): sort and id order them.
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as ContentTable)
      .where(where)
      .orderBy(asc(table.sort), asc(table.id))
      .limit(filter.limit)
      .offset(offsetOf(filter)),
    db
      .select({ n: count() })
      .from(table as ContentTable)
      .where(where),
  ]);
  return { rows: rows as Row<T>[], total: total?.n ?? 0 };
}

export async function findContent<T extends ContentTable>(db: Db, table: T, id: number) {
  const [row] = await db
    .select()
    .from(table as ContentTable)
    .where(eq(table.id, id));
  return row as Row<T> | undefined;
}

export async function insertContent<T extends ContentTable>(db: Db, table: T, values: ContentValues<T>) {
  const [row] = await db
    .insert(table as ContentTable)
    .values(values as T['$inferInsert'] & typeof banners.$inferInsert)
    .returning();
  return row as Row<T>;
}

export async function updateContent<T extends ContentTable>(
  db: Db,
  table: T,
  id: number,
  values: Partial<ContentValues<T>>,
) {
  const [row] = await db
    .update(table as ContentTable)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  return row as Row<T> | undefined;
}

export async function deleteContent(db: Db, table: ContentTable, id: number): Promise<boolean> {
  const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return rows.length > 0;
}

/** Another pop-up under `version` (each version shows once, so two cannot share one). */
export async function findPopupByVersion(db: Db, version: string, exceptId?: number) {
  const [row] = await db
    .select({ id: adPopups.id })
    .from(adPopups)
    .where(
      and(
        eq(adPopups.version, version),
        exceptId === undefined ? undefined : sql`${adPopups.id} <> ${exceptId}`,
      ),
    );
  return row;
}

export async function codeTableKeyExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ key: codeTable.key }).from(codeTable).where(eq(codeTable.key, key));
  return row !== undefined;
}

export async function hotGoodsUsingUnit(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: hotGoods.id })
    .from(hotGoods)
    .where(eq(hotGoods.priceUnit, key))
    .limit(1);
  return row !== undefined;
}

export async function listCodeTableEntries(db: Db, filter: ContentFilter) {
  const where = filter.keyword
    ? or(
        ilike(codeTable.key, containsPattern(filter.keyword)),
        ilike(codeTable.labelZh, containsPattern(filter.keyword)),
        ilike(codeTable.labelEn, containsPattern(filter.keyword)),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(codeTable)
      .where(where)
      .orderBy(asc(codeTable.sort), asc(codeTable.key))
      .limit(filter.limit)
      .offset(offsetOf(filter)),
    db.select({ n: count() }).from(codeTable).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Inserts an entry; undefined when the key is taken. */
export async function insertCodeTableEntry(db: Db, values: typeof codeTable.$inferInsert) {
  const [row] = await db.insert(codeTable).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCodeTableEntry(
  db: Db,
  key: string,
  values: Pick<typeof codeTable.$inferInsert, 'labelZh' | 'labelEn' | 'sort'>,
) {
  const [row] = await db.update(codeTable).set(values).where(eq(codeTable.key, key)).returning();
  return row;
}

export async function deleteCodeTableEntry(db: Db, key: string): Promise<boolean> {
  const rows = await db.delete(codeTable).where(eq(codeTable.key, key)).returning({ key: codeTable.key });
  return rows.length > 0;
}
