/**
 * SQL of the app centre. A list row is an app with its newest version (highest version code),
 * picked by a LATERAL read of `phone_app_versions_app_code_unique`, and paged in SQL.
 */
import type { AppDisplayStatus } from '@cloudbay/contracts';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { phoneAppCategories, phoneApps, phoneAppVersions } from '../../../db/schema';
import { containsPattern } from '../../../db/like';

export type PhoneAppRow = typeof phoneApps.$inferSelect;
export type PhoneAppVersionRow = typeof phoneAppVersions.$inferSelect;
export type AppCategoryRow = typeof phoneAppCategories.$inferSelect;

/** Who is asking: a customer sees the shown catalogue and its own uploads; operators the catalogue. */
export type AppScope = { customer: number; source?: 'own' | 'catalogue' } | { catalogue: true };

export interface AppListFilter {
  name?: string;
  categoryId?: number;
  displayStatus?: AppDisplayStatus;
}

export interface AppListRow {
  id: number;
  user_id: number | null;
  name: string;
  package_name: string;
  icon_url: string | null;
  display_status: AppDisplayStatus;
  category_id: number | null;
  category_name: string | null;
  created_at: Date;
  updated_at: Date;
  version_id: number;
  version_name: string;
  version_code: number;
  apk_size: number;
  md5: string;
  version_count: number;
}

function scopeCondition(scope: AppScope): SQL {
  if ('catalogue' in scope) return sql`a.user_id IS NULL`;
  const own = sql`a.user_id = ${scope.customer}`;
  const catalogue = sql`(a.user_id IS NULL AND a.display_status = 'show')`;
  if (scope.source === 'own') return own;
  if (scope.source === 'catalogue') return catalogue;
  return sql`(${own} OR ${catalogue})`;
}

function listConditions(scope: AppScope, filter: AppListFilter): SQL {
  const conditions = [scopeCondition(scope)];
  if (filter.name) {
    const pattern = containsPattern(filter.name);
    conditions.push(sql`(a.name ILIKE ${pattern} OR a.package_name ILIKE ${pattern})`);
  }
  if (filter.categoryId !== undefined) conditions.push(sql`a.category_id = ${filter.categoryId}`);
  if (filter.displayStatus) conditions.push(sql`a.display_status = ${filter.displayStatus}`);
  return sql.join(conditions, sql` AND `);
}

const LIST_COLUMNS = sql`a.id, a.user_id, a.name, a.package_name, a.icon_url, a.display_status,
  a.category_id, c.name AS category_name, a.created_at, a.updated_at,
  v.id AS version_id, v.version_name, v.version_code, v.apk_size, v.md5,
  (SELECT count(*)::int FROM phone_app_versions n WHERE n.app_id = a.id) AS version_count`;

const LIST_FROM = sql`FROM phone_apps a
  JOIN LATERAL (SELECT * FROM phone_app_versions pv WHERE pv.app_id = a.id
    ORDER BY pv.version_code DESC LIMIT 1) v ON true
  LEFT JOIN phone_app_categories c ON c.id = a.category_id`;

/** Postgres answers bigint and timestamps as strings through `execute`; the view wants numbers and dates. */
function normalise(row: Record<string, unknown>): AppListRow {
  return {
    ...(row as unknown as AppListRow),
    id: Number(row.id),
    user_id: row.user_id === null ? null : Number(row.user_id),
    category_id: row.category_id === null ? null : Number(row.category_id),
    version_id: Number(row.version_id),
    version_code: Number(row.version_code),
    apk_size: Number(row.apk_size),
    created_at: new Date(row.created_at as string),
    updated_at: new Date(row.updated_at as string),
  };
}

export async function findAppPage(
  db: Db,
  scope: AppScope,
  filter: AppListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AppListRow[]; total: number }> {
  const where = listConditions(scope, filter);
  const [rows, totals] = await Promise.all([
    db.execute(sql`SELECT ${LIST_COLUMNS} ${LIST_FROM} WHERE ${where}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM phone_apps a WHERE ${where}`),
  ]);
  return { rows: rows.rows.map(normalise), total: totals.rows[0]?.total ?? 0 };
}

/** One app as a list row, if the scope reaches it. */
export async function findAppInScope(
  db: Db,
  scope: AppScope,
  appId: number,
): Promise<AppListRow | undefined> {
  const result = await db.execute(
    sql`SELECT ${LIST_COLUMNS} ${LIST_FROM} WHERE ${scopeCondition(scope)} AND a.id = ${appId}`,
  );
  const row = result.rows[0];
  return row ? normalise(row) : undefined;
}

/** The app of an owner (null: the catalogue) for a package, locked for the upload's transaction. */
export async function lockAppByPackage(db: Db, ownerId: number | null, packageName: string) {
  const owner = ownerId === null ? sql`${phoneApps.userId} IS NULL` : eq(phoneApps.userId, ownerId);
  const [row] = await db
    .select()
    .from(phoneApps)
    .where(and(owner, eq(phoneApps.packageName, packageName)))
    .for('update');
  return row;
}

export async function insertApp(db: Db, values: typeof phoneApps.$inferInsert) {
  const [row] = await db.insert(phoneApps).values(values).returning();
  return row!;
}

export async function updateApp(db: Db, id: number, values: Partial<typeof phoneApps.$inferInsert>) {
  const [row] = await db
    .update(phoneApps)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(phoneApps.id, id))
    .returning();
  return row;
}

export async function deleteApp(db: Db, id: number) {
  await db.delete(phoneApps).where(eq(phoneApps.id, id));
}

export async function insertVersion(db: Db, values: typeof phoneAppVersions.$inferInsert) {
  const [row] = await db.insert(phoneAppVersions).values(values).returning();
  return row!;
}

export async function listVersions(db: Db, appId: number) {
  return db
    .select()
    .from(phoneAppVersions)
    .where(eq(phoneAppVersions.appId, appId))
    .orderBy(desc(phoneAppVersions.versionCode));
}

export async function findVersion(db: Db, appId: number, versionId: number) {
  const [row] = await db
    .select()
    .from(phoneAppVersions)
    .where(and(eq(phoneAppVersions.appId, appId), eq(phoneAppVersions.id, versionId)));
  return row;
}

export async function deleteVersion(db: Db, id: number) {
  await db.delete(phoneAppVersions).where(eq(phoneAppVersions.id, id));
}

/** The categories with how many apps each holds (one grouped query). */
export async function listCategories(db: Db) {
  return db
    .select({
      id: phoneAppCategories.id,
      name: phoneAppCategories.name,
      sort: phoneAppCategories.sort,
      appCount: count(phoneApps.id),
    })
    .from(phoneAppCategories)
    .leftJoin(phoneApps, eq(phoneApps.categoryId, phoneAppCategories.id))
    .groupBy(phoneAppCategories.id)
    .orderBy(asc(phoneAppCategories.sort), asc(phoneAppCategories.id));
}

export async function findCategory(db: Db, id: number, lock = false) {
  const query = db.select().from(phoneAppCategories).where(eq(phoneAppCategories.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertCategory(db: Db, values: typeof phoneAppCategories.$inferInsert) {
  const [row] = await db.insert(phoneAppCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: Db,
  id: number,
  values: Partial<typeof phoneAppCategories.$inferInsert>,
) {
  const [row] = await db
    .update(phoneAppCategories)
    .set(values)
    .where(eq(phoneAppCategories.id, id))
    .returning();
  return row;
}

export async function deleteCategory(db: Db, id: number) {
  await db.delete(phoneAppCategories).where(eq(phoneAppCategories.id, id));
}

export async function countAppsInCategory(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(phoneApps).where(eq(phoneApps.categoryId, id));
  return row?.n ?? 0;
}
