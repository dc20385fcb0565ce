/**
 * The task centre (issue 20, spec §7 `ph_task/list`): the customer's tasks, newest first, paged
 * and filtered in SQL, each with its phone and its result in the reader's language; and the retry
 * of a failed task, as a new task linked to it (`retry_of`), once per failed task.
 */
import {
  ErrorCode,
  type Language,
  type PhoneTask,
  type PhoneTaskListQuery,
  type PhoneTaskPage,
  type PhoneTaskRetryResult,
  type PhoneTaskStatus,
  type PhoneTaskType,
} from '@cloudbay/contracts';
import { aliasedTable, and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../../db/errors';
import { phoneTasks, resources } from '../../../db/schema';
import { containsPattern } from '../../../db/like';
import { inTransaction } from '../../../db/transaction';
import { AppError, isAppError } from '../../../lib/errors';
import { translate } from '../../../lib/i18n';
import { timeRange } from '../../../lib/time-window';
import type { ActionDeps } from '../../provisioning/actions';
import { findResource } from '../../provisioning/repo';
import { runPhoneCommand } from '../phone-tools';
import {
  ACTION_TASK_TARGET,
  requestActionTask,
  type ActionTaskParams,
  type ActionTaskType,
} from './action-tasks';
import { taskResultText } from './messages';
import { createPhoneTasks } from './service';
import type { PhoneTaskRow, PhoneTaskRunners } from './types';

const retries = aliasedTable(phoneTasks, 'retries');

const taskColumns = {
  task: phoneTasks,
  phoneName: resources.name,
  retriedBy: retries.id,
};

function listConditions(userId: number, query: PhoneTaskListQuery): SQL[] {
  const conditions: SQL[] = [eq(phoneTasks.userId, userId)];
  if (query.type) conditions.push(eq(phoneTasks.type, query.type));
  if (query.status) conditions.push(eq(phoneTasks.status, query.status));
  if (query.phone) {
    conditions.push(
      or(eq(phoneTasks.phoneId, query.phone), ilike(resources.name, containsPattern(query.phone)))!,
    );
  }
  const { from, before } = timeRange(query);
  if (from) conditions.push(gte(phoneTasks.createdAt, from));
  if (before) conditions.push(lt(phoneTasks.createdAt, before));
  return conditions;
}

type TaskListRow = { task: PhoneTaskRow; phoneName: string; retriedBy: number | null };

function toTask(row: TaskListRow, language: Language, runners: PhoneTaskRunners): PhoneTask {
  const { task } = row;
  return {
    id: task.id,
    type: task.type as PhoneTaskType,
    status: task.status as PhoneTaskStatus,
    phone: { id: task.phoneId, name: row.phoneName },
    created: task.createdAt.toISOString(),
    finished_at: task.finishedAt?.toISOString() ?? null,
    result: taskResultText(language, task.resultCode, task.resultParams, runners),
    result_code: task.resultCode,
    output: task.output,
    retry_of: task.retryOf,
    retried_by: row.retriedBy,
  };
}

/** GET /user/ph/ph_task/list: newest first (on `phone_tasks_user_created_idx`). */
export async function listPhoneTasks(
  db: Db,
  userId: number,
  query: PhoneTaskListQuery,
  language: Language,
  runners: PhoneTaskRunners,
): Promise<PhoneTaskPage> {
  const where = and(...listConditions(userId, query));
  const [rows, [count]] = await Promise.all([
    db
      .select(taskColumns)
      .from(phoneTasks)
      .innerJoin(resources, eq(resources.id, phoneTasks.resourceId))
      .leftJoin(retries, eq(retries.retryOf, phoneTasks.id))
      .where(where)
      .orderBy(desc(phoneTasks.createdAt), desc(phoneTasks.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(phoneTasks)
      .innerJoin(resources, eq(resources.id, phoneTasks.resourceId))
      .where(where),
  ]);
  return {
    list: rows.map((row) => toTask(row, language, runners)),
    total: count?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** One of the caller's tasks as the list shows it (another's or unknown: 404 PHONE_TASK_NOT_FOUND). */
export async function phoneTaskOf(
  db: Db,
  userId: number,
  taskId: number,
  language: Language,
  runners: PhoneTaskRunners,
): Promise<PhoneTask> {
  const [row] = await db
    .select(taskColumns)
    .from(phoneTasks)
    .innerJoin(resources, eq(resources.id, phoneTasks.resourceId))
    .leftJoin(retries, eq(retries.retryOf, phoneTasks.id))
    .where(and(eq(phoneTasks.id, taskId), eq(phoneTasks.userId, userId)));
  if (!row) throw new AppError('not_found', ErrorCode.PHONE_TASK_NOT_FOUND);
  return toTask(row, language, runners);
}

const isActionTask = (type: string): type is ActionTaskType => Object.hasOwn(ACTION_TASK_TARGET, type);

/** The task that retried `taskId`, if any. */
async function retryOfTask(db: Db, taskId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: phoneTasks.id }).from(phoneTasks).where(eq(phoneTasks.retryOf, taskId));
  return row?.id;
}

const alreadyRetried = (taskId: number | undefined) =>
  new AppError('conflict', ErrorCode.PHONE_TASK_ALREADY_RETRIED, { taskId: taskId ?? '' });

/**
 * Runs a failed task again as a new task: an action through the engine (refused as it would be
 * now, e.g. a phone that is not stopped cannot start), a command on the phone again, any other
 * type through its runner with the same parameters. Answers the new task's id.
 */
async function retryTask(deps: ActionDeps, userId: number, old: PhoneTaskRow): Promise<number> {
  const { db, pool } = deps.database;
  const params = old.params as ActionTaskParams & { command?: string };
  if (isActionTask(old.type) && params.action) {
    const phone = await findResource(db, old.resourceId);
    if (!phone || phone.deletedAt !== null) throw new AppError('not_found', ErrorCode.PHONE_NOT_FOUND);
    await requestActionTask(
      deps,
      phone,
      params.action,
      { params: params.actionParams ?? {} },
      { type: old.type, actorId: userId, retryOf: old.id },
    );
  } else if (old.type === 'command' && typeof params.command === 'string') {
    await runPhoneCommand(deps, old.userId, old.phoneId, params.command, old.id);
  } else {
    const { jobs } = deps;
    if (!jobs) throw new Error('a retry needs the job queue');
    await inTransaction(pool, (tx) =>
      createPhoneTasks(tx, jobs, {
        userId: old.userId,
        actorId: userId,
        type: old.type as PhoneTaskType,
        phones: [{ resourceId: old.resourceId, publicId: old.phoneId }],
        params: old.params,
        retryOf: old.id,
      }),
    );
  }
  const created = await retryOfTask(db, old.id);
  if (created === undefined) throw new Error(`task ${old.id}: its retry left no task`);
  return created;
}

/**
 * POST /user/ph/ph_task/{id}/retry: a failed task of the caller's (404 PHONE_TASK_NOT_FOUND
 * otherwise; 409 PHONE_TASK_NOT_FAILED for one that did not fail, PHONE_TASK_ALREADY_RETRIED for
 * one retried before: the unique `retry_of` settles two racing retries). Answers the new task.
 */
export async function retryPhoneTask(
  deps: ActionDeps,
  userId: number,
  taskId: number,
  language: Language,
  runners: PhoneTaskRunners,
): Promise<PhoneTask> {
  const { db } = deps.database;
  const [old] = await db
    .select()
    .from(phoneTasks)
    .where(and(eq(phoneTasks.id, taskId), eq(phoneTasks.userId, userId)));
  if (!old) throw new AppError('not_found', ErrorCode.PHONE_TASK_NOT_FOUND);
  if (old.status !== 'failed') throw new AppError('conflict', ErrorCode.PHONE_TASK_NOT_FAILED);
  const earlier = await retryOfTask(db, old.id);
  if (earlier !== undefined) throw alreadyRetried(earlier);
  let created: number;
  try {
    created = await retryTask(deps, userId, old);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw alreadyRetried(await retryOfTask(db, old.id));
    throw error;
  }
  return phoneTaskOf(db, userId, created, language, runners);
}

/** POST /user/ph/ph_task/retry: each task retried on its own; one entry each, in the order asked. */
export async function retryPhoneTasks(
  deps: ActionDeps,
  userId: number,
  taskIds: readonly number[],
  language: Language,
  runners: PhoneTaskRunners,
): Promise<PhoneTaskRetryResult> {
  const results: PhoneTaskRetryResult['results'] = [];
  for (const taskId of [...new Set(taskIds)]) {
    try {
      const task = await retryPhoneTask(deps, userId, taskId, language, runners);
      results.push({ task_id: taskId, ok: true, new_task_id: task.id, code: null, message: null });
    } catch (error) {
      if (!isAppError(error)) throw error;
      results.push({
        task_id: taskId,
        ok: false,
        new_task_id: null,
        code: error.code,
        message: translate(language, error.code, error.params),
      });
    }
  }
  return { results };
}
