/**
 * Backup space and backups as the console shows them (contracts `backupSpaceSchema`,
 * `backupSchema`; spec §3 Backup, Backup space).
 */
import {
  BACKUP_SPACE_ACTIONS,
  type Backup,
  type BackupSpace,
  type BackupSpaceAction,
} from '@cloudbay/contracts';
import type { PhoneBackupRow } from '../../../db/schema';
import { renewalOffered } from '../../billing/renewal';
import { isActionAllowed } from '../../provisioning/actions';
import type { ResourceRow } from '../../provisioning/repo';
import { expiryStateOf } from '../../network/expiry-state';

export const spaceSizeOf = (row: Pick<ResourceRow, 'spec'>) => Number(row.spec.sizeGib);

function allowed(row: ResourceRow, action: BackupSpaceAction, now: Date): boolean {
  if (action === 'renew' || action === 'auto_renew') return renewalOffered(row, action);
  // Grown while it runs; an expired space is renewed first.
  return isActionAllowed(row, 'modify_spec') && (row.expiresAt === null || row.expiresAt > now);
}

export function toBackupSpace(row: ResourceRow, usedMib: number, now: Date): BackupSpace {
  return {
    id: row.resourceId,
    size_gib: spaceSizeOf(row),
    used_mib: usedMib,
    status: row.deletedAt === null ? 'available' : 'deleted',
    expired_at: row.expiresAt?.toISOString() ?? null,
    expiry_state: expiryStateOf(row, now),
    auto_renew: row.autoRenew,
    created_at: row.createdAt.toISOString(),
    actions: BACKUP_SPACE_ACTIONS.filter((action) => allowed(row, action, now)),
  };
}

export function toBackup(row: PhoneBackupRow, phoneName: string | null): Backup {
  return {
    id: row.backupId,
    name: row.name,
    description: row.description,
    status: row.status as Backup['status'],
    size_mib: row.sizeMib,
    phone_id: row.phoneId,
    phone_name: phoneName,
    task_id: row.taskId,
    created_at: row.createdAt.toISOString(),
  };
}
