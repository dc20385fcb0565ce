/** The task core (issue 20): what the phone areas use to turn their long operations into tasks. */
export { createPhoneTasks, finishPhoneTask, PHONE_TASK_JOB } from './service';
export type { NewPhoneTasks, PhoneTaskJobData, PhoneTaskTarget } from './service';
export { phoneTaskJobs, runPhoneTask, PHONE_TASK_MAX_POLLS } from './jobs';
export { taskResultText, TASK_MESSAGES } from './messages';
export { phoneTaskToken } from './types';
export type {
  PhoneTaskMessage,
  PhoneTaskMessageParams,
  PhoneTaskOutcome,
  PhoneTaskRow,
  PhoneTaskRunner,
  PhoneTaskRunnerEntry,
  PhoneTaskRunners,
} from './types';
