import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { createTestApp } from '../../../../test/context';
import { demoOperatorHeaders, operatorWith } from '../../../../test/operators';
import { depts, posts, sysConfigs, users } from '../../../db/schema';
import { DEMO_ADMIN } from '../../identity/reference-data';
import { CUSTOMER_DEPT_SETTING, seedOrganizationReferenceData } from '../org-reference-data';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

type Dept = { deptId: number; parentId: number; ancestors: string; deptName: string; status: string };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
  ctx.app.inject({ method, url, headers, payload });
async function add(deptName: string, parentId: number): Promise<Dept> {
  const res = await call('POST', '/api/system/dept', { deptName, parentId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const byName = async (name: string) => {
  const list: Dept[] = (await call('GET', '/api/system/dept/list')).json().data;
  return list.find((d) => d.deptName === name)!;
};

describe('reference departments and posts', () => {
  it('seeds the tree once, puts the demo operator at the root and customers in Customers', async () => {
    const root = await byName('Cloudbay');
    const customers = await byName('Customers');
    expect(root).toMatchObject({ parentId: 0, ancestors: '0' });
    expect(customers).toMatchObject({ parentId: root.deptId, ancestors: `0,${root.deptId}` });
    for (const name of ['Operations', 'Finance', 'Support'])
      expect((await byName(name)).parentId).toBe(root.deptId);
    const [operator] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(operator!.deptId).toBe(root.deptId);
    const customer = await loggedInUser(ctx.app, ctx.db);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, customer.userId));
    expect(row!.deptId).toBe(customers.deptId);
    const [setting] = await ctx.db.select().from(sysConfigs).where(eq(sysConfigs.key, CUSTOMER_DEPT_SETTING));
    expect(setting!.value).toBe(String(customers.deptId));
  });

  it('never redoes what operators changed: a renamed department and a deleted post stay so', async () => {
    const finance = await byName('Finance');
    await ctx.db.update(depts).set({ name: 'Accounts' }).where(eq(depts.id, finance.deptId));
    await ctx.db.delete(posts).where(eq(posts.code, 'staff'));
    await seedOrganizationReferenceData(ctx.db);
    expect(await byName('Finance')).toBeUndefined();
    expect(await ctx.db.select().from(posts).where(eq(posts.code, 'staff'))).toEqual([]);
    await ctx.db.update(depts).set({ name: 'Finance' }).where(eq(depts.id, finance.deptId));
  });
});

describe('/api/system/dept', () => {
  it('adds children with their ancestors and refuses a taken name under the same parent (409)', async () => {
    const root = await byName('Cloudbay');
    const sales = await add('Sales', root.deptId);
    expect(sales.ancestors).toBe(`0,${root.deptId}`);
    const east = await add('Sales East', sales.deptId);
    expect(east.ancestors).toBe(`0,${root.deptId},${sales.deptId}`);
    const again = await call('POST', '/api/system/dept', { deptName: 'Sales', parentId: root.deptId });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('The parent department already has a department named "Sales"');
  });

  it('moves a subtree and rewrites every descendant’s ancestors', async () => {
    const root = await byName('Cloudbay');
    const a = await add('Move A', root.deptId);
    const b = await add('Move B', a.deptId);
    const c = await add('Move C', b.deptId);
    const target = await byName('Operations');
    const moved = await call('PUT', '/api/system/dept', {
      deptId: a.deptId,
      deptName: 'Move A',
      parentId: target.deptId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const base = `0,${root.deptId},${target.deptId}`;
    expect(moved.json().data.ancestors).toBe(base);
    expect((await byName('Move B')).ancestors).toBe(`${base},${a.deptId}`);
    expect((await byName('Move C')).ancestors).toBe(`${base},${a.deptId},${b.deptId}`);
    // The exclude list (the edit form's parent choices) leaves out the subtree.
    const choices: Dept[] = (await call('GET', `/api/system/dept/list/exclude/${a.deptId}`)).json().data;
    const ids = choices.map((d) => d.deptId);
    expect(ids).toContain(target.deptId);
    expect(ids).not.toContain(a.deptId);
    expect(ids).not.toContain(c.deptId);
  });

  it('refuses to move a department under itself or its descendant (422) and changes nothing', async () => {
    const root = await byName('Cloudbay');
    const top = await add('Cycle Top', root.deptId);
    const child = await add('Cycle Child', top.deptId);
    for (const parentId of [top.deptId, child.deptId]) {
      const res = await call('PUT', '/api/system/dept', {
        deptId: top.deptId,
        deptName: 'Cycle Top',
        parentId,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBe('A department cannot be placed under itself or one of its sub-departments');
    }
    expect((await byName('Cycle Top')).parentId).toBe(root.deptId);
  });

  it('refuses to delete a department with children or users (409), deletes an empty one', async () => {
    const root = await byName('Cloudbay');
    const parent = await add('Delete Parent', root.deptId);
    const child = await add('Delete Child', parent.deptId);
    const withChildren = await call('DELETE', `/api/system/dept/${parent.deptId}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().msg).toBe('The department has sub-departments and cannot be deleted');
    const member = await loggedInUser(ctx.app, ctx.db);
    await ctx.db.update(users).set({ deptId: child.deptId }).where(eq(users.id, member.userId));
    const withUsers = await call('DELETE', `/api/system/dept/${child.deptId}`, undefined, {
      ...admin,
      'accept-language': 'zh-CN',
    });
    expect(withUsers.statusCode).toBe(409);
    expect(withUsers.json().msg).toBe('部门存在用户，不允许删除');
    await ctx.db.update(users).set({ deptId: null }).where(eq(users.id, member.userId));
    expect((await call('DELETE', `/api/system/dept/${child.deptId}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/system/dept/${parent.deptId}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/system/dept/${parent.deptId}`)).statusCode).toBe(404);
  });

  it('filters by name and status, and the user page’s tree holds enabled departments only', async () => {
    const root = await byName('Cloudbay');
    const off = await call('POST', '/api/system/dept', {
      deptName: 'Dormant',
      parentId: root.deptId,
      status: '1',
    });
    expect(off.statusCode).toBe(200);
    const disabled: Dept[] = (await call('GET', '/api/system/dept/list?status=1')).json().data;
    expect(disabled.map((d) => d.deptName)).toEqual(['Dormant']);
    const named: Dept[] = (await call('GET', '/api/system/dept/list?deptName=ormant')).json().data;
    expect(named.map((d) => d.deptName)).toEqual(['Dormant']);
    const tree = (await call('GET', '/api/system/user/deptTree')).json().data as Array<{
      label: string;
      children?: Array<{ label: string }>;
    }>;
    expect(tree.map((n) => n.label)).toEqual(['Cloudbay']);
    const labels = tree[0]!.children!.map((n) => n.label);
    expect(labels).toEqual(expect.arrayContaining(['Operations', 'Customers']));
    expect(labels).not.toContain('Dormant');
  });

  it('answers 403 to an operator without the permission and to a customer', async () => {
    const viewer = await operatorWith(ctx.app, ctx.db, { perms: ['system:dept:list'] });
    expect((await call('GET', '/api/system/dept/list', undefined, viewer.headers)).statusCode).toBe(200);
    const root = await byName('Cloudbay');
    const res = await call(
      'POST',
      '/api/system/dept',
      { deptName: 'Nope', parentId: root.deptId },
      viewer.headers,
    );
    expect(res.statusCode).toBe(403);
    expect(
      (await call('DELETE', `/api/system/dept/${root.deptId}`, undefined, viewer.headers)).statusCode,
    ).toBe(403);
    const customer = await loggedInUser(ctx.app, ctx.db);
    expect((await call('GET', '/api/system/dept/list', undefined, customer.headers)).statusCode).toBe(403);
  });
});
