/**
 * Sub-accounts (issue 21, spec §7 Sub-accounts): a main account's staff logins, bound to some of
 * its desktops and phones with per-binding permissions, and a monthly spend cap for renewals.
 * Every route here is the main account's (a sub-account gets 403 SUB_ACCOUNT_NOT_ALLOWED), except
 * the sub-account's own password change (`subAccountOwnPasswordBody`).
 */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional } from './filters';
import { PASSWORD_MAX_LENGTH } from './account-rules';
import { passwordField } from './identity';
import { resourceIdField } from './desktops';
import { dollarAmount } from './wallet';
import {
  SUB_ACCOUNT_BATCH_MAX,
  SUB_ACCOUNT_NICKNAME_MAX,
  SUB_ACCOUNT_NICKNAME_MIN,
  SUB_ACCOUNT_PERMISSIONS,
  SUB_ACCOUNT_REMARK_MAX,
  SUB_ACCOUNT_RESOURCE_KINDS,
  SUB_ACCOUNT_SPEND_CAP_MAX_DOLLARS,
  SUB_ACCOUNT_STATUSES,
} from './sub-account-constants';

export * from './sub-account-constants';

/** The sub-account's login name under its main account (unique there, case-insensitively). */
export const subAccountNicknameField = z
  .string()
  .trim()
  .refine(
    (v) => [...v].length >= SUB_ACCOUNT_NICKNAME_MIN && [...v].length <= SUB_ACCOUNT_NICKNAME_MAX,
    ErrorCode.NICKNAME_LENGTH,
  );

const remarkField = z.string().trim().max(SUB_ACCOUNT_REMARK_MAX);

/** A set of binding permissions; repeats are dropped, the order is SUB_ACCOUNT_PERMISSIONS'. */
export const subAccountPermissionsField = z
  .array(z.enum(SUB_ACCOUNT_PERMISSIONS, { error: ErrorCode.VALIDATION_FAILED }))
  .max(SUB_ACCOUNT_PERMISSIONS.length * 2)
  .transform((list) => SUB_ACCOUNT_PERMISSIONS.filter((p) => list.includes(p)));

/** A monthly spend cap in dollars ('0' = the sub-account may not renew). */
export const subAccountSpendCapField = dollarAmount.refine(
  (value) => Number(value) <= SUB_ACCOUNT_SPEND_CAP_MAX_DOLLARS,
  ErrorCode.VALIDATION_FAILED,
);

export const subAccountIdParams = z.object({ account_id: z.coerce.number().int().positive() });

/** POST /user/son_account → `{ account_id }`. Refused beyond the main account's maximum (422). */
export const createSubAccountBody = z.object({
  nickname: subAccountNicknameField,
  password: passwordField,
  remark: optional(remarkField),
});
export type CreateSubAccountBody = z.input<typeof createSubAccountBody>;
export const subAccountCreatedSchema = z.object({ account_id: z.number().int() });

/** GET /user/son_account: paged, newest first. */
export const subAccountListQuery = pageQuery.extend({
  /** Part of the nickname, case-insensitive. */
  nickname: optional(z.string().trim().max(SUB_ACCOUNT_NICKNAME_MAX)),
  status: optional(z.enum(SUB_ACCOUNT_STATUSES)),
});
export type SubAccountListQuery = z.input<typeof subAccountListQuery>;

/** One bound desktop or phone and what the sub-account may do with it. */
export const subAccountBindingSchema = z.object({
  kind: z.enum(SUB_ACCOUNT_RESOURCE_KINDS),
  /** The public id (`desktop_id` / `phone_id`). */
  resource_id: z.string(),
  name: z.string(),
  permissions: z.array(z.enum(SUB_ACCOUNT_PERMISSIONS)),
  bound_at: z.string(),
});
export type SubAccountBinding = z.infer<typeof subAccountBindingSchema>;

export const subAccountItemSchema = z.object({
  account_id: z.number().int(),
  nickname: z.string(),
  remark: z.string(),
  /** '0' enabled, '1' disabled (dictionary sys_normal_disable). */
  status: z.enum(SUB_ACCOUNT_STATUSES),
  desktop_count: z.number().int(),
  phone_count: z.number().int(),
  /** Every binding, desktops then phones, in binding order. */
  desktops: z.array(subAccountBindingSchema),
  phones: z.array(subAccountBindingSchema),
  /** Live sessions now. */
  online_count: z.number().int(),
  /** Monthly renewal cap in dollars ("0.00" = may not renew), and what it spent this UTC month. */
  spend_cap: z.string(),
  spent_this_month: z.string(),
  create_time: z.string(),
  last_login_time: z.string().nullable(),
});
export type SubAccountItem = z.infer<typeof subAccountItemSchema>;

/** The list page, with the count against the main account's maximum (the page shows used / max). */
export const subAccountPageSchema = pageOf(subAccountItemSchema).extend({
  used: z.number().int(),
  max: z.number().int(),
});
export type SubAccountPage = z.infer<typeof subAccountPageSchema>;

/** PUT /user/son_account/{account_id}/password: ends the sub-account's sessions. */
export const subAccountPasswordBody = z.object({ password: passwordField });

/**
 * PUT /user/son_account/own_password: a sub-account changes its own password with its current one
 * (it has no address of its own for a code); its other sessions end.
 */
export const subAccountOwnPasswordBody = z.object({
  // Not the full rule: a password set before a rule change must still be accepted as the old one.
  old_password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH * 4),
  password: passwordField,
});
export type SubAccountOwnPasswordBody = z.infer<typeof subAccountOwnPasswordBody>;

/**
 * PUT /user/son_account/batch_edit: fields left out stay. `permissions` replaces the permissions
 * of every binding of the named accounts; status '1' ends their sessions at once.
 */
export const subAccountBatchEditBody = z.object({
  account_ids: z
    .array(z.number().int().positive())
    .min(1, { error: ErrorCode.SELECTION_REQUIRED })
    .max(SUB_ACCOUNT_BATCH_MAX),
  status: z.enum(SUB_ACCOUNT_STATUSES).optional(),
  remark: remarkField.optional(),
  permissions: subAccountPermissionsField.optional(),
  spend_cap: subAccountSpendCapField.optional(),
});
export type SubAccountBatchEditBody = z.input<typeof subAccountBatchEditBody>;
export const subAccountBatchEditSchema = z.object({ updated: z.number().int() });

const resourceIds = z
  .array(resourceIdField)
  .min(1, { error: ErrorCode.SELECTION_REQUIRED })
  .max(SUB_ACCOUNT_BATCH_MAX);

/**
 * POST /user/son_account/{account_id}/desktop: binds the caller's desktops (another customer's
 * answers 404). Binding one already bound sets its permissions: that is how one binding is edited.
 * Permissions default to SUB_ACCOUNT_DEFAULT_PERMISSIONS. The desktop's assigned user follows.
 */
export const subAccountBindDesktopsBody = z.object({
  desktop_ids: resourceIds,
  permissions: subAccountPermissionsField.optional(),
});
export type SubAccountBindDesktopsBody = z.input<typeof subAccountBindDesktopsBody>;
/** DELETE /user/son_account/{account_id}/desktop */
export const subAccountUnbindDesktopsBody = z.object({ desktop_ids: resourceIds });

/** POST /user/son_account/{account_id}/phone: as for desktops. */
export const subAccountBindPhonesBody = z.object({
  phone_ids: resourceIds,
  permissions: subAccountPermissionsField.optional(),
});
export type SubAccountBindPhonesBody = z.input<typeof subAccountBindPhonesBody>;
/** DELETE /user/son_account/{account_id}/phone */
export const subAccountUnbindPhonesBody = z.object({ phone_ids: resourceIds });

/** The answer of bind and unbind: how many bindings were made, changed or removed. */
export const subAccountBindResultSchema = z.object({ count: z.number().int() });

/**
 * POST /user/son_account/{account_id}/enter: a new session of the sub-account for the main
 * account's caller. `url` is the /moneryContro hand-off (token = the new session, loginToken = the
 * caller's own, isSon=1); the web opens it and "back to main account" restores loginToken.
 */
export const subAccountEnterSchema = z.object({
  access_token: z.string(),
  url: z.string(),
});
export type SubAccountEnter = z.infer<typeof subAccountEnterSchema>;

/** GET /user/statistics/son_account_rank: this UTC month unless `month` (YYYY-MM) names one. */
export const subAccountRankQuery = z.object({
  month: optional(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, ErrorCode.VALIDATION_FAILED)),
});
export const subAccountRankItemSchema = z.object({
  account_id: z.number().int(),
  nickname: z.string(),
  /** Dollars charged this month for the resources bound to the sub-account. */
  cost: z.string(),
  /** What the sub-account's own renewals charged this month (within its cap), in dollars. */
  spent: z.string(),
  /** Seconds its sessions were active this month. */
  online_seconds: z.number().int(),
});
export type SubAccountRankItem = z.infer<typeof subAccountRankItemSchema>;
/** Highest cost first, then online time; every sub-account of the caller. */
export const subAccountRankSchema = z.object({
  month: z.string(),
  list: z.array(subAccountRankItemSchema),
});
export type SubAccountRank = z.infer<typeof subAccountRankSchema>;
