import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The product's scheduled jobs (RuoYi's sys_job), one row per pg-boss queue that runs on a cron.
 * The rows are the source of the schedules: a worker applies each row's cron and status to
 * pg-boss at start, and the operators' API applies a change at once (pg-boss keeps schedules in
 * Postgres, so every process sees it). Rows are made from the job definitions, never by operators:
 * there is no "add a job with an invoke target".
 */
export const sysJobs = pgTable(
  'sys_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The pg-boss queue the schedule sends to (also the job's identity). */
    queue: varchar('queue', { length: 100 }).notNull().unique(),
    jobGroup: varchar('job_group', { length: 20 }).notNull().default('SYSTEM'),
    cron: varchar('cron', { length: 100 }).notNull(),
    /** The cron the code ships with, shown so an operator can go back to it. */
    defaultCron: varchar('default_cron', { length: 100 }).notNull(),
    /** RuoYi's values: '0' running on its schedule, '1' paused. */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    remark: text('remark'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastStatus: varchar('last_status', { length: 1 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sys_jobs_status_valid', sql`${t.status} in ('0', '1')`)],
);

/** One row per run of a scheduled job's handler (RuoYi's sys_job_log), written after the run. */
export const sysJobLogs = pgTable(
  'sys_job_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => sysJobs.id, { onDelete: 'cascade' }),
    /** The pg-boss job id of the run. */
    bossJobId: varchar('boss_job_id', { length: 64 }),
    /** '0' success, '1' failure (RuoYi's values). */
    status: varchar('status', { length: 1 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [
    index('sys_job_logs_job_started_idx').on(t.jobId, t.startedAt),
    index('sys_job_logs_started_idx').on(t.startedAt),
    check('sys_job_logs_status_valid', sql`${t.status} in ('0', '1')`),
  ],
);
