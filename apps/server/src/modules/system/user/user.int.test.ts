import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, logIn, loggedInUser, uniqueEmail } from '../../../../test/accounts';
import { postForm } from '../../../../test/csv-export';
import { createTestApp } from '../../../../test/context';
import { multipartFile } from '../../../../test/file-samples';
import { withIdempotencyKey } from '../../../../test/idempotency';
import { demoOperatorHeaders, operatorWith, roleWith } from '../../../../test/operators';
import { depts, roles, userRoles, users } from '../../../db/schema';
import { DEMO_ADMIN } from '../../identity/reference-data';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let adminId: number;
let rootDeptId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
  const [me] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
  adminId = me!.id;
  rootDeptId = me!.deptId!;
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = admin) =>
  ctx.app.inject({ method, url, headers: withIdempotencyKey(method, headers), payload });
type Listed = {
  userId: number;
  email: string;
  deptName: string;
  roles: Array<{ roleKey: string }>;
  customer: boolean;
};
async function listed(query: string, headers = admin): Promise<{ list: Listed[]; total: number }> {
  const res = await call('GET', `/api/system/user/list?limit=50&${query}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function addDept(deptName: string, parentId = rootDeptId) {
  const [row] = await ctx.db
    .insert(depts)
    .values({ name: deptName, parentId, ancestors: await ancestorsOf(parentId) })
    .returning();
  return row!.id;
}
async function ancestorsOf(parentId: number) {
  const [parent] = await ctx.db.select().from(depts).where(eq(depts.id, parentId));
  return `${parent!.ancestors},${parent!.id}`;
}
const newOperator = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('op'),
  nickname: 'New operator',
  password: 'Blue-Harbor-73',
  deptId: rootDeptId,
  ...overrides,
});
async function createOperator(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/system/user', newOperator(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Listed;
}

describe('GET /api/system/user/list', () => {
  it('lists customers and operators with department and roles, filtered', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const all = await listed('');
    const me = all.list.find((u) => u.userId === adminId)!;
    expect(me).toMatchObject({
      deptName: 'Cloudbay',
      customer: false,
      roles: [expect.objectContaining({ roleKey: 'admin' })],
    });
    expect(all.list.find((u) => u.userId === customer.userId)).toMatchObject({
      deptName: 'Customers',
      customer: true,
    });
    expect((await listed(`email=${encodeURIComponent(customer.email)}`)).list.map((u) => u.userId)).toEqual([
      customer.userId,
    ]);
    // The department filter takes the department and everything below it.
    const parent = await addDept('Filter parent');
    const child = await addDept('Filter child', parent);
    const inChild = await createOperator({ deptId: child });
    expect((await listed(`deptId=${parent}`)).list.map((u) => u.userId)).toEqual([inChild.userId]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await listed(`begin_time=${tomorrow}`)).total).toBe(0);
    expect((await listed('status=1')).list.every((u) => u.userId !== inChild.userId)).toBe(true);
  });
});

describe('data scope on the user list', () => {
  let a: number, a1: number, b: number;
  let inA: Listed, inA1: Listed, inB: Listed;
  const perms = ['system:user:list', 'system:user:query'];
  beforeAll(async () => {
    a = await addDept('Scope A');
    a1 = await addDept('Scope A1', a);
    b = await addDept('Scope B');
    inA = await createOperator({ deptId: a });
    inA1 = await createOperator({ deptId: a1 });
    inB = await createOperator({ deptId: b });
  });
  const seen = async (headers: Record<string, string>) =>
    new Set((await listed('', headers)).list.map((u) => u.userId));
  // Other tests' viewers also sit in department A, so the check names who must and must not be seen.
  const expectScope = (ids: Set<number>, visible: number[], hidden: number[]) => {
    for (const id of visible) expect(ids.has(id), `sees ${id}`).toBe(true);
    for (const id of hidden) expect(ids.has(id), `does not see ${id}`).toBe(false);
  };

  it("'1' sees every account, customers included", async () => {
    const viewer = await operatorWith(ctx.app, ctx.db, { perms, dataScope: '1', deptId: a });
    const ids = await seen(viewer.headers);
    for (const id of [inA.userId, inA1.userId, inB.userId, adminId]) expect(ids.has(id)).toBe(true);
  });

  it("'2' sees the role's departments only", async () => {
    const viewer = await operatorWith(ctx.app, ctx.db, { perms, dataScope: '2', deptId: a, deptIds: [b] });
    expect([...(await seen(viewer.headers))]).toEqual([inB.userId]);
  });

  it("'3' sees its own department, not the ones below", async () => {
    const viewer = await operatorWith(ctx.app, ctx.db, { perms, dataScope: '3', deptId: a });
    expectScope(await seen(viewer.headers), [inA.userId, viewer.userId], [inA1.userId, inB.userId, adminId]);
  });

  it("'4' sees its department and every one below", async () => {
    const viewer = await operatorWith(ctx.app, ctx.db, { perms, dataScope: '4', deptId: a });
    expectScope(await seen(viewer.headers), [inA.userId, inA1.userId, viewer.userId], [inB.userId, adminId]);
  });

  it("'5' sees only its own account, and another's answers 404", async () => {
    const viewer = await operatorWith(ctx.app, ctx.db, { perms, dataScope: '5', deptId: a });
    expect([...(await seen(viewer.headers))]).toEqual([viewer.userId]);
    expect((await call('GET', `/api/system/user/${inA.userId}`, undefined, viewer.headers)).statusCode).toBe(
      404,
    );
  });

  it('with several roles the widest wins', async () => {
    const viewer = await operatorWith(ctx.app, ctx.db, { perms, dataScope: '5', deptId: a });
    const wider = await roleWith(ctx.db, { perms: [], dataScope: '4' });
    await ctx.db.insert(userRoles).values({ userId: viewer.userId, roleId: wider.id });
    expectScope(await seen(viewer.headers), [inA.userId, inA1.userId, viewer.userId], [inB.userId, adminId]);
  });
});

describe('creating and editing operators', () => {
  it('needs an Idempotency-Key, the password rule and a free e-mail', async () => {
    const body = newOperator();
    const noKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/system/user',
      headers: admin,
      payload: body,
    });
    expect(noKey.statusCode).toBe(400);
    const weak = await call('POST', '/api/system/user', { ...body, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fields[0]).toMatchObject({ field: 'body.password' });
    const common = await call('POST', '/api/system/user', { ...body, password: 'Password123!' });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe(400);
    const made = await call('POST', '/api/system/user', body);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({
      email: body.email,
      deptName: 'Cloudbay',
      customer: false,
      roles: [],
    });
    const taken = await call('POST', '/api/system/user', body);
    expect(taken.statusCode).toBe(409);
    // The new operator signs in with the password given.
    expect((await logIn(ctx.app, ctx.db, body.email, body.password)).statusCode).toBe(200);
  });

  it('edits fields, posts and roles; only an admin grants the admin role', async () => {
    const user = await createOperator();
    const detail = (await call('GET', `/api/system/user/${user.userId}`)).json().data;
    const post = detail.posts[0].postId;
    const staffRole = await roleWith(ctx.db, { perms: [] });
    const edited = await call('PUT', '/api/system/user', {
      userId: user.userId,
      email: user.email,
      nickname: 'Renamed op',
      deptId: rootDeptId,
      postIds: [post],
      roleIds: [staffRole.id],
      remark: 'night shift',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await call('GET', `/api/system/user/${user.userId}`)).json().data;
    expect(after).toMatchObject({
      postIds: [post],
      roleIds: [staffRole.id],
      user: { nickname: 'Renamed op', remark: 'night shift' },
    });
    // An operator who may edit users but is no admin cannot hand out the admin role.
    const editor = await operatorWith(ctx.app, ctx.db, { perms: ['system:user:edit', 'system:user:query'] });
    const [adminRole] = await ctx.db.select().from(roles).where(eq(roles.key, 'admin'));
    const offered = (
      await call('GET', `/api/system/user/authRole/${user.userId}`, undefined, editor.headers)
    ).json().data;
    expect(offered.roles.map((r: { roleKey: string }) => r.roleKey)).not.toContain('admin');
    expect(offered.roles.find((r: { roleId: number }) => r.roleId === staffRole.id).flag).toBe(true);
    const grant = await call(
      'PUT',
      '/api/system/user/authRole',
      { userId: user.userId, roleIds: [adminRole!.id] },
      editor.headers,
    );
    expect(grant.statusCode).toBe(403);
    const byAdmin = await call('PUT', '/api/system/user/authRole', {
      userId: user.userId,
      roleIds: [adminRole!.id],
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.roles.find((r: { roleKey: string }) => r.roleKey === 'admin').flag).toBe(true);
  });
});

describe('status, passwords and deletion', () => {
  it('disabling an account kills its token at once; enabling lets it sign in again', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    expect((await call('GET', '/api/getInfo', undefined, customer.headers)).statusCode).toBe(200);
    const off = await call('PUT', '/api/system/user/changeStatus', { userId: customer.userId, status: '1' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.status).toBe('1');
    expect((await call('GET', '/api/getInfo', undefined, customer.headers)).statusCode).toBe(401);
    expect((await logIn(ctx.app, ctx.db, customer.email)).statusCode).not.toBe(200);
    await call('PUT', '/api/system/user/changeStatus', { userId: customer.userId, status: '0' });
    expect((await logIn(ctx.app, ctx.db, customer.email)).statusCode).toBe(200);
    // The old token stays dead.
    expect((await call('GET', '/api/getInfo', undefined, customer.headers)).statusCode).toBe(401);
  });

  it('refuses to disable oneself or the built-in admin', async () => {
    const self = await call('PUT', '/api/system/user/changeStatus', { userId: adminId, status: '1' });
    expect(self.statusCode).toBe(422);
    const other = await operatorWith(ctx.app, ctx.db, { perms: ['system:user:edit'] });
    const builtin = await call(
      'PUT',
      '/api/system/user/changeStatus',
      { userId: adminId, status: '1' },
      other.headers,
    );
    expect(builtin.statusCode).toBe(422);
    expect(builtin.json().msg).toBe('The built-in administrator cannot be changed this way');
  });

  it('resets a password by the rule and ends the account’s sessions', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const weak = await call('PUT', '/api/system/user/resetPwd', {
      userId: customer.userId,
      password: 'alllowercase',
    });
    expect(weak.statusCode).toBe(400);
    const res = await call('PUT', '/api/system/user/resetPwd', {
      userId: customer.userId,
      password: 'Green-Valley-58',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/getInfo', undefined, customer.headers)).statusCode).toBe(401);
    expect((await logIn(ctx.app, ctx.db, customer.email, PASSWORD)).statusCode).not.toBe(200);
    expect((await logIn(ctx.app, ctx.db, customer.email, 'Green-Valley-58')).statusCode).toBe(200);
  });

  it('deletes operators, never oneself, the built-in admin or a customer', async () => {
    const other = await operatorWith(ctx.app, ctx.db, { perms: ['system:user:remove'] });
    expect((await call('DELETE', `/api/system/user/${adminId}`)).statusCode).toBe(422);
    const builtin = await call('DELETE', `/api/system/user/${adminId}`, undefined, other.headers);
    expect(builtin.json().msg).toBe('The built-in administrator cannot be changed this way');
    const customer = await loggedInUser(ctx.app, ctx.db);
    const refused = await call('DELETE', `/api/system/user/${customer.userId}`);
    expect(refused.statusCode).toBe(409);
    const doomed = await createOperator();
    const done = await call('DELETE', `/api/system/user/${doomed.userId}`);
    expect(done.json().data).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/system/user/${doomed.userId}`)).statusCode).toBe(404);
  });

  it('answers 403 to an operator lacking each permission', async () => {
    const viewer = await operatorWith(ctx.app, ctx.db, { perms: ['system:user:list'] });
    expect((await call('GET', '/api/system/user/list', undefined, viewer.headers)).statusCode).toBe(200);
    const denied: Array<[Method, string, object?]> = [
      ['POST', '/api/system/user', newOperator()],
      ['PUT', '/api/system/user/changeStatus', { userId: adminId, status: '0' }],
      ['PUT', '/api/system/user/resetPwd', { userId: adminId, password: 'Green-Valley-58' }],
      ['DELETE', `/api/system/user/${viewer.userId}`],
      ['GET', `/api/system/user/${viewer.userId}`],
      ['POST', '/api/system/user/importTemplate'],
    ];
    for (const [method, url, body] of denied) {
      expect((await call(method, url, body, viewer.headers)).statusCode, url).toBe(403);
    }
    expect((await postForm(ctx.app, '/api/system/user/export', {}, viewer.headers)).statusCode).toBe(403);
  });
});

async function sheetRows(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  // row.values is sparse (an empty cell is a hole), so Array.from, not map.
  workbook.worksheets[0]!.eachRow((row) =>
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? ''))),
  );
  return rows;
}

describe('export and import', () => {
  it('exports the filtered accounts with their columns as XLSX and CSV', async () => {
    const user = await createOperator({ nickname: 'Exported op' });
    const xlsx = await postForm(ctx.app, '/api/system/user/export', { email: user.email }, admin);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['download-filename']).toMatch(/^users-\d{8}\.xlsx$/);
    const rows = await sheetRows(xlsx.rawPayload);
    expect(rows[0]).toEqual([
      'User ID',
      'E-mail',
      'Nickname',
      'Department',
      'Roles',
      'Status',
      'Last login',
      'Created',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      [String(user.userId), user.email, 'Exported op', 'Cloudbay', '', 'Enabled'],
    ]);
    const csv = await postForm(
      ctx.app,
      '/api/system/user/export',
      { email: user.email, format: 'csv' },
      { ...admin, 'accept-language': 'zh-CN' },
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('用户编号,邮箱,昵称,部门,角色,状态,最后登录,创建时间');
    expect(lines[1]).toContain(`${user.userId},${user.email},Exported op,Cloudbay,,正常`);
  });

  async function importFile(rows: string[][], updateSupport = false, headers = admin) {
    const template = await call('POST', '/api/system/user/importTemplate');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    for (const row of rows) sheet.addRow(row);
    const body = multipartFile('users.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return call(
      'POST',
      `/api/system/user/importData?updateSupport=${updateSupport}`,
      { file: uploaded.json().fileName },
      headers,
    );
  }

  it('the template names the columns in the caller’s language', async () => {
    const res = await call('POST', '/api/system/user/importTemplate', undefined, {
      ...admin,
      'accept-language': 'zh-CN',
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await sheetRows(res.rawPayload))[0]).toEqual([
      '邮箱*',
      '昵称*',
      '部门编号',
      '密码（新用户必填）',
      '状态（0正常 1停用）',
      '备注',
    ]);
  });

  it('reports every bad row with its field and imports nothing', async () => {
    const good = uniqueEmail('import');
    const res = await importFile([
      [good, 'Good importer', String(rootDeptId), 'Blue-Harbor-73', '0', ''],
      ['not-an-email', 'Bad mail', '', 'Blue-Harbor-73', '', ''],
      [uniqueEmail('import'), 'ab', '999999', 'short', '7', ''],
      [good, 'Twice', '', 'Blue-Harbor-73', '', ''],
      [DEMO_ADMIN.email, 'Existing', '', '', '', ''],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { created, updated, errors } = res.json().data;
    expect({ created, updated }).toEqual({ created: 0, updated: 0 });
    expect(errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:email',
      '4:nickname',
      '4:deptId',
      '4:status',
      '4:password',
      '5:email',
      '6:email',
    ]);
    expect(errors.find((e: { row: number }) => e.row === 5).message).toBe(
      'Row 2 of the file has the same e-mail',
    );
    expect(errors.find((e: { row: number }) => e.row === 3).message).toBe(
      'Please enter a valid e-mail address',
    );
    expect(await ctx.db.select().from(users).where(eq(users.email, good))).toEqual([]);
  });

  it('imports valid rows, and with updateSupport updates existing accounts', async () => {
    const email = uniqueEmail('import');
    const first = await importFile([
      [email, 'Imported op', String(rootDeptId), 'Blue-Harbor-73', '0', 'from xlsx'],
    ]);
    expect(first.json().data).toEqual({ created: 1, updated: 0, errors: [] });
    expect((await logIn(ctx.app, ctx.db, email, 'Blue-Harbor-73')).statusCode).toBe(200);
    const again = await importFile([[email, 'Updated op', '', '', '1', '']]);
    expect(again.json().data.errors).toEqual([
      expect.objectContaining({ row: 2, field: 'email', message: expect.stringContaining('exists already') }),
    ]);
    const updated = await importFile([[email, 'Updated op', '', '', '1', '']], true);
    expect(updated.json().data).toEqual({ created: 0, updated: 1, errors: [] });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ nickname: 'Updated op', status: 'disabled', deptId: null });
  });

  it('refuses a file that is not a workbook', async () => {
    const body = multipartFile(
      'users.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]),
    );
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
    if (uploaded.statusCode !== 200) return expect(uploaded.statusCode).toBe(400);
    const res = await call('POST', '/api/system/user/importData', { file: uploaded.json().fileName });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('not a valid Excel');
  });
});
