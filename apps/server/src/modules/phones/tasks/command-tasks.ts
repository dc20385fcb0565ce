/**
 * A shell command as a task (issue 20). The command runs in the request, as before (its answer is
 * the route's, and a command is never repeated: it is not idempotent); the task is written with
 * the command's audit row and ended with its output when the phone answers. Its job only looks
 * later: a task still open then lost its request (a crashed process), and fails as such without
 * running the command again.
 */
import type pg from 'pg';
import { inTransaction, type Tx } from '../../../db/transaction';
import type { JobSender } from '../../../jobs/queue';
import { isAppError } from '../../../lib/errors';
import type { ResourceRow } from '../../provisioning/repo';
import { createPhoneTasks, finishPhoneTask } from './service';
import type { PhoneTaskRunners } from './types';

/** When the job looks at a command task: far beyond any answer of the phone. */
const COMMAND_LOOK_SECONDS = 300;
/** The output kept on the task (the route answers all of it). */
export const TASK_OUTPUT_MAX_CHARS = 64 * 1024;

/** The task of a command about to run on `row`, in the transaction of its audit row. */
export async function startCommandTask(
  tx: Tx,
  jobs: JobSender | undefined,
  row: ResourceRow,
  actorId: number,
  command: string,
  retryOf?: number,
): Promise<number> {
  if (!jobs) throw new Error('a command task needs the job queue');
  const [task] = await createPhoneTasks(tx, jobs, {
    userId: row.userId,
    actorId,
    type: 'command',
    phones: [{ resourceId: row.id, publicId: row.resourceId }],
    params: { command },
    startAfter: COMMAND_LOOK_SECONDS,
    ...(retryOf === undefined ? {} : { retryOf }),
  });
  return task!.id;
}

/** Ends the command's task: its output, success on exit code 0, failed with the code otherwise. */
export async function endCommandTask(
  pool: pg.Pool,
  taskId: number,
  answer: { output: string; exitCode: number } | { error: unknown },
): Promise<void> {
  await inTransaction(pool, (tx) => {
    if ('error' in answer) {
      const { error } = answer;
      return finishPhoneTask(tx, taskId, {
        status: 'failed',
        ...(isAppError(error) ? { code: error.code, params: error.params } : {}),
      });
    }
    return finishPhoneTask(tx, taskId, {
      status: answer.exitCode === 0 ? 'success' : 'failed',
      code: answer.exitCode === 0 ? 'PHONE_TASK_COMMAND_DONE' : 'PHONE_TASK_COMMAND_EXIT',
      params: { exit_code: answer.exitCode },
      output: answer.output.slice(0, TASK_OUTPUT_MAX_CHARS),
    });
  });
}

export const commandTaskRunners: PhoneTaskRunners = {
  command: {
    // Still open when the job looks: its request ended without an answer.
    run: async () => ({ status: 'failed', code: 'PHONE_TASK_COMMAND_LOST' }),
    messages: {
      PHONE_TASK_COMMAND_DONE: { 'zh-CN': '执行完成（退出码 0）', 'en-US': 'Finished (exit code 0)' },
      PHONE_TASK_COMMAND_EXIT: {
        'zh-CN': '命令以退出码 {exit_code} 结束',
        'en-US': 'The command exited with code {exit_code}',
      },
      PHONE_TASK_COMMAND_LOST: {
        'zh-CN': '未收到云手机的应答，命令可能未执行',
        'en-US': 'No answer came from the phone; the command may not have run',
      },
    },
  },
};
