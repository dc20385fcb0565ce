/** The task centre's constants (issue 20), zod-free for the web (`@cloudbay/contracts/core`). */

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
