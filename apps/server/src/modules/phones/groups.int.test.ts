/**
 * Phone groups (issue 16, second slice): create, rename, delete (its phones ungrouped), move
 * phones, counts, the group on purchase, edit, list filter and view, and another customer's group
 * or phone → 404 everywhere, through app.inject against a real PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../test/desktop-fixtures';
import { phoneHarness, type PhoneHarness } from '../../../test/phone-fixtures';
import { expectCleanLedger } from '../../../test/topups';
import { users } from '../../db/schema';

let h: PhoneHarness;

beforeAll(async () => {
  h = await phoneHarness();
});
afterEach(() => expectCleanLedger(h.ctx.database));
afterAll(() => h.ctx.close());

const GROUPS = '/api/user/ph/phone_data/group';

async function createGroup(who: Customer, name: string): Promise<number> {
  const res = await h.call(who, 'POST', GROUPS, { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function groupsOf(who: Customer) {
  const res = await h.call(who, 'GET', GROUPS);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    list: { id: number; name: string; phone_count: number }[];
    ungrouped_count: number;
  };
}

async function listIds(who: Customer, query: Record<string, string> = {}) {
  const res = await h.ctx.app.inject({
    method: 'GET',
    url: '/api/user/ph/phone',
    query,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as { id: string }[]).map((phone) => phone.id).sort();
}

describe('phone groups', () => {
  it('are refused with the translated 403 without the phone flag', async () => {
    const customer = await h.customer(0);
    for (const [method, url] of [
      ['GET', GROUPS],
      ['POST', GROUPS],
      ['PUT', `${GROUPS}/1`],
      ['DELETE', `${GROUPS}/1`],
      ['POST', `${GROUPS}/1/phones`],
      ['GET', '/api/user/son_account/phone_data/group'],
    ] as const) {
      const res = await h.call(customer, method, url, method === 'GET' ? undefined : { name: 'x' }, EN);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().data.error_code).toBe('PHONE_ACCESS_DENIED');
    }
  });

  it('are created, renamed and listed with names of 1–30 characters unique whatever the case', async () => {
    const customer = await h.phoneCustomer(0);
    const a = await createGroup(customer, 'A');
    const farm = await createGroup(customer, 'x'.repeat(30));
    for (const name of ['', '   ', 'x'.repeat(31)]) {
      expect((await h.call(customer, 'POST', GROUPS, { name })).statusCode, name).toBe(400);
    }
    const taken = await h.call(customer, 'POST', GROUPS, { name: 'a' }, EN);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      data: { error_code: 'PHONE_GROUP_NAME_TAKEN' },
      msg: 'A group with this name already exists',
    });
    expect((await h.call(customer, 'POST', GROUPS, { name: 'A' })).json().msg).toBe('已有同名分组');
    // A retry with the same key answers the same group, not 409.
    const key = { 'idempotency-key': randomUUID() };
    const first = await h.call(customer, 'POST', GROUPS, { name: 'retry' }, key);
    const again = await h.call(customer, 'POST', GROUPS, { name: 'retry' }, key);
    expect(again.json()).toEqual(first.json());

    const renamed = await h.call(customer, 'PUT', `${GROUPS}/${farm}`, { name: 'Farm' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: farm, name: 'Farm', phone_count: 0 });
    expect((await h.call(customer, 'PUT', `${GROUPS}/${farm}`, { name: 'a' })).statusCode).toBe(409);
    // Its own name in another case is no clash.
    expect((await h.call(customer, 'PUT', `${GROUPS}/${farm}`, { name: 'FARM' })).statusCode).toBe(200);

    // Another customer may use the same names.
    const other = await h.phoneCustomer(0);
    await createGroup(other, 'a');

    const listed = await groupsOf(customer);
    expect(listed.list.map((group) => [group.id, group.name])).toEqual([
      [a, 'A'],
      [farm, 'FARM'],
      [first.json().data.id, 'retry'],
    ]);
  });

  it('carry phones from the purchase, edits and moves, counted, filtered and ungrouped on delete', async () => {
    const customer = await h.phoneCustomer(500);
    const farm = await createGroup(customer, 'farm');
    const spare = await createGroup(customer, 'spare');
    const grouped = await h.buyPhones(customer, { quantity: 2, name: 'gg', group_id: farm });
    const loose = await h.buyPhones(customer, { quantity: 1, name: 'll' });
    await h.runJobs();

    const [g1, g2] = grouped.phone_ids as [string, string];
    const [l1] = loose.phone_ids as [string];
    expect(await listIds(customer, { group_id: String(farm) })).toEqual([g1, g2].sort());
    expect(await listIds(customer, { group_id: '0' })).toEqual([l1]);
    const view = await h.call(customer, 'GET', '/api/user/ph/phone');
    const byId = new Map(
      (view.json().data.list as { id: string; group_id: number | null }[]).map((p) => [p.id, p]),
    );
    expect(byId.get(g1)!.group_id).toBe(farm);
    expect(byId.get(l1)!.group_id).toBeNull();
    // The group never reaches the cloud: the phones were made and run.
    expect((await h.row(g1)).status).toBe('running');
    expect(await groupsOf(customer)).toMatchObject({
      list: [
        { id: farm, phone_count: 2 },
        { id: spare, phone_count: 0 },
      ],
      ungrouped_count: 1,
    });

    // Move one into spare, one out of any group, and the loose one in by the edit route.
    const moved = await h.call(customer, 'POST', `${GROUPS}/${spare}/phones`, { phone_ids: [g2, g2] });
    expect(moved.json().data).toEqual({ group_id: spare, moved: 1 });
    const out = await h.call(customer, 'POST', `${GROUPS}/0/phones`, { phone_ids: [g1] });
    expect(out.json().data).toEqual({ group_id: null, moved: 1 });
    const edited = await h.call(customer, 'PUT', `/api/user/ph/phone/${l1}`, { group_id: spare });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.group_id).toBe(spare);
    expect(await groupsOf(customer)).toMatchObject({
      list: [
        { id: farm, phone_count: 0 },
        { id: spare, phone_count: 2 },
      ],
      ungrouped_count: 1,
    });
    // The move kept the rest of the spec.
    expect((await h.row(l1)).spec).toMatchObject({ specId: 'ph.basic.2c4g', groupId: spare, name: 'll' });

    // Deleting spare ungroups its phones in the same step.
    expect((await h.call(customer, 'DELETE', `${GROUPS}/${spare}`)).statusCode).toBe(200);
    expect(await groupsOf(customer)).toEqual({
      list: [expect.objectContaining({ id: farm, phone_count: 0 })],
      ungrouped_count: 3,
    });
    expect((await h.row(l1)).spec).not.toHaveProperty('groupId');
    expect((await h.call(customer, 'DELETE', `${GROUPS}/${spare}`)).statusCode).toBe(404);
    expect(await listIds(customer, { group_id: '0' })).toEqual([g1, g2, l1].sort());
  });

  it("answer 404 for another customer's group or phone on every route, changing nothing", async () => {
    const owner = await h.phoneCustomer(100);
    const stranger = await h.phoneCustomer(100);
    const theirs = await createGroup(owner, 'theirs');
    const mine = await createGroup(stranger, 'mine');
    const { phone_ids: ownerPhones } = await h.buyPhones(owner, { name: 'own', group_id: theirs });
    const { phone_ids: myPhones } = await h.buyPhones(stranger, { name: 'me' });

    const groupMissing = [
      await h.call(stranger, 'PUT', `${GROUPS}/${theirs}`, { name: 'taken' }, EN),
      await h.call(stranger, 'DELETE', `${GROUPS}/${theirs}`, undefined, EN),
      await h.call(stranger, 'POST', `${GROUPS}/${theirs}/phones`, { phone_ids: myPhones }, EN),
      await h.call(stranger, 'PUT', `/api/user/ph/phone/${myPhones[0]}`, { group_id: theirs }, EN),
      await h.call(stranger, 'POST', '/api/user/ph/phone', h.phoneBody({ group_id: theirs }), EN),
    ];
    for (const res of groupMissing) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({
        data: { error_code: 'PHONE_GROUP_NOT_FOUND' },
        msg: 'The phone group does not exist',
      });
    }
    // Their phone into my group, or mine and theirs together: nothing moves.
    for (const phoneIds of [ownerPhones, [...myPhones, ...ownerPhones]]) {
      const res = await h.call(stranger, 'POST', `${GROUPS}/${mine}/phones`, { phone_ids: phoneIds });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().data.error_code).toBe('PHONE_NOT_FOUND');
    }
    expect((await h.row(myPhones[0]!)).spec).not.toHaveProperty('groupId');
    expect((await h.row(ownerPhones[0]!)).spec).toMatchObject({ groupId: theirs });
    expect(await groupsOf(owner)).toMatchObject({ list: [{ id: theirs, name: 'theirs', phone_count: 1 }] });
    // A group filter of someone else's group lists nothing of theirs.
    expect(await listIds(stranger, { group_id: String(theirs) })).toEqual([]);
    await h.runJobs();
  });

  it('have a sub-account variant that refuses main accounts with a translated 403', async () => {
    const main = await h.phoneCustomer(0);
    await createGroup(main, 'shared');
    const refused = await h.call(main, 'GET', '/api/user/son_account/phone_data/group', undefined, EN);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      data: { error_code: 'SUB_ACCOUNT_ONLY' },
      msg: 'This is for sub-accounts only',
    });
    // A sub-account (made directly: their management comes later) sees its main account's groups.
    const son = await h.phoneCustomer(0);
    await h.ctx.db.update(users).set({ isSon: true, parentId: main.userId }).where(eq(users.id, son.userId));
    const seen = await h.call(son, 'GET', '/api/user/son_account/phone_data/group');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.list.map((group: { name: string }) => group.name)).toEqual(['shared']);
  });
});
