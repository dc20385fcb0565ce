/**
 * The backup centre (issue 20, spec §5, §7 Backups): backups as tasks that need room in the backup
 * space (refused before anything starts when they would not fit), name and description rules,
 * recovery onto another phone of the account (and 404 onto a foreign one), rename, delete freeing
 * the room, the space's release taking its backups, another customer's backup 404 — through
 * app.inject against a real PostgreSQL, the tasks run by the real task job and the simulated cloud.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../../test/desktop-fixtures';
import { usePhoneHarness } from '../../../../test/phone-fixtures';
import { runQueuedJobs } from '../../../../test/run-jobs';
import { phoneTasks, simCalls } from '../../../db/schema';
import { runLifecycleSweep } from '../../billing/lifecycle';
import { PHONE_TASK_RUNNERS } from '../task-runners';
import { PHONE_TASK_JOB, phoneTaskJobs } from '../tasks';

const h = usePhoneHarness();
const DAY = 86_400_000;
const BACKUPS = '/api/user/ph/ph_backup';
const SPACE = '/api/user/ph/ph_backup_space';

beforeEach(async () => {
  await h.ctx.database.pool.query(`DELETE FROM pgboss.job WHERE name = $1`, [PHONE_TASK_JOB]);
});

interface BackupView {
  id: string;
  name: string;
  description: string;
  status: string;
  size_mib: number | null;
  phone_id: string;
  phone_name: string | null;
  task_id: number;
}

const runTasks = () =>
  runQueuedJobs({
    database: h.ctx.database,
    clock: h.clock,
    queue: h.ctx.jobs,
    definitions: phoneTaskJobs(h.core, PHONE_TASK_RUNNERS),
  });

const taskOf = async (id: number) =>
  (await h.ctx.db.select().from(phoneTasks).where(eq(phoneTasks.id, id)))[0]!;

async function buySpace(who: Customer, size = 10) {
  const res = await h.call(who, 'POST', SPACE, { size, period: 1, agreed: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.space as { id: string };
}

const spaceOf = async (who: Customer) =>
  (await h.listPage(who, SPACE)).list[0] as unknown as { id: string; size_gib: number; used_mib: number };
const backupsOf = async (who: Customer) => (await h.listPage(who, BACKUPS)).list as unknown as BackupView[];

async function backUp(who: Customer, phoneIds: string[], extra: Record<string, unknown> = {}) {
  return h.call(who, 'POST', BACKUPS, { phone_ids: phoneIds, name: 'nightly', ...extra }, EN);
}

describe('POST /user/ph/ph_backup', () => {
  it('checks the name (3–128), the description (≤ 500), the key, the space and the phones before anything starts', async () => {
    const customer = await h.phoneCustomer(100);
    const stranger = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(customer);
    const { phoneId: foreign } = await h.runningPhone(stranger);

    const noSpace = await backUp(customer, [phoneId]);
    expect(noSpace.statusCode).toBe(422);
    expect(noSpace.json().data.error_code).toBe('BACKUP_SPACE_REQUIRED');
    await buySpace(customer);

    for (const name of ['ab', '  ab  ', 'x'.repeat(129)]) {
      const res = await backUp(customer, [phoneId], { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg).toContain('3–128 characters');
    }
    const long = await backUp(customer, [phoneId], { description: 'd'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('at most 500');
    const none = await backUp(customer, []);
    expect(none.statusCode).toBe(400);
    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: BACKUPS,
      headers: customer.headers,
      payload: { phone_ids: [phoneId], name: 'nightly' },
    });
    expect(noKey.statusCode).toBe(400);
    const mixed = await backUp(customer, [phoneId, foreign]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().data.error_code).toBe('PHONE_NOT_FOUND');

    expect(await backupsOf(customer)).toEqual([]);
    const { rows } = await h.ctx.database.pool.query(`SELECT 1 FROM phone_tasks WHERE user_id = $1`, [
      customer.userId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('makes a backup per phone as a task, reserves its estimate, and refuses what would not fit', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId: first, phone } = await h.runningPhone(customer);
    const { phoneId: second } = await h.runningPhone(customer);
    await buySpace(customer, 10);

    const key = randomUUID();
    const res = await h.call(
      customer,
      'POST',
      BACKUPS,
      { phone_ids: [first], name: 'before update', description: 'apps and data' },
      { 'idempotency-key': key },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [ref] = res.json().data.tasks as { phone_id: string; task_id: number; backup_id: string }[];
    expect(ref).toMatchObject({ phone_id: first });
    // The same request again answers the first: one backup, one task.
    const replay = await h.call(
      customer,
      'POST',
      BACKUPS,
      { phone_ids: [first], name: 'before update', description: 'apps and data' },
      { 'idempotency-key': key },
    );
    expect(replay.json().data.tasks).toEqual([ref]);
    expect(await backupsOf(customer)).toEqual([
      expect.objectContaining({
        id: ref!.backup_id,
        status: 'creating',
        size_mib: null,
        task_id: ref!.task_id,
      }),
    ]);
    // Nothing made yet: the phone's estimate (6 GiB) is reserved, so a second 6 GiB does not fit in 10.
    expect((await spaceOf(customer)).used_mib).toBe(6144);
    const full = await backUp(customer, [second]);
    expect(full.statusCode).toBe(422);
    expect(full.json().data.error_code).toBe('BACKUP_SPACE_FULL');
    expect(full.json().msg).toContain('6144 MiB needed, 4096 MiB free');

    await runTasks();
    expect(await taskOf(ref!.task_id)).toMatchObject({
      type: 'backup',
      status: 'success',
      resultCode: 'BACKUP_MADE',
    });
    const [made] = await backupsOf(customer);
    expect(made).toMatchObject({ status: 'available', phone_id: first, phone_name: phone.name });
    const [upstream] = await h.cloud.describe('backup', [
      (
        await h.ctx.database.pool.query(`SELECT instance_id FROM phone_backups WHERE backup_id = $1`, [
          made!.id,
        ])
      ).rows[0].instance_id,
    ]);
    expect(upstream).toMatchObject({ status: 'available' });
    expect(made!.size_mib).toBe(upstream!.attributes.sizeMiB);
    expect((await spaceOf(customer)).used_mib).toBe(made!.size_mib);
    // The cloud made one backup for the task, however often its job ran.
    const creates = await h.ctx.db
      .select()
      .from(simCalls)
      .where(eq(simCalls.clientToken, `task:${ref!.task_id}:run`));
    expect(creates.filter((call) => call.operation === 'create' && call.effect)).toHaveLength(1);

    // The real size replaced the estimate: the second phone's 6 GiB is weighed against what is free
    // now. The simulated cloud draws a backup's size (300–6000 MiB), so either answer can be right.
    const free = 10 * 1024 - made!.size_mib!;
    const now = await backUp(customer, [second]);
    if (free >= 6144) {
      expect(now.statusCode, now.body).toBe(200);
      await runTasks();
    } else {
      expect(now.statusCode).toBe(422);
      expect(now.json().msg).toContain(`6144 MiB needed, ${free} MiB free`);
    }
  });
});

describe('recovery, rename, delete', () => {
  it('restores onto another phone of the account, 404 onto a foreign one; renames; delete frees the room', async () => {
    const customer = await h.phoneCustomer(200);
    const stranger = await h.phoneCustomer(200);
    const { phoneId: source } = await h.runningPhone(customer);
    const { phoneId: target, phone: targetRow } = await h.runningPhone(customer);
    const { phoneId: foreign } = await h.runningPhone(stranger);
    await buySpace(customer, 20);
    const made = await backUp(customer, [source]);
    expect(made.statusCode, made.body).toBe(200);
    await runTasks();
    const [backup] = await backupsOf(customer);
    expect(backup!.status).toBe('available');

    const ontoForeign = await h.call(customer, 'POST', `${BACKUPS}/${backup!.id}/recovery`, {
      phone_id: foreign,
    });
    expect(ontoForeign.statusCode).toBe(404);
    expect(ontoForeign.json().data.error_code).toBe('PHONE_NOT_FOUND');
    const othersBackup = await h.call(stranger, 'POST', `${BACKUPS}/${backup!.id}/recovery`, {
      phone_id: foreign,
    });
    expect(othersBackup.statusCode).toBe(404);
    expect(othersBackup.json().data.error_code).toBe('BACKUP_NOT_FOUND');

    const restore = await h.call(customer, 'POST', `${BACKUPS}/${backup!.id}/recovery`, { phone_id: target });
    expect(restore.statusCode, restore.body).toBe(200);
    const { task_id: taskId, phone_id: onto } = restore.json().data as { task_id: number; phone_id: string };
    expect(onto).toBe(target);
    expect((await backupsOf(customer))[0]).toMatchObject({ status: 'recovering', task_id: taskId });
    // Busy: neither a second restore nor a delete meanwhile.
    expect((await h.call(customer, 'POST', `${BACKUPS}/${backup!.id}/recovery`, {})).statusCode).toBe(409);
    expect((await h.call(customer, 'DELETE', `${BACKUPS}/${backup!.id}`)).statusCode).toBe(409);
    await runTasks();
    expect(await taskOf(taskId)).toMatchObject({
      type: 'recovery',
      phoneId: target,
      status: 'success',
      resultCode: 'BACKUP_RESTORED',
    });
    const recovers = await h.ctx.db
      .select()
      .from(simCalls)
      .where(eq(simCalls.clientToken, `task:${taskId}:run`));
    expect(recovers.filter((call) => call.effect)).toHaveLength(1);
    expect(recovers[0]!.params).toMatchObject({ phoneInstanceId: targetRow.instanceId });
    expect((await backupsOf(customer))[0]!.status).toBe('available');

    // Rename (3–128; the cloud's copy too); another customer's backup is 404 for every route.
    expect((await h.call(customer, 'PUT', `${BACKUPS}/${backup!.id}`, { name: 'ab' })).statusCode).toBe(400);
    const renamed = await h.call(customer, 'PUT', `${BACKUPS}/${backup!.id}`, {
      name: 'golden image',
      description: 'after setup',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'golden image', description: 'after setup' });
    for (const [method, url, body] of [
      ['PUT', `${BACKUPS}/${backup!.id}`, { name: 'mine now' }],
      ['DELETE', `${BACKUPS}/${backup!.id}`, undefined],
    ] as const) {
      const res = await h.call(stranger, method, url, body);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().data.error_code).toBe('BACKUP_NOT_FOUND');
    }
    expect(await backupsOf(stranger)).toEqual([]);

    expect((await spaceOf(customer)).used_mib).toBeGreaterThan(0);
    const removed = await h.call(customer, 'DELETE', `${BACKUPS}/${backup!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await backupsOf(customer)).toEqual([]);
    expect((await spaceOf(customer)).used_mib).toBe(0);
    const { rows } = await h.ctx.database.pool.query(
      `SELECT s.status FROM phone_backups b JOIN sim_resources s ON s.instance_id = b.instance_id WHERE b.backup_id = $1`,
      [backup!.id],
    );
    expect(rows[0]!.status).toBe('deleted');
  });

  it('restores onto its own phone without a target; a deleted backup is 404', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId } = await h.runningPhone(customer);
    await buySpace(customer, 10);
    expect((await backUp(customer, [phoneId])).statusCode).toBe(200);
    await runTasks();
    const [backup] = await backupsOf(customer);
    const restore = await h.call(customer, 'POST', `${BACKUPS}/${backup!.id}/recovery`, {});
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json().data.phone_id).toBe(phoneId);
    await runTasks();
    expect(await taskOf(restore.json().data.task_id)).toMatchObject({ status: 'success' });
    expect((await h.call(customer, 'DELETE', `${BACKUPS}/${backup!.id}`)).statusCode).toBe(200);
    const gone = await h.call(customer, 'POST', `${BACKUPS}/${backup!.id}/recovery`, {});
    expect(gone.statusCode).toBe(404);
  });
});

describe('the space released at expiry', () => {
  it('takes its backups with it, in the console and upstream', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId } = await h.runningPhone(customer, { period: 12 });
    const space = await buySpace(customer, 10);
    expect((await backUp(customer, [phoneId])).statusCode).toBe(200);
    await runTasks();
    const [backup] = await backupsOf(customer);
    expect(backup!.status).toBe('available');

    const end = (await h.row(space.id)).expiresAt!.getTime();
    h.clock.set(end + (h.core.config.DESKTOP_DELETE_GRACE_DAYS + 1) * DAY);
    await runLifecycleSweep(h.core);
    expect(await backupsOf(customer)).toEqual([]);
    const { rows } = await h.ctx.database.pool.query(
      `SELECT s.status FROM phone_backups b JOIN sim_resources s ON s.instance_id = b.instance_id WHERE b.backup_id = $1`,
      [backup!.id],
    );
    expect(rows[0]!.status).toBe('deleted');
    h.clock.set(Date.UTC(2026, 10, 2, 8));
  });
});
