/**
 * The task centre (issue 20): the phone's long operations (start, stop, restart, reset, replace,
 * a command) leave a task each, written with the operation and ended when the phone settles or the
 * command answers; GET /user/ph/ph_task/list (filters, translated results, owner scoping) and the
 * retry of failed tasks (one and a batch), against a real PostgreSQL and the simulated cloud.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../../test/desktop-fixtures';
import { usePhoneHarness } from '../../../../test/phone-fixtures';
import { runQueuedJobs } from '../../../../test/run-jobs';
import { phoneCommands, phoneTasks } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import { provisioningJobs } from '../../provisioning/jobs';
import { PHONE_TASK_RUNNERS } from '../task-runners';
import { createPhoneTasks, finishPhoneTask, phoneTaskJobs, type PhoneTaskRow } from '.';

const h = usePhoneHarness();
const ZH = { 'accept-language': 'zh-CN' };
const LIST = '/api/user/ph/ph_task/list';

interface TaskView {
  id: number;
  type: string;
  status: string;
  phone: { id: string; name: string };
  created: string;
  finished_at: string | null;
  result: string | null;
  result_code: string | null;
  output: string | null;
  retry_of: number | null;
  retried_by: number | null;
}

/** The engine's and the task centre's jobs, run as a worker would (the clock moved to each start). */
const runAllJobs = () =>
  runQueuedJobs({
    database: h.ctx.database,
    clock: h.clock,
    queue: h.ctx.jobs,
    definitions: [...provisioningJobs(h.core), ...phoneTaskJobs(h.core, PHONE_TASK_RUNNERS)],
  });

async function tasks(who: Customer, query: Record<string, string> = {}, headers = EN) {
  const res = await h.ctx.app.inject({
    method: 'GET',
    url: LIST,
    headers: { ...who.headers, ...headers },
    query,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: TaskView[]; total: number };
}

const runCommand = (who: Customer, phoneId: string, command: string) =>
  h.call(who, 'POST', `/api/user/ph/phone/${phoneId}/run_command`, { command }, EN);

const retry = (who: Customer, taskId: number, headers: Record<string, string> = EN) =>
  h.call(who, 'POST', `/api/user/ph/ph_task/${taskId}/retry`, {}, headers);

/** A failed task written as a job would leave it (an action the cloud did not carry out). */
async function failedTask(
  who: Customer,
  phone: { id: number; resourceId: string },
  type: 'start' | 'install',
) {
  return inTransaction(h.ctx.database.pool, async (tx) => {
    const [task] = await createPhoneTasks(tx, h.ctx.jobs, {
      userId: who.userId,
      actorId: who.userId,
      type,
      phones: [{ resourceId: phone.id, publicId: phone.resourceId }],
      params:
        type === 'start'
          ? { action: 'start', actionParams: {} }
          : // An install task as install_v2 writes it (the version it names, with the APK's MD5).
            {
              appId: 1,
              versionId: 1,
              packageName: 'com.example.notes',
              name: 'Notes',
              version: '1.0.0',
              versionCode: 1,
              md5: '0123456789abcdef0123456789abcdef',
            },
    });
    await finishPhoneTask(tx, task!.id, { status: 'failed', code: 'PHONE_NOT_RUNNING' });
    return task as PhoneTaskRow;
  });
}

describe('the phone’s operations as tasks', () => {
  it('restart and stop: same answers, a task each that ends when the phone settles', async () => {
    const customer = await h.phoneCustomer();
    const { phoneId, phone } = await h.runningPhone(customer, { name: 'worker' });
    const [restarted] = await h.act(customer, 'restart', [phoneId]);
    expect(restarted).toMatchObject({ phone_id: phoneId, ok: true, status: 'rebooting' });

    let list = (await tasks(customer)).list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'restart',
      status: 'pending',
      phone: { id: phoneId, name: phone.name },
      finished_at: null,
      result: null,
    });
    await runAllJobs();
    list = (await tasks(customer)).list;
    expect(list[0]).toMatchObject({ type: 'restart', status: 'success', result: 'Completed' });
    expect(list[0]!.finished_at).not.toBeNull();
    expect((await tasks(customer, {}, ZH)).list[0]!.result).toBe('执行成功');

    // A refused transition (start on a running phone) answers as before and leaves no task.
    const [refused] = await h.act(customer, 'start', [phoneId]);
    expect(refused).toMatchObject({ ok: false, code: 'RESOURCE_ACTION_FORBIDDEN' });
    expect((await tasks(customer)).total).toBe(1);

    const [stopped] = await h.act(customer, 'stop', [phoneId]);
    expect(stopped).toMatchObject({ ok: true, status: 'stopping' });
    await runAllJobs();
    expect((await h.row(phoneId)).status).toBe('stopped');
    list = (await tasks(customer)).list;
    expect(list.map((task) => [task.type, task.status])).toEqual([
      ['stop', 'success'],
      ['restart', 'success'],
    ]);
  });

  it('reset and replace are tasks too, and the task rows are written with the engine’s record', async () => {
    const customer = await h.phoneCustomer();
    const { phoneId, phone } = await h.runningPhone(customer);
    expect((await h.act(customer, 'reset', [phoneId]))[0]).toMatchObject({ ok: true, status: 'resetting' });
    await runAllJobs();
    const res = await h.call(customer, 'POST', '/api/user/ph/phone/replace_v2', { phone_ids: [phoneId] }, EN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.results[0]).toMatchObject({ ok: true, status: 'resetting' });
    const rows = await h.ctx.db.select().from(phoneTasks).where(eq(phoneTasks.resourceId, phone.id));
    const replace = rows.find((row) => row.type === 'replace')!;
    // The task watches the call the engine recorded in the same transaction.
    expect(replace.params).toMatchObject({
      action: 'replace',
      token: expect.stringContaining(`${phoneId}:replace:`),
    });
    await runAllJobs();
    expect((await tasks(customer)).list.map((task) => [task.type, task.status])).toEqual([
      ['replace', 'success'],
      ['reset', 'success'],
    ]);
  });

  it('a command: its output is the task’s result; a failing one fails the task with its exit code', async () => {
    const customer = await h.phoneCustomer();
    const { phoneId, phone } = await h.runningPhone(customer);
    const okRes = await runCommand(customer, phoneId, 'echo hello');
    expect(okRes.statusCode, okRes.body).toBe(200);
    expect(okRes.json().data).toEqual({ output: 'hello', exit_code: 0 });
    const badRes = await runCommand(customer, phoneId, 'frobnicate');
    expect(badRes.json().data.exit_code).toBe(127);

    const list = (await tasks(customer)).list;
    expect(list.map((task) => [task.type, task.status, task.output])).toEqual([
      ['command', 'failed', badRes.json().data.output],
      ['command', 'success', 'hello'],
    ]);
    expect(list[0]!.result).toBe('The command exited with code 127');
    expect((await tasks(customer, {}, ZH)).list[0]!.result).toBe('命令以退出码 127 结束');
    // The audit rows stay as they were.
    const audits = await h.ctx.db.select().from(phoneCommands).where(eq(phoneCommands.resourceId, phone.id));
    expect(audits.map((row) => row.exitCode).sort()).toEqual([0, 127]);

    // The command's job later changes nothing: the request ended the task with the phone's answer.
    await runAllJobs();
    expect((await tasks(customer)).list.map((task) => task.status)).toEqual(['failed', 'success']);
  });
});

describe('GET /user/ph/ph_task/list', () => {
  it('filters by type, status, phone and time, pages newest first, and shows only the caller’s tasks', async () => {
    const customer = await h.phoneCustomer();
    const { phoneId: first } = await h.runningPhone(customer, { name: 'alpha' });
    const { phoneId: second } = await h.runningPhone(customer, { name: 'beta' });
    await runCommand(customer, first, 'echo one');
    await runCommand(customer, second, 'nope');
    await h.act(customer, 'restart', [first, second]);
    expect((await tasks(customer)).total).toBe(4);

    expect((await tasks(customer, { type: 'restart' })).list.map((t) => t.phone.id).sort()).toEqual(
      [first, second].sort(),
    );
    expect((await tasks(customer, { status: 'failed' })).list.map((t) => [t.type, t.phone.id])).toEqual([
      ['command', second],
    ]);
    expect((await tasks(customer, { phone: first })).total).toBe(2);
    expect((await tasks(customer, { phone: 'BET' })).list.every((t) => t.phone.id === second)).toBe(true);
    const page = await tasks(customer, { limit: '10', page: '2' });
    expect(page).toMatchObject({ total: 4, list: [] });
    expect((await tasks(customer, { end_time: '2000-01-01' })).total).toBe(0);
    expect((await tasks(customer, { begin_time: '2000-01-01' })).total).toBe(4);

    const other = await h.phoneCustomer();
    expect((await tasks(other)).total).toBe(0);
    const noFlag = await h.customer(0);
    const denied = await h.ctx.app.inject({
      method: 'GET',
      url: LIST,
      headers: { ...noFlag.headers, ...EN },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('retrying failed tasks', () => {
  it('runs a failed command again as a new task linked to it, once, and refuses the rest', async () => {
    const customer = await h.phoneCustomer();
    const { phoneId } = await h.runningPhone(customer);
    await runCommand(customer, phoneId, 'nope');
    await runCommand(customer, phoneId, 'echo fine');
    const [succeeded, failed] = (await tasks(customer)).list;

    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: `/api/user/ph/ph_task/${failed!.id}/retry`,
      headers: { ...customer.headers, ...EN },
      payload: {},
    });
    expect(noKey.statusCode).toBe(400);

    const res = await retry(customer, failed!.id);
    expect(res.statusCode, res.body).toBe(200);
    const again = res.json().data as TaskView;
    expect(again).toMatchObject({
      type: 'command',
      status: 'failed',
      retry_of: failed!.id,
      phone: { id: phoneId },
    });
    expect(again.id).toBeGreaterThan(failed!.id);
    const list = (await tasks(customer)).list;
    expect(list.find((task) => task.id === failed!.id)!.retried_by).toBe(again.id);

    const twice = await retry(customer, failed!.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.error_code).toBe('PHONE_TASK_ALREADY_RETRIED');
    const notFailed = await retry(customer, succeeded!.id);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().data.error_code).toBe('PHONE_TASK_NOT_FAILED');
    const other = await h.phoneCustomer();
    const foreign = await retry(other, again.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().data.error_code).toBe('PHONE_TASK_NOT_FOUND');

    // The same key answers the first retry again and makes no task.
    const key = { ...EN, 'idempotency-key': 'retry-once-key' };
    const first = await retry(customer, again.id, key);
    const replay = await retry(customer, again.id, key);
    expect(replay.json().data.id).toBe(first.json().data.id);
    expect((await tasks(customer)).total).toBe(4);
  });

  it('retries an action through the engine and a runner’s task through its job; a batch needs a selection', async () => {
    const customer = await h.phoneCustomer();
    const { phoneId, phone } = await h.runningPhone(customer);
    expect((await h.act(customer, 'stop', [phoneId]))[0]!.ok).toBe(true);
    await runAllJobs();
    const start = await failedTask(customer, phone, 'start');
    const install = await failedTask(customer, phone, 'install');
    const other = await h.phoneCustomer();

    const empty = await h.call(customer, 'POST', '/api/user/ph/ph_task/retry', { task_ids: [] }, EN);
    expect(empty.statusCode).toBe(400);

    const res = await h.call(
      customer,
      'POST',
      '/api/user/ph/ph_task/retry',
      { task_ids: [start.id, install.id, 999_999_999] },
      EN,
    );
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results as {
      task_id: number;
      ok: boolean;
      new_task_id: number | null;
      code: string | null;
    }[];
    expect(results.map((entry) => [entry.task_id, entry.ok, entry.code])).toEqual([
      [start.id, true, null],
      [install.id, true, null],
      [999_999_999, false, 'PHONE_TASK_NOT_FOUND'],
    ]);
    // The start went to the engine: the phone is starting, and its task ends when it runs.
    expect((await h.row(phoneId)).status).toBe('starting');
    await runAllJobs();
    const list = (await tasks(customer)).list;
    const retried = (id: number | null) => list.find((task) => task.id === id)!;
    expect(retried(results[0]!.new_task_id)).toMatchObject({
      type: 'start',
      status: 'success',
      retry_of: start.id,
    });
    // The install's retry ran through the job and the install runner.
    expect(retried(results[1]!.new_task_id)).toMatchObject({ type: 'install', retry_of: install.id });
    expect(retried(results[1]!.new_task_id).status).toMatch(/success|failed/);

    const foreign = await h.call(other, 'POST', '/api/user/ph/ph_task/retry', { task_ids: [start.id] }, EN);
    expect(foreign.json().data.results[0]).toMatchObject({ ok: false, code: 'PHONE_TASK_NOT_FOUND' });
  });
});
