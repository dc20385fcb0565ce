/**
 * The task core's types and its registry of runners (one per task type). A runner does a task's
 * work idempotently: it may run again for the same task after a crash or a retry, so every cloud
 * call it makes uses a token derived from the task id (`phoneTaskToken`), and it reads the state it
 * left before acting again.
 */
import type { PhoneTaskType } from '@cloudbay/contracts';
import type { phoneTasks } from '../../../db/schema';
import type { JobDeps } from '../../../jobs/queue';

export type PhoneTaskRow = typeof phoneTasks.$inferSelect;

/** Message parameters of an outcome (placeholders `{name}` in the messages). */
export type PhoneTaskMessageParams = Record<string, string | number>;

/**
 * What a runner reports: `success` / `failed` end the task (`code` + `params` its translated
 * result, an ErrorCode or a message the runner registered; `output` a command's output);
 * `running` means "not settled yet, ask me again later" (the job polls with a growing delay).
 */
export interface PhoneTaskOutcome {
  status: 'success' | 'failed' | 'running';
  code?: string;
  params?: PhoneTaskMessageParams;
  output?: string;
}

export type PhoneTaskRunner = (deps: JobDeps, task: PhoneTaskRow) => Promise<PhoneTaskOutcome>;

/** A message of a task outcome in both languages, `{name}` placeholders filled from the params. */
export interface PhoneTaskMessage {
  'zh-CN': string;
  'en-US': string;
}

export interface PhoneTaskRunnerEntry {
  run: PhoneTaskRunner;
  /** The result messages this runner's codes name (besides the ErrorCodes, translated as errors). */
  messages?: Record<string, PhoneTaskMessage>;
  /** Polls before a task still `running` fails as timed out (default PHONE_TASK_MAX_POLLS). */
  maxPolls?: number;
}

/**
 * The runners by task type. The one object the worker and the API use is PHONE_TASK_RUNNERS in
 * modules/phones/task-runners.ts (each area adds its line there); tests pass their own.
 */
export type PhoneTaskRunners = Partial<Record<PhoneTaskType, PhoneTaskRunnerEntry>>;

/** The cloud token of a task's call: the same on every run of the task, different for its retry. */
export const phoneTaskToken = (task: Pick<PhoneTaskRow, 'id'>, step = 'run') => `task:${task.id}:${step}`;
