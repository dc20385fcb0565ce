/**
 * The scheduled jobs as operators manage them (`sys_jobs`, the monitor's job page): every job
 * definition with a cron gets a row the first time a process starts with it; from then on the row
 * is the source of the schedule. A worker applies every row at start, and the API applies an
 * operator's change at once through pg-boss (`schedule`/`unschedule` write `pgboss.schedule`, which
 * every process reads), so no process needs to be told.
 */
import { CronExpressionParser } from 'cron-parser';
import type { PgBoss } from 'pg-boss';
import type { JobDefinition } from './queue';

/** RuoYi's status values: '0' runs on its schedule, '1' paused. */
export const JOB_STATUS_NORMAL = '0';
export const JOB_STATUS_PAUSED = '1';

type Sql = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * Whether `cron` is a five-field cron expression pg-boss can run (minute granularity, UTC): six
 * fields (seconds) are refused, since pg-boss checks schedules once a minute at most.
 */
export function isValidCron(cron: string): boolean {
  if (cron.trim().split(/\s+/).length !== 5) return false;
  try {
    CronExpressionParser.parse(cron, { tz: 'UTC', strict: false });
    return true;
  } catch {
    return false;
  }
}

/** The next time `cron` fires after `from` (UTC), or null when it cannot be read. */
export function nextRunOf(cron: string, from: Date): Date | null {
  try {
    return CronExpressionParser.parse(cron, { tz: 'UTC', currentDate: from }).next().toDate();
  } catch {
    return null;
  }
}

/** A row for every scheduled definition that has none yet (an operator's cron is kept). */
export async function ensureScheduledJobRows(db: Sql, definitions: JobDefinition[]): Promise<void> {
  const scheduled = definitions.filter((d) => d.schedule);
  if (scheduled.length === 0) return;
  await db.executeSql(
    `INSERT INTO sys_jobs (queue, cron, default_cron)
     SELECT queue, cron, cron FROM unnest($1::text[], $2::text[]) AS t(queue, cron)
     ON CONFLICT (queue) DO NOTHING`,
    [scheduled.map((d) => d.name), scheduled.map((d) => d.schedule!)],
  );
}

/** Puts one job's schedule in pg-boss as its row says: scheduled on its cron, or none when paused. */
export async function applySchedule(boss: PgBoss, job: { queue: string; cron: string; status: string }) {
  if (job.status === JOB_STATUS_NORMAL) await boss.schedule(job.queue, job.cron);
  else await boss.unschedule(job.queue);
}

/** Applies every row to pg-boss (worker start): the rows win over whatever pg-boss held. */
export async function applyAllSchedules(boss: PgBoss, definitions: JobDefinition[]): Promise<void> {
  const names = definitions.filter((d) => d.schedule).map((d) => d.name);
  const { rows } = (await boss
    .getDb()
    .executeSql('SELECT queue, cron, status FROM sys_jobs WHERE queue = ANY($1::text[])', [names])) as {
    rows: { queue: string; cron: string; status: string }[];
  };
  for (const row of rows) await applySchedule(boss, row);
}

/** What a run of a scheduled job's handler left: recorded in `sys_job_logs` after the run. */
export interface JobRun {
  queue: string;
  bossJobId: string;
  startedAt: Date;
  durationMs: number;
  error?: string;
}

/** One job-log row and the job's last run, in one statement; a queue without a row logs nothing. */
export async function recordJobRun(db: Sql, run: JobRun): Promise<void> {
  const status = run.error === undefined ? '0' : '1';
  await db.executeSql(
    `WITH job AS (
       UPDATE sys_jobs SET last_run_at = $3, last_status = $4 WHERE queue = $1 RETURNING id
     )
     INSERT INTO sys_job_logs (job_id, boss_job_id, status, started_at, duration_ms, error)
     SELECT id, $2, $4, $3, $5, $6 FROM job`,
    [run.queue, run.bossJobId, run.startedAt, status, run.durationMs, run.error?.slice(0, 4000) ?? null],
  );
}

/**
 * Runs `work` (a scheduled job's handler) and records the run in the job log. The log never breaks
 * the job: a failed insert is only reported, and the handler's own error is thrown as before.
 */
export async function withJobLog(
  db: Sql,
  run: { queue: string; bossJobId: string },
  work: () => Promise<void>,
  onLogError: (error: unknown) => void,
): Promise<void> {
  const startedAt = new Date();
  const started = performance.now();
  let failure: { error: unknown } | undefined;
  try {
    await work();
  } catch (error) {
    failure = { error };
  }
  const durationMs = Math.round(performance.now() - started);
  const cause = failure?.error;
  const error = failure && (cause instanceof Error ? cause.message : String(cause));
  await recordJobRun(db, { ...run, startedAt, durationMs, error }).catch(onLogError);
  if (failure) throw failure.error;
}
