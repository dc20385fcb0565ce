/**
 * Installs and uninstalls as tasks (issue 20): one task per phone, written with its job in one
 * transaction (the task core's outbox); the runners call the cloud's `install_app` /
 * `uninstall_app` (eds-aic InstallApp / UninstallApp; app ids are package names upstream) with the
 * task's token, so a task run again after a crash reaches the cloud once, and keep the phone's
 * installed apps on its row (`attributes.apps` and `appVersions`, kept attributes) from the cloud's
 * answer. An install names the version the task was made for (the app's newest, or the one asked)
 * with its versionCode and the APK's MD5.
 */
import {
  ErrorCode,
  type PhoneAppInstallBody,
  type PhoneAppTasks,
  type PhoneAppUninstallBody,
  type PhoneInstalledApps,
  type PhoneTaskType,
} from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import type { AppDeps, CoreDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { resources } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import {
  CloudError,
  type CloudActionParams,
  type CloudResource,
  type InstalledAppVersion,
} from '../../../providers/cloud/types';
import { findResource, findResourcesOfUser } from '../../provisioning/repo';
import {
  createPhoneTasks,
  phoneTaskToken,
  type PhoneTaskOutcome,
  type PhoneTaskRow,
  type PhoneTaskRunnerEntry,
  type PhoneTaskRunners,
} from '../tasks';
import { findVersion } from './repo';
import { customerApp } from './service';

/** The caller's phones in the order asked, all or none (one not the caller's: 404 PHONE_NOT_FOUND). */
async function ownPhones(db: Db, userId: number, phoneIds: string[]) {
  const unique = [...new Set(phoneIds)];
  const rows = await findResourcesOfUser(db, userId, 'phone', unique);
  return unique.map((id) => {
    const row = rows.find((phone) => phone.resourceId === id);
    if (!row) throw new AppError('not_found', ErrorCode.PHONE_NOT_FOUND);
    return { resourceId: row.id, publicId: row.resourceId };
  });
}

async function createTasks(
  deps: AppDeps,
  who: { userId: number; actorId: number },
  type: PhoneTaskType,
  phoneIds: string[],
  params: Record<string, unknown>,
): Promise<PhoneAppTasks> {
  const phones = await ownPhones(deps.database.db, who.userId, phoneIds);
  const rows = await inTransaction(deps.database.pool, (tx) =>
    createPhoneTasks(tx, deps.jobs, { ...who, type, phones, params }),
  );
  return { tasks: rows.map((row) => ({ task_id: row.id, phone_id: row.phoneId })) };
}

/** POST …/install_v2: the app must be one the caller sees (404 otherwise), the version one of its own. */
export async function installApp(
  deps: AppDeps,
  who: { userId: number; actorId: number },
  body: PhoneAppInstallBody,
): Promise<PhoneAppTasks> {
  const { db } = deps.database;
  const app = await customerApp(db, who.userId, body.app_id);
  const version = await findVersion(db, app.id, body.version_id ?? app.version_id);
  if (!version) throw new AppError('not_found', ErrorCode.APP_VERSION_NOT_FOUND);
  return createTasks(deps, who, 'install', body.phone_ids, {
    appId: app.id,
    versionId: version.id,
    packageName: app.package_name,
    name: version.label,
    version: version.versionName,
    versionCode: version.versionCode,
    md5: version.md5,
  });
}

/** POST …/uninstall_v2: by package name, whatever installed it. */
export function uninstallApp(
  deps: AppDeps,
  who: { userId: number; actorId: number },
  body: PhoneAppUninstallBody,
): Promise<PhoneAppTasks> {
  return createTasks(deps, who, 'uninstall', body.phone_ids, { packageName: body.package_name });
}

/** The phone's installed apps and their versions as the cloud answered them, kept on its row. */
async function keepInstalledApps(db: Db, resourceId: number, answer: CloudResource): Promise<void> {
  const { apps, appVersions } = answer.attributes as { apps?: unknown; appVersions?: unknown };
  if (!Array.isArray(apps)) return;
  const kept = { apps, appVersions: appVersions ?? {} };
  await db
    .update(resources)
    .set({ attributes: sql`${resources.attributes} || ${JSON.stringify(kept)}::jsonb` })
    .where(sql`${resources.id} = ${resourceId}`);
}

/** What an install task's params name (`installApp`); `versionCode` is absent on tasks made before it was kept. */
interface InstallParams {
  appId: number;
  versionId: number;
  packageName: string;
  name?: string;
  version: string;
  versionCode?: number;
  md5: string;
}

/** The cloud's install parameters: the package with the version and the APK's MD5 the task names. */
async function installParams(
  db: Db,
  params: InstallParams,
): Promise<CloudActionParams['phone']['install_app'] | null> {
  if (params.versionCode !== undefined) {
    return {
      appId: params.packageName,
      versionName: params.version,
      versionCode: params.versionCode,
      md5: params.md5,
    };
  }
  const version = await findVersion(db, params.appId, params.versionId);
  return version
    ? {
        appId: params.packageName,
        versionName: version.versionName,
        versionCode: version.versionCode,
        md5: version.md5,
      }
    : null;
}

type AppAction = 'install_app' | 'uninstall_app';

/** One install or uninstall on the task's phone; cloud timeouts throw, so the job retries with the same token. */
function appRunner(action: AppAction, done: string): PhoneTaskRunnerEntry['run'] {
  return async (deps: CoreDeps, task: PhoneTaskRow): Promise<PhoneTaskOutcome> => {
    const { db } = deps.database;
    const params = task.params as { packageName: string; name?: string };
    const name = params.name ?? params.packageName;
    const cloudParams =
      action === 'install_app'
        ? await installParams(db, task.params as unknown as InstallParams)
        : { appId: params.packageName };
    if (!cloudParams) return { status: 'failed', code: ErrorCode.APP_VERSION_NOT_FOUND };
    const phone = await findResource(db, task.resourceId);
    if (!phone || phone.deletedAt !== null) return { status: 'failed', code: ErrorCode.PHONE_NOT_FOUND };
    if (phone.status !== 'running' || !phone.instanceId) {
      return { status: 'failed', code: ErrorCode.PHONE_APP_PHONE_NOT_RUNNING };
    }
    let answer: CloudResource;
    try {
      answer = await deps.cloud.act('phone', phone.instanceId, action, cloudParams, phoneTaskToken(task));
    } catch (error) {
      if (!(error instanceof CloudError)) throw error;
      if (error.code === 'invalid_state')
        return { status: 'failed', code: ErrorCode.PHONE_APP_PHONE_NOT_RUNNING };
      if (error.code === 'invalid_parameter' || error.code === 'not_found') {
        return {
          status: 'failed',
          code: ErrorCode.PHONE_APP_CLOUD_REFUSED,
          params: { reason: error.message },
        };
      }
      throw error;
    }
    await keepInstalledApps(db, phone.id, answer);
    return { status: 'success', code: done, params: { name } };
  };
}

/** The app centre's entries of PHONE_TASK_RUNNERS. */
export const appTaskRunners: PhoneTaskRunners = {
  install: {
    run: appRunner('install_app', 'APP_INSTALLED'),
    messages: { APP_INSTALLED: { 'zh-CN': '已安装 {name}', 'en-US': 'Installed {name}' } },
  },
  uninstall: {
    run: appRunner('uninstall_app', 'APP_UNINSTALLED'),
    messages: { APP_UNINSTALLED: { 'zh-CN': '已卸载 {name}', 'en-US': 'Uninstalled {name}' } },
  },
};

/**
 * GET …/installed?phone_id=: the packages on one of the caller's phones, as the engine keeps them,
 * with the version each install put there.
 */
export async function installedApps(
  db: Db,
  userId: number,
  phoneId: string,
): Promise<Omit<PhoneInstalledApps, 'phone_id'>> {
  const [phone] = await findResourcesOfUser(db, userId, 'phone', [phoneId]);
  if (!phone) throw new AppError('not_found', ErrorCode.PHONE_NOT_FOUND);
  const { apps, appVersions } = phone.attributes as { apps?: unknown; appVersions?: unknown };
  const packages = Array.isArray(apps) ? apps.filter((app): app is string => typeof app === 'string') : [];
  const versions = (appVersions ?? {}) as Partial<Record<string, InstalledAppVersion>>;
  return {
    packages,
    apps: packages.map((packageName) => {
      const version = versions[packageName];
      return {
        package_name: packageName,
        version: version?.versionName ?? null,
        version_code: version?.versionCode ?? null,
        md5: version?.md5 ?? null,
      };
    }),
  };
}
