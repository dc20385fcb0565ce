/**
 * Backup space and the backup centre (issue 20; spec §3 Backup, Backup space; §5 Resources; §7
 * Cloud phone Backups). The space is the console's quota, one per account, bought by the GiB
 * (10–5000 in multiples of 10) for months; phone backups (eds-aic BackupFile) count against it.
 * Every route sits under `/user/ph/*`, so a customer without the phone flag gets 403.
 */
import { z } from 'zod';
import { backupSpaceField, periodField } from './catalog';
import { resourceIdField } from './desktops';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional } from './filters';
import { EXPIRY_STATES } from './network-constants';
import { orderSchema } from './orders';
import { MAX_BATCH_PHONES } from './phone-constants';
import {
  BACKUP_DESCRIPTION_MAX,
  BACKUP_NAME_MAX,
  BACKUP_NAME_MIN,
  BACKUP_SPACE_ACTIONS,
  BACKUP_SPACE_STATUSES,
  BACKUP_STATUSES,
} from './phone-backup-constants';

// ---------------------------------------------------------------------------------------------
// Backup space

/** GET /user/ph/ph_backup_space/price: `size` GiB for `period` months. */
export const backupSpacePriceQuery = z.object({ size: backupSpaceField, period: periodField });
export type BackupSpacePriceQuery = z.input<typeof backupSpacePriceQuery>;

/** POST /user/ph/ph_backup_space (Idempotency-Key): the purchase duration is required (spec §5). */
export const backupSpaceBuyBody = z.object({
  size: backupSpaceField,
  period: periodField,
  auto_renew: z.boolean().default(false),
  agreed: z.literal(true, { error: ErrorCode.AGREEMENT_REQUIRED }),
});
export type BackupSpaceBuyBody = z.input<typeof backupSpaceBuyBody>;

export const backupSpaceIdParams = z.object({ id: resourceIdField });
/** GET …/{id}/expand_price?size= and POST …/{id}/expand { size }: the new total size. */
export const backupSpaceExpandQuery = z.object({ size: backupSpaceField });
export const backupSpaceExpandBody = backupSpaceExpandQuery;
/** POST …/{id}/renew: the renewal period is required (spec §5). */
export const backupSpaceRenewBody = z.object({ period: periodField });
export const backupSpaceRenewPriceQuery = backupSpaceRenewBody;
export const backupSpaceAutoRenewBody = z.object({ auto_renew: z.boolean() });

/** One backup space (spec §3: id, size in GiB, expiry, validity) with what its backups take. */
export const backupSpaceSchema = z.object({
  id: z.string(),
  size_gib: z.number().int(),
  /** What the account's backups take (MiB), those being made counted at their estimate. */
  used_mib: z.number().int(),
  status: z.enum(BACKUP_SPACE_STATUSES),
  expired_at: z.string().nullable(),
  /** Validity: normal, expiring (within 3 days) or expired (kept until the release). */
  expiry_state: z.enum(EXPIRY_STATES),
  auto_renew: z.boolean(),
  created_at: z.string(),
  actions: z.array(z.enum(BACKUP_SPACE_ACTIONS)),
});
export type BackupSpace = z.infer<typeof backupSpaceSchema>;
export const backupSpacePageSchema = pageOf(backupSpaceSchema);
export type BackupSpacePage = z.infer<typeof backupSpacePageSchema>;
export const backupSpaceOrderSchema = z.object({ order: orderSchema.nullable(), space: backupSpaceSchema });
export type BackupSpaceOrder = z.infer<typeof backupSpaceOrderSchema>;

// ---------------------------------------------------------------------------------------------
// Backups

const backupName = z
  .string()
  .trim()
  .min(BACKUP_NAME_MIN, { error: ErrorCode.BACKUP_NAME_RANGE })
  .max(BACKUP_NAME_MAX, { error: ErrorCode.BACKUP_NAME_RANGE });
const backupDescription = z
  .string()
  .trim()
  .max(BACKUP_DESCRIPTION_MAX, { error: ErrorCode.BACKUP_DESCRIPTION_TOO_LONG });

/** POST /user/ph/ph_backup (Idempotency-Key): one backup of each phone, each a task. */
export const backupCreateBody = z.object({
  phone_ids: z.array(resourceIdField).min(1, { error: ErrorCode.SELECTION_REQUIRED }).max(MAX_BATCH_PHONES),
  name: backupName,
  description: backupDescription.optional(),
});
export type BackupCreateBody = z.input<typeof backupCreateBody>;

export const backupListQuery = pageQuery.extend({
  name: optional(z.string().trim().max(BACKUP_NAME_MAX)),
  phone_id: optional(resourceIdField),
  status: optional(z.enum(BACKUP_STATUSES)),
});
export type BackupListQuery = z.input<typeof backupListQuery>;

export const backupIdParams = z.object({ id: resourceIdField });

/** PUT /user/ph/ph_backup/{id}: a new name and/or description (the cloud's copy too). */
export const backupUpdateBody = z
  .object({ name: backupName.optional(), description: backupDescription.optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: ErrorCode.VALIDATION_FAILED,
  });
export type BackupUpdateBody = z.input<typeof backupUpdateBody>;

/** POST /user/ph/ph_backup/{id}/recovery: onto its own phone, or another of the account's. */
export const backupRecoveryBody = z.object({ phone_id: resourceIdField.optional() });
export type BackupRecoveryBody = z.input<typeof backupRecoveryBody>;

/** One backup (spec §3 Backup: id, name, description, status, size in MiB; its phone, created). */
export const backupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(BACKUP_STATUSES),
  /** Null until the cloud reports it. */
  size_mib: z.number().int().nullable(),
  phone_id: z.string(),
  phone_name: z.string().nullable(),
  /** The task that makes it (the task centre's id). */
  task_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Backup = z.infer<typeof backupSchema>;
export const backupPageSchema = pageOf(backupSchema);
export type BackupPage = z.infer<typeof backupPageSchema>;

/** The answer of a backup or a recovery: the task made for each phone. */
export const backupTaskRefSchema = z.object({
  phone_id: z.string(),
  task_id: z.number().int(),
  backup_id: z.string(),
});
export const backupCreateSchema = z.object({ tasks: z.array(backupTaskRefSchema) });
export type BackupCreateResult = z.infer<typeof backupCreateSchema>;
