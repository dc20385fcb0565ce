/**
 * The task centre (issue 20, spec §3 Task, §7 `ph_task/list`): every long operation on a phone is
 * a task, one per phone, followed from pending to success or failed.
 */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional, timeWindow } from './filters';

/** What a task does (the runner that works it). */
export const PHONE_TASK_TYPES = [
  'install',
  'uninstall',
  'backup',
  'recovery',
  'reset',
  'replace',
  'command',
  'start',
  'stop',
  'restart',
] as const;
export type PhoneTaskType = (typeof PHONE_TASK_TYPES)[number];

export const PHONE_TASK_STATUSES = ['pending', 'running', 'success', 'failed'] as const;
export type PhoneTaskStatus = (typeof PHONE_TASK_STATUSES)[number];
/** Statuses a task leaves only by its job: the list refreshes while one of them is shown. */
export const PHONE_TASK_LIVE_STATUSES: readonly PhoneTaskStatus[] = ['pending', 'running'];

/** Most tasks retried in one batch. */
export const MAX_TASK_RETRY_BATCH = 100;

/** GET /user/ph/ph_task/list: paged, newest first; filters type, status, phone (its id or part of its name), created window. */
export const phoneTaskListQuery = pageQuery.extend({
  type: optional(z.enum(PHONE_TASK_TYPES)),
  status: optional(z.enum(PHONE_TASK_STATUSES)),
  /** The phone's id (`ph-…`) or part of its name. */
  phone: optional(z.string().trim().max(64)),
  ...timeWindow.shape,
});
export type PhoneTaskListQuery = z.output<typeof phoneTaskListQuery>;

export const phoneTaskSchema = z.object({
  id: z.number().int(),
  type: z.enum(PHONE_TASK_TYPES),
  status: z.enum(PHONE_TASK_STATUSES),
  phone: z.object({ id: z.string(), name: z.string() }),
  created: z.string(),
  finished_at: z.string().nullable(),
  /** The outcome in the request's language (null while it runs). */
  result: z.string().nullable(),
  /** The outcome's code (an ErrorCode or a task message), for the tags. */
  result_code: z.string().nullable(),
  /** A command's output (null for other tasks). */
  output: z.string().nullable(),
  /** The failed task this one retries, and the task that retried this one. */
  retry_of: z.number().int().nullable(),
  retried_by: z.number().int().nullable(),
});
export type PhoneTask = z.infer<typeof phoneTaskSchema>;
export const phoneTaskPageSchema = pageOf(phoneTaskSchema);
export type PhoneTaskPage = z.infer<typeof phoneTaskPageSchema>;

export const phoneTaskIdParams = z.object({ id: z.coerce.number().int().positive() });

/** POST /user/ph/ph_task/retry: failed tasks to run again (a selection is required). */
export const phoneTaskRetryBody = z.object({
  task_ids: z
    .array(z.number().int().positive())
    .min(1, { error: ErrorCode.SELECTION_REQUIRED })
    .max(MAX_TASK_RETRY_BATCH),
});
export type PhoneTaskRetryBody = z.infer<typeof phoneTaskRetryBody>;

/** One entry per task asked for, in the order asked: the new task, or why not (translated). */
export const phoneTaskRetryResultSchema = z.object({
  results: z.array(
    z.object({
      task_id: z.number().int(),
      ok: z.boolean(),
      new_task_id: z.number().int().nullable(),
      code: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type PhoneTaskRetryResult = z.infer<typeof phoneTaskRetryResultSchema>;
