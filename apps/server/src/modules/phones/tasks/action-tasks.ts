/**
 * The phone's engine actions as tasks (issue 20): start, stop, restart, reset and replace. The
 * task is written in the transaction where the engine records the action (`recordAction`), so a
 * task exists exactly when its action was recorded; the request then makes the call as before
 * (`sendPendingCall`: the answers of the action routes do not change). The task's runner only
 * watches: it waits until the recorded call was answered and the phone settled, and judges the
 * status it settled in. The engine's refresh job repeats an unanswered call; the runner never
 * calls the cloud to change anything, so a task run twice has no second effect.
 */
import { inTransaction } from '../../../db/transaction';
import type { JobDeps } from '../../../jobs/queue';
import { isAppError } from '../../../lib/errors';
import {
  SETTLING_STATUSES,
  pendingCall,
  recordAction,
  refreshStatuses,
  sendPendingCall,
  type ActionDeps,
  type ActionOptions,
  type ResourceAction,
} from '../../provisioning/actions';
import { findResource, type ResourceRow } from '../../provisioning/repo';
import { createPhoneTasks, finishPhoneTask } from './service';
import type { PhoneTaskOutcome, PhoneTaskRow, PhoneTaskRunnerEntry, PhoneTaskRunners } from './types';

/** The task types that are one engine action each, and the status a phone settles in after it. */
export const ACTION_TASK_TARGET = {
  start: 'running',
  stop: 'stopped',
  restart: 'running',
  reset: 'running',
  replace: 'running',
} as const;
export type ActionTaskType = keyof typeof ACTION_TASK_TARGET;

/** Seconds before a task's first look: the request is making the call meanwhile. */
const FIRST_LOOK_SECONDS = 2;

/** What the action's task remembers: the engine's action, its parameters, and its call's token. */
export interface ActionTaskParams {
  action?: ResourceAction;
  actionParams?: Record<string, unknown>;
  token?: string;
}

/**
 * `requestAction` with a task: the action recorded and the task written in one transaction, then
 * the call made. A refusal by the cloud fails the task with the refusal's code (the request
 * answers it as before).
 */
export async function requestActionTask(
  deps: ActionDeps,
  resource: Pick<ResourceRow, 'id'>,
  action: ResourceAction,
  options: ActionOptions,
  task: { type: ActionTaskType; actorId?: number; retryOf?: number },
): Promise<ResourceRow> {
  const { jobs } = deps;
  if (!jobs) throw new Error('an action task needs the job queue');
  const { recorded, taskId } = await inTransaction(deps.database.pool, async (tx) => {
    const row = await recordAction(tx, deps, resource, action, options);
    const [created] = await createPhoneTasks(tx, jobs, {
      userId: row.userId,
      actorId: task.actorId ?? row.userId,
      type: task.type,
      phones: [{ resourceId: row.id, publicId: row.resourceId }],
      // What a retry repeats (the engine's action and its parameters), and the call to watch.
      params: { action, actionParams: options.params ?? {}, token: pendingCall(row)?.token },
      startAfter: FIRST_LOOK_SECONDS,
      ...(task.retryOf === undefined ? {} : { retryOf: task.retryOf }),
    });
    return { recorded: row, taskId: created!.id };
  });
  try {
    return await sendPendingCall(deps, recorded);
  } catch (error) {
    if (isAppError(error)) {
      await inTransaction(deps.database.pool, (tx) =>
        finishPhoneTask(tx, taskId, { status: 'failed', code: error.code, params: error.params }),
      );
    }
    throw error;
  }
}

const settling = (status: string) => (SETTLING_STATUSES.phone ?? []).includes(status);

/** Where the phone stands for the task: gone, still changing, or settled in a status. */
async function phoneAfterAction(deps: JobDeps, task: PhoneTaskRow): Promise<ResourceRow | undefined> {
  const row = await findResource(deps.database.db, task.resourceId);
  if (!row || row.deletedAt !== null) return undefined;
  const { token } = task.params as ActionTaskParams;
  if (token !== undefined && pendingCall(row)?.token === token) return row;
  if (!settling(row.status)) return row;
  // Read the cloud now rather than wait for the refresh job's next look.
  await refreshStatuses(deps, [row]);
  return findResource(deps.database.db, task.resourceId);
}

function actionRunner(type: ActionTaskType): PhoneTaskRunnerEntry {
  return {
    async run(deps, task): Promise<PhoneTaskOutcome> {
      const row = await phoneAfterAction(deps, task);
      if (!row || row.deletedAt !== null) return { status: 'failed', code: 'PHONE_TASK_PHONE_GONE' };
      const { token } = task.params as ActionTaskParams;
      if ((token !== undefined && pendingCall(row)?.token === token) || settling(row.status)) {
        return { status: 'running' };
      }
      if (row.status === ACTION_TASK_TARGET[type]) return { status: 'success' };
      return { status: 'failed', code: 'PHONE_TASK_SETTLED_AS', params: { status: row.status } };
    },
    messages: {
      PHONE_TASK_SETTLED_AS: {
        'zh-CN': '操作未生效，云手机当前状态：{status}',
        'en-US': 'The operation did not take effect; the phone is {status}',
      },
    },
  };
}

/** The runners of the action tasks, for PHONE_TASK_RUNNERS. */
export const actionTaskRunners: PhoneTaskRunners = Object.fromEntries(
  (Object.keys(ACTION_TASK_TARGET) as ActionTaskType[]).map((type) => [type, actionRunner(type)]),
);
