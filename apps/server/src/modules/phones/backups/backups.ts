/**
 * The backup centre (issue 20; spec §3 Backup, §7 Backups; eds-aic DeleteBackupFile and the
 * backup's rename): the list, renaming, deleting, and what a space's release takes with it.
 * Making and restoring backups are tasks (backup-tasks.ts, runners.ts).
 */
import { ErrorCode, type BackupPage, type backupListQuery, type backupUpdateBody } from '@cloudbay/contracts';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CoreDeps } from '../../../app-deps';
import type { PhoneBackupRow } from '../../../db/schema';
import { inTransaction, type Tx } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { isCloudError } from '../../../providers/cloud/types';
import { cloudErrorToAppError, withCloudRetry } from '../../provisioning/cloud-calls';
import type { ResourceRow } from '../../provisioning/repo';
import {
  findBackupOfUser,
  findBackupPage,
  findReleasedBackupsOfSpace,
  releaseBackupsOfSpace,
  settleOrphans,
  updateBackup,
} from './repo';
import { toBackup } from './view';

/** One of the caller's live backups; another customer's or a deleted one answers 404 BACKUP_NOT_FOUND. */
export async function backupOfUser(
  db: CoreDeps['database']['db'],
  userId: number,
  backupId: string,
  options: { lock?: boolean } = {},
): Promise<PhoneBackupRow> {
  const row = await findBackupOfUser(db, userId, backupId, options);
  if (!row) throw new AppError('not_found', ErrorCode.BACKUP_NOT_FOUND);
  return row;
}

/** GET /user/ph/ph_backup: the caller's backups, newest first, paged in SQL. */
export async function listBackups(
  deps: CoreDeps,
  userId: number,
  query: z.output<typeof backupListQuery>,
): Promise<BackupPage> {
  await settleOrphans(deps.database.db, userId);
  const { rows, total } = await findBackupPage(
    deps.database.db,
    { userId, name: query.name, phoneId: query.phone_id, status: query.status },
    query,
  );
  return {
    list: rows.map(({ backup, phoneName }) => toBackup(backup, phoneName)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** Renaming, deleting and restoring need a backup the cloud holds and is not busy with. */
export function assertAvailable(row: PhoneBackupRow) {
  if (row.status !== 'available' || row.instanceId === null) {
    throw new AppError('conflict', ErrorCode.BACKUP_NOT_AVAILABLE);
  }
}

/** PUT /user/ph/ph_backup/{id}: a new name and/or description, the cloud's copy first. */
export async function updateBackupOf(
  deps: CoreDeps,
  userId: number,
  backupId: string,
  body: z.output<typeof backupUpdateBody>,
): Promise<PhoneBackupRow> {
  const row = await backupOfUser(deps.database.db, userId, backupId);
  assertAvailable(row);
  const name = body.name ?? row.name;
  const description = body.description ?? row.description;
  // A rename is safe to repeat, so each request has a token of its own.
  await withCloudRetry(() =>
    deps.cloud.act('backup', row.instanceId!, 'rename', { name, description }, randomUUID()),
  ).catch((error: unknown) => {
    throw cloudErrorToAppError(error);
  });
  return updateBackup(deps.database.db, row.id, { name, description });
}

/**
 * DELETE /user/ph/ph_backup/{id}: the cloud's copy is deleted (a failed backup may have none),
 * then the row, which frees its room in the space.
 */
export async function deleteBackupOf(deps: CoreDeps, userId: number, backupId: string): Promise<void> {
  await settleOrphans(deps.database.db, userId);
  const row = await backupOfUser(deps.database.db, userId, backupId);
  if (row.status !== 'failed') assertAvailable(row);
  if (row.instanceId !== null) await deleteUpstream(deps, row);
  await inTransaction(deps.database.pool, async (tx) => {
    const locked = await findBackupOfUser(tx.db, userId, backupId, { lock: true });
    if (locked) await updateBackup(tx.db, locked.id, { deletedAt: deps.clock.now() });
  });
}

/** DeleteBackupFile under the backup's own token; one already gone upstream is gone. */
async function deleteUpstream(deps: Pick<CoreDeps, 'cloud'>, row: PhoneBackupRow): Promise<void> {
  try {
    await withCloudRetry(() => deps.cloud.delete('backup', row.instanceId!, `${row.backupId}:delete`));
  } catch (error) {
    if (isCloudError(error, 'not_found')) return;
    throw cloudErrorToAppError(error);
  }
}

/** The backups of a space being released, gone from the console in the deletion's transaction. */
export async function releaseBackupsOf(tx: Tx, clock: CoreDeps['clock'], space: ResourceRow): Promise<void> {
  await releaseBackupsOfSpace(tx.db, space.id, clock.now());
}

/**
 * After the space's deletion committed: the cloud copies of its backups are deleted (each under its
 * own token, so a repeat deletes once); one the cloud refuses now is logged and stays upstream.
 */
export async function deleteReleasedBackups(
  deps: Pick<CoreDeps, 'cloud' | 'database'>,
  space: ResourceRow,
  log?: (message: string) => void,
): Promise<void> {
  for (const row of await findReleasedBackupsOfSpace(deps.database.db, space.id)) {
    await deleteUpstream(deps, row).catch((error: Error) =>
      log?.(`deletion: backup ${row.backupId} of ${space.resourceId} stays upstream: ${error.message}`),
    );
  }
}
