/** SQL of the operators' settings page: sys_configs, paged and filtered. */
import { and, asc, count, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { sysConfigs } from '../../../db/schema';
import type { TimeRange } from '../../../lib/time-window';

export type SysConfigRow = typeof sysConfigs.$inferSelect;
export type SysConfigValues = Pick<
  typeof sysConfigs.$inferInsert,
  'name' | 'key' | 'value' | 'isPublic' | 'remark'
>;

export interface SysConfigFilter {
  page: number;
  limit: number;
  configName?: string;
  configKey?: string;
  builtin?: boolean;
  created?: TimeRange;
}

export async function listSysConfigs(db: Db, filter: SysConfigFilter) {
  const conditions: SQL[] = [];
  if (filter.configName) conditions.push(ilike(sysConfigs.name, containsPattern(filter.configName)));
  if (filter.configKey) conditions.push(ilike(sysConfigs.key, containsPattern(filter.configKey)));
  if (filter.builtin !== undefined) conditions.push(eq(sysConfigs.isBuiltin, filter.builtin));
  if (filter.created?.from) conditions.push(gte(sysConfigs.createdAt, filter.created.from));
  if (filter.created?.before) conditions.push(lt(sysConfigs.createdAt, filter.created.before));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysConfigs)
      .where(where)
      .orderBy(asc(sysConfigs.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(sysConfigs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findSysConfig(db: Db, id: number) {
  const [row] = await db.select().from(sysConfigs).where(eq(sysConfigs.id, id));
  return row;
}

export async function findSysConfigByKey(db: Db, key: string) {
  const [row] = await db.select().from(sysConfigs).where(eq(sysConfigs.key, key));
  return row;
}

export async function findSysConfigsByIds(db: Db, ids: number[]) {
  return db.select().from(sysConfigs).where(inArray(sysConfigs.id, ids));
}

/** Inserts a setting; undefined when the key is taken. */
export async function insertSysConfig(db: Db, values: SysConfigValues) {
  const [row] = await db
    .insert(sysConfigs)
    .values(values)
    .onConflictDoNothing({ target: sysConfigs.key })
    .returning();
  return row;
}

export async function updateSysConfig(db: Db, id: number, values: SysConfigValues) {
  const [row] = await db
    .update(sysConfigs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sysConfigs.id, id))
    .returning();
  return row;
}

/** Deletes the listed settings that are not built in (the caller has refused built-in ones). */
export async function deleteSysConfigs(db: Db, ids: number[]): Promise<number> {
  const rows = await db
    .delete(sysConfigs)
    .where(and(inArray(sysConfigs.id, ids), eq(sysConfigs.isBuiltin, false)))
    .returning({ id: sysConfigs.id });
  return rows.length;
}
