import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { inTransaction } from '../db/transaction';
import { startJobQueue, type JobQueue } from './queue';

const QUEUE = 'test.outbox';
const handled: string[] = [];
let testDb: TestDatabase;
let jobs: JobQueue;

async function jobCount(): Promise<number> {
  const { rows } = await testDb.database.pool.query(
    'SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1',
    [QUEUE],
  );
  return rows[0].n;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  jobs = await startJobQueue({
    connectionString: testDb.url,
    logger: { error: () => {}, warn: () => {}, info: () => {} },
    role: 'worker',
    pollingIntervalSeconds: 0.5,
    definitions: [
      {
        name: QUEUE,
        async handle(job) {
          handled.push((job.data as { order: string }).order);
        },
      },
    ],
  });
});

afterAll(async () => {
  await jobs.stop();
  await testDb.drop();
});

describe('enqueue inside the caller’s transaction', () => {
  it('a rollback leaves no job', async () => {
    await expect(
      inTransaction(testDb.database.pool, async (tx) => {
        await jobs.enqueue(tx, QUEUE, { order: 'rolled-back' });
        throw new Error('payment refused');
      }),
    ).rejects.toThrow('payment refused');
    expect(await jobCount()).toBe(0);
  });

  it('a commit leaves exactly one job, and the worker runs it once', async () => {
    await inTransaction(testDb.database.pool, async (tx) => {
      await jobs.enqueue(tx, QUEUE, { order: 'committed' });
    });
    expect(await jobCount()).toBe(1);

    await jobs.work();
    for (let waited = 0; handled.length === 0 && waited < 10_000; waited += 100) await sleep(100);
    // Give a wrongly repeated delivery time to show up.
    await sleep(1_500);
    expect(handled).toEqual(['committed']);
    const { rows } = await testDb.database.pool.query('SELECT state FROM pgboss.job WHERE name = $1', [
      QUEUE,
    ]);
    expect(rows.map((r) => r.state)).toEqual(['completed']);
  });
});
