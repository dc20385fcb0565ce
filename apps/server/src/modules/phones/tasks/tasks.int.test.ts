/**
 * The task core (issue 20): task rows written with their jobs in the caller's transaction, the
 * runner's outcomes as statuses and translated results, 'running' polled again, and a worker that
 * crashes mid-task: the retried job resumes the row, and the cloud sees the task's call once.
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePhoneHarness } from '../../../../test/phone-fixtures';
import { runQueuedJobs, runThroughRetries } from '../../../../test/run-jobs';
import { phoneTasks, simCalls } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import type { ResourceRow } from '../../provisioning/repo';
import {
  PHONE_TASK_JOB,
  PHONE_TASK_MAX_POLLS,
  createPhoneTasks,
  phoneTaskJobs,
  phoneTaskToken,
  runPhoneTask,
  taskResultText,
  type PhoneTaskRow,
  type PhoneTaskRunners,
} from '.';

const h = usePhoneHarness();

// Each test runs its own tasks: what an earlier test left queued is dropped.
beforeEach(async () => {
  await h.ctx.database.pool.query(`DELETE FROM pgboss.job WHERE name = $1`, [PHONE_TASK_JOB]);
});

async function queuedTaskJobs(taskId: number) {
  const { rows } = await h.ctx.database.pool.query<{ data: { taskId: number; poll: number }; delay: number }>(
    `SELECT data, extract(epoch from start_after - created_on)::float8 AS delay
       FROM pgboss.job WHERE name = $1 AND state = 'created' AND (data->>'taskId')::bigint = $2`,
    [PHONE_TASK_JOB, taskId],
  );
  return rows;
}

const taskRow = async (id: number): Promise<PhoneTaskRow> =>
  (await h.ctx.db.select().from(phoneTasks).where(eq(phoneTasks.id, id)))[0]!;

async function newTasks(
  owner: { userId: number },
  phones: ResourceRow[],
  type: 'restart' | 'command' = 'restart',
) {
  return inTransaction(h.ctx.database.pool, (tx) =>
    createPhoneTasks(tx, h.ctx.jobs, {
      userId: owner.userId,
      actorId: owner.userId,
      type,
      phones: phones.map((phone, index) => ({
        resourceId: phone.id,
        publicId: phone.resourceId,
        params: { index },
      })),
      params: { shared: 'yes' },
    }),
  );
}

/** The task jobs waiting, run as a worker would with `runners` (the clock moved to each start). */
const runTaskJobs = (runners: PhoneTaskRunners) =>
  runQueuedJobs({
    database: h.ctx.database,
    clock: h.clock,
    queue: h.ctx.jobs,
    definitions: phoneTaskJobs(h.core, runners),
  });

describe('createPhoneTasks', () => {
  it('writes one pending task and one job per phone in the caller’s transaction; a rollback leaves neither', async () => {
    const customer = await h.phoneCustomer();
    const { phone: first } = await h.runningPhone(customer);
    const { phone: second } = await h.runningPhone(customer);

    const rows = await newTasks(customer, [first, second]);
    expect(rows.map((row) => [row.phoneId, row.status, row.params])).toEqual([
      [first.resourceId, 'pending', { shared: 'yes', index: 0 }],
      [second.resourceId, 'pending', { shared: 'yes', index: 1 }],
    ]);
    for (const row of rows) expect(await queuedTaskJobs(row.id)).toHaveLength(1);

    let rolledBack: PhoneTaskRow[] = [];
    await expect(
      inTransaction(h.ctx.database.pool, async (tx) => {
        rolledBack = await createPhoneTasks(tx, h.ctx.jobs, {
          userId: customer.userId,
          actorId: customer.userId,
          type: 'stop',
          phones: [{ resourceId: first.id, publicId: first.resourceId }],
        });
        throw new Error('the caller’s change failed');
      }),
    ).rejects.toThrow('the caller’s change failed');
    expect(rolledBack).toHaveLength(1);
    expect(await h.ctx.db.select().from(phoneTasks).where(eq(phoneTasks.id, rolledBack[0]!.id))).toEqual([]);
    expect(await queuedTaskJobs(rolledBack[0]!.id)).toEqual([]);
  });
});

describe('phone.task.run', () => {
  it('ends a task as its runner says, with the translated result and a command’s output', async () => {
    const customer = await h.phoneCustomer();
    const { phone } = await h.runningPhone(customer);
    const [ok] = await newTasks(customer, [phone], 'command');
    const [refused] = await newTasks(customer, [phone], 'restart');
    const seen: PhoneTaskRow[] = [];
    const runners: PhoneTaskRunners = {
      command: {
        run: async (_deps, task) => {
          seen.push(task);
          return { status: 'success', code: 'COMMAND_DONE', params: { exit: 0 }, output: 'hello\n' };
        },
        messages: { COMMAND_DONE: { 'zh-CN': '退出码 {exit}', 'en-US': 'Exit code {exit}' } },
      },
      restart: { run: async () => ({ status: 'failed', code: 'PHONE_NOT_RUNNING' }) },
    };
    await runTaskJobs(runners);

    // The runner saw its task running, with its parameters.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: ok!.id, status: 'running', params: { shared: 'yes', index: 0 } });
    const done = await taskRow(ok!.id);
    expect(done).toMatchObject({ status: 'success', resultCode: 'COMMAND_DONE', output: 'hello\n' });
    expect(done.startedAt).toBeInstanceOf(Date);
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(taskResultText('en-US', done.resultCode, done.resultParams, runners)).toBe('Exit code 0');
    expect(taskResultText('zh-CN', done.resultCode, done.resultParams, runners)).toBe('退出码 0');

    const failed = await taskRow(refused!.id);
    expect(failed).toMatchObject({ status: 'failed', resultCode: 'PHONE_NOT_RUNNING', output: null });
    expect(failed.finishedAt).toBeInstanceOf(Date);
    // An ErrorCode is translated as the API's errors are.
    expect(taskResultText('en-US', failed.resultCode, null, runners)).toMatch(/running/i);

    // A duplicate delivery of an ended task changes nothing and runs nothing.
    await runPhoneTask(h.core, h.ctx.jobs, runners, { taskId: ok!.id, poll: 0 });
    expect(seen).toHaveLength(1);
    expect(await taskRow(ok!.id)).toEqual(done);
  });

  it('fails a task whose type has no runner', async () => {
    const customer = await h.phoneCustomer();
    const { phone } = await h.runningPhone(customer);
    const [task] = await newTasks(customer, [phone]);
    await runTaskJobs({});
    expect(await taskRow(task!.id)).toMatchObject({ status: 'failed', resultCode: 'PHONE_TASK_UNSUPPORTED' });
    expect(taskResultText('zh-CN', 'PHONE_TASK_UNSUPPORTED', null, {})).toBe('不支持的任务类型');
  });

  it('polls a running outcome again with a growing delay, once per poll even when delivered twice', async () => {
    const customer = await h.phoneCustomer();
    const { phone } = await h.runningPhone(customer);
    const [task] = await newTasks(customer, [phone]);
    let calls = 0;
    const runners: PhoneTaskRunners = {
      restart: { run: async () => (++calls < 3 ? { status: 'running' } : { status: 'success' }) },
    };
    // The first run: not settled yet → the next poll is queued 2 s later.
    await runPhoneTask(h.core, h.ctx.jobs, runners, { taskId: task!.id, poll: 0 });
    expect(await taskRow(task!.id)).toMatchObject({ status: 'running', polls: 1, finishedAt: null });
    let queued = await queuedTaskJobs(task!.id);
    expect(queued.map((job) => job.data.poll).sort()).toEqual([0, 1]);
    expect(queued.find((job) => job.data.poll === 1)!.delay).toBeCloseTo(2, 0);

    // A second delivery of the first job (pg-boss at least once) queues no second poll.
    await runPhoneTask(h.core, h.ctx.jobs, runners, { taskId: task!.id, poll: 0 });
    queued = await queuedTaskJobs(task!.id);
    expect(queued.filter((job) => job.data.poll === 1)).toHaveLength(1);
    expect(queued.filter((job) => job.data.poll === 2)).toHaveLength(0);
    expect(await taskRow(task!.id)).toMatchObject({ status: 'running', polls: 1 });

    await runTaskJobs(runners);
    expect(await taskRow(task!.id)).toMatchObject({ status: 'success', resultCode: 'PHONE_TASK_SUCCEEDED' });
    expect(await queuedTaskJobs(task!.id)).toEqual([]);
  });

  it('fails a task still running after its polls as timed out', async () => {
    const customer = await h.phoneCustomer();
    const { phone } = await h.runningPhone(customer);
    const [task] = await newTasks(customer, [phone]);
    let calls = 0;
    await runTaskJobs({ restart: { run: async () => (calls++, { status: 'running' }), maxPolls: 3 } });
    expect(calls).toBe(4);
    const ended = await taskRow(task!.id);
    expect(ended).toMatchObject({ status: 'failed', resultCode: 'PHONE_TASK_TIMEOUT', polls: 3 });
    expect(taskResultText('en-US', ended.resultCode, null, {})).toMatch(/timed out/i);
    expect(PHONE_TASK_MAX_POLLS).toBeGreaterThan(3);
  });

  it('resumes a task after a worker crash: exact rows and one cloud effect', async () => {
    const customer = await h.phoneCustomer();
    const { phone } = await h.runningPhone(customer);
    const [task] = await newTasks(customer, [phone]);
    let runs = 0;
    const runners: PhoneTaskRunners = {
      restart: {
        run: async (deps, current) => {
          runs += 1;
          await deps.cloud.act('phone', phone.instanceId!, 'reboot', {}, phoneTaskToken(current));
          // The first worker dies right after the cloud took the call, before the row is written.
          if (runs === 1) throw new Error('worker killed');
          return { status: 'success' };
        },
      },
    };
    await runThroughRetries(
      {
        ...h.ctx.jobs,
        database: h.ctx.database,
        queue: h.ctx.jobs,
        definitions: phoneTaskJobs(h.core, runners),
      },
      PHONE_TASK_JOB,
    );
    expect(runs).toBe(2);
    const rows = await h.ctx.db.select().from(phoneTasks).where(eq(phoneTasks.resourceId, phone.id));
    expect(rows.map((row) => [row.id, row.status])).toEqual([[task!.id, 'success']]);
    const effects = await h.ctx.db
      .select()
      .from(simCalls)
      .where(and(eq(simCalls.clientToken, phoneTaskToken(task!)), eq(simCalls.effect, true)));
    expect(effects).toHaveLength(1);
  });

  it('fails a task whose runner failed every try (the job exhausted), so none stays running', async () => {
    const customer = await h.phoneCustomer();
    const { phone } = await h.runningPhone(customer);
    const [task] = await newTasks(customer, [phone]);
    let runs = 0;
    const runners: PhoneTaskRunners = {
      restart: {
        run: async () => {
          runs += 1;
          throw new Error('the cloud is down');
        },
      },
    };
    await runThroughRetries(
      {
        ...h.ctx.jobs,
        database: h.ctx.database,
        queue: h.ctx.jobs,
        definitions: phoneTaskJobs(h.core, runners),
      },
      PHONE_TASK_JOB,
    );
    expect(runs).toBe(6);
    expect(await taskRow(task!.id)).toMatchObject({ status: 'failed', resultCode: 'PHONE_TASK_ERROR' });
  });
});
