/**
 * The scheduled jobs page (RuoYi's SysJobController, without add and delete: only the product's
 * own jobs exist, so no operator can make the server invoke arbitrary code). A change is applied
 * to pg-boss by this process at once: schedules live in `pgboss.schedule`, which every worker reads.
 */
import { ErrorCode, type jobLogListQuery, type SysJob } from '@cloudbay/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { applySchedule, isValidCron, JOB_STATUS_NORMAL, nextRunOf } from '../../../jobs/scheduled';
import { AppError } from '../../../lib/errors';
import { timeRange } from '../../../lib/time-window';
import {
  cleanJobLogs,
  deleteJobLogs,
  findJob,
  findJobLogs,
  findJobs,
  updateJob,
  type JobLogRow,
  type SysJobRow,
} from './repo';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock'>;

function toJob(row: SysJobRow, now: Date): SysJob {
  const next = row.status === JOB_STATUS_NORMAL ? nextRunOf(row.cron, now) : null;
  return {
    id: row.id,
    queue: row.queue,
    job_group: row.job_group,
    cron: row.cron,
    default_cron: row.default_cron,
    status: row.status,
    remark: row.remark,
    last_run_at: row.last_run_at?.toISOString() ?? null,
    last_status: row.last_status,
    next_run_at: next?.toISOString() ?? null,
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listJobs(
  deps: Deps,
  query: { page: number; limit: number; jobName?: string; status?: string },
) {
  const { rows, total } = await findJobs(deps.database.pool, {
    ...query,
    offset: (query.page - 1) * query.limit,
  });
  const now = deps.clock.now();
  return { list: rows.map((row) => toJob(row, now)), total, page: query.page, limit: query.limit };
}

async function requireJob(deps: Deps, id: number) {
  const row = await findJob(deps.database.pool, id);
  if (!row) throw new AppError('not_found', ErrorCode.JOB_NOT_FOUND);
  return row;
}

export async function getJob(deps: Deps, id: number) {
  return toJob(await requireJob(deps, id), deps.clock.now());
}

/** Cron and remark; a valid new cron of a running job replaces its pg-boss schedule at once. */
export async function editJob(deps: Deps, body: { id: number; cron: string; remark?: string | null }) {
  if (!isValidCron(body.cron)) throw new AppError('validation', ErrorCode.JOB_CRON_INVALID);
  await requireJob(deps, body.id);
  const row = (await updateJob(deps.database.pool, body.id, { cron: body.cron, remark: body.remark }))!;
  await applySchedule(deps.jobs.boss, row);
  return toJob(row, deps.clock.now());
}

/** Pause ('1': the schedule is removed from pg-boss) or resume ('0': scheduled on its cron). */
export async function changeJobStatus(deps: Deps, body: { id: number; status: '0' | '1' }) {
  await requireJob(deps, body.id);
  const row = (await updateJob(deps.database.pool, body.id, { status: body.status }))!;
  await applySchedule(deps.jobs.boss, row);
  return toJob(row, deps.clock.now());
}

/** Sends the job once now (a paused job too, as RuoYi's "run once"); a worker logs the run. */
export async function runJobOnce(deps: Deps, id: number) {
  const row = await requireJob(deps, id);
  const jobId = await deps.jobs.boss.send(row.queue, {});
  return { id: row.id, job_id: jobId! };
}

function toJobLog(row: JobLogRow) {
  return {
    ...row,
    started_at: row.started_at.toISOString(),
  };
}

export async function listJobLogs(deps: Deps, query: z.output<typeof jobLogListQuery>) {
  const { rows, total } = await findJobLogs(deps.database.pool, {
    jobId: query.jobId,
    status: query.status,
    ...timeRange(query),
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { list: rows.map(toJobLog), total, page: query.page, limit: query.limit };
}

export async function removeJobLogs(deps: Deps, ids: number[]) {
  return { deleted: await deleteJobLogs(deps.database.pool, ids) };
}

export async function clearJobLogs(deps: Deps, jobId?: number) {
  return { deleted: await cleanJobLogs(deps.database.pool, jobId) };
}
