/**
 * `phone.task.run { taskId, poll }`: works one task. The row is the truth:
 * 1. under its row lock, a pending task becomes running (an ended one: nothing to do);
 * 2. its type's runner does the work (idempotent: the task id is its cloud token) and reports;
 * 3. success / failed end the row (`finished_at`, the result code and params, a command's output);
 *    `running` re-sends this job with a growing `startAfter`, once per poll: the row's `polls` is
 *    moved from the job's `poll` by a compare-and-set, so a duplicate delivery never doubles the
 *    polling, and after the runner's last poll the task fails as timed out.
 * A runner that throws (an outage) is retried by pg-boss with the same task; after the last try
 * the `exhausted` hook fails the task (PHONE_TASK_ERROR), so no task stays running for ever. A
 * worker killed anywhere in between leaves the row pending or running and the job to be retried,
 * which resumes it: exact rows, and one cloud effect per task because of the token.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { phoneTasks } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import type { JobDefinition, JobDeps, JobSender } from '../../../jobs/queue';
import { pollDelaySeconds } from '../../provisioning/jobs';
import { PHONE_TASK_JOB, finishPhoneTask, type PhoneTaskJobData } from './service';
import type { PhoneTaskRow, PhoneTaskRunners } from './types';

/** Polls of a running task before it fails as timed out (2, 4 … 60 s apart: about 25 minutes). */
export const PHONE_TASK_MAX_POLLS = 30;

/** Step 1: the task as the runner gets it (running), or nothing when it has ended. */
async function startTask(deps: JobDeps, taskId: number): Promise<PhoneTaskRow | undefined> {
  return inTransaction(deps.database.pool, async (tx) => {
    const [row] = await tx.db.select().from(phoneTasks).where(eq(phoneTasks.id, taskId)).for('update');
    if (!row || (row.status !== 'pending' && row.status !== 'running')) return undefined;
    if (row.status === 'running') return row;
    const [started] = await tx.db
      .update(phoneTasks)
      .set({ status: 'running', startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(phoneTasks.id, taskId))
      .returning();
    return started;
  });
}

export async function runPhoneTask(
  deps: JobDeps,
  queue: JobSender,
  runners: PhoneTaskRunners,
  data: PhoneTaskJobData,
): Promise<void> {
  const task = await startTask(deps, data.taskId);
  if (!task) return;
  const { pool } = deps.database;
  const entry = runners[task.type as keyof PhoneTaskRunners];
  if (!entry) {
    await inTransaction(pool, (tx) =>
      finishPhoneTask(tx, task.id, { status: 'failed', code: 'PHONE_TASK_UNSUPPORTED' }),
    );
    return;
  }
  const outcome = await entry.run(deps, task);
  const { status } = outcome;
  if (status !== 'running') {
    await inTransaction(pool, (tx) => finishPhoneTask(tx, task.id, { ...outcome, status }));
    return;
  }
  const poll = (data.poll ?? 0) + 1;
  if (poll > (entry.maxPolls ?? PHONE_TASK_MAX_POLLS)) {
    await inTransaction(pool, (tx) =>
      finishPhoneTask(tx, task.id, { status: 'failed', code: 'PHONE_TASK_TIMEOUT' }),
    );
    return;
  }
  await inTransaction(pool, async (tx) => {
    const moved = await tx.db
      .update(phoneTasks)
      .set({ polls: poll, updatedAt: sql`now()` })
      .where(
        and(eq(phoneTasks.id, task.id), eq(phoneTasks.status, 'running'), eq(phoneTasks.polls, poll - 1)),
      )
      .returning({ id: phoneTasks.id });
    // Another delivery of this poll moved it (and sent the next one) already.
    if (moved.length === 0) return;
    await queue.enqueue<PhoneTaskJobData>(
      tx,
      PHONE_TASK_JOB,
      { taskId: task.id, poll },
      {
        startAfter: pollDelaySeconds(poll),
      },
    );
  });
}

/** The last try failed: the task ends failed instead of running for ever (the dead letter stays). */
export async function failExhaustedTask(deps: JobDeps, data: PhoneTaskJobData): Promise<void> {
  await inTransaction(deps.database.pool, (tx) =>
    finishPhoneTask(tx, data.taskId, { status: 'failed', code: 'PHONE_TASK_ERROR' }),
  );
}

/** The task job, working each type with its entry of `runners` (PHONE_TASK_RUNNERS in the worker). */
export function phoneTaskJobs(deps: JobDeps, runners: PhoneTaskRunners): JobDefinition[] {
  const run: JobDefinition<PhoneTaskJobData> = {
    name: PHONE_TASK_JOB,
    queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
    handle: (job: Job<PhoneTaskJobData>, queue) => {
      if (!queue) throw new Error('phone tasks poll through the queue and need it');
      return runPhoneTask(deps, queue, runners, job.data);
    },
    exhausted: (job) => failExhaustedTask(deps, job.data),
  };
  return [run] as JobDefinition[];
}
