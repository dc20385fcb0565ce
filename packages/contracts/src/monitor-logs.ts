/**
 * The operation log and the login log (RuoYi's monitor/operlog and monitor/logininfor): what the
 * operators list, filter, export and clean. The server writes both; nobody edits an entry.
 */
import { z } from 'zod';
import { emailField } from './identity';
import { pageOf, pageQuery } from './envelope';
import { exportOptions, optional, timeWindow } from './filters';
import { LOG_STATUSES, OPER_BUSINESS_TYPES } from './monitor-log-constants';

/** Comma-separated ids of entries to delete (RuoYi `/operlog/{operIds}`). */
export const logIdsParams = z.object({ ids: z.string().regex(/^\d{1,15}(,\d{1,15}){0,99}$/) });
export const logIdParams = z.object({ id: z.coerce.number().int().positive() });
/** How many entries a delete or clean removed. */
export const logsDeletedAnswer = z.object({ deleted: z.number().int() });

/** The filters of the operation log, shared by the list and the export. */
export const operLogFilter = z.object({
  /** The module, or its beginning. */
  module: optional(z.string().trim().max(50)),
  /** The account's e-mail, or its beginning (case-insensitive). */
  email: optional(z.string().trim().max(254)),
  business_type: optional(z.enum(OPER_BUSINESS_TYPES)),
  status: optional(z.enum(LOG_STATUSES)),
  ...timeWindow.shape,
});
export type OperLogFilter = z.infer<typeof operLogFilter>;
export const operLogListQuery = pageQuery.extend(operLogFilter.shape);
export type OperLogListQuery = z.input<typeof operLogListQuery>;
export const operLogExportBody = operLogFilter.extend(exportOptions.shape);

export const operLogSchema = z.object({
  id: z.number().int(),
  module: z.string(),
  business_type: z.enum(OPER_BUSINESS_TYPES),
  method: z.string(),
  /** The route pattern (`/api/user/desktop/:desktop_id`). */
  route: z.string(),
  /** The URL called, with its query. */
  url: z.string(),
  user_id: z.number().int().nullable(),
  email: z.string().nullable(),
  ip: z.string(),
  /** Path params, query and body as JSON, secrets masked. */
  params: z.string().nullable(),
  /** The JSON answer, secrets masked; null for files. */
  result: z.string().nullable(),
  http_status: z.number().int(),
  /** The answer's `code` (200 on success). */
  result_code: z.number().int(),
  status: z.enum(LOG_STATUSES),
  error_msg: z.string().nullable(),
  duration_ms: z.number().int(),
  /** ISO time. */
  created_at: z.string(),
});
export type OperLog = z.infer<typeof operLogSchema>;
export const operLogPageSchema = pageOf(operLogSchema);
export type OperLogPage = z.infer<typeof operLogPageSchema>;

/** The filters of the login log, shared by the list and the export. */
export const loginLogFilter = z.object({
  /** The e-mail, or its beginning (case-insensitive). */
  email: optional(z.string().trim().max(254)),
  /** The address, or its beginning. */
  ip: optional(z.string().trim().max(64)),
  status: optional(z.enum(LOG_STATUSES)),
  ...timeWindow.shape,
});
export type LoginLogFilter = z.infer<typeof loginLogFilter>;
export const loginLogListQuery = pageQuery.extend(loginLogFilter.shape);
export type LoginLogListQuery = z.input<typeof loginLogListQuery>;
export const loginLogExportBody = loginLogFilter.extend(exportOptions.shape);

export const loginLogSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  ip: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  status: z.enum(LOG_STATUSES),
  /** The refusal's error code (LOGIN_FAILED, LOGIN_LOCKED, CAPTCHA_INVALID…); null on success. */
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type LoginLog = z.infer<typeof loginLogSchema>;
export const loginLogPageSchema = pageOf(loginLogSchema);
export type LoginLogPage = z.infer<typeof loginLogPageSchema>;

/** GET /monitor/logininfor/unlock/{email}: lifts every login lock and step-up of the e-mail. */
export const loginUnlockParams = z.object({ email: emailField });
export const loginUnlockAnswer = z.object({ email: z.string() });
