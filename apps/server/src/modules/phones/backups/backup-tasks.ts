/**
 * The backup centre's task-made work (issue 20): backups and recoveries, each one task per phone
 * (runners in runners.ts). A backup's row exists from the request on with an estimated size
 * reserved in the account's backup space, so a request that would not fit is refused before
 * anything starts, and two racing requests cannot both take the last room (they serialise on the
 * space row's lock).
 */
import { BACKUP_ESTIMATE_DEFAULT_MIB, ErrorCode, type backupCreateBody } from '@cloudbay/contracts';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { CoreDeps } from '../../../app-deps';
import { inTransaction, type Tx } from '../../../db/transaction';
import type { JobSender } from '../../../jobs/queue';
import { AppError } from '../../../lib/errors';
import { findResourcesOfUser, lockResource, type ResourceRow } from '../../provisioning/repo';
import { phoneOfUser } from '../service';
import { createPhoneTasks } from '../tasks';
import { assertAvailable, backupOfUser } from './backups';
import { insertBackups, lastSizesOf, settleOrphans, updateBackup, usedMibOf } from './repo';
import { liveSpaceOf } from './space';
import { spaceSizeOf } from './view';

export type BackupDeps = CoreDeps & { jobs: JobSender };

const MIB_PER_GIB = 1024;
/** Phones a backup can be restored onto (the cloud's own rule). */
const SETTLED_PHONE = ['running', 'stopped'];

const newBackupId = () => `bk-${randomBytes(12).toString('hex')}`;

/** The space locked for the request: live and running, else 422 BACKUP_SPACE_REQUIRED. */
async function lockUsableSpace(tx: Tx, userId: number, now: Date): Promise<ResourceRow> {
  const found = await liveSpaceOf(tx.db, userId);
  const space = found && (await lockResource(tx.db, found.id));
  if (!space || space.deletedAt !== null || (space.expiresAt !== null && space.expiresAt <= now)) {
    throw new AppError('business_rule', ErrorCode.BACKUP_SPACE_REQUIRED);
  }
  return space;
}

/**
 * POST /user/ph/ph_backup: a backup of each phone (all the caller's, else 404 PHONE_NOT_FOUND and
 * nothing made), each made by a `backup` task. Refused (422 BACKUP_SPACE_FULL) when what the space
 * holds plus each phone's estimate (its last backup's size, or BACKUP_ESTIMATE_DEFAULT_MIB) would
 * pass its size. The rows, their tasks and the tasks' jobs commit together.
 */
export async function createBackups(
  deps: BackupDeps,
  user: { userId: number; actorId: number },
  body: z.output<typeof backupCreateBody>,
): Promise<{ phone_id: string; task_id: number; backup_id: string }[]> {
  const { userId } = user;
  const phoneIds = [...new Set(body.phone_ids)];
  const phones = await findResourcesOfUser(deps.database.db, userId, 'phone', phoneIds);
  if (phones.length !== phoneIds.length) throw new AppError('not_found', ErrorCode.PHONE_NOT_FOUND);
  const ordered = phoneIds.map((id) => phones.find((phone) => phone.resourceId === id)!);
  await settleOrphans(deps.database.db, userId);
  return inTransaction(deps.database.pool, async (tx) => {
    const space = await lockUsableSpace(tx, userId, deps.clock.now());
    const [used, lastSizes] = await Promise.all([
      usedMibOf(tx.db, [space.id]),
      lastSizesOf(
        tx.db,
        ordered.map((phone) => phone.id),
      ),
    ]);
    const estimates = ordered.map((phone) => lastSizes.get(phone.id) ?? BACKUP_ESTIMATE_DEFAULT_MIB);
    const needed = estimates.reduce((sum, mib) => sum + mib, 0);
    const free = spaceSizeOf(space) * MIB_PER_GIB - (used.get(space.id) ?? 0);
    if (needed > free) {
      throw new AppError('business_rule', ErrorCode.BACKUP_SPACE_FULL, { needed, free: Math.max(0, free) });
    }
    const tasks = await createPhoneTasks(tx, deps.jobs, {
      userId,
      actorId: user.actorId,
      type: 'backup',
      phones: ordered.map((phone) => ({ resourceId: phone.id, publicId: phone.resourceId })),
      params: { name: body.name },
    });
    const rows = await insertBackups(
      tx.db,
      ordered.map((phone, index) => ({
        backupId: newBackupId(),
        userId,
        spaceId: space.id,
        phoneResourceId: phone.id,
        phoneId: phone.resourceId,
        name: body.name,
        description: body.description ?? '',
        estimateMib: estimates[index]!,
        taskId: tasks[index]!.id,
      })),
    );
    return rows.map((row) => ({ phone_id: row.phoneId, task_id: row.taskId!, backup_id: row.backupId }));
  });
}

/**
 * POST /user/ph/ph_backup/{id}/recovery: the backup restored onto its phone, or onto `phone_id`
 * (one of the caller's phones, else 404 PHONE_NOT_FOUND), by a `recovery` task. The backup is
 * `recovering` from the request on, so it cannot be deleted or restored twice meanwhile.
 */
export async function recoverBackup(
  deps: BackupDeps,
  user: { userId: number; actorId: number },
  backupId: string,
  targetPhoneId: string | undefined,
): Promise<{ phone_id: string; task_id: number; backup_id: string }> {
  const { userId } = user;
  const { db } = deps.database;
  await settleOrphans(db, userId);
  const target = await phoneOfUser(
    db,
    userId,
    targetPhoneId ?? (await backupOfUser(db, userId, backupId)).phoneId,
  );
  if (!SETTLED_PHONE.includes(target.status))
    throw new AppError('conflict', ErrorCode.BACKUP_TARGET_NOT_READY);
  return inTransaction(deps.database.pool, async (tx) => {
    const row = await backupOfUser(tx.db, userId, backupId, { lock: true });
    assertAvailable(row);
    const [task] = await createPhoneTasks(tx, deps.jobs, {
      userId,
      actorId: user.actorId,
      type: 'recovery',
      phones: [{ resourceId: target.id, publicId: target.resourceId }],
      params: { backupId: row.backupId, name: row.name },
    });
    await updateBackup(tx.db, row.id, { status: 'recovering', taskId: task!.id });
    return { phone_id: target.resourceId, task_id: task!.id, backup_id: row.backupId };
  });
}
