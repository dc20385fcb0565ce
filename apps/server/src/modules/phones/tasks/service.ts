/**
 * Writing tasks: `createPhoneTasks` is called inside the transaction of the change that starts the
 * work (an install recorded, an action recorded by the engine …), so a task exists exactly when
 * its change committed, and its job with it (the outbox).
 */
import type { PhoneTaskType } from '@cloudbay/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { phoneTasks } from '../../../db/schema';
import type { Tx } from '../../../db/transaction';
import type { JobSender } from '../../../jobs/queue';
import type { PhoneTaskOutcome, PhoneTaskRow } from './types';

/** The job that works one task: `{ taskId, poll }` (`poll`: the row's polls when it was sent). */
export const PHONE_TASK_JOB = 'phone.task.run';
export interface PhoneTaskJobData {
  taskId: number;
  poll?: number;
}

export interface PhoneTaskTarget {
  /** The phone's `resources.id`. */
  resourceId: number;
  /** Its public id (`ph-…`). */
  publicId: string;
  /** Parameters of this phone's task only, merged over the shared `params`. */
  params?: Record<string, unknown>;
}

export interface NewPhoneTasks {
  /** The phones' owner. */
  userId: number;
  /** Who asked (the session's user). */
  actorId: number;
  type: PhoneTaskType;
  phones: PhoneTaskTarget[];
  /** What every task of this call takes. */
  params?: Record<string, unknown>;
  /** The failed task these retry (a retry makes one task). */
  retryOf?: number;
  /** Seconds before the first run (e.g. to give the cloud a head start); default at once. */
  startAfter?: number;
}

/**
 * One task per phone, pending, and one `phone.task.run` job each, all through `tx`: nothing of it
 * exists unless the caller's transaction commits. Answers the rows in the order of `phones`.
 */
export async function createPhoneTasks(
  tx: Tx,
  queue: JobSender,
  request: NewPhoneTasks,
): Promise<PhoneTaskRow[]> {
  if (request.phones.length === 0) return [];
  const rows = await tx.db
    .insert(phoneTasks)
    .values(
      request.phones.map((phone) => ({
        userId: request.userId,
        actorUserId: request.actorId,
        resourceId: phone.resourceId,
        phoneId: phone.publicId,
        type: request.type,
        params: { ...request.params, ...phone.params },
        retryOf: request.retryOf ?? null,
      })),
    )
    .returning();
  // RETURNING follows the VALUES order for a plain insert; sorted by id to be explicit about it.
  rows.sort((a, b) => a.id - b.id);
  for (const row of rows) {
    await queue.enqueue<PhoneTaskJobData>(
      tx,
      PHONE_TASK_JOB,
      { taskId: row.id, poll: 0 },
      request.startAfter ? { startAfter: request.startAfter } : undefined,
    );
  }
  return rows;
}

const LIVE = ['pending', 'running'];

/**
 * Ends a task that is still pending or running with `outcome` (success or failed); a task already
 * ended keeps its first outcome (a duplicate job changes nothing). Answers whether it ended here.
 */
export async function finishPhoneTask(
  tx: Tx,
  taskId: number,
  outcome: Omit<PhoneTaskOutcome, 'status'> & { status: 'success' | 'failed' },
): Promise<boolean> {
  const ended = await tx.db
    .update(phoneTasks)
    .set({
      status: outcome.status,
      resultCode:
        outcome.code ?? (outcome.status === 'success' ? 'PHONE_TASK_SUCCEEDED' : 'PHONE_TASK_ERROR'),
      resultParams: outcome.params ?? null,
      output: outcome.output ?? null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(phoneTasks.id, taskId), inArray(phoneTasks.status, LIVE)))
    .returning({ id: phoneTasks.id });
  return ended.length > 0;
}
