/**
 * An APK upload, the customer's or the operators': streamed to the uploads' temporary folder with
 * its size, SHA-256 and MD5 counted on the way (never held in memory), refused past the size
 * setting, read with `readApk`, then kept as an uploads row of the uploader with its icon as a
 * public image, and recorded as a version of the owner's app for that package. Whatever fails, no
 * partial file stays behind.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { APP_MAX_UPLOAD_MB_DEFAULT, APP_MAX_UPLOAD_SETTING, ErrorCode } from '@cloudbay/contracts';
import { eq, max } from 'drizzle-orm';
import type pg from 'pg';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../../db/errors';
import { phoneApps, phoneAppVersions } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { deleteUploadedFile, findUploadedFile, insertUploadedFile } from '../../files/repo';
import { storeUpload, storedNameOfResource, type IncomingFile } from '../../files/service';
import {
  moveIntoPlace,
  newStoredName,
  receiveToTemp,
  removeQuietly,
  storedPath,
  uploadsRoot,
  type ReceivedFile,
} from '../../files/storage';
import { findSetting } from '../../system/repo';
import { ApkInvalidError, readApk, type ApkInfo } from './apk';
import { insertApp, insertVersion, lockAppByPackage, updateApp, type PhoneAppRow } from './repo';

export interface AppUploadDeps {
  db: Db;
  pool: pg.Pool;
  config: Pick<Config, 'DATA_DIR'>;
}

export interface ApkUploadTarget {
  /** Whose app it becomes: a customer, or null for the operators' catalogue. */
  ownerId: number | null;
  /** Who sent it (owns the stored files). */
  uploaderId: number;
  /** A new version of this app: the APK must carry its package name. */
  appId?: number;
  /** The category of a new catalogue app. */
  categoryId?: number | null;
}

const APK_MIME = 'application/vnd.android.package-archive';
const LABEL_MAX = 128;

/** The largest APK accepted, in MB (the setting, or 500 when it is missing or not a positive number). */
export async function apkUploadLimitMb(db: Db): Promise<number> {
  const value = Number(await findSetting(db, APP_MAX_UPLOAD_SETTING));
  return Number.isSafeInteger(value) && value > 0 ? value : APP_MAX_UPLOAD_MB_DEFAULT;
}

const tooLarge = (limit: number) => new AppError('payload_too_large', ErrorCode.APK_TOO_LARGE, { limit });
const isSizeLimitError = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/** Receives and reads the APK; the temporary file is gone when this throws. */
async function receiveAndRead(
  root: string,
  incoming: IncomingFile,
  limitMb: number,
): Promise<{ received: ReceivedFile; md5: string; info: ApkInfo }> {
  const md5 = createHash('md5');
  let received: ReceivedFile;
  try {
    received = await receiveToTemp(root, incoming.stream, (chunk) => md5.update(chunk));
  } catch (error) {
    throw isSizeLimitError(error) ? tooLarge(limitMb) : error;
  }
  try {
    if (incoming.truncated()) throw tooLarge(limitMb);
    if (received.size === 0) throw new AppError('validation', ErrorCode.UPLOAD_MISSING);
    const info = await readApk(received.tempPath).catch((error: unknown) => {
      throw error instanceof ApkInvalidError
        ? new AppError('unsupported_media_type', ErrorCode.APK_INVALID)
        : error;
    });
    return { received, md5: md5.digest('hex'), info };
  } catch (error) {
    await removeQuietly(received.tempPath);
    throw error;
  }
}

/** The icon as one of the uploader's public images (re-encoded by the uploads); none if it does not decode. */
async function storeIcon(deps: AppUploadDeps, uploaderId: number, info: ApkInfo): Promise<string | null> {
  if (!info.icon) return null;
  try {
    const stored = await storeUpload(deps, uploaderId, {
      fileName: `${info.packageName}.${info.icon.ext}`,
      stream: Readable.from([info.icon.bytes]),
      truncated: () => false,
    });
    return stored.url;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** Removes stored files (an APK by name, an icon by URL) and their rows; used when a step after storing fails. */
export async function removeStoredFiles(deps: AppUploadDeps, names: (string | null)[]): Promise<void> {
  const root = uploadsRoot(deps.config.DATA_DIR);
  for (const name of names) {
    if (!name) continue;
    const fileName = storedNameOfResource(name);
    const row = await findUploadedFile(deps.db, fileName);
    if (row) await deleteUploadedFile(deps.db, row.id);
    const filePath = storedPath(root, fileName);
    if (filePath) await removeQuietly(filePath);
  }
}

/** The app row the version goes to (created for a new package), locked for the transaction. */
async function appForUpload(db: Db, target: ApkUploadTarget, info: ApkInfo, iconUrl: string | null) {
  if (target.appId === undefined) {
    await db
      .insert(phoneApps)
      .values({
        userId: target.ownerId,
        packageName: info.packageName,
        name: info.label.slice(0, LABEL_MAX),
        iconUrl,
        categoryId: target.categoryId ?? null,
      })
      .onConflictDoNothing();
  }
  const app = await lockAppByPackage(db, target.ownerId, info.packageName);
  if (target.appId !== undefined && app?.id !== target.appId) {
    throw new AppError('business_rule', ErrorCode.APK_PACKAGE_MISMATCH, {
      actual: info.packageName,
      expected: (await appPackageOf(db, target.appId)) ?? '',
    });
  }
  return app ?? insertApp(db, { userId: target.ownerId, packageName: info.packageName, name: info.label });
}

async function appPackageOf(db: Db, appId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ packageName: phoneApps.packageName })
    .from(phoneApps)
    .where(eq(phoneApps.id, appId));
  return row?.packageName;
}

async function newestVersionCode(db: Db, appId: number): Promise<number> {
  const [row] = await db
    .select({ max: max(phoneAppVersions.versionCode) })
    .from(phoneAppVersions)
    .where(eq(phoneAppVersions.appId, appId));
  return Number(row?.max ?? 0);
}

/**
 * Receives one APK for `target` and records it: the app (new, or the package's existing one) and
 * its new version. 413 APK_TOO_LARGE past the setting, 415 APK_INVALID for anything that is not
 * a readable APK, 409 APP_VERSION_EXISTS for a version code the app already has.
 */
export async function uploadApk(
  deps: AppUploadDeps,
  target: ApkUploadTarget,
  incoming: IncomingFile,
  limitMb: number,
): Promise<{ app: PhoneAppRow; versionId: number }> {
  const root = uploadsRoot(deps.config.DATA_DIR);
  const { received, md5, info } = await receiveAndRead(root, incoming, limitMb);
  const iconUrl = await storeIcon(deps, target.uploaderId, info).catch(async (error: unknown) => {
    await removeQuietly(received.tempPath);
    throw error;
  });
  const fileName = newStoredName('apk');
  try {
    await moveIntoPlace(received.tempPath, storedPath(root, fileName)!);
    await insertUploadedFile(deps.db, {
      fileName,
      originalName: `${info.packageName}-${info.versionName}.apk`.slice(0, 200),
      extension: 'apk',
      mimeType: APK_MIME,
      size: received.size,
      sha256: received.sha256,
      ownerId: target.uploaderId,
    });
    return await inTransaction(deps.pool, async ({ db }) => {
      const app = await appForUpload(db, target, info, iconUrl);
      const version = await insertVersion(db, {
        appId: app.id,
        versionName: info.versionName.slice(0, 100),
        versionCode: info.versionCode,
        label: info.label.slice(0, LABEL_MAX),
        fileName,
        apkSize: received.size,
        md5,
        iconUrl,
        uploadedBy: target.uploaderId,
      }).catch((error: unknown) => {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) {
          throw new AppError('conflict', ErrorCode.APP_VERSION_EXISTS, { code: info.versionCode });
        }
        throw error;
      });
      // The app shows the newest version's label and icon.
      const updated =
        (await newestVersionCode(db, app.id)) === info.versionCode
          ? await updateApp(db, app.id, { name: info.label.slice(0, LABEL_MAX), iconUrl })
          : app;
      return { app: updated ?? app, versionId: version.id };
    });
  } catch (error) {
    await removeQuietly(received.tempPath);
    await removeStoredFiles(deps, [fileName, iconUrl]);
    throw error;
  }
}
