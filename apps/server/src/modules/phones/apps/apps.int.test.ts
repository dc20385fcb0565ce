/**
 * The app centre (issue 20, part P2) against a real PostgreSQL: APKs built by the test from a
 * known manifest are parsed (package, version, label and icon through resources.arsc), their size
 * and MD5 computed while streaming; a non-APK and an APK past the size setting are refused with
 * nothing left on disk; the list scopes the catalogue and each customer's uploads.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_MAX_UPLOAD_SETTING } from '@cloudbay/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../../test/desktop-fixtures';
import { multipartFile } from '../../../../test/file-samples';
import { phoneHarness, type PhoneHarness } from '../../../../test/phone-fixtures';
import { expectCleanLedger } from '../../../../test/topups';
import { operatorWith } from '../../../../test/operators';
import { runQueuedJobs } from '../../../../test/run-jobs';
import { PHONE_TASK_RUNNERS } from '../task-runners';
import { phoneTaskJobs, taskResultText } from '../tasks';
import { phoneTasks } from '../../../db/schema';
import { randomUUID } from 'node:crypto';
import { operLogs, sysConfigs, uploadedFiles } from '../../../db/schema';
import { buildTestApk, type TestApkManifest } from './test-apk';
import { insertApp, insertVersion } from './repo';

let h: PhoneHarness;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudbay-phone-apps-'));
  h = await phoneHarness({ DATA_DIR: dataDir });
});
afterEach(() => expectCleanLedger(h.ctx.database));
afterAll(async () => {
  await h.ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const NOTES: TestApkManifest = {
  packageName: 'com.cloudbay.notes',
  versionName: '1.2.3',
  versionCode: 123,
  label: 'Cloud Notes',
  labelZh: '云笔记',
};

async function uploadApk(who: Customer, content: Buffer, fileName = 'notes.apk', headers = EN) {
  const body = multipartFile(fileName, content);
  return h.ctx.app.inject({
    method: 'POST',
    url: '/api/user/ph/ph_app_v2',
    payload: body.payload,
    headers: { ...who.headers, ...headers, ...body.headers },
  });
}

/** Every file under the uploads folder (temporary ones included). */
function filesOnDisk(): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((name) =>
    fs.statSync(path.join(root, name)).isFile(),
  );
}

describe('APK upload', () => {
  it('reads package, version, label and icon from the binary manifest and resources, with size and MD5', async () => {
    const who = await h.phoneCustomer();
    const apk = await buildTestApk(NOTES);
    const res = await uploadApk(who, apk);
    expect(res.statusCode, res.body).toBe(200);
    const { app, version } = res.json().data;
    expect(app).toMatchObject({
      name: 'Cloud Notes',
      package_name: 'com.cloudbay.notes',
      version: '1.2.3',
      version_code: 123,
      apk_size: apk.length,
      md5: createHash('md5').update(apk).digest('hex'),
      own: true,
      display_status: 'show',
      version_count: 1,
    });
    expect(version).toMatchObject({ version: '1.2.3', version_code: 123, name: 'Cloud Notes' });
    // The icon is the densest bitmap (xxhdpi, 144 px), served as a public image.
    expect(app.icon).toMatch(/^\/api\/common\/files\/.+\.png$/);
    const icon = await h.ctx.app.inject({ method: 'GET', url: app.icon });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.readUInt32BE(16)).toBe(144);
    // The APK itself is an uploads row of the customer, byte for byte.
    const [row] = await h.ctx.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.sha256, createHash('sha256').update(apk).digest('hex')));
    expect(row).toMatchObject({ ownerId: who.userId, extension: 'apk', size: apk.length });
    expect(fs.readFileSync(path.join(dataDir, 'uploads', row!.fileName)).equals(apk)).toBe(true);
  });

  it('adds a version when the same package comes again and shows the newest; a known version code is 409', async () => {
    const who = await h.phoneCustomer();
    expect((await uploadApk(who, await buildTestApk(NOTES))).statusCode).toBe(200);
    const newer = await uploadApk(
      who,
      await buildTestApk({ ...NOTES, versionName: '2.0.0', versionCode: 200, label: 'Cloud Notes 2' }),
    );
    expect(newer.statusCode, newer.body).toBe(200);
    const { app } = newer.json().data;
    expect(app).toMatchObject({ name: 'Cloud Notes 2', version: '2.0.0', version_count: 2 });

    const versions = await h.call(who, 'GET', `/api/user/ph/ph_app_v2/ph_app_version?app_id=${app.id}`);
    expect(versions.json().data.map((v: { version_code: number }) => v.version_code)).toEqual([200, 123]);

    const again = await uploadApk(who, await buildTestApk(NOTES));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 409,
      msg: 'The app already has a version with version code 123',
    });
  });

  it('refuses a file that is not an APK with a translated message and keeps nothing', async () => {
    const who = await h.phoneCustomer();
    const before = filesOnDisk();
    const text = await uploadApk(who, Buffer.from('just some text, not a zip'), 'fake.apk');
    expect(text.statusCode).toBe(415);
    expect(text.json().msg).toMatch(/not a valid APK/);
    // A zip without a manifest is not an APK either; the message comes in Chinese by default.
    const zip = await buildTestApk(NOTES);
    const noManifest = Buffer.from(
      zip.toString('latin1').replaceAll('AndroidManifest.xml', 'AndroidManifesX.xml'),
      'latin1',
    );
    const zh = await uploadApk(who, noManifest, 'x.apk', { 'accept-language': 'zh-CN' });
    expect(zh.statusCode).toBe(415);
    expect(zh.json().msg).toMatch(/不是有效的 APK/);
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses an APK over the size setting (413) and removes the partial file', async () => {
    const who = await h.phoneCustomer();
    await h.ctx.db
      .insert(sysConfigs)
      .values({ key: APP_MAX_UPLOAD_SETTING, name: 'APK size limit', value: '1' })
      .onConflictDoUpdate({ target: sysConfigs.key, set: { value: '1' } });
    try {
      const limit = await h.call(who, 'GET', '/api/user/ph/ph_app_v2/upload_limit');
      expect(limit.json().data).toEqual({ max_mb: 1 });
      const before = filesOnDisk();
      const big = Buffer.concat([await buildTestApk(NOTES), Buffer.alloc(1024 * 1024 + 1)]);
      const res = await uploadApk(who, big);
      expect(res.statusCode).toBe(413);
      expect(res.json().msg).toBe('APK files cannot exceed 1 MB');
      expect(filesOnDisk()).toEqual(before);
    } finally {
      await h.ctx.db
        .update(sysConfigs)
        .set({ value: '500' })
        .where(eq(sysConfigs.key, APP_MAX_UPLOAD_SETTING));
    }
  });
});

describe('app list', () => {
  it("shows the catalogue's shown apps and the caller's own; another customer's app is 404", async () => {
    const alice = await h.phoneCustomer();
    const bob = await h.phoneCustomer();
    const mine = (
      await uploadApk(alice, await buildTestApk({ ...NOTES, packageName: 'com.alice.app' }))
    ).json().data.app;
    const shown = await insertApp(h.ctx.db, { userId: null, packageName: 'com.cat.shown', name: 'Shown' });
    const hidden = await insertApp(h.ctx.db, {
      userId: null,
      packageName: 'com.cat.hidden',
      name: 'Hidden',
      displayStatus: 'hide',
    });
    for (const app of [shown, hidden]) {
      await insertVersion(h.ctx.db, {
        appId: app.id,
        versionName: '1',
        versionCode: 1,
        label: app.name,
        fileName: '2026/01/01/00000000-0000-0000-0000-000000000000.apk',
        apkSize: 10,
        md5: '0'.repeat(32),
      });
    }

    const names = async (who: Customer, query = '') =>
      ((await h.listPage(who, `/api/user/ph/ph_app_v2${query}`)).list as { package_name: string }[]).map(
        (app) => app.package_name,
      );
    expect(await names(alice)).toEqual(expect.arrayContaining(['com.alice.app', 'com.cat.shown']));
    expect(await names(alice)).not.toContain('com.cat.hidden');
    expect(await names(bob)).not.toContain('com.alice.app');
    expect(await names(alice, '?source=own')).toEqual(['com.alice.app']);
    expect(await names(alice, '?name=SHOWN')).toEqual(['com.cat.shown']);

    const foreign = await h.call(bob, 'GET', `/api/user/ph/ph_app_v2/ph_app_version?app_id=${mine.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await h.call(bob, 'DELETE', `/api/user/ph/ph_app_v2/${mine.id}`)).statusCode).toBe(404);
    // A catalogue app cannot be deleted by a customer either.
    expect((await h.call(alice, 'DELETE', `/api/user/ph/ph_app_v2/${shown.id}`)).statusCode).toBe(404);

    const before = filesOnDisk().length;
    expect((await h.call(alice, 'DELETE', `/api/user/ph/ph_app_v2/${mine.id}`)).statusCode).toBe(200);
    expect(await names(alice, '?source=own')).toEqual([]);
    // Its APK and icon are gone from disk.
    expect(filesOnDisk().length).toBe(before - 2);
  });

  it('is behind the phone flag', async () => {
    const plain = await h.customer(10);
    expect((await h.call(plain, 'GET', '/api/user/ph/ph_app_v2')).statusCode).toBe(403);
  });
});

describe("the operators' catalogue", () => {
  it('uploads to the catalogue with a category, shows and hides, versions, categories, all operation-logged', async () => {
    const operator = await operatorWith(h.ctx.app, h.ctx.db, {
      perms: ['business:app:list', 'business:app:add', 'business:app:edit', 'business:app:remove'],
    });
    const customer = await h.phoneCustomer();
    const op = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
      h.ctx.app.inject({
        method,
        url,
        payload: payload as object,
        headers: { ...operator.headers, ...EN, ...headers },
      });

    const category = await op(
      'POST',
      '/api/business/app/category',
      { name: 'Tools', sort: 1 },
      {
        'idempotency-key': 'cat-tools',
      },
    );
    expect(category.statusCode, category.body).toBe(200);
    const categoryId = category.json().data.id as number;
    const taken = await op(
      'POST',
      '/api/business/app/category',
      { name: 'tools' },
      { 'idempotency-key': 'cat-2' },
    );
    expect(taken.statusCode).toBe(409);

    const apk = multipartFile(
      'maps.apk',
      await buildTestApk({ ...NOTES, packageName: 'com.cloudbay.maps', label: 'Maps' }),
    );
    const uploaded = await h.ctx.app.inject({
      method: 'POST',
      url: `/api/business/app?category_id=${categoryId}`,
      payload: apk.payload,
      headers: { ...operator.headers, ...EN, ...apk.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const app = uploaded.json().data.app;
    expect(app).toMatchObject({ name: 'Maps', category_id: categoryId, category_name: 'Tools', own: false });

    const customerSees = async () =>
      (
        (await h.listPage(customer, '/api/user/ph/ph_app_v2', { category_id: String(categoryId) })).list as {
          id: number;
        }[]
      ).map((a) => a.id);
    expect(await customerSees()).toEqual([app.id]);
    expect((await op('PUT', `/api/business/app/${app.id}`, { display_status: 'hide' })).statusCode).toBe(200);
    expect(await customerSees()).toEqual([]);
    // Hidden from customers means unknown to them.
    expect(
      (await h.call(customer, 'GET', `/api/user/ph/ph_app_v2/ph_app_version?app_id=${app.id}`)).statusCode,
    ).toBe(404);
    expect((await op('PUT', `/api/business/app/${app.id}`, { display_status: 'show' })).statusCode).toBe(200);

    // A version of another package is refused for this app.
    const other = multipartFile('x.apk', await buildTestApk({ ...NOTES, packageName: 'com.other.app' }));
    const mismatch = await h.ctx.app.inject({
      method: 'POST',
      url: `/api/business/app?app_id=${app.id}`,
      payload: other.payload,
      headers: { ...operator.headers, ...EN, ...other.headers },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().msg).toBe(
      "The package name com.other.app differs from the app's package name com.cloudbay.maps",
    );

    expect((await op('DELETE', `/api/business/app/category/${categoryId}`)).statusCode).toBe(409);
    const versions = (await op('GET', `/api/business/app/${app.id}/versions`)).json().data as {
      id: number;
    }[];
    expect(versions).toHaveLength(1);
    expect((await op('DELETE', `/api/business/app/${app.id}/versions/${versions[0]!.id}`)).statusCode).toBe(
      200,
    );
    // The last version took its app with it; the category is empty now.
    expect(
      (await op('GET', '/api/business/app/list')).json().data.list.map((a: { id: number }) => a.id),
    ).not.toContain(app.id);
    expect((await op('DELETE', `/api/business/app/category/${categoryId}`)).statusCode).toBe(200);

    await expect
      .poll(async () =>
        (await h.ctx.db.select().from(operLogs).where(eq(operLogs.module, 'business.app'))).map(
          (row) => `${row.method} ${row.route}`,
        ),
      )
      .toEqual(
        expect.arrayContaining([
          'POST /api/business/app',
          'PUT /api/business/app/:id',
          'DELETE /api/business/app/:id/versions/:versionId',
          'POST /api/business/app/category',
          'DELETE /api/business/app/category/:id',
        ]),
      );
  });

  it('refuses customers (403)', async () => {
    const customer = await h.phoneCustomer();
    expect((await h.call(customer, 'GET', '/api/business/app/list')).statusCode).toBe(403);
  });
});

describe('install and uninstall tasks', () => {
  const runTaskJobs = () =>
    runQueuedJobs({
      database: h.ctx.database,
      clock: h.clock,
      queue: h.ctx.jobs,
      definitions: phoneTaskJobs(h.core, PHONE_TASK_RUNNERS),
    });
  const post = (who: Customer, path: string, body: unknown, headers: Record<string, string> = EN) =>
    h.call(who, 'POST', `/api/user/ph/ph_app_v2/${path}`, body, {
      'idempotency-key': randomUUID(),
      ...headers,
    });
  const installed = async (who: Customer, phoneId: string) =>
    (await h.call(who, 'GET', `/api/user/ph/ph_app_v2/installed?phone_id=${phoneId}`)).json().data
      .packages as string[];
  const tasksOf = async (ids: number[]) =>
    (await h.ctx.db.select().from(phoneTasks))
      .filter((row) => ids.includes(row.id))
      .sort((a, b) => a.id - b.id);

  it('makes one task per phone; success installs, a stopped phone fails with the reason; uninstall removes', async () => {
    const who = await h.phoneCustomer();
    const { phoneId: first } = await h.runningPhone(who);
    const { phoneId: second } = await h.runningPhone(who);
    const { phoneId: stopped } = await h.runningPhone(who);
    expect((await h.act(who, 'stop', [stopped]))[0]).toMatchObject({ ok: true });
    await h.runJobs();
    const { app } = (
      await uploadApk(who, await buildTestApk({ ...NOTES, packageName: 'com.tasks.app' }))
    ).json().data;

    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/user/ph/ph_app_v2/install_v2',
      payload: { app_id: app.id, phone_ids: [first] },
      headers: who.headers,
    });
    expect(noKey.statusCode).toBe(400);

    const res = await post(who, 'install_v2', { app_id: app.id, phone_ids: [first, second, stopped] });
    expect(res.statusCode, res.body).toBe(200);
    const tasks = res.json().data.tasks as { task_id: number; phone_id: string }[];
    expect(tasks.map((task) => task.phone_id)).toEqual([first, second, stopped]);
    const ids = tasks.map((task) => task.task_id);
    expect((await tasksOf(ids)).map((row) => [row.type, row.status])).toEqual([
      ['install', 'pending'],
      ['install', 'pending'],
      ['install', 'pending'],
    ]);
    expect(await installed(who, first)).toEqual([]);

    await runTaskJobs();
    const done = await tasksOf(ids);
    expect(done.map((row) => [row.status, row.resultCode])).toEqual([
      ['success', 'APP_INSTALLED'],
      ['success', 'APP_INSTALLED'],
      ['failed', 'PHONE_APP_PHONE_NOT_RUNNING'],
    ]);
    expect(await installed(who, first)).toEqual(['com.tasks.app']);
    expect(await installed(who, second)).toEqual(['com.tasks.app']);
    expect(await installed(who, stopped)).toEqual([]);
    // What the task centre shows for them, in either language.
    const text = (language: 'zh-CN' | 'en-US', row: (typeof done)[number]) =>
      taskResultText(language, row.resultCode!, row.resultParams ?? {}, PHONE_TASK_RUNNERS);
    expect(text('en-US', done[0]!)).toBe('Installed Cloud Notes');
    expect(text('zh-CN', done[0]!)).toBe('已安装 Cloud Notes');
    expect(text('en-US', done[2]!)).toMatch(/not running/);
    // The cloud got one install per running phone, under each task's token.
    const [cloudPhone] = await h.cloud.describe('phone', [(await h.row(first)).instanceId!]);
    expect(cloudPhone!.attributes).toMatchObject({ apps: ['com.tasks.app'] });

    const off = await post(who, 'uninstall_v2', { package_name: 'com.tasks.app', phone_ids: [first] });
    expect(off.statusCode, off.body).toBe(200);
    await runTaskJobs();
    const [uninstall] = await tasksOf([off.json().data.tasks[0].task_id]);
    expect(uninstall).toMatchObject({ type: 'uninstall', status: 'success', resultCode: 'APP_UNINSTALLED' });
    expect(await installed(who, first)).toEqual([]);
    expect(await installed(who, second)).toEqual(['com.tasks.app']);
  });

  it('installs the version the task names with its MD5; the installed list shows it; an older one is refused', async () => {
    const who = await h.phoneCustomer();
    const { phoneId } = await h.runningPhone(who);
    const oldApk = await buildTestApk({ ...NOTES, packageName: 'com.tasks.versions' });
    const newApk = await buildTestApk({
      ...NOTES,
      packageName: 'com.tasks.versions',
      versionName: '2.0.0',
      versionCode: 200,
    });
    const md5 = (apk: Buffer) => createHash('md5').update(apk).digest('hex');
    const { app } = (await uploadApk(who, oldApk)).json().data;
    const { version: newest } = (await uploadApk(who, newApk)).json().data;
    const versions = (
      await h.call(who, 'GET', `/api/user/ph/ph_app_v2/ph_app_version?app_id=${app.id}`)
    ).json().data as { id: number; version_code: number }[];
    const first = versions.find((version) => version.version_code === 123)!;
    const installedApps = async () =>
      (await h.call(who, 'GET', `/api/user/ph/ph_app_v2/installed?phone_id=${phoneId}`)).json().data;
    const install = async (versionId?: number) => {
      const res = await post(who, 'install_v2', {
        app_id: app.id,
        ...(versionId === undefined ? {} : { version_id: versionId }),
        phone_ids: [phoneId],
      });
      expect(res.statusCode, res.body).toBe(200);
      await runTaskJobs();
      return (await tasksOf([res.json().data.tasks[0].task_id]))[0]!;
    };

    // The older version, asked for by id: the cloud got its version and the file's MD5.
    expect(await install(first.id)).toMatchObject({ status: 'success', resultCode: 'APP_INSTALLED' });
    expect(await installedApps()).toEqual({
      phone_id: phoneId,
      packages: ['com.tasks.versions'],
      apps: [{ package_name: 'com.tasks.versions', version: '1.2.3', version_code: 123, md5: md5(oldApk) }],
    });
    const cloudVersions = async () =>
      (await h.cloud.describe('phone', [(await h.row(phoneId)).instanceId!]))[0]!.attributes.appVersions;
    expect(await cloudVersions()).toEqual({
      'com.tasks.versions': { versionName: '1.2.3', versionCode: 123, md5: md5(oldApk) },
    });

    // Without a version: the newest, which upgrades it in place.
    expect(newest).toMatchObject({ version: '2.0.0' });
    expect(await install()).toMatchObject({ status: 'success' });
    expect((await installedApps()).apps).toEqual([
      { package_name: 'com.tasks.versions', version: '2.0.0', version_code: 200, md5: md5(newApk) },
    ]);

    // Back to the older one: the phone refuses a downgrade, the task says why, 2.0.0 stays.
    const downgrade = await install(first.id);
    expect(downgrade).toMatchObject({ status: 'failed', resultCode: 'PHONE_APP_CLOUD_REFUSED' });
    expect(String(downgrade.resultParams?.reason)).toMatch(/INSTALL_FAILED_VERSION_DOWNGRADE/);
    expect((await installedApps()).apps).toEqual([expect.objectContaining({ version: '2.0.0' })]);

    // Uninstalled, its version goes with it.
    const off = await post(who, 'uninstall_v2', { package_name: 'com.tasks.versions', phone_ids: [phoneId] });
    expect(off.statusCode, off.body).toBe(200);
    await runTaskJobs();
    expect(await installedApps()).toEqual({ phone_id: phoneId, packages: [], apps: [] });
    expect(await cloudVersions()).toEqual({});
  });

  it("answers 404 for another customer's app or phone and makes no task", async () => {
    const alice = await h.phoneCustomer();
    const bob = await h.phoneCustomer();
    const { phoneId: bobsPhone } = await h.runningPhone(bob);
    const { app } = (
      await uploadApk(alice, await buildTestApk({ ...NOTES, packageName: 'com.alice.secret' }))
    ).json().data;
    const before = (await h.ctx.db.select().from(phoneTasks)).length;
    const foreignApp = await post(bob, 'install_v2', { app_id: app.id, phone_ids: [bobsPhone] });
    expect(foreignApp.statusCode).toBe(404);
    expect(foreignApp.json().msg).toBe('The app does not exist');
    const { phoneId: alicesPhone } = await h.runningPhone(alice);
    const foreignPhone = await post(bob, 'uninstall_v2', {
      package_name: 'com.x.y',
      phone_ids: [alicesPhone],
    });
    expect(foreignPhone.statusCode).toBe(404);
    expect(
      (await h.call(bob, 'GET', `/api/user/ph/ph_app_v2/installed?phone_id=${alicesPhone}`)).statusCode,
    ).toBe(404);
    expect((await h.ctx.db.select().from(phoneTasks)).length).toBe(before);
  });
});
