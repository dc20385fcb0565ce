/** Backup space and backups (issue 20): the zod-free figures the web app imports too. */
export const BACKUP_NAME_MIN = 3;
export const BACKUP_NAME_MAX = 128;
export const BACKUP_DESCRIPTION_MAX = 500;
/**
 * What a backup of a phone that was never backed up is reckoned to take until the cloud reports
 * its size (MiB). eds-aic has no size estimate before BackupFile; a phone backed up before is
 * reckoned at its last backup's size. 6 GiB covers a full data partition of a fresh phone image.
 */
export const BACKUP_ESTIMATE_DEFAULT_MIB = 6144;

export const BACKUP_STATUSES = ['creating', 'available', 'recovering', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];
export const BACKUP_SPACE_STATUSES = ['available', 'deleted'] as const;
export const BACKUP_SPACE_ACTIONS = ['expand', 'renew', 'auto_renew'] as const;
export type BackupSpaceAction = (typeof BACKUP_SPACE_ACTIONS)[number];
