/**
 * Runs jobs waiting in pg-boss as a worker would, for tests whose app enqueues but runs nothing
 * (test/context.ts): the oldest start first, each taken off the queue, the manual clock moved to
 * its start, its handler run with the app's queue (so follow-ups land in pg-boss again).
 */
import type { Job, PgBoss } from 'pg-boss';
import type { Database } from '../src/db/client';
import { runJob, type JobDefinition, type JobSender } from '../src/jobs/queue';
import type { ManualClock } from '../src/lib/clock';

export interface JobRunner {
  database: Database;
  clock: ManualClock;
  queue: JobSender;
  definitions: JobDefinition[];
}

/** Takes the queued job that starts first and runs it; answers false when none is waiting. */
export async function runNextQueuedJob(runner: JobRunner): Promise<boolean> {
  const definitions = new Map(runner.definitions.map((d) => [d.name, d]));
  const { rows } = await runner.database.pool.query<{
    id: string;
    name: string;
    data: object;
    delay_ms: number;
  }>(
    `DELETE FROM pgboss.job WHERE id = (
       SELECT id FROM pgboss.job WHERE name = ANY($1) AND state = 'created'
        ORDER BY start_after, created_on LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, name, data,
       (extract(epoch from start_after - created_on) * 1000)::float8 AS delay_ms`,
    [[...definitions.keys()]],
  );
  const job = rows[0];
  if (!job) return false;
  if (job.delay_ms > 0) runner.clock.advance(job.delay_ms);
  await definitions
    .get(job.name)!
    .handle({ id: job.id, name: job.name, data: job.data } as Job<object>, runner.queue);
  return true;
}

/** Drains the definitions' queues (jobs enqueued by handlers included); answers how many ran. */
export async function runQueuedJobs(runner: JobRunner, max = 200): Promise<number> {
  for (let ran = 0; ran < max; ran += 1) if (!(await runNextQueuedJob(runner))) return ran;
  throw new Error('the jobs did not settle');
}

/**
 * Runs the jobs of one queue through pg-boss itself, as a worker does (`runJob`: the last try's
 * `exhausted` hook included), with the retry delays skipped, until none is left: each failure is
 * reported to pg-boss, which retries the job or, after its retry limit, moves it to the dead
 * letters. Answers how many tries ran.
 */
export async function runThroughRetries(
  runner: Pick<JobRunner, 'database' | 'queue' | 'definitions'> & { boss: PgBoss },
  name: string,
  maxTries = 50,
): Promise<number> {
  const definition = runner.definitions.find((d) => d.name === name);
  if (!definition) throw new Error(`no job definition ${name}`);
  for (let tries = 0; tries < maxTries; tries += 1) {
    await runner.database.pool.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state IN ('created', 'retry')`,
      [name],
    );
    const [job] = await runner.boss.fetch<object>(name, { includeMetadata: true });
    if (!job) return tries;
    try {
      await runJob(definition, job, runner.queue, { error: () => {} });
      await runner.boss.complete(name, job.id);
    } catch (error) {
      await runner.boss.fail(name, { id: job.id, retryCount: job.retryCount }, { message: String(error) });
    }
  }
  throw new Error(`${name} still had jobs after ${maxTries} tries`);
}
