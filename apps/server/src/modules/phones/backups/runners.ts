/**
 * The backup centre's task runners (issue 20): `backup` makes the cloud's backup of the task's
 * phone (eds-aic BackupFile) and follows it until the cloud reports its size; `recovery` restores a
 * backup onto the task's phone (RecoveryFile) and follows it until done. Both are idempotent: the
 * cloud call's client token is the task's (`phoneTaskToken`), and the backup row records what has
 * happened, so a run after a crash picks up where the last one stopped.
 */
import { ErrorCode } from '@cloudbay/contracts';
import type { CoreDeps } from '../../../app-deps';
import type { PhoneBackupRow } from '../../../db/schema';
import { isCloudError, type CloudResource } from '../../../providers/cloud/types';
import { findRegion } from '../../catalog/repo';
import { withCloudRetry } from '../../provisioning/cloud-calls';
import { findResource } from '../../provisioning/repo';
import {
  phoneTaskToken,
  type PhoneTaskOutcome,
  type PhoneTaskRow,
  type PhoneTaskRunnerEntry,
} from '../tasks';
import { findBackupByTask, findBackupOfUser, updateBackup } from './repo';

const running: PhoneTaskOutcome = { status: 'running' };

/** A cloud refusal ends the task with its reason; an outage throws, so the job retries. */
function refusal(error: unknown): PhoneTaskOutcome {
  if (!isCloudError(error) || error.retryable) throw error;
  return {
    status: 'failed',
    code: error.code === 'invalid_state' ? 'BACKUP_PHONE_NOT_READY' : 'BACKUP_CLOUD_REFUSED',
  };
}

/** The task's cloud backup, made once under the task's token; its instance id kept on the row. */
async function ensureCloudBackup(
  deps: CoreDeps,
  task: PhoneTaskRow,
  backup: PhoneBackupRow,
): Promise<string | PhoneTaskOutcome> {
  if (backup.instanceId !== null) return backup.instanceId;
  const phone = await findResource(deps.database.db, backup.phoneResourceId);
  if (!phone || phone.deletedAt !== null || phone.instanceId === null || phone.regionId === null) {
    return { status: 'failed', code: ErrorCode.PHONE_NOT_FOUND };
  }
  const region = await findRegion(deps.database.db, 'phone', phone.regionId, false);
  let answer: CloudResource;
  try {
    answer = await withCloudRetry(() =>
      deps.cloud.create('backup', {
        clientToken: phoneTaskToken(task),
        region: region!.wyRegionId,
        spec: {
          phoneInstanceId: phone.instanceId!,
          name: backup.name,
          ...(backup.description ? { description: backup.description } : {}),
        },
      }),
    );
  } catch (error) {
    return refusal(error);
  }
  await updateBackup(deps.database.db, backup.id, { instanceId: answer.instanceId });
  return answer.instanceId;
}

/** `backup`: BackupFile, then its status until the cloud has made it (and knows its size). */
async function runBackup(deps: CoreDeps, task: PhoneTaskRow): Promise<PhoneTaskOutcome> {
  const { db } = deps.database;
  const backup = await findBackupByTask(db, task.id);
  if (!backup || backup.deletedAt !== null) return { status: 'failed', code: ErrorCode.BACKUP_NOT_FOUND };
  if (backup.status === 'available') return done(backup);
  if (backup.status === 'failed') return { status: 'failed', code: 'BACKUP_CLOUD_REFUSED' };
  const instanceId = await ensureCloudBackup(deps, task, backup);
  if (typeof instanceId !== 'string') {
    await updateBackup(db, backup.id, { status: 'failed' });
    return instanceId;
  }
  const [upstream] = await withCloudRetry(() => deps.cloud.describe('backup', [instanceId]));
  if (upstream?.status === 'creating') return running;
  if (upstream?.status === 'available') {
    const sizeMib = Number(upstream.attributes.sizeMiB);
    return done(await updateBackup(db, backup.id, { status: 'available', sizeMib }));
  }
  await updateBackup(db, backup.id, { status: 'failed' });
  return { status: 'failed', code: 'BACKUP_CLOUD_REFUSED' };
}

const done = (backup: PhoneBackupRow): PhoneTaskOutcome => ({
  status: 'success',
  code: 'BACKUP_MADE',
  params: { name: backup.name, size: backup.sizeMib ?? 0 },
});

/** `recovery`: RecoveryFile onto the task's phone, then the backup's status until it is done. */
async function runRecovery(deps: CoreDeps, task: PhoneTaskRow): Promise<PhoneTaskOutcome> {
  const { db } = deps.database;
  const backup = await findBackupOfUser(db, task.userId, String(task.params.backupId));
  if (!backup || backup.instanceId === null) return { status: 'failed', code: ErrorCode.BACKUP_NOT_FOUND };
  const restored: PhoneTaskOutcome = {
    status: 'success',
    code: 'BACKUP_RESTORED',
    params: { name: backup.name },
  };
  // Another task has the backup now: this one ended before (a duplicate delivery).
  if (backup.taskId !== task.id) return restored;
  const target = await findResource(db, task.resourceId);
  if (!target || target.deletedAt !== null || target.instanceId === null) {
    await updateBackup(db, backup.id, { status: 'available' });
    return { status: 'failed', code: ErrorCode.PHONE_NOT_FOUND };
  }
  if (task.polls === 0) {
    try {
      // Repeated after a crash with the same token: the cloud restores once.
      await withCloudRetry(() =>
        deps.cloud.act(
          'backup',
          backup.instanceId!,
          'recover',
          { phoneInstanceId: target.instanceId! },
          phoneTaskToken(task),
        ),
      );
    } catch (error) {
      const outcome = refusal(error);
      await updateBackup(db, backup.id, { status: 'available' });
      return outcome;
    }
  }
  const [upstream] = await withCloudRetry(() => deps.cloud.describe('backup', [backup.instanceId!]));
  if (upstream?.status === 'recovering') return running;
  await updateBackup(db, backup.id, { status: 'available' });
  return upstream?.status === 'available' ? restored : { status: 'failed', code: 'BACKUP_CLOUD_REFUSED' };
}

const MESSAGES = {
  BACKUP_MADE: { 'zh-CN': '备份 {name} 已完成（{size} MiB）', 'en-US': 'Backup {name} made ({size} MiB)' },
  BACKUP_RESTORED: { 'zh-CN': '已从备份 {name} 恢复', 'en-US': 'Restored from backup {name}' },
  BACKUP_PHONE_NOT_READY: {
    'zh-CN': '云手机需处于运行中或已关机状态',
    'en-US': 'The phone must be running or stopped',
  },
  BACKUP_CLOUD_REFUSED: { 'zh-CN': '云端未能完成此操作', 'en-US': 'The cloud could not complete it' },
};

/** The backup centre's lines of PHONE_TASK_RUNNERS (task-runners.ts). */
export const backupTaskRunners = {
  backup: { run: runBackup, messages: MESSAGES },
  recovery: { run: runRecovery, messages: MESSAGES },
} satisfies Record<'backup' | 'recovery', PhoneTaskRunnerEntry>;
