import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { DEAD_LETTER_QUEUE } from '../../jobs/queue';
import { DEMO_ADMIN } from '../identity/reference-data';
import { LIFECYCLE_SWEEP_JOB } from '../billing/jobs';
import { CREATE_JOB } from '../provisioning/service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  // The template database holds the demo operator (tests run outside production).
  const res = await logIn(ctx.app, ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  admin = { authorization: `Bearer ${res.json().data.access_token}` };
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
interface DeadLetterAnswer {
  id: string;
  queue: string | null;
  job_id: string | null;
  data: unknown;
  last_error: string | null;
  retry_count: number | null;
  failed_at: string;
}

const list = (headers: Headers, query: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/monitor/job/dead_letters', headers, query });
const retry = (headers: Headers, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/monitor/job/dead_letters/${id}/retry`, headers });

/**
 * A job that fails for good, as a worker leaves it: sent without retries, taken, failed with an
 * error, so pg-boss moves it to the dead-letter queue.
 */
async function failForGood(queue: string, data: object, message: string): Promise<string> {
  const { boss } = ctx.jobs;
  const id = (await boss.send(queue, data, { retryLimit: 0 }))!;
  const [job] = await boss.fetch(queue);
  expect(job!.id).toBe(id);
  await boss.fail(queue, id, new Error(message));
  return id;
}

async function waiting(queue: string) {
  const { rows } = await ctx.database.pool.query<{ data: unknown; state: string }>(
    `SELECT data, state FROM pgboss.job WHERE name = $1 AND state = 'created'`,
    [queue],
  );
  return rows;
}

describe('dead letters', () => {
  it('refuses customers (403)', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    expect((await list(customer.headers)).statusCode).toBe(403);
    expect((await retry(customer.headers, randomUUID())).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
  });

  it('lists the jobs that failed for good, newest first, by queue', async () => {
    const createId = await failForGood(CREATE_JOB, { id: 41 }, 'the cloud kept timing out');
    const sweepId = await failForGood(LIFECYCLE_SWEEP_JOB, { run: 7 }, 'the sweep crashed');

    const res = await list(admin);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as { list: DeadLetterAnswer[]; total: number; page: number; limit: number };
    expect(page).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(page.list.map((d) => d.job_id)).toEqual([sweepId, createId]);
    expect(page.list[1]).toMatchObject({
      queue: CREATE_JOB,
      job_id: createId,
      data: { id: 41 },
      last_error: 'the cloud kept timing out',
      retry_count: 0,
    });
    expect(Date.parse(page.list[1]!.failed_at)).not.toBeNaN();
    expect(page.list[1]!.id).not.toBe(createId);

    const onlyCreates = (await list(admin, { queue: CREATE_JOB })).json().data;
    expect(onlyCreates.list.map((d: DeadLetterAnswer) => d.job_id)).toEqual([createId]);
    expect(onlyCreates.total).toBe(1);
    const secondPage = (await list(admin, { page: '2', limit: '10' })).json().data;
    expect(secondPage).toMatchObject({ list: [], total: 2, page: 2 });
    expect((await list(admin, { limit: '7' })).statusCode).toBe(400);
  });

  it('retries one: back in its queue with its data, gone from the dead letters, once', async () => {
    await failForGood(CREATE_JOB, { id: 42 }, 'still failing');
    const before = (await list(admin, { queue: CREATE_JOB })).json().data.list as DeadLetterAnswer[];
    const letter = before.find((d) => (d.data as { id: number }).id === 42)!;
    expect(await waiting(CREATE_JOB)).toEqual([]);

    const res = await retry(admin, letter.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: letter.id, queue: CREATE_JOB });
    expect((await waiting(CREATE_JOB)).map((j) => j.data)).toEqual([{ id: 42 }]);
    const after = (await list(admin, { queue: CREATE_JOB })).json().data.list as DeadLetterAnswer[];
    expect(after.map((d) => d.id)).not.toContain(letter.id);

    const again = await retry({ ...admin, 'accept-language': 'en-US' }, letter.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('The failed job does not exist or has been retried already');
    expect((await waiting(CREATE_JOB)).length).toBe(1);
    expect((await retry(admin, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('only looks at the dead-letter queue', async () => {
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'created' LIMIT 1`,
      [CREATE_JOB],
    );
    expect((await retry(admin, rows[0]!.id)).statusCode).toBe(404);
    expect(DEAD_LETTER_QUEUE).toBe('dead-letter');
  });
});
