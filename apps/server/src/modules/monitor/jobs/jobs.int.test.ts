import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { createTestApp } from '../../../../test/context';
import { runWorkerJob, type JobDefinition, type RunnableJob } from '../../../jobs/queue';
import { applyAllSchedules } from '../../../jobs/scheduled';
import { createJobDefinitions } from '../../../jobs/registry';
import { demoOperatorHeaders, operatorWith } from '../../../../test/operators';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let definitions: JobDefinition[];
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
  definitions = createJobDefinitions({ ...ctx, database: ctx.database }, () => {});
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
interface JobAnswer {
  id: number;
  queue: string;
  cron: string;
  default_cron: string;
  status: string;
  last_run_at: string | null;
  last_status: string | null;
  next_run_at: string | null;
}

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

async function jobs(): Promise<JobAnswer[]> {
  const res = await call('GET', '/monitor/job/list?limit=50', admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list;
}
const jobOf = async (queue: string) => (await jobs()).find((j) => j.queue === queue)!;

async function pgBossSchedule(queue: string) {
  const { rows } = await ctx.database.pool.query<{ cron: string }>(
    'SELECT cron FROM pgboss.schedule WHERE name = $1',
    [queue],
  );
  return rows.map((r) => r.cron);
}

describe('scheduled jobs', () => {
  it('lists every scheduled job of the code, with its cron and next run', async () => {
    const list = await jobs();
    const scheduled = definitions.filter((d) => d.schedule);
    expect(list.map((j) => j.queue).sort()).toEqual(scheduled.map((d) => d.name).sort());
    expect(list.map((j) => j.queue)).toEqual(
      expect.arrayContaining(['billing.hourly', 'lifecycle.sweep', 'payments.expire', 'identity.cleanup']),
    );
    const billing = list.find((j) => j.queue === 'billing.hourly')!;
    expect(billing).toMatchObject({ cron: '5 * * * *', default_cron: '5 * * * *', status: '0' });
    const next = new Date(billing.next_run_at!);
    expect(next.getUTCMinutes()).toBe(5);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    const one = await call('GET', `/monitor/job/${billing.id}`, admin);
    expect(one.json().data.queue).toBe('billing.hourly');
    expect((await call('GET', '/monitor/job/999999', admin)).statusCode).toBe(404);
    const filtered = await call('GET', '/monitor/job/list?jobName=billing', admin);
    expect(filtered.json().data.list.map((j: JobAnswer) => j.queue)).toEqual(['billing.hourly']);
  });

  it('refuses the anonymous, customers and operators without the permission', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const viewer = await operatorWith(ctx.app, ctx.db, { perms: ['monitor:job:list'] });
    const job = await jobOf('lifecycle.sweep');
    expect((await call('GET', '/monitor/job/list', {})).statusCode).toBe(401);
    expect((await call('GET', '/monitor/job/list', customer.headers)).statusCode).toBe(403);
    expect((await call('GET', '/monitor/job/list', viewer.headers)).statusCode).toBe(200);
    expect((await call('GET', `/monitor/job/${job.id}`, viewer.headers)).statusCode).toBe(403);
    const pause = { id: job.id, status: '1' };
    expect((await call('PUT', '/monitor/job/changeStatus', viewer.headers, pause)).statusCode).toBe(403);
    expect((await call('PUT', '/monitor/job/run', viewer.headers, { id: job.id })).statusCode).toBe(403);
    expect(
      (await call('PUT', '/monitor/job', viewer.headers, { id: job.id, cron: '* * * * *' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', '/monitor/jobLog/clean', viewer.headers)).statusCode).toBe(403);
    expect((await jobOf('lifecycle.sweep')).status).toBe('0');
  });

  it('refuses an invalid cron (400, translated) and reschedules pg-boss on a valid one', async () => {
    const job = await jobOf('payments.expire');
    for (const cron of ['61 * * * *', 'every minute', '0 0 * * * *', '* * *']) {
      const res = await call(
        'PUT',
        '/monitor/job',
        { ...admin, 'accept-language': 'en-US' },
        { id: job.id, cron },
      );
      expect(res.statusCode, cron).toBe(400);
      expect(res.json().msg).toContain('Invalid cron expression');
    }
    expect((await jobOf('payments.expire')).cron).toBe('*/10 * * * *');

    const res = await call('PUT', '/monitor/job', admin, {
      id: job.id,
      cron: '*/3 * * * *',
      remark: 'faster',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ cron: '*/3 * * * *', remark: 'faster' });
    expect(await pgBossSchedule('payments.expire')).toEqual(['*/3 * * * *']);
    expect(new Date(res.json().data.next_run_at).getUTCMinutes() % 3).toBe(0);
  });

  it('pause removes the pg-boss schedule, resume restores it, and a worker start keeps a paused job paused', async () => {
    const job = await jobOf('identity.cleanup');
    const paused = await call('PUT', '/monitor/job/changeStatus', admin, { id: job.id, status: '1' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data).toMatchObject({ status: '1', next_run_at: null });
    expect(await pgBossSchedule('identity.cleanup')).toEqual([]);

    // What a worker does at start: every row applied, the paused one stays unscheduled.
    await applyAllSchedules(ctx.jobs.boss, definitions);
    expect(await pgBossSchedule('identity.cleanup')).toEqual([]);
    expect(await pgBossSchedule('billing.hourly')).toEqual(['5 * * * *']);

    const resumed = await call('PUT', '/monitor/job/changeStatus', admin, { id: job.id, status: '0' });
    expect(resumed.json().data.status).toBe('0');
    expect(await pgBossSchedule('identity.cleanup')).toEqual(['17 * * * *']);
  });

  it('run once sends the job; the worker run writes the job log and the last run', async () => {
    const job = await jobOf('identity.cleanup');
    const res = await call('PUT', '/monitor/job/run', admin, { id: job.id });
    expect(res.statusCode, res.body).toBe(200);
    const sentId = res.json().data.job_id as string;
    const [sent] = await ctx.jobs.boss.fetch<object>('identity.cleanup', { includeMetadata: true });
    expect(sent!.id).toBe(sentId);

    const definition = definitions.find((d) => d.name === 'identity.cleanup')!;
    await runWorkerJob(definition, sent as unknown as RunnableJob, ctx.jobs, ctx.jobs.boss, console);
    const failing: JobDefinition = {
      ...definition,
      handle: () => Promise.reject(new Error('the database went away')),
    };
    const failed = { ...(sent as unknown as RunnableJob), id: 'a-failed-run', retryCount: 0, retryLimit: 2 };
    await expect(runWorkerJob(failing, failed, ctx.jobs, ctx.jobs.boss, console)).rejects.toThrow(
      'the database went away',
    );

    const logs = await call('GET', `/monitor/jobLog/list?jobId=${job.id}`, admin);
    expect(logs.statusCode, logs.body).toBe(200);
    const list = logs.json().data.list as { boss_job_id: string; status: string; error: string | null }[];
    expect(list.map((l) => [l.boss_job_id, l.status, l.error])).toEqual([
      ['a-failed-run', '1', 'the database went away'],
      [sentId, '0', null],
    ]);
    expect(await jobOf('identity.cleanup')).toMatchObject({ last_status: '1' });
    const onlyFailures = await call('GET', `/monitor/jobLog/list?jobId=${job.id}&status=1`, admin);
    expect(onlyFailures.json().data.total).toBe(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const future = await call('GET', `/monitor/jobLog/list?begin_time=${tomorrow}`, admin);
    expect(future.json().data.total).toBe(0);
  });

  it('deletes job-log rows by id and cleans the log', async () => {
    const before = (await call('GET', '/monitor/jobLog/list', admin)).json().data;
    expect(before.total).toBeGreaterThanOrEqual(2);
    const first = before.list[0].id as number;
    const removed = await call('DELETE', `/monitor/jobLog/${first}`, admin);
    expect(removed.json().data).toEqual({ deleted: 1 });
    expect((await call('GET', '/monitor/jobLog/list', admin)).json().data.total).toBe(before.total - 1);
    expect((await call('DELETE', '/monitor/jobLog/1,x', admin)).statusCode).toBe(400);
    const cleaned = await call('DELETE', '/monitor/jobLog/clean', admin);
    expect(cleaned.json().data).toEqual({ deleted: before.total - 1 });
    expect((await call('GET', '/monitor/jobLog/list', admin)).json().data.total).toBe(0);
  });
});
