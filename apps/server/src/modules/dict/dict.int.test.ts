import { DESKTOP_STATUSES, ORDER_STATUSES, STATUS_DICT_TYPES } from '@cloudbay/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, loggedInUser } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { withIdempotencyKey } from '../../../test/idempotency';
import { operatorWith } from '../../../test/operators';
import { dictData } from '../../db/schema';
import { DEMO_ADMIN } from '../identity/reference-data';
import { seedDictReferenceData } from './reference-data';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await logIn(ctx.app, ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  admin = { authorization: `Bearer ${res.json().data.access_token}` };
  customer = (await loggedInUser(ctx.app, ctx.db)).headers;
});
afterAll(() => ctx.close());

type Entry = { dictType: string; dictLabel: string; dictValue: string; listClass: string; dictSort: number };

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers: withIdempotencyKey(method, headers), payload });

async function entries(type: string, headers: Record<string, string> = customer): Promise<Entry[]> {
  const res = await call('GET', `/api/system/dict/data/type/${type}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const newEntry = (overrides: Record<string, unknown> = {}) => ({
  dictType: 'desktop_status',
  dictLabel: '维护中',
  dictLabelEn: 'Under maintenance',
  dictValue: 'maintenance',
  dictSort: 99,
  listClass: 'warning',
  ...overrides,
});

describe('GET /api/system/dict/data/type/{type}', () => {
  it('lists every desktop status in order, labelled in Chinese by default', async () => {
    const list = await entries('desktop_status');
    expect(list.map((e) => e.dictValue)).toEqual([...DESKTOP_STATUSES]);
    expect(list.find((e) => e.dictValue === 'running')).toMatchObject({
      dictType: 'desktop_status',
      dictLabel: '运行中',
      listClass: 'success',
      cssClass: '',
    });
    expect(list.find((e) => e.dictValue === 'expired')?.listClass).toBe('danger');
  });

  it('labels in English for an English caller, under both paths', async () => {
    const headers = { ...customer, 'accept-language': 'en-US,en;q=0.9' };
    const viaData = await call('GET', '/api/system/dict/data/type/order_status', headers);
    const viaAlias = await call('GET', '/api/system/dict/type-data/order_status', headers);
    expect(viaAlias.json()).toEqual(viaData.json());
    const list: Entry[] = viaData.json().data;
    expect(list.map((e) => e.dictValue)).toEqual([...ORDER_STATUSES]);
    expect(list.find((e) => e.dictValue === 'pending_payment')?.dictLabel).toBe('Awaiting payment');
  });

  it('has a labelled dictionary for every status list of the contracts', async () => {
    for (const [type, values] of Object.entries(STATUS_DICT_TYPES)) {
      const [zh, en] = await Promise.all([
        entries(type),
        entries(type, { ...customer, 'accept-language': 'en' }),
      ]);
      expect(
        zh.map((e) => e.dictValue),
        type,
      ).toEqual([...values]);
      for (const [i, entry] of zh.entries()) {
        expect(entry.dictLabel, `${type}.${entry.dictValue}`).not.toBe(en[i]!.dictLabel);
      }
    }
  });

  it('answers an empty list for an unknown type, 401 without a session', async () => {
    expect(await entries('no_such_type')).toEqual([]);
    expect((await call('GET', '/api/system/dict/data/type/desktop_status', {})).statusCode).toBe(401);
  });
});

describe('operators maintain entries', () => {
  it('pages the entries in SQL, filtered by type and label', async () => {
    const page = await call(
      'GET',
      '/api/system/dict/data/list?dictType=desktop_status&limit=10&page=1',
      admin,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({ total: DESKTOP_STATUSES.length, page: 1, limit: 10 });
    expect(page.json().data.list[0]).toMatchObject({
      dictType: 'desktop_status',
      dictValue: 'pending',
      dictLabel: '待创建',
      dictLabelEn: 'Pending',
      isDefault: 'N',
      status: '0',
    });
    const all = (await call('GET', '/api/system/dict/data/list?limit=10&page=2', admin)).json().data;
    expect(all.list).toHaveLength(10);
    expect(all.total).toBe(Object.values(STATUS_DICT_TYPES).flat().length);
    const byLabel = (await call('GET', '/api/system/dict/data/list?dictLabel=shut', admin)).json().data;
    expect(byLabel.list.map((e: { dictValue: string }) => e.dictValue)).toEqual(['shutdown']);
  });

  it('creates, reads, edits and deletes an entry', async () => {
    const created = await call('POST', '/api/system/dict/data', admin, newEntry());
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.dictCode as number;
    expect(created.json().data).toMatchObject({ dictValue: 'maintenance', cssClass: '', status: '0' });
    expect((await entries('desktop_status')).at(-1)).toMatchObject({
      dictValue: 'maintenance',
      dictLabel: '维护中',
    });

    const read = await call('GET', `/api/system/dict/data/${id}`, admin);
    expect(read.json().data).toMatchObject({ dictCode: id, dictLabelEn: 'Under maintenance' });

    const edited = await call('PUT', '/api/system/dict/data', admin, {
      ...newEntry({ dictLabel: '系统维护', dictSort: 0, status: '0' }),
      dictCode: id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await entries('desktop_status'))[0]).toMatchObject({
      dictValue: 'maintenance',
      dictLabel: '系统维护',
    });

    // A disabled entry leaves the users' list but stays for operators.
    await call('PUT', '/api/system/dict/data', admin, { ...newEntry({ status: '1' }), dictCode: id });
    expect((await entries('desktop_status')).map((e) => e.dictValue)).not.toContain('maintenance');

    const removed = await call('DELETE', `/api/system/dict/data/${id}`, admin);
    expect(removed.json().data).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/system/dict/data/${id}`, admin)).statusCode).toBe(404);
  });

  it('deletes several entries separated by commas', async () => {
    const ids: number[] = [];
    for (const value of ['a1', 'a2']) {
      const res = await call('POST', '/api/system/dict/data', admin, newEntry({ dictValue: value }));
      ids.push(res.json().data.dictCode);
    }
    const res = await call('DELETE', `/api/system/dict/data/${ids.join(',')}`, admin);
    expect(res.json().data).toEqual({ deleted: 2 });
    expect((await call('DELETE', `/api/system/dict/data/${ids.join(',')}`, admin)).statusCode).toBe(404);
  });

  it('refuses a duplicate value (409), an unknown type or id (404)', async () => {
    const duplicate = await call('POST', '/api/system/dict/data', admin, newEntry({ dictValue: 'running' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().msg).toBe('字典类型 desktop_status 中已存在键值 running');

    const unknownType = await call('POST', '/api/system/dict/data', admin, newEntry({ dictType: 'nope' }));
    expect(unknownType.statusCode).toBe(404);

    const created = await call('POST', '/api/system/dict/data', admin, newEntry({ dictValue: 'b1' }));
    const id = created.json().data.dictCode as number;
    const clash = await call('PUT', '/api/system/dict/data', admin, {
      ...newEntry({ dictValue: 'running' }),
      dictCode: id,
    });
    expect(clash.statusCode).toBe(409);
    const missing = await call('PUT', '/api/system/dict/data', admin, { ...newEntry(), dictCode: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect((await call('GET', '/api/system/dict/data/999999', admin)).statusCode).toBe(404);
    await call('DELETE', `/api/system/dict/data/${id}`, admin);
  });

  it('lists the types, paged and searchable', async () => {
    const res = await call('GET', '/api/system/dict/type/list?limit=50', admin);
    expect(res.statusCode, res.body).toBe(200);
    const types = res.json().data.list.map((t: { dictType: string }) => t.dictType);
    expect(types).toEqual(expect.arrayContaining(Object.keys(STATUS_DICT_TYPES)));
    const search = (await call('GET', '/api/system/dict/type/list?keyword=订单状态', admin)).json().data;
    expect(search).toMatchObject({
      total: 1,
      list: [{ dictType: 'order_status', dictNameEn: 'Order status' }],
    });
  });

  it('is closed to customers (403)', async () => {
    const attempts = [
      call('GET', '/api/system/dict/data/list', customer),
      call('GET', '/api/system/dict/type/list', customer),
      call('GET', '/api/system/dict/data/1', customer),
      call('POST', '/api/system/dict/data', customer, newEntry({ dictValue: 'c1' })),
      call('PUT', '/api/system/dict/data', customer, { ...newEntry(), dictCode: 1 }),
      call('DELETE', '/api/system/dict/data/1', customer),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(403);
  });
});

describe('reference data', () => {
  it('keeps operators’ edits and restores nothing it already has', async () => {
    const running = and(eq(dictData.dictType, 'desktop_status'), eq(dictData.dictValue, 'running'));
    await ctx.db.update(dictData).set({ labelZh: '正在运行', listClass: 'primary' }).where(running);
    await seedDictReferenceData(ctx.db);
    const [row] = await ctx.db.select().from(dictData).where(running);
    expect(row).toMatchObject({ labelZh: '正在运行', listClass: 'primary' });
    const count = (await ctx.db.select().from(dictData).where(eq(dictData.dictType, 'desktop_status')))
      .length;
    expect(count).toBe(DESKTOP_STATUSES.length);
  });
});

describe('operators maintain types (RuoYi /system/dict/type)', () => {
  const newType = (overrides: Record<string, unknown> = {}) => ({
    dictName: '机房等级',
    dictNameEn: 'Data centre tier',
    dictType: 'dc_tier',
    remark: 'tiers',
    ...overrides,
  });

  it('creates, reads, filters, renames with its entries, and deletes a type with its entries', async () => {
    const created = await call('POST', '/api/system/dict/type', admin, newType());
    expect(created.statusCode, created.body).toBe(200);
    const dictId = created.json().data.dictId as number;
    expect(created.json().data).toMatchObject({ dictType: 'dc_tier', status: '0', builtin: false });
    expect((await call('POST', '/api/system/dict/type', admin, newType())).statusCode).toBe(409);

    const entry = await call(
      'POST',
      '/api/system/dict/data',
      admin,
      newEntry({ dictType: 'dc_tier', dictValue: 't3' }),
    );
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json().data.builtin).toBe(false);

    const read = await call('GET', `/api/system/dict/type/${dictId}`, admin);
    expect(read.json().data).toMatchObject({ dictId, dictName: '机房等级' });
    const byName = (await call('GET', '/api/system/dict/type/list?dictName=tier', admin)).json().data;
    expect(byName.list.map((t: { dictType: string }) => t.dictType)).toEqual(['dc_tier']);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await call(
      'GET',
      `/api/system/dict/type/list?dictType=dc_&begin_time=${today}&end_time=${today}`,
      admin,
    );
    expect(inRange.json().data.total).toBe(1);
    const before = await call('GET', '/api/system/dict/type/list?dictType=dc_&end_time=2020-01-01', admin);
    expect(before.json().data.total).toBe(0);
    const options = (await call('GET', '/api/system/dict/type/optionselect', admin)).json().data;
    expect(options).toContainEqual({
      dictId,
      dictType: 'dc_tier',
      dictName: '机房等级',
      dictNameEn: 'Data centre tier',
    });

    const renamed = await call('PUT', '/api/system/dict/type', admin, {
      ...newType({ dictType: 'dc_grade' }),
      dictId,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await entries('dc_grade')).map((e) => e.dictValue)).toEqual(['t3']);
    const clash = await call('PUT', '/api/system/dict/type', admin, {
      ...newType({ dictType: 'order_status' }),
      dictId,
    });
    expect(clash.statusCode).toBe(409);

    const removed = await call('DELETE', `/api/system/dict/type/${dictId}`, admin);
    expect(removed.json().data).toEqual({ deleted: 1 });
    expect(await entries('dc_grade')).toEqual([]);
    expect((await call('GET', `/api/system/dict/type/${dictId}`, admin)).statusCode).toBe(404);
  });

  it('keeps the dictionaries the code relies on: no delete, no key change (409, translated)', async () => {
    const list = (await call('GET', '/api/system/dict/type/list?dictType=order_status', admin)).json().data;
    const orderStatus = list.list[0] as { dictId: number; builtin: boolean };
    expect(orderStatus.builtin).toBe(true);
    const other = (
      await call('POST', '/api/system/dict/type', admin, newType({ dictType: 'dc_other' }))
    ).json().data;

    const deleted = await call('DELETE', `/api/system/dict/type/${other.dictId},${orderStatus.dictId}`, {
      ...admin,
      'accept-language': 'en',
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().msg).toBe(
      'The dictionary type order_status is built in: it cannot be deleted or have its key changed',
    );
    // Refused whole: the other type is still there.
    expect((await call('GET', `/api/system/dict/type/${other.dictId}`, admin)).statusCode).toBe(200);

    const rekeyed = await call('PUT', '/api/system/dict/type', admin, {
      dictId: orderStatus.dictId,
      dictName: '订单状态',
      dictNameEn: 'Order status',
      dictType: 'order_state',
    });
    expect(rekeyed.statusCode).toBe(409);
    expect(rekeyed.json().msg).toBe('字典类型 order_status 为系统内置，不能删除或修改类型键');
    // Its names and remark stay editable.
    const renamed = await call('PUT', '/api/system/dict/type', admin, {
      dictId: orderStatus.dictId,
      dictName: '订单支付状态',
      dictNameEn: 'Order status',
      dictType: 'order_status',
      remark: 'edited',
    });
    expect(renamed.json().data).toMatchObject({ dictName: '订单支付状态', remark: 'edited' });
    expect(await entries('order_status')).toHaveLength(ORDER_STATUSES.length);
  });

  it('keeps the values the code relies on: no delete, no value or type change', async () => {
    const page = (
      await call('GET', '/api/system/dict/data/list?dictType=desktop_status&limit=50', admin)
    ).json().data;
    const running = page.list.find((e: { dictValue: string }) => e.dictValue === 'running');
    expect(running.builtin).toBe(true);
    const removed = await call('DELETE', `/api/system/dict/data/${running.dictCode}`, admin);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().msg).toBe('字典类型 desktop_status 的键值 running 为系统内置，不能删除或修改键值');
    const { builtin: _builtin, createTime: _created, ...body } = running;
    const revalued = await call('PUT', '/api/system/dict/data', admin, { ...body, dictValue: 'up' });
    expect(revalued.statusCode).toBe(409);
    const relabelled = await call('PUT', '/api/system/dict/data', admin, {
      ...body,
      dictLabel: '运行',
      listClass: 'primary',
    });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect((await entries('desktop_status')).find((e) => e.dictValue === 'running')).toMatchObject({
      dictLabel: '运行',
      listClass: 'primary',
    });
  });

  it('answers 403 to an operator whose role lacks the permission', async () => {
    const viewer = (await operatorWith(ctx.app, ctx.db, { perms: ['system:dict:list'] })).headers;
    expect((await call('GET', '/api/system/dict/type/list', viewer)).statusCode).toBe(200);
    const attempts = [
      call('GET', '/api/system/dict/type/1', viewer),
      call('POST', '/api/system/dict/type', viewer, newType({ dictType: 'dc_x' })),
      call('PUT', '/api/system/dict/type', viewer, { ...newType(), dictId: 1 }),
      call('DELETE', '/api/system/dict/type/1', viewer),
      call('POST', '/api/system/dict/data', viewer, newEntry({ dictValue: 'v403' })),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(403);
    expect((await call('GET', '/api/system/dict/type/list', customer)).statusCode).toBe(403);
  });
});
