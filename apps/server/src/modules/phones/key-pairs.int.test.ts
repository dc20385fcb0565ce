/**
 * ADB key pairs (issue 16, second slice): generate (private key answered once, never stored) or
 * import, rename with the name rule, attach and detach through the engine, delete refused while
 * attached, and another customer's key pair or phone → 404, against a real PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../test/desktop-fixtures';
import { phoneHarness, type PhoneHarness } from '../../../test/phone-fixtures';
import { expectCleanLedger } from '../../../test/topups';
import { adbKeyPairs, idempotencyKeys } from '../../db/schema';

let h: PhoneHarness;

beforeAll(async () => {
  h = await phoneHarness();
});
afterEach(() => expectCleanLedger(h.ctx.database));
afterAll(() => h.ctx.close());

const KEYS = '/api/user/ph/adb/key_pair';
// A real ed25519 OpenSSH public key (its body names its type).
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGJm3q9gYfGnB2eA0Yp8cY1m0h3z8Xk2b3yqVv7k2bq1 me@laptop';

/** `key`: the Idempotency-Key to retry with (the harness sends a new one otherwise). */
async function createKey(who: Customer, body: Record<string, unknown>, key?: string) {
  const res = await h.call(who, 'POST', KEYS, body, key ? { ...EN, 'idempotency-key': key } : EN);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { key_pair_id: string; private_key: string | null; fingerprint: string };
}

async function phoneView(who: Customer, phoneId: string) {
  const res = await h.call(who, 'GET', '/api/user/ph/phone');
  return (res.json().data.list as { id: string; key_pair_id: string | null }[]).find(
    (p) => p.id === phoneId,
  )!;
}

describe('ADB key pairs', () => {
  it('are refused with the translated 403 without the phone flag', async () => {
    const customer = await h.customer(0);
    for (const [method, url] of [
      ['GET', KEYS],
      ['POST', KEYS],
      ['PUT', `${KEYS}/kp-x`],
      ['DELETE', `${KEYS}/kp-x`],
      ['POST', '/api/user/ph/adb/attach_key/kp-x'],
      ['POST', '/api/user/ph/adb/detach_key/kp-x'],
    ] as const) {
      const res = await h.call(customer, method, url, method === 'GET' ? undefined : {}, EN);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().data.error_code).toBe('PHONE_ACCESS_DENIED');
    }
  });

  it('answer a generated private key once and store only the public key', async () => {
    const customer = await h.phoneCustomer(0);
    const retryKey = randomUUID();
    const made = await createKey(customer, { name: '手机_key-1' }, retryKey);
    expect(made.key_pair_id).toMatch(/^kp-/);
    expect(made.private_key).toContain('PRIVATE KEY');
    const [row] = await h.ctx.db
      .select()
      .from(adbKeyPairs)
      .where(eq(adbKeyPairs.keyPairId, made.key_pair_id));
    expect(row!.publicKey).toMatch(/^ssh-rsa [A-Za-z0-9+/=]+$/);
    // Nowhere in the table, nor in the idempotency store.
    const body = made.private_key!.split('\n')[1]!;
    expect(JSON.stringify(row)).not.toContain(body);
    const stored = await h.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, customer.userId));
    expect(stored.map((entry) => entry.responseBody ?? '').join('')).not.toContain(body);
    // A retry with the same key answers the same pair, without the private key it never kept.
    const retried = await createKey(customer, { name: '手机_key-1' }, retryKey);
    expect(retried).toMatchObject({ key_pair_id: made.key_pair_id, private_key: null });
    const listed = await h.call(customer, 'GET', KEYS);
    expect(listed.json().data).toMatchObject({
      total: 1,
      list: [{ key_pair_id: made.key_pair_id, phone_count: 0 }],
    });
    expect(listed.body).not.toContain(body);
    expect(listed.json().data.list[0]).not.toHaveProperty('private_key');

    const imported = await createKey(customer, { name: 'laptop', public_key: ED25519 });
    expect(imported.private_key).toBeNull();
    const [importedRow] = await h.ctx.db
      .select()
      .from(adbKeyPairs)
      .where(eq(adbKeyPairs.keyPairId, imported.key_pair_id));
    expect(importedRow!.publicKey).toBe(ED25519.split(' ').slice(0, 2).join(' '));
    expect(imported.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    for (const publicKey of ['not a key', 'ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIGJm', 'ssh-dss AAAA']) {
      const bad = await h.call(customer, 'POST', KEYS, { name: 'bad', public_key: publicKey }, EN);
      expect(bad.statusCode, publicKey).toBe(422);
      expect(bad.json().data.error_code).toBe('KEY_PAIR_PUBLIC_KEY_INVALID');
    }
  });

  it('take names of 2–128 Chinese, English, digits, _ and - only', async () => {
    const customer = await h.phoneCustomer(0);
    const made = await createKey(customer, { name: 'k'.repeat(128) });
    for (const name of ['k', 'k'.repeat(129), 'a b', 'key!', 'ключ']) {
      const create = await h.call(customer, 'POST', KEYS, { name }, EN);
      expect(create.statusCode, name).toBe(400);
      const rename = await h.call(customer, 'PUT', `${KEYS}/${made.key_pair_id}`, { name }, EN);
      expect(rename.statusCode, name).toBe(400);
    }
    const renamed = await h.call(customer, 'PUT', `${KEYS}/${made.key_pair_id}`, { name: '新名字_2-b' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('新名字_2-b');
  });

  it('attach and detach through the engine, shown on the phone, and refuse delete while attached', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId } = await h.runningPhone(customer);
    const key = await createKey(customer, { name: 'adb' });

    const attached = await h.call(
      customer,
      'POST',
      `/api/user/ph/adb/attach_key/${key.key_pair_id}`,
      {
        phone_ids: [phoneId, 'ph-nope'],
      },
      EN,
    );
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data.results).toMatchObject([
      { phone_id: phoneId, ok: true },
      { phone_id: 'ph-nope', ok: false, code: 'PHONE_NOT_FOUND' },
    ]);
    await h.runJobs();
    expect((await phoneView(customer, phoneId)).key_pair_id).toBe(key.key_pair_id);
    // The cloud has the phone's copy of the key attached.
    const phone = await h.row(phoneId);
    const [upstream] = await h.cloud.describe('phone', [phone.instanceId!]);
    const [row] = await h.ctx.db.select().from(adbKeyPairs).where(eq(adbKeyPairs.keyPairId, key.key_pair_id));
    expect(Object.values(row!.upstream)).toEqual([upstream!.attributes.keyPairId]);
    expect((await h.call(customer, 'GET', KEYS)).json().data.list[0].phone_count).toBe(1);

    const refused = await h.call(customer, 'DELETE', `${KEYS}/${key.key_pair_id}`, undefined, EN);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      data: { error_code: 'KEY_PAIR_IN_USE' },
      msg: 'The key pair is still attached to phones; detach it first',
    });

    const other = await createKey(customer, { name: 'other' });
    const wrong = await h.call(customer, 'POST', `/api/user/ph/adb/detach_key/${other.key_pair_id}`, {
      phone_ids: [phoneId],
    });
    expect(wrong.json().data.results[0]).toMatchObject({ ok: false, code: 'KEY_PAIR_NOT_ATTACHED' });

    const detached = await h.call(customer, 'POST', `/api/user/ph/adb/detach_key/${key.key_pair_id}`, {
      phone_ids: [phoneId],
    });
    expect(detached.json().data.results[0]).toMatchObject({ phone_id: phoneId, ok: true });
    await h.runJobs();
    expect((await phoneView(customer, phoneId)).key_pair_id).toBeNull();
    expect((await h.cloud.describe('phone', [phone.instanceId!]))[0]!.attributes.keyPairId).toBeNull();

    expect((await h.call(customer, 'DELETE', `${KEYS}/${key.key_pair_id}`)).statusCode).toBe(200);
    expect(
      await h.ctx.db.select().from(adbKeyPairs).where(eq(adbKeyPairs.keyPairId, key.key_pair_id)),
    ).toEqual([]);
    expect((await h.cloud.describe('key_pair', Object.values(row!.upstream)))[0]?.status ?? 'deleted').toBe(
      'deleted',
    );
  });

  it("answer 404 for another customer's key pair or phone on every route, changing nothing", async () => {
    const owner = await h.phoneCustomer(200);
    const stranger = await h.phoneCustomer(200);
    const { phoneId: ownerPhone } = await h.runningPhone(owner);
    const theirs = await createKey(owner, { name: 'theirs' });
    const mine = await createKey(stranger, { name: 'mine' });

    for (const [method, url, body] of [
      ['PUT', `${KEYS}/${theirs.key_pair_id}`, { name: 'taken' }],
      ['DELETE', `${KEYS}/${theirs.key_pair_id}`, undefined],
      ['POST', `/api/user/ph/adb/attach_key/${theirs.key_pair_id}`, { phone_ids: [ownerPhone] }],
      ['POST', `/api/user/ph/adb/detach_key/${theirs.key_pair_id}`, { phone_ids: [ownerPhone] }],
    ] as const) {
      const res = await h.call(stranger, method, url, body, EN);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({
        data: { error_code: 'KEY_PAIR_NOT_FOUND' },
        msg: 'The key pair does not exist',
      });
    }
    // My key onto their phone: that phone is not found for me.
    const onTheirs = await h.call(stranger, 'POST', `/api/user/ph/adb/attach_key/${mine.key_pair_id}`, {
      phone_ids: [ownerPhone],
    });
    expect(onTheirs.json().data.results[0]).toMatchObject({ ok: false, code: 'PHONE_NOT_FOUND' });
    expect(
      (await h.call(stranger, 'GET', KEYS)).json().data.list.map((k: { name: string }) => k.name),
    ).toEqual(['mine']);
    expect((await h.row(ownerPhone)).spec).not.toHaveProperty('keyPairId');
    expect((await h.call(owner, 'GET', KEYS)).json().data.list[0].name).toBe('theirs');
  });
});
