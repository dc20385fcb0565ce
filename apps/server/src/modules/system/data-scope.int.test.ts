/**
 * The role data scope (RuoYi `data_scope`) wherever the issue names it, for each scope value: the
 * departments an operator sees (list, tree, one by id), the accounts it reaches on the user routes
 * (detail, edit, status, password, roles, delete: outside → 404), the customers it may open cloud
 * phones for, and the accounts the role pages list and change.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, loggedInUser, uniqueEmail } from '../../../test/accounts';
import { withIdempotencyKey } from '../../../test/idempotency';
import { operatorApp, operatorWith, roleWith, type TestOperator } from '../../../test/operators';
import { userRoles, users } from '../../db/schema';

const env = operatorApp();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type DataScope = '1' | '2' | '3' | '4' | '5';
const send = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  env.ctx.app.inject({ method, url, headers: withIdempotencyKey(method, headers), payload });

const PERMS = [
  'system:dept:list',
  'system:dept:query',
  'system:dept:add',
  'system:user:list',
  'system:user:query',
  'system:user:add',
  'system:user:edit',
  'system:user:resetPwd',
  'system:user:remove',
  'system:customer:phone',
  'system:role:list',
  'system:role:edit',
];

type DeptRow = { deptId: number; deptName: string };
type TreeNode = { id: number; children?: TreeNode[] };
const flatten = (nodes: TreeNode[]): number[] => nodes.flatMap((n) => [n.id, ...flatten(n.children ?? [])]);

let root: number, customersDept: number, a: number, a1: number, b: number;
let inA: number, inA1: number, inB: number, customer: number;

async function addDept(deptName: string, parentId: number) {
  const res = await send('POST', '/api/system/dept', env.admin, { deptName, parentId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.deptId as number;
}
async function addOperator(deptId: number) {
  const res = await send('POST', '/api/system/user', env.admin, {
    email: uniqueEmail('scoped'),
    nickname: 'Scoped',
    password: PASSWORD,
    deptId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.userId as number;
}

/** A viewer with every permission these routes need, its role of `dataScope`, in `deptId`. */
const viewer = (dataScope: DataScope, deptId = a, deptIds?: number[]): Promise<TestOperator> =>
  operatorWith(env.ctx.app, env.ctx.db, { perms: PERMS, dataScope, deptId, deptIds });

beforeAll(async () => {
  const list: DeptRow[] = (await send('GET', '/api/system/dept/list', env.admin)).json().data;
  root = list.find((d) => d.deptName === 'Cloudbay')!.deptId;
  customersDept = list.find((d) => d.deptName === 'Customers')!.deptId;
  a = await addDept('Scope A', root);
  a1 = await addDept('Scope A1', a);
  b = await addDept('Scope B', root);
  [inA, inA1, inB] = [await addOperator(a), await addOperator(a1), await addOperator(b)];
  customer = (await loggedInUser(env.ctx.app, env.ctx.db)).userId;
});

/** Per scope: which of the test's departments and accounts the viewer reaches (the rest it must not). */
const CASES: Array<{
  scope: DataScope;
  deptIds?: () => number[];
  depts: () => number[];
  accounts: () => number[];
}> = [
  {
    scope: '1',
    depts: () => [root, customersDept, a, a1, b],
    accounts: () => [inA, inA1, inB, customer],
  },
  {
    scope: '2',
    deptIds: () => [b, customersDept],
    depts: () => [b, customersDept],
    accounts: () => [inB, customer],
  },
  { scope: '3', depts: () => [a], accounts: () => [inA] },
  { scope: '4', depts: () => [a, a1], accounts: () => [inA, inA1] },
  // RuoYi: "only self" reaches no department, and of the accounts only the viewer's own.
  { scope: '5', depts: () => [], accounts: () => [] },
];
const ALL_DEPTS = () => [root, customersDept, a, a1, b];
const ALL_ACCOUNTS = () => [inA, inA1, inB, customer];

describe.each(CASES)("data scope '$scope'", ({ scope, deptIds, depts, accounts }) => {
  let me: TestOperator;
  beforeAll(async () => {
    me = await viewer(scope, a, deptIds?.());
  });

  it('lists and nests only the departments it reaches; another answers 404', async () => {
    const listed = await send('GET', '/api/system/dept/list', me.headers);
    expect(listed.statusCode, listed.body).toBe(200);
    const listedIds = new Set((listed.json().data as DeptRow[]).map((d) => d.deptId));
    const tree = await send('GET', '/api/system/user/deptTree', me.headers);
    expect(tree.statusCode, tree.body).toBe(200);
    const treeIds = new Set(flatten(tree.json().data));
    for (const id of ALL_DEPTS()) {
      const reached = depts().includes(id);
      expect(listedIds.has(id), `list has ${id}`).toBe(reached);
      expect(treeIds.has(id), `tree has ${id}`).toBe(reached);
      const one = await send('GET', `/api/system/dept/${id}`, me.headers);
      expect(one.statusCode, `dept ${id}`).toBe(reached ? 200 : 404);
    }
  });

  it('reaches only the accounts in scope on the user routes (the rest answer 404)', async () => {
    const ids = new Set(
      (
        (await send('GET', '/api/system/user/list?limit=50', me.headers)).json().data.list as Array<{
          userId: number;
        }>
      ).map((u) => u.userId),
    );
    for (const id of ALL_ACCOUNTS()) {
      const reached = accounts().includes(id);
      expect(ids.has(id), `list has ${id}`).toBe(reached);
      expect((await send('GET', `/api/system/user/${id}`, me.headers)).statusCode, `user ${id}`).toBe(
        reached ? 200 : 404,
      );
      expect((await send('GET', `/api/system/user/authRole/${id}`, me.headers)).statusCode).toBe(
        reached ? 200 : 404,
      );
    }
    // Its own account too, except under custom departments that do not hold it (as in RuoYi).
    const self = await send('GET', `/api/system/user/${me.userId}`, me.headers);
    expect(self.statusCode).toBe(scope === '2' ? 404 : 200);
  });

  it('opens cloud phones only for customers in scope; outside, 404 and nothing changes', async () => {
    const res = await send('PUT', `/api/system/customer/${customer}/ph_white_user`, me.headers, { value: 1 });
    const reached = accounts().includes(customer);
    expect(res.statusCode, res.body).toBe(reached ? 200 : 404);
    const [row] = await env.ctx.db.select().from(users).where(eq(users.id, customer));
    expect(row!.phWhiteUser).toBe(reached ? 1 : 0);
    if (reached) await env.ctx.db.update(users).set({ phWhiteUser: 0 }).where(eq(users.id, customer));
  });

  it('the role pages list and change only the accounts in scope', async () => {
    const role = await roleWith(env.ctx.db, { perms: [] });
    const roleUsers = async (list: 'allocatedList' | 'unallocatedList') => {
      const url = `/api/system/role/authUser/${list}?roleId=${role.id}&limit=50`;
      const res = await send('GET', url, me.headers);
      expect(res.statusCode, res.body).toBe(200);
      return new Set((res.json().data.list as Array<{ userId: number }>).map((u) => u.userId));
    };
    const change = async (
      action: 'selectAll' | 'cancelAll',
      headers: Record<string, string> = me.headers,
    ) => {
      const payload = { roleId: role.id, userIds: ALL_ACCOUNTS() };
      return (await send('PUT', `/api/system/role/authUser/${action}`, headers, payload)).json().data;
    };
    const offered = await roleUsers('unallocatedList');
    for (const id of ALL_ACCOUNTS()) expect(offered.has(id), `offers ${id}`).toBe(accounts().includes(id));
    expect((await change('selectAll')).changed).toBe(accounts().length);
    // The admin gives the role to everyone; the viewer lists and takes it only from those in scope.
    await change('selectAll', env.admin);
    const holders = await roleUsers('allocatedList');
    for (const id of ALL_ACCOUNTS()) expect(holders.has(id), `lists ${id}`).toBe(accounts().includes(id));
    expect((await change('cancelAll')).changed).toBe(accounts().length);
    const left = await env.ctx.db.select().from(userRoles).where(eq(userRoles.roleId, role.id));
    expect(left.length).toBe(ALL_ACCOUNTS().length - accounts().length);
  });
});

describe('writes on accounts and departments outside the scope', () => {
  it("answer 404 on another department's account, and act on one's own", async () => {
    const me = await viewer('3');
    const target = await addOperator(b);
    const own = await addOperator(a);
    const edit = (userId: number) => ({ userId, email: uniqueEmail('edit'), nickname: 'Edited', deptId: a });
    const writes = (userId: number): Array<[Method, string, object?]> => [
      ['PUT', '/api/system/user', edit(userId)],
      ['PUT', '/api/system/user/changeStatus', { userId, status: '1' }],
      ['PUT', '/api/system/user/resetPwd', { userId, password: 'Green-Valley-42' }],
      ['PUT', '/api/system/user/authRole', { userId, roleIds: [] }],
      ['DELETE', `/api/system/user/${userId}`],
    ];
    for (const [method, url, body] of writes(target)) {
      const res = await send(method, url, me.headers, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    const [untouched] = await env.ctx.db.select().from(users).where(eq(users.id, target));
    expect(untouched).toMatchObject({ nickname: 'Scoped', status: 'enabled', deptId: b });
    for (const [method, url, body] of writes(own)) {
      const res = await send(method, url, me.headers, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
  });

  it('place accounts and departments only in departments in scope', async () => {
    const me = await viewer('4');
    const addTo = (deptId: number) =>
      send('POST', '/api/system/user', me.headers, {
        email: uniqueEmail('placed'),
        nickname: 'Placed',
        password: PASSWORD,
        deptId,
      });
    const outside = await addTo(b);
    expect(outside.statusCode, outside.body).toBe(400);
    expect(outside.json().msg).toBe('No such department');
    const inside = await addTo(a1);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(
      (await send('POST', '/api/system/dept', me.headers, { deptName: 'Under B', parentId: b })).statusCode,
    ).toBe(400);
    expect(
      (await send('POST', '/api/system/dept', me.headers, { deptName: 'Under A1', parentId: a1 })).statusCode,
    ).toBe(200);
  });
});
