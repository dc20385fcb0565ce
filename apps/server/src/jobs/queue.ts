/**
 * Background jobs on pg-boss, in the same Postgres as the data.
 *
 * `enqueue(tx, …)` writes the job with the caller's transaction client, so a job exists exactly
 * when the change that needs it was committed (the outbox pattern): a rollback leaves no job.
 */
import { PgBoss, type Job, type Queue, type SendOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { summarizeDbError } from '../db/client';
import type { CoreDeps } from '../app-deps';
import type { Tx } from '../db/transaction';
import { applyAllSchedules, ensureScheduledJobRows, withJobLog } from './scheduled';

/** What job handlers use: the same core as the API (configuration, database, clock, cloud). */
export type JobDeps = CoreDeps;

/** A job type: its queue, its retry policy and the idempotent handler that runs it. */
export interface JobDefinition<T extends object = object> {
  name: string;
  /** Retry and retention settings of the queue (pg-boss `Queue` options). */
  queue?: Omit<Queue, 'name' | 'deadLetter'>;
  /** A cron expression (UTC) when the job runs on a schedule; workers register it. */
  schedule?: string;
  /**
   * Runs one job. Must be idempotent: a job can run again after a crash or a retry. `queue` lets a
   * handler enqueue follow-up jobs in its own transaction (e.g. polling again later); tests pass
   * their app's queue.
   */
  handle(job: Job<T>, queue?: JobSender): Promise<void>;
  /**
   * Runs when the job's last try failed, just before pg-boss moves it to the dead-letter queue
   * (the compensation of a step that failed for good). It should only enqueue a job that settles
   * the matter, so it needs nothing but the database; the dead letter stays for the operator.
   */
  exhausted?(job: Job<T>, queue: JobSender): Promise<void>;
}

/** What a handler may do with the queue: enqueue in a transaction (the outbox). */
export interface JobSender {
  enqueue<T extends object>(tx: Tx, name: string, data: T, options?: SendOptions): Promise<string | null>;
}

/** Every job ends, after its retries, in this queue; the admin job log reads it. */
export const DEAD_LETTER_QUEUE = 'dead-letter';

const DEFAULT_QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

export interface JobQueue extends JobSender {
  boss: PgBoss;
  /** Starts handlers for every job type (worker processes only). */
  work(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  connectionString: string;
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** Worker processes supervise (maintenance) and schedule (cron); API processes only send. */
  role: 'api' | 'worker';
  /** The job types: their queues are created at start (both roles send), handled by workers. */
  definitions: JobDefinition[];
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
}

/**
 * Whether a job of `name` whose data contains `data` is waiting, retrying or running, as seen by
 * the caller's transaction (a compensation must not race the step it compensates).
 */
export async function hasLiveJob(tx: Tx, name: string, data: object): Promise<boolean> {
  const { rows } = await tx.client.query(
    `SELECT 1 FROM pgboss.job
      WHERE name = $1 AND state IN ('created', 'retry', 'active') AND data @> $2::jsonb LIMIT 1`,
    [name, JSON.stringify(data)],
  );
  return rows.length > 0;
}

/** What `runJob` needs to know of a job: pg-boss's metadata says which try this is. */
export type RunnableJob = Job<object> & { retryLimit: number };

/**
 * Runs one job as a worker does: its handler, and when that fails on the last try (pg-boss moves
 * it to the dead letters next), the definition's `exhausted` hook; the handler's error is thrown
 * either way, so pg-boss records the failure.
 */
export async function runJob(
  definition: JobDefinition,
  job: RunnableJob,
  sender: JobSender,
  logger: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  try {
    await definition.handle(job, sender);
  } catch (error) {
    if (definition.exhausted && job.retryCount >= job.retryLimit) {
      await definition
        .exhausted(job, sender)
        .catch((hookError: unknown) =>
          logger.error(
            { err: summarizeDbError(hookError), job: job.id, queue: definition.name },
            'compensation of a dead-lettered job could not be enqueued',
          ),
        );
    }
    throw error;
  }
}

/**
 * What a worker does with one job: `runJob`, and for a scheduled job (its cron runs and the
 * operators' "run once") a row in the job log, whose failure never fails the job.
 */
export async function runWorkerJob(
  definition: JobDefinition,
  job: RunnableJob,
  sender: JobSender,
  boss: Pick<PgBoss, 'getDb'>,
  logger: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const run = () => runJob(definition, job, sender, logger);
  if (!definition.schedule) return run();
  await withJobLog(boss.getDb(), { queue: definition.name, bossJobId: job.id }, run, (err) =>
    logger.error({ err: summarizeDbError(err), job: job.id }, 'job log not written'),
  );
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const isWorker = options.role === 'worker';
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: 'pgboss',
    max: isWorker ? 4 : 2,
    supervise: isWorker,
    schedule: isWorker,
    application_name: `cloudbay-${options.role}`,
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('error', (error) => options.logger.error({ err: summarizeDbError(error) }, 'job queue error'));
  await boss.start();
  await boss.createQueue(DEAD_LETTER_QUEUE, { retentionSeconds: 30 * 24 * 3600 });
  // createQueue is idempotent; sending to a queue that does not exist yet would fail.
  for (const definition of options.definitions) {
    await boss.createQueue(definition.name, {
      ...DEFAULT_QUEUE_OPTIONS,
      ...definition.queue,
      deadLetter: DEAD_LETTER_QUEUE,
    });
  }
  // The operators' job rows exist as soon as any process knows the job (the API lists them).
  await ensureScheduledJobRows(boss.getDb(), options.definitions);

  const sender: JobSender = {
    enqueue(tx, name, data, sendOptions) {
      return boss.send(name, data, {
        ...sendOptions,
        db: { executeSql: (text: string, values?: unknown[]) => tx.client.query(text, values as unknown[]) },
      });
    },
  };

  return {
    boss,
    enqueue: sender.enqueue,
    async work() {
      if (!isWorker) throw new Error('only a worker job queue runs handlers');
      for (const definition of options.definitions) {
        await boss.work(
          definition.name,
          // The metadata carries retryLimit: runJob tells the last try from the others.
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
          async (jobs: RunnableJob[]) => {
            for (const job of jobs) await runWorkerJob(definition, job, sender, boss, options.logger);
          },
        );
      }
      // Each schedule as its sys_jobs row says (cron changed or paused by an operator).
      await applyAllSchedules(boss, options.definitions);
    },
    async stop() {
      // Graceful: wait for running handlers, up to 20 s, then close pg-boss's own pool.
      await boss.stop({ graceful: true, timeout: 20_000, close: true });
    },
  };
}
