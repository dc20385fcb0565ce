import {
  deletedCountSchema,
  envelope,
  jobIdParams,
  jobListQuery,
  jobLogIdsParams,
  jobLogListQuery,
  jobLogPageSchema,
  jobRunBody,
  jobRunSchema,
  jobStatusBody,
  jobUpdateBody,
  sysJobPageSchema,
  sysJobSchema,
} from '@cloudbay/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import { monitorRoute } from '../route-options';
import {
  changeJobStatus,
  clearJobLogs,
  editJob,
  getJob,
  listJobLogs,
  listJobs,
  removeJobLogs,
  runJobOnce,
} from './service';

/** RuoYi's job and job-log endpoints over `sys_jobs` / `sys_job_logs` (no add or delete of jobs). */
export const monitorJobRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/monitor/job/list',
    monitorRoute('monitor:job:list', {
      summary: 'The scheduled jobs with their cron, status, last and next run',
      querystring: jobListQuery,
      response: { 200: envelope(sysJobPageSchema) },
    }),
    async (request) => ok(await listJobs(deps, request.query)),
  );

  app.get(
    '/monitor/job/:id',
    monitorRoute('monitor:job:query', {
      summary: 'One scheduled job',
      params: jobIdParams,
      response: { 200: envelope(sysJobSchema) },
    }),
    async (request) => ok(await getJob(deps, request.params.id)),
  );

  app.put(
    '/monitor/job',
    monitorRoute('monitor:job:edit', {
      summary: "Changes a job's cron (five fields, UTC; validated) and remark; reschedules at once",
      body: jobUpdateBody,
      response: { 200: envelope(sysJobSchema) },
    }),
    async (request) => ok(await editJob(deps, request.body)),
  );

  app.put(
    '/monitor/job/changeStatus',
    monitorRoute('monitor:job:changeStatus', {
      summary: 'Pauses (status 1: unscheduled) or resumes (status 0: scheduled) a job',
      body: jobStatusBody,
      response: { 200: envelope(sysJobSchema) },
    }),
    async (request) => ok(await changeJobStatus(deps, request.body)),
  );

  app.put(
    '/monitor/job/run',
    monitorRoute('monitor:job:changeStatus', {
      summary: 'Sends the job once now (a worker runs it and writes the job log)',
      description: 'Every scheduled job is idempotent, so an extra run repeats no effect.',
      body: jobRunBody,
      response: { 200: envelope(jobRunSchema) },
    }),
    async (request) => ok(await runJobOnce(deps, request.body.id)),
  );

  app.get(
    '/monitor/jobLog/list',
    monitorRoute('monitor:job:list', {
      summary: 'Runs of the scheduled jobs, newest first',
      querystring: jobLogListQuery,
      response: { 200: envelope(jobLogPageSchema) },
    }),
    async (request) => ok(await listJobLogs(deps, request.query)),
  );

  app.delete(
    '/monitor/jobLog/clean',
    monitorRoute('monitor:job:remove', {
      summary: "Empties the job log (or one job's log with jobId)",
      querystring: z.object({ jobId: z.coerce.number().int().positive().optional() }),
      response: { 200: envelope(deletedCountSchema) },
    }),
    async (request) => ok(await clearJobLogs(deps, request.query.jobId)),
  );

  app.delete(
    '/monitor/jobLog/:ids',
    monitorRoute('monitor:job:remove', {
      summary: 'Deletes job-log rows (comma-separated ids)',
      params: jobLogIdsParams,
      response: { 200: envelope(deletedCountSchema) },
    }),
    async (request) => ok(await removeJobLogs(deps, request.params.ids)),
  );
};
