/** `sys_jobs` and `sys_job_logs` (the operators' scheduled jobs and their runs). */
import type { Pool } from 'pg';

export interface SysJobRow {
  id: number;
  queue: string;
  job_group: string;
  cron: string;
  default_cron: string;
  status: '0' | '1';
  remark: string | null;
  last_run_at: Date | null;
  last_status: '0' | '1' | null;
  updated_at: Date;
}

const JOB_COLUMNS = `id::int AS id, queue, job_group, cron, default_cron, status, remark, last_run_at,
  last_status, updated_at`;

export async function findJobs(
  pool: Pool,
  filter: { jobName?: string; status?: string; offset: number; limit: number },
): Promise<{ rows: SysJobRow[]; total: number }> {
  const where = `($1::text IS NULL OR queue ILIKE '%' || $1 || '%') AND ($2::text IS NULL OR status = $2)`;
  const params = [filter.jobName ?? null, filter.status ?? null];
  const [page, count] = await Promise.all([
    pool.query<SysJobRow>(
      `SELECT ${JOB_COLUMNS} FROM sys_jobs WHERE ${where} ORDER BY id OFFSET $3 LIMIT $4`,
      [...params, filter.offset, filter.limit],
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_jobs WHERE ${where}`, params),
  ]);
  return { rows: page.rows, total: count.rows[0]!.n };
}

export async function findJob(pool: Pool, id: number): Promise<SysJobRow | undefined> {
  const { rows } = await pool.query<SysJobRow>(`SELECT ${JOB_COLUMNS} FROM sys_jobs WHERE id = $1`, [id]);
  return rows[0];
}

export async function updateJob(
  pool: Pool,
  id: number,
  change: { cron?: string; remark?: string | null; status?: string },
): Promise<SysJobRow | undefined> {
  const { rows } = await pool.query<SysJobRow>(
    `UPDATE sys_jobs SET cron = coalesce($2, cron),
            remark = CASE WHEN $3::boolean THEN $4 ELSE remark END,
            status = coalesce($5, status), updated_at = now()
      WHERE id = $1 RETURNING ${JOB_COLUMNS}`,
    [id, change.cron ?? null, change.remark !== undefined, change.remark ?? null, change.status ?? null],
  );
  return rows[0];
}

export interface JobLogRow {
  id: number;
  job_id: number;
  queue: string;
  job_group: string;
  boss_job_id: string | null;
  status: '0' | '1';
  started_at: Date;
  duration_ms: number;
  error: string | null;
}

export interface JobLogFilter {
  jobId?: number;
  status?: string;
  from?: Date;
  before?: Date;
}

function logWhere(filter: JobLogFilter) {
  return {
    where: `($1::bigint IS NULL OR l.job_id = $1) AND ($2::text IS NULL OR l.status = $2)
        AND ($3::timestamptz IS NULL OR l.started_at >= $3) AND ($4::timestamptz IS NULL OR l.started_at < $4)`,
    params: [filter.jobId ?? null, filter.status ?? null, filter.from ?? null, filter.before ?? null],
  };
}

export async function findJobLogs(
  pool: Pool,
  filter: JobLogFilter & { offset: number; limit: number },
): Promise<{ rows: JobLogRow[]; total: number }> {
  const { where, params } = logWhere(filter);
  const [page, count] = await Promise.all([
    pool.query<JobLogRow>(
      `SELECT l.id::int AS id, l.job_id::int AS job_id, j.queue, j.job_group, l.boss_job_id, l.status,
              l.started_at, l.duration_ms, l.error
         FROM sys_job_logs l JOIN sys_jobs j ON j.id = l.job_id
        WHERE ${where} ORDER BY l.started_at DESC, l.id DESC OFFSET $5 LIMIT $6`,
      [...params, filter.offset, filter.limit],
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_job_logs l WHERE ${where}`, params),
  ]);
  return { rows: page.rows, total: count.rows[0]!.n };
}

export async function deleteJobLogs(pool: Pool, ids: number[]): Promise<number> {
  const { rowCount } = await pool.query('DELETE FROM sys_job_logs WHERE id = ANY($1::bigint[])', [ids]);
  return rowCount ?? 0;
}

/** RuoYi's "clean": the whole log, or one job's when `jobId` is given. */
export async function cleanJobLogs(pool: Pool, jobId?: number): Promise<number> {
  const { rowCount } = await pool.query('DELETE FROM sys_job_logs WHERE $1::bigint IS NULL OR job_id = $1', [
    jobId ?? null,
  ]);
  return rowCount ?? 0;
}
