/**
 * SQL of the operation and login logs. Both tables are read the same way (newest first, filters on
 * indexed columns, prefix matches through their `varchar_pattern_ops` indexes), so the paging,
 * export batches, deletes and clean are written once over either table.
 */
import type { LoginLogFilter, OperLogFilter } from '@cloudbay/contracts';
import { and, count, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prefixPattern } from '../../../db/like';
import { loginLogs, operLogs, users } from '../../../db/schema';
import { timeRange } from '../../../lib/time-window';

export type OperLogRow = typeof operLogs.$inferSelect;
export type LoginLogRow = typeof loginLogs.$inferSelect;
export type NewOperLog = Omit<typeof operLogs.$inferInsert, 'id' | 'email' | 'createdAt'>;
export type NewLoginLog = Omit<typeof loginLogs.$inferInsert, 'id' | 'createdAt'>;
type LogTable = typeof operLogs | typeof loginLogs;

/** One operation; the account's e-mail is read in the same statement (no extra round trip). */
export async function insertOperLog(db: Db, entry: NewOperLog) {
  const email =
    entry.userId === null || entry.userId === undefined
      ? null
      : sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${entry.userId})`;
  await db.insert(operLogs).values({ ...entry, email });
}

export async function insertLoginLog(db: Db, entry: NewLoginLog) {
  await db.insert(loginLogs).values(entry);
}

function createdWithin(table: LogTable, filter: { begin_time?: string; end_time?: string }) {
  const { from, before } = timeRange(filter);
  return [from && gte(table.createdAt, from), before && lt(table.createdAt, before)];
}

export function operLogWhere(filter: OperLogFilter): SQL | undefined {
  return and(
    filter.module ? like(operLogs.module, prefixPattern(filter.module)) : undefined,
    filter.email ? like(operLogs.email, prefixPattern(filter.email.toLowerCase())) : undefined,
    filter.business_type ? eq(operLogs.businessType, filter.business_type) : undefined,
    filter.status ? eq(operLogs.status, filter.status) : undefined,
    ...createdWithin(operLogs, filter),
  );
}

export function loginLogWhere(filter: LoginLogFilter): SQL | undefined {
  return and(
    filter.email ? like(loginLogs.email, prefixPattern(filter.email.toLowerCase())) : undefined,
    filter.ip ? like(loginLogs.ip, prefixPattern(filter.ip)) : undefined,
    filter.status ? eq(loginLogs.status, filter.status) : undefined,
    ...createdWithin(loginLogs, filter),
  );
}

/** A page of `table`, newest first, and the filter's total. */
export async function findLogPage<T extends LogTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(table as LogTable)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(table as LogTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: counted?.n ?? 0 };
}

/**
 * The next export batch below `belowId`, newest first. Ids grow with time, so id order is the
 * list's order and keyset paging reads straight off the primary key.
 */
export async function findLogBatch<T extends LogTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  belowId: number | undefined,
  limit: number,
): Promise<T['$inferSelect'][]> {
  const rows = await db
    .select()
    .from(table as LogTable)
    .where(and(where, belowId === undefined ? undefined : lt(table.id, belowId)))
    .orderBy(desc(table.id))
    .limit(limit);
  return rows as T['$inferSelect'][];
}

export async function findOperLog(db: Db, id: number): Promise<OperLogRow | undefined> {
  const [row] = await db.select().from(operLogs).where(eq(operLogs.id, id));
  return row;
}

/** Deletes the entries of `ids`; answers how many there were. */
export async function deleteLogs(db: Db, table: LogTable, ids: number[]): Promise<number> {
  const result = await db.delete(table).where(inArray(table.id, ids));
  return result.rowCount ?? 0;
}

/** Empties the log (RuoYi's clean); answers how many entries it held. */
export async function cleanLogs(db: Db, table: LogTable): Promise<number> {
  const result = await db.delete(table);
  return result.rowCount ?? 0;
}
