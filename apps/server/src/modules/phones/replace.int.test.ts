/**
 * Device identity and replacement (issue 16): the identity a phone is made with, the public device
 * catalogue, and replace_v2 through the engine (a new brand, model and ids, the data wiped, one
 * replacement per submission), against a real PostgreSQL through app.inject.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../test/desktop-fixtures';
import { phoneHarness, type PhoneHarness } from '../../../test/phone-fixtures';
import { expectCleanLedger } from '../../../test/topups';
import { createSubAccount, subAccountSession } from '../../../test/sub-account-fixtures';
import { DEVICE_BRANDS, findModel, modelsOf } from '../../providers/cloud/sim-device-catalog';

let h: PhoneHarness;

beforeAll(async () => {
  h = await phoneHarness();
});
afterEach(() => expectCleanLedger(h.ctx.database));
afterAll(() => h.ctx.close());

type Entry = {
  phone_id: string;
  ok: boolean;
  status: string | null;
  code: string | null;
  brand: string | null;
};

async function replace(who: Customer, body: Record<string, unknown>, key = randomUUID(), headers = {}) {
  return h.call(who, 'POST', '/api/user/ph/phone/replace_v2', body, { 'idempotency-key': key, ...headers });
}

async function listed(who: Customer, phoneId: string) {
  const page = await h.listPage(who, '/api/user/ph/phone');
  return page.list.find((phone) => phone.id === phoneId)!;
}

async function upstream(phoneId: string) {
  const [phone] = await h.cloud.describe('phone', [(await h.row(phoneId)).instanceId!]);
  return phone!.attributes;
}

describe('the device catalogue', () => {
  it('is public: SIM countries, brands and a brand’s models with their screens', async () => {
    const get = (url: string, headers = {}) => h.ctx.app.inject({ method: 'GET', url, headers });

    const countries = await get('/api/ph/replace/country', EN);
    expect(countries.statusCode).toBe(200);
    expect(countries.json().data).toContainEqual({
      code: 'JP',
      name: 'Japan',
      name_zh: '日本',
      name_en: 'Japan',
    });

    const brands = (await get('/api/ph/fake_ph/brand')).json().data as { brand: string; name: string }[];
    expect(brands).toHaveLength(12);
    expect(brands).toContainEqual({ brand: 'samsung', name: '三星', model_count: 3 });

    const models = await get('/api/ph/fake_ph/ph?brand=google');
    expect(models.json().data).toEqual([
      { brand: 'google', model: 'Pixel 8', resolution: '1080x2400', feature_level: '34' },
      { brand: 'google', model: 'Pixel 7', resolution: '1080x2400', feature_level: '33' },
      { brand: 'google', model: 'Pixel 2', resolution: '1080x1920', feature_level: '26' },
    ]);
    const unknown = await get('/api/ph/fake_ph/ph?brand=Nokia', EN);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.error_code).toBe('DEVICE_BRAND_NOT_FOUND');
  });
});

describe('a new phone’s identity', () => {
  it('is a catalogue device with the screen it was sold with, reported in the list', async () => {
    const customer = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(customer, { spec_id: 'ph.standard.4c8g' });
    const phone = await listed(customer, phoneId);
    const device = findModel(phone.brand as string, phone.model as string);
    expect(device).toBeDefined();
    expect(phone).toMatchObject({
      resolution: '1080x1920',
      orientation: 'portrait',
      feature_level: device!.featureLevel,
    });
    expect(device!.resolution).toBe('1080x1920');
    const cloud = await upstream(phoneId);
    expect(cloud.imei).toMatch(/^35\d{13}$/);
    expect(cloud.androidId).toMatch(/^[0-9a-f]{16}$/);
    // A Hong Kong phone has a Hong Kong SIM.
    expect(cloud.simCountry).toBe('HK');

    const brands = await h.call(customer, 'GET', '/api/user/ph/ph_prop/brand');
    const counted = (brands.json().data as { brand: string; phone_count: number }[]).filter(
      (brand) => brand.phone_count > 0,
    );
    expect(counted).toEqual([expect.objectContaining({ brand: phone.brand, phone_count: 1 })]);
  });
});

describe('POST /user/ph/phone/replace_v2', () => {
  it('resets the phone under the asked device, wiping its data, once per submission', async () => {
    const customer = await h.phoneCustomer(100);
    const { phoneId, phone } = await h.runningPhone(customer);
    const before = await upstream(phoneId);
    await h.cloud.act(
      'phone',
      phone.instanceId!,
      'install_app',
      { appId: 'app-1', versionName: '1.0', versionCode: 1, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
      `test:${randomUUID()}`,
    );
    expect((await upstream(phoneId)).apps).toEqual(['app-1']);

    const body = { phone_ids: [phoneId], brand: 'samsung', model: 'Galaxy S24', country: 'jp' };
    // Without an Idempotency-Key it is refused like every flagged route (idempotency-required.int.test.ts).
    const key = randomUUID();
    const first = await replace(customer, body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.results).toEqual([
      {
        phone_id: phoneId,
        ok: true,
        status: 'resetting',
        code: null,
        message: null,
        brand: 'samsung',
        model: 'Galaxy S24',
      },
    ]);
    // The duplicate submission answers the first replacement; the cloud replaced once.
    const again = await replace(customer, body, key);
    expect(again.json()).toEqual(first.json());
    const { rows } = await h.ctx.database.pool.query(
      `SELECT 1 FROM sim_calls WHERE operation = 'act' AND action = 'replace' AND instance_id = $1 AND effect`,
      [phone.instanceId],
    );
    expect(rows).toHaveLength(1);

    // While it resets, another replacement is refused for it, translated.
    const busy = await replace(customer, { phone_ids: [phoneId] }, randomUUID(), EN);
    expect(busy.json().data.results[0]).toMatchObject({
      ok: false,
      code: 'RESOURCE_ACTION_FORBIDDEN',
      message: expect.stringMatching(/not allowed in the current status/),
    });
    expect((await listed(customer, phoneId)).status).toBe('resetting');

    await h.runJobs();
    expect(await listed(customer, phoneId)).toMatchObject({
      status: 'running',
      brand: 'samsung',
      model: 'Galaxy S24',
      resolution: '1080x2340',
      feature_level: '34',
    });
    const after = await upstream(phoneId);
    expect(after).toMatchObject({ apps: [], simCountry: 'JP', adbEnabled: false });
    expect(after.imei).not.toBe(before.imei);
    expect(after.androidId).not.toBe(before.androidId);
  });

  it('draws the model (of the brand when given) and keeps the SIM country when none is asked', async () => {
    const customer = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(customer);
    const [stopped] = await h.act(customer, 'stop', [phoneId]);
    expect(stopped).toMatchObject({ ok: true });
    await h.runJobs();

    const res = await replace(customer, { phone_ids: [phoneId], brand: 'vivo' });
    const [entry] = res.json().data.results as (Entry & { model: string })[];
    expect(entry).toMatchObject({ ok: true, brand: 'vivo' });
    expect(modelsOf('vivo').map((model) => model.model)).toContain(entry!.model);
    await h.runJobs();
    expect(await listed(customer, phoneId)).toMatchObject({ brand: 'vivo', model: entry!.model });
    expect((await upstream(phoneId)).simCountry).toBe('HK');

    const any = await replace(customer, { phone_ids: [phoneId] });
    const [drawn] = any.json().data.results as Entry[];
    expect(DEVICE_BRANDS.map((brand) => brand.brand)).toContain(drawn!.brand);
  });

  it('refuses a model not of its brand, a model without brand, unknown brands and countries', async () => {
    const customer = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(customer);
    const cases: [Record<string, unknown>, string][] = [
      [{ brand: 'samsung', model: 'Pixel 8' }, 'DEVICE_MODEL_MISMATCH'],
      [{ brand: 'Nokia' }, 'DEVICE_BRAND_NOT_FOUND'],
      [{ country: 'XX' }, 'SIM_COUNTRY_NOT_FOUND'],
    ];
    for (const [extra, code] of cases) {
      const res = await replace(customer, { phone_ids: [phoneId], ...extra }, randomUUID(), EN);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().data.error_code).toBe(code);
    }
    const mismatch = await replace(customer, { phone_ids: [phoneId], brand: 'samsung', model: 'Pixel 8' });
    expect(mismatch.json().msg).toBe('机型 Pixel 8 不属于品牌 samsung');
    // A model needs its brand: the schema says so, on the brand field.
    const noBrand = await replace(customer, { phone_ids: [phoneId], model: 'Pixel 8' }, randomUUID(), EN);
    expect(noBrand.statusCode).toBe(400);
    expect(noBrand.json().data.fields).toEqual([
      { field: 'body.brand', message: 'Name the brand of the model' },
    ]);
    expect((await h.row(phoneId)).status).toBe('running');
  });

  it('answers another customer’s phone as not found and leaves it alone', async () => {
    const customer = await h.phoneCustomer(100);
    const other = await h.phoneCustomer(100);
    const { phoneId: theirs } = await h.runningPhone(other);
    const res = await replace(customer, { phone_ids: [theirs], brand: 'google' });
    expect(res.json().data.results).toEqual([
      expect.objectContaining({ phone_id: theirs, ok: false, code: 'PHONE_NOT_FOUND', brand: null }),
    ]);
    expect((await h.row(theirs)).status).toBe('running');
  });

  it('is refused without the phone flag, and on the sub-account path for a main account', async () => {
    const noFlag = await h.customer(100);
    const refused = await replace(noFlag, { phone_ids: ['ph-x'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.error_code).toBe('PHONE_ACCESS_DENIED');
    expect((await h.call(noFlag, 'GET', '/api/user/ph/ph_prop/brand')).statusCode).toBe(403);

    const main = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(main);
    const son = await h.call(
      main,
      'POST',
      '/api/user/son_account/phone/replace_v2',
      { phone_ids: [phoneId] },
      EN,
    );
    expect(son.statusCode).toBe(403);
    expect(son.json()).toMatchObject({ data: { error_code: 'SUB_ACCOUNT_ONLY' } });
    expect((await h.row(phoneId)).status).toBe('running');
  });

  it('lets a sub-account replace its main account’s phones on its own path', async () => {
    const main = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(main);
    // A sub-account made and bound by its main account (issue 21), allowed to reset or replace.
    const account = await createSubAccount(h.ctx.app, main);
    const bound = await h.call(main, 'POST', `/api/user/son_account/${account.accountId}/phone`, {
      phone_ids: [phoneId],
      permissions: ['reset_replace'],
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const sub = await subAccountSession(h.ctx.app, h.ctx.db, main, account);

    // The main account's path is the main account's only: a sub-account is refused there.
    const direct = await replace(sub, { phone_ids: [phoneId] });
    expect(direct.statusCode).toBe(403);
    expect(direct.json().data.error_code).toBe('SUB_ACCOUNT_NOT_ALLOWED');
    const res = await h.call(sub, 'POST', '/api/user/son_account/phone/replace_v2', {
      phone_ids: [phoneId],
      brand: 'HONOR',
      model: 'X50',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.results[0]).toMatchObject({ ok: true, status: 'resetting', brand: 'HONOR' });
    await h.runJobs();
    expect(await listed(main, phoneId)).toMatchObject({ status: 'running', brand: 'HONOR', model: 'X50' });
  });
});
