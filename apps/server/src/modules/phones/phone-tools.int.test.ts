/**
 * The phone tools (issue 16): run_command (audited), ADB on and off through the engine (a key pair
 * attached, a running phone), import_contacts from an uploaded .vcf or .csv, each behind the phone
 * flag and scoped to the caller's phones and files, against a real PostgreSQL and the simulated cloud.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../test/desktop-fixtures';
import { multipartFile } from '../../../test/file-samples';
import { phoneHarness, type PhoneHarness } from '../../../test/phone-fixtures';
import { expectCleanLedger } from '../../../test/topups';
import { phoneCommands } from '../../db/schema';

let h: PhoneHarness;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudbay-phone-tools-'));
  h = await phoneHarness({ DATA_DIR: dataDir });
});
afterEach(() => expectCleanLedger(h.ctx.database));
afterAll(async () => {
  await h.ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const tool = (phoneId: string, name: string) => `/api/user/ph/phone/${phoneId}/${name}`;

interface PhoneView {
  id: string;
  brand: string | null;
  model: string | null;
  adb_enabled: boolean;
  adb_address: string | null;
  actions: string[];
}

async function phoneView(who: Customer, phoneId: string): Promise<PhoneView> {
  const page = await h.listPage(who, '/api/user/ph/phone');
  return (page.list as unknown as PhoneView[]).find((phone) => phone.id === phoneId)!;
}

async function runCommand(
  who: Customer,
  phoneId: string,
  command: string,
  headers: Record<string, string> = EN,
) {
  return h.call(who, 'POST', tool(phoneId, 'run_command'), { command }, headers);
}

async function stopped(who: Customer, phoneId: string) {
  expect((await h.act(who, 'stop', [phoneId]))[0]).toMatchObject({ ok: true });
  await h.runJobs();
  expect((await h.row(phoneId)).status).toBe('stopped');
}

describe('the phone tools', () => {
  it('are refused with the translated 403 without the phone flag', async () => {
    const customer = await h.customer(0);
    for (const name of ['run_command', 'enable_adb', 'close_adb', 'import_contacts']) {
      const res = await h.call(customer, 'POST', tool('ph-x', name), { command: 'ls', file: 'x' }, EN);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().data.error_code).toBe('PHONE_ACCESS_DENIED');
    }
  });
});

describe('POST /user/ph/phone/{id}/run_command', () => {
  it('answers the phone’s own identity and audits each command with its exit code', async () => {
    const customer = await h.phoneCustomer();
    const { phoneId, phone } = await h.runningPhone(customer);
    // The simulated cloud gives a new phone a device identity, which the list shows.
    const view = await phoneView(customer, phoneId);
    expect(view.brand).toEqual(expect.any(String));
    expect(view.model).toEqual(expect.any(String));

    const model = await runCommand(customer, phoneId, 'getprop ro.product.model');
    expect(model.statusCode, model.body).toBe(200);
    expect(model.json().data).toEqual({ output: view.model, exit_code: 0 });
    const release = await runCommand(customer, phoneId, 'getprop ro.build.version.release');
    expect(release.json().data.output).toBe('13');

    const unknown = await runCommand(customer, phoneId, 'frobnicate --now');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toEqual({
      output: '/system/bin/sh: frobnicate: inaccessible or not found',
      exit_code: 127,
    });

    const audit = await h.ctx.db
      .select()
      .from(phoneCommands)
      .where(eq(phoneCommands.resourceId, phone.id))
      .orderBy(phoneCommands.id);
    expect(audit.map((row) => [row.command, row.exitCode])).toEqual([
      ['getprop ro.product.model', 0],
      ['getprop ro.build.version.release', 0],
      ['frobnicate --now', 127],
    ]);
    expect(audit[0]).toMatchObject({ userId: customer.userId, actorUserId: customer.userId, phoneId });
    expect(audit[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('refuses an empty or too long command, a stopped phone and another customer’s phone', async () => {
    const owner = await h.phoneCustomer();
    const other = await h.phoneCustomer();
    const { phoneId, phone } = await h.runningPhone(owner);

    const long = await runCommand(owner, phoneId, 'x'.repeat(1025));
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toMatch(/1–1024 characters/);
    expect((await runCommand(owner, phoneId, '   ')).statusCode).toBe(400);
    expect((await runCommand(owner, phoneId, 'echo ' + 'y'.repeat(1019))).statusCode).toBe(200);

    const foreign = await runCommand(other, phoneId, 'getprop');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().data.error_code).toBe('PHONE_NOT_FOUND');

    await stopped(owner, phoneId);
    const off = await runCommand(owner, phoneId, 'uptime', {});
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({
      msg: '云手机未运行，请先开机',
      data: { error_code: 'PHONE_NOT_RUNNING' },
    });

    // Only the command that ran was recorded.
    const audit = await h.ctx.db.select().from(phoneCommands).where(eq(phoneCommands.resourceId, phone.id));
    expect(audit).toHaveLength(1);
  });
});

describe('ADB', () => {
  async function keyPairOn(who: Customer, phoneId: string) {
    const made = await h.call(who, 'POST', '/api/user/ph/adb/key_pair', { name: 'adb-key' });
    expect(made.statusCode, made.body).toBe(200);
    const keyPairId = made.json().data.key_pair_id as string;
    const attached = await h.call(who, 'POST', `/api/user/ph/adb/attach_key/${keyPairId}`, {
      phone_ids: [phoneId],
    });
    expect(attached.json().data.results[0]).toMatchObject({ ok: true });
    return keyPairId;
  }

  it('needs a key pair, then answers host:port, shows it in the list and closes', async () => {
    const customer = await h.phoneCustomer();
    const { phoneId } = await h.runningPhone(customer);

    const noKey = await h.call(customer, 'POST', tool(phoneId, 'enable_adb'), undefined, EN);
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json()).toMatchObject({
      msg: 'Attach an ADB key pair to the phone before enabling ADB',
      data: { error_code: 'ADB_KEY_PAIR_REQUIRED' },
    });
    expect((await phoneView(customer, phoneId)).actions).not.toContain('enable_adb');

    await keyPairOn(customer, phoneId);
    expect((await phoneView(customer, phoneId)).actions).toContain('enable_adb');
    const on = await h.call(customer, 'POST', tool(phoneId, 'enable_adb'));
    expect(on.statusCode, on.body).toBe(200);
    const address = on.json().data.adb_address as string;
    expect(address).toMatch(/^\d{1,3}(\.\d{1,3}){3}:\d{4,5}$/);
    expect(on.json().data.phone).toMatchObject({ adb_enabled: true, adb_address: address });
    expect(await phoneView(customer, phoneId)).toMatchObject({ adb_enabled: true, adb_address: address });
    expect((await phoneView(customer, phoneId)).actions).toContain('close_adb');
    const [upstream] = await h.cloud.describe('phone', [(await h.row(phoneId)).instanceId!]);
    expect(upstream!.attributes).toMatchObject({ adbEnabled: true, adbEndpoint: address });

    const off = await h.call(customer, 'POST', tool(phoneId, 'close_adb'));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ adb_address: null, phone: { adb_enabled: false } });
    expect(await phoneView(customer, phoneId)).toMatchObject({ adb_enabled: false, adb_address: null });
  });

  it('goes off with a stop, is refused on a stopped phone and on another customer’s', async () => {
    const owner = await h.phoneCustomer();
    const other = await h.phoneCustomer();
    const { phoneId } = await h.runningPhone(owner);
    await keyPairOn(owner, phoneId);
    expect((await h.call(owner, 'POST', tool(phoneId, 'enable_adb'))).statusCode).toBe(200);

    const foreign = await h.call(other, 'POST', tool(phoneId, 'enable_adb'));
    expect(foreign.statusCode).toBe(404);
    expect((await h.call(other, 'POST', tool(phoneId, 'close_adb'))).statusCode).toBe(404);

    // The cloud switches ADB off with the stop, and the console says so from the stop's answer.
    await stopped(owner, phoneId);
    expect(await phoneView(owner, phoneId)).toMatchObject({ adb_enabled: false, adb_address: null });
    const refused = await h.call(owner, 'POST', tool(phoneId, 'enable_adb'), undefined, EN);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.error_code).toBe('PHONE_NOT_RUNNING');
  });
});

describe('POST /user/ph/phone/{id}/import_contacts', () => {
  const VCF = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'FN:张三',
    'TEL;TYPE=CELL:138 0013 8000',
    'END:VCARD',
    'BEGIN:VCARD',
    'VERSION:2.1',
    'N:Smith;John;;;',
    'TEL;CELL:+1-555-010',
    ' -2030',
    'END:VCARD',
    'BEGIN:VCARD',
    'VERSION:4.0',
    'FN:No number',
    'END:VCARD',
    '',
  ].join('\r\n');
  const CSV = '姓名,手机号\n李四,13900000000\n"Doe, Jane",+44 20 7946 0958\nnobody,\n';

  async function upload(who: Customer, fileName: string, content: string) {
    const body = multipartFile(fileName, Buffer.from(content));
    const res = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload: body.payload,
      headers: { ...who.headers, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { fileName: string; url: string };
  }

  const contactCount = async (phoneId: string) => {
    const [phone] = await h.cloud.describe('phone', [(await h.row(phoneId)).instanceId!]);
    return phone!.attributes.contactCount;
  };

  it('imports the usable contacts of a .vcf and a .csv, once per key', async () => {
    const customer = await h.phoneCustomer();
    const { phoneId } = await h.runningPhone(customer);
    const vcf = await upload(customer, 'contacts.vcf', VCF);
    const key = randomUUID();
    const sendVcf = () =>
      h.call(
        customer,
        'POST',
        tool(phoneId, 'import_contacts'),
        { file: vcf.fileName },
        { 'idempotency-key': key },
      );
    const first = await sendVcf();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ imported: 2, skipped: 1 });
    expect(await contactCount(phoneId)).toBe(2);
    // The same request again is answered, not imported twice.
    const again = await sendVcf();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual({ imported: 2, skipped: 1 });
    expect(await contactCount(phoneId)).toBe(2);

    // The upload's URL names the file as well as its name.
    const csv = await upload(customer, 'contacts.csv', CSV);
    const fromCsv = await h.call(customer, 'POST', tool(phoneId, 'import_contacts'), { file: csv.url });
    expect(fromCsv.statusCode, fromCsv.body).toBe(200);
    expect(fromCsv.json().data).toEqual({ imported: 2, skipped: 1 });
    expect(await contactCount(phoneId)).toBe(4);

    // A reset clears the address book.
    expect((await h.act(customer, 'reset', [phoneId]))[0]).toMatchObject({ ok: true });
    await h.runJobs();
    expect(await contactCount(phoneId)).toBe(0);
  });

  it('refuses another customer’s file and phone, other files, empty files, a stopped phone', async () => {
    const owner = await h.phoneCustomer();
    const other = await h.phoneCustomer();
    const { phoneId } = await h.runningPhone(owner);
    const importing = (who: Customer, file: string, headers: Record<string, string> = EN) =>
      h.call(who, 'POST', tool(phoneId, 'import_contacts'), { file }, headers);

    const theirs = await upload(other, 'theirs.vcf', VCF);
    const notMine = await importing(owner, theirs.fileName);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().data.error_code).toBe('FILE_NOT_FOUND');
    expect((await importing(owner, 'not-a-stored-name.vcf')).statusCode).toBe(404);

    const mine = await upload(owner, 'contacts.vcf', VCF);
    const foreignPhone = await importing(other, mine.fileName);
    expect(foreignPhone.statusCode).toBe(404);
    expect(foreignPhone.json().data.error_code).toBe('PHONE_NOT_FOUND');

    const text = await upload(owner, 'notes.txt', '张三 13800138000\n');
    const wrongType = await importing(owner, text.fileName);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      msg: 'Upload a contacts file in .vcf or .csv format',
      data: { error_code: 'CONTACTS_FILE_INVALID' },
    });
    const empty = await upload(owner, 'empty.csv', 'name,phone\nno number,\n');
    const nothing = await importing(owner, empty.fileName, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().msg).toBe('文件中没有可导入的联系人（需要姓名和电话）');
    const many = await upload(owner, 'many.csv', 'A,13800138000\n'.repeat(5001));
    expect((await importing(owner, many.fileName)).json().data.error_code).toBe('CONTACTS_TOO_MANY');

    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: tool(phoneId, 'import_contacts'),
      headers: owner.headers,
      payload: { file: mine.fileName },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().data.error_code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    await stopped(owner, phoneId);
    const off = await importing(owner, mine.fileName);
    expect(off.statusCode).toBe(409);
    expect(off.json().data.error_code).toBe('PHONE_NOT_RUNNING');
    expect(await contactCount(phoneId)).toBe(0);
  });
});
