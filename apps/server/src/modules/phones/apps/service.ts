/**
 * The app centre's reads and edits (issue 20): the customer's view (the shown catalogue and its
 * own uploads; another customer's app answers 404 like a missing one) and the operators'
 * catalogue (categories, visibility, versions).
 */
import {
  ErrorCode,
  type AppCategory,
  type AppCategoryBody,
  type BusinessAppListQuery,
  type BusinessAppUpdateBody,
  type PhoneApp,
  type PhoneAppListQuery,
  type PhoneAppPage,
  type PhoneAppVersion,
} from '@cloudbay/contracts';
import type { Db } from '../../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../../db/errors';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import {
  countAppsInCategory,
  deleteApp,
  deleteCategory,
  deleteVersion,
  findAppInScope,
  findAppPage,
  findCategory,
  insertCategory,
  listCategories,
  listVersions,
  updateApp,
  updateCategory,
  type AppListRow,
  type AppScope,
  type PhoneAppVersionRow,
} from './repo';
import { removeStoredFiles, type AppUploadDeps } from './upload';

export const appNotFound = () => new AppError('not_found', ErrorCode.APP_NOT_FOUND);
const categoryNotFound = () => new AppError('not_found', ErrorCode.APP_CATEGORY_NOT_FOUND);

export function toPhoneApp(row: AppListRow, viewerId: number | null): PhoneApp {
  return {
    id: row.id,
    name: row.name,
    package_name: row.package_name,
    icon: row.icon_url,
    version: row.version_name,
    version_code: row.version_code,
    version_id: row.version_id,
    apk_size: row.apk_size,
    md5: row.md5,
    display_status: row.display_status,
    category_id: row.category_id,
    category_name: row.category_name,
    own: viewerId !== null && row.user_id === viewerId,
    version_count: row.version_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const toPhoneAppVersion = (row: PhoneAppVersionRow): PhoneAppVersion => ({
  id: row.id,
  app_id: row.appId,
  version: row.versionName,
  version_code: row.versionCode,
  name: row.label,
  apk_size: row.apkSize,
  md5: row.md5,
  icon: row.iconUrl,
  created_at: row.createdAt.toISOString(),
});

const customerScope = (userId: number): AppScope => ({ customer: userId });
export const CATALOGUE: AppScope = { catalogue: true };

async function appPage(
  db: Db,
  scope: AppScope,
  viewerId: number | null,
  query: PhoneAppListQuery | BusinessAppListQuery,
) {
  const { rows, total } = await findAppPage(
    db,
    scope,
    {
      name: query.name || undefined,
      categoryId: query.category_id,
      displayStatus: 'display_status' in query ? query.display_status : undefined,
    },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return { list: rows.map((row) => toPhoneApp(row, viewerId)), total, page: query.page, limit: query.limit };
}

/** GET /user/ph/ph_app_v2. */
export function listCustomerApps(db: Db, userId: number, query: PhoneAppListQuery): Promise<PhoneAppPage> {
  return appPage(db, { customer: userId, source: query.source }, userId, query);
}

/** GET /business/app. */
export function listCatalogueApps(db: Db, query: BusinessAppListQuery): Promise<PhoneAppPage> {
  return appPage(db, CATALOGUE, null, query);
}

/** An app the scope reaches, else 404 APP_NOT_FOUND. */
export async function appInScope(db: Db, scope: AppScope, appId: number): Promise<AppListRow> {
  const row = await findAppInScope(db, scope, appId);
  if (!row) throw appNotFound();
  return row;
}

export const customerApp = (db: Db, userId: number, appId: number) =>
  appInScope(db, customerScope(userId), appId);

/** GET …/ph_app_version?app_id= (customers) and /business/app/{id}/versions: newest first. */
export async function appVersions(db: Db, scope: AppScope, appId: number): Promise<PhoneAppVersion[]> {
  await appInScope(db, scope, appId);
  return (await listVersions(db, appId)).map(toPhoneAppVersion);
}

/** Deletes an app with its versions and their stored APKs and icons. */
async function removeApp(deps: AppUploadDeps, app: AppListRow): Promise<void> {
  const versions = await listVersions(deps.db, app.id);
  await deleteApp(deps.db, app.id);
  await removeStoredFiles(
    deps,
    versions.flatMap((v) => [v.fileName, v.iconUrl]),
  );
}

/** DELETE /user/ph/ph_app_v2/{id}: the caller's own upload only (a catalogue app is 404 here too). */
export async function deleteOwnApp(deps: AppUploadDeps, userId: number, appId: number): Promise<void> {
  await removeApp(deps, await appInScope(deps.db, { customer: userId, source: 'own' }, appId));
}

/** DELETE /business/app/{id}. */
export async function deleteCatalogueApp(deps: AppUploadDeps, appId: number): Promise<AppListRow> {
  const app = await appInScope(deps.db, CATALOGUE, appId);
  await removeApp(deps, app);
  return app;
}

/** DELETE /business/app/{id}/versions/{versionId}: the last version goes with its app. */
export async function deleteCatalogueVersion(
  deps: AppUploadDeps,
  appId: number,
  versionId: number,
): Promise<void> {
  const app = await appInScope(deps.db, CATALOGUE, appId);
  const versions = await listVersions(deps.db, app.id);
  const version = versions.find((v) => v.id === versionId);
  if (!version) throw new AppError('not_found', ErrorCode.APP_VERSION_NOT_FOUND);
  if (versions.length === 1) return removeApp(deps, app);
  await deleteVersion(deps.db, version.id);
  await removeStoredFiles(deps, [version.fileName, version.iconUrl]);
  // The app shows its newest remaining version.
  const newest = versions.find((v) => v.id !== versionId)!;
  await updateApp(deps.db, app.id, { name: newest.label, iconUrl: newest.iconUrl });
}

/** PUT /business/app/{id}: category and visibility. */
export async function updateCatalogueApp(
  db: Db,
  appId: number,
  body: BusinessAppUpdateBody,
): Promise<PhoneApp> {
  await appInScope(db, CATALOGUE, appId);
  if (body.category_id) await categoryOrThrow(db, body.category_id);
  await updateApp(db, appId, {
    ...(body.category_id !== undefined ? { categoryId: body.category_id } : {}),
    ...(body.display_status ? { displayStatus: body.display_status } : {}),
  });
  return toPhoneApp(await appInScope(db, CATALOGUE, appId), null);
}

// Categories

export async function appCategories(db: Db): Promise<AppCategory[]> {
  return (await listCategories(db)).map((row) => ({
    id: row.id,
    name: row.name,
    sort: row.sort,
    app_count: row.appCount,
  }));
}

export async function categoryOrThrow(db: Db, id: number) {
  const row = await findCategory(db, id);
  if (!row) throw categoryNotFound();
  return row;
}

function rethrowNameTaken(name: string) {
  return (error: unknown): never => {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AppError('conflict', ErrorCode.APP_CATEGORY_NAME_TAKEN, { name });
    }
    throw error;
  };
}

export async function createCategory(db: Db, body: AppCategoryBody) {
  return insertCategory(db, { name: body.name, sort: body.sort }).catch(rethrowNameTaken(body.name));
}

export async function editCategory(db: Db, id: number, body: AppCategoryBody) {
  await categoryOrThrow(db, id);
  return updateCategory(db, id, { name: body.name, sort: body.sort }).catch(rethrowNameTaken(body.name));
}

/** Refused (409) while apps are in it; the row lock keeps an app from joining between the count and the delete. */
export async function removeCategory(deps: AppUploadDeps, id: number) {
  return inTransaction(deps.pool, async ({ db }) => {
    const row = await findCategory(db, id, true);
    if (!row) throw categoryNotFound();
    if ((await countAppsInCategory(db, id)) > 0)
      throw new AppError('conflict', ErrorCode.APP_CATEGORY_IN_USE);
    await deleteCategory(db, id);
    return row;
  });
}
