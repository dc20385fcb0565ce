import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { timeWindow } from './filters';

/** RuoYi's job and job-log status values: '0' normal / success, '1' paused / failure. */
export const JOB_STATUSES = ['0', '1'] as const;
export const jobStatus = z.enum(JOB_STATUSES);

/** GET /api/monitor/job/list: the product's scheduled jobs (there is no adding or deleting one). */
export const jobListQuery = pageQuery.extend({
  /** Part of the queue name, e.g. `billing`. */
  jobName: z.string().trim().max(100).optional(),
  status: jobStatus.optional(),
});
export type JobListQuery = z.input<typeof jobListQuery>;

export const sysJobSchema = z.object({
  id: z.number().int(),
  /** The pg-boss queue the schedule sends to; the web shows its translated name. */
  queue: z.string(),
  job_group: z.string(),
  cron: z.string(),
  default_cron: z.string(),
  status: jobStatus,
  remark: z.string().nullable(),
  /** ISO times; next_run is null while paused. */
  last_run_at: z.string().nullable(),
  last_status: jobStatus.nullable(),
  next_run_at: z.string().nullable(),
  updated_at: z.string(),
});
export type SysJob = z.infer<typeof sysJobSchema>;
export const sysJobPageSchema = pageOf(sysJobSchema);
export type SysJobPage = z.infer<typeof sysJobPageSchema>;

export const jobIdParams = z.object({ id: z.coerce.number().int().positive() });

/** PUT /api/monitor/job: the cron (five fields, UTC) and remark of one job. */
export const jobUpdateBody = z.object({
  id: z.number().int().positive(),
  cron: z.string().trim().min(1, 'JOB_CRON_INVALID').max(100, 'JOB_CRON_INVALID'),
  remark: z.string().trim().max(500).nullish(),
});
export type JobUpdateBody = z.input<typeof jobUpdateBody>;

/** PUT /api/monitor/job/changeStatus: pause ('1') or resume ('0'). */
export const jobStatusBody = z.object({ id: z.number().int().positive(), status: jobStatus });
export type JobStatusBody = z.input<typeof jobStatusBody>;

/** PUT /api/monitor/job/run: sends the job once now; answers the pg-boss job id. */
export const jobRunBody = z.object({ id: z.number().int().positive() });
export const jobRunSchema = z.object({ id: z.number().int(), job_id: z.string() });
export type JobRun = z.infer<typeof jobRunSchema>;

/** GET /api/monitor/jobLog/list: runs of the scheduled jobs, newest first. */
export const jobLogListQuery = pageQuery.extend(timeWindow.shape).extend({
  jobId: z.coerce.number().int().positive().optional(),
  status: jobStatus.optional(),
});
export type JobLogListQuery = z.input<typeof jobLogListQuery>;

export const jobLogSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  queue: z.string(),
  job_group: z.string(),
  boss_job_id: z.string().nullable(),
  status: jobStatus,
  started_at: z.string(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});
export type JobLog = z.infer<typeof jobLogSchema>;
export const jobLogPageSchema = pageOf(jobLogSchema);
export type JobLogPage = z.infer<typeof jobLogPageSchema>;

/** DELETE /api/monitor/jobLog/{ids}: comma-separated ids, as RuoYi sends them. */
export const jobLogIdsParams = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,99}$/)
    .transform((s) => s.split(',').map(Number)),
});
/** DELETE answers: how many rows went. */
export const deletedCountSchema = z.object({ deleted: z.number().int() });
