import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, logIn, loggedInUser, mailedCode, resetForgottenPassword } from '../../../test/accounts';
import { createTestApp } from '../../../test/context';
import { withIdempotencyKey } from '../../../test/idempotency';
import { operatorWith } from '../../../test/operators';
import { DEMO_ADMIN } from '../identity/reference-data';
import { notify } from './service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  // The template database holds the demo operator (tests run outside production).
  const res = await logIn(ctx.app, ctx.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  admin = { authorization: `Bearer ${res.json().data.access_token}` };
});
afterAll(() => ctx.close());

const EN = { 'accept-language': 'en-US' };
type Headers = Record<string, string>;

const get = (url: string, headers: Headers, query?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url, headers, query });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers: withIdempotencyKey(method, headers), payload });

async function noticesOf(headers: Headers, query: Record<string, string> = {}) {
  const res = await get('/api/user/user_notice', headers, query);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    list: Array<{ notice_id: number; kind: string; title: string; content: string; is_read: number }>;
    total: number;
    page: number;
    limit: number;
    no_read_count: number;
  };
}

const announcement = (overrides: Record<string, string> = {}) => ({
  title_zh: '系统维护通知',
  title_en: 'Scheduled maintenance',
  content_zh: '<p>本周六凌晨维护</p>',
  content_en: '<p>Maintenance on Saturday night</p>',
  ...overrides,
});

describe('notifications to one customer', () => {
  it('sign-up leaves a welcome notice, in the language asked for', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const zh = await noticesOf(user.headers);
    expect(zh).toMatchObject({ total: 1, no_read_count: 1 });
    expect(zh.list[0]).toMatchObject({ kind: 'account', title: '欢迎加入 Cloudbay', is_read: 0 });
    expect(zh.list[0]!.content).toContain('Tester');
    const en = await noticesOf({ ...user.headers, ...EN });
    expect(en.list[0]!.title).toBe('Welcome to Cloudbay');
  });

  it('pages newest first, filters by read state and counts the unread', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    for (let i = 0; i < 24; i += 1) await notify(ctx.db, user.userId, 'password_changed', {});
    const first = await noticesOf(user.headers, { page: '1', limit: '10' });
    expect(first).toMatchObject({ total: 25, page: 1, limit: 10, no_read_count: 25 });
    expect(first.list).toHaveLength(10);
    const ids = first.list.map((n) => n.notice_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const last = await noticesOf(user.headers, { page: '3', limit: '10' });
    expect(last.list).toHaveLength(5);
    // The oldest is the welcome notice.
    expect(last.list[4]!.title).toBe('欢迎加入 Cloudbay');

    for (const id of ids.slice(0, 3)) {
      expect((await send('PUT', `/api/user/user_notice/${id}`, user.headers)).statusCode).toBe(200);
    }
    const read = await noticesOf(user.headers, { is_read: '1' });
    expect(read).toMatchObject({ total: 3, no_read_count: 22 });
    expect(read.list.every((n) => n.is_read === 1)).toBe(true);
    expect((await noticesOf(user.headers, { is_read: '0' })).total).toBe(22);
    expect((await get('/api/user/user_notice', user.headers, { limit: '15' })).statusCode).toBe(400);
  });

  it('marks one, then all, read; repeating is harmless', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    await notify(ctx.db, user.userId, 'password_changed', {});
    const [newest] = (await noticesOf(user.headers)).list;
    const once = await send('PUT', `/api/user/user_notice/${newest!.notice_id}`, user.headers);
    expect(once.json().data).toEqual({ no_read_count: 1 });
    const twice = await send('PUT', `/api/user/user_notice/${newest!.notice_id}`, user.headers);
    expect(twice.json().data).toEqual({ no_read_count: 1 });
    const all = await send('PUT', '/api/user/user_notice/all', user.headers);
    expect(all.json().data).toEqual({ no_read_count: 0 });
    expect((await send('PUT', '/api/user/user_notice/all', user.headers)).json().data).toEqual({
      no_read_count: 0,
    });
    expect((await noticesOf(user.headers)).list.every((n) => n.is_read === 1)).toBe(true);
  });

  it("another user's notice answers 404 and stays unread", async () => {
    const owner = await loggedInUser(ctx.app, ctx.db);
    const other = await loggedInUser(ctx.app, ctx.db);
    const [notice] = (await noticesOf(owner.headers)).list;
    for (const id of [notice!.notice_id, 999_999_999]) {
      const res = await send('PUT', `/api/user/user_notice/${id}`, { ...other.headers, ...EN });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: 'The notice does not exist' });
    }
    expect((await noticesOf(owner.headers)).no_read_count).toBe(1);
    expect((await get('/api/user/user_notice', {})).statusCode).toBe(401);
  });

  it('a password change and a reset each leave a notice', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    await get('/api/user/edit_password/validate_code', user.headers);
    const changed = await send('PUT', '/api/user/password', user.headers, {
      password: 'Brand-New-Pass-1',
      email_code: await mailedCode(ctx.db, user.email),
    });
    expect(changed.statusCode).toBe(200);
    const afterChange = await noticesOf({ ...user.headers, ...EN });
    expect(afterChange.list[0]).toMatchObject({ kind: 'account', title: 'Your password was changed' });
    expect(afterChange.total).toBe(2);

    const reset = await resetForgottenPassword(ctx.app, ctx.db, user.email, PASSWORD);
    expect(reset.statusCode).toBe(200);
    const login = await logIn(ctx.app, ctx.db, user.email);
    const headers = { authorization: `Bearer ${login.json().data.access_token}` };
    const afterReset = await noticesOf(headers);
    expect(afterReset).toMatchObject({ total: 3, no_read_count: 3 });
    expect(afterReset.list[0]!.title).toBe('登录密码已修改');
  });
});

describe('announcements', () => {
  it('shows published announcements until they are read', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const published = (await send('POST', '/api/system/notice', admin, announcement())).json().data;
    const closed = (
      await send('POST', '/api/system/notice', admin, announcement({ title_en: 'Draft', status: '1' }))
    ).json().data;

    const shown = await get('/api/user/sys_notice', { ...user.headers, ...EN });
    expect(shown.statusCode).toBe(200);
    const list = shown.json().data as Array<{ id: number; title: string; content: string }>;
    expect(list.map((n) => n.id)).toContain(published.id);
    expect(list.map((n) => n.id)).not.toContain(closed.id);
    expect(list.find((n) => n.id === published.id)).toMatchObject({
      title: 'Scheduled maintenance',
      content: '<p>Maintenance on Saturday night</p>',
    });

    // Only published, existing ids count; reading again answers the same.
    const ids = [published.id, closed.id, 999_999_999];
    const read = await send('POST', '/api/user/sys_notice/read', user.headers, { ids });
    expect(read.json().data).toEqual({ read: 1 });
    expect((await send('POST', '/api/user/sys_notice/read', user.headers, { ids })).json().data).toEqual({
      read: 1,
    });
    const after = (await get('/api/user/sys_notice', user.headers)).json().data as Array<{ id: number }>;
    expect(after.map((n) => n.id)).not.toContain(published.id);
    // Another customer still sees it.
    const other = await loggedInUser(ctx.app, ctx.db);
    const theirs = (await get('/api/user/sys_notice', other.headers)).json().data as Array<{ id: number }>;
    expect(theirs.map((n) => n.id)).toContain(published.id);
  });

  it('refuses a customer every operator action (403)', async () => {
    const user = await loggedInUser(ctx.app, ctx.db);
    const calls = [
      get('/api/system/notice/list', user.headers),
      get('/api/system/notice/1', user.headers),
      send('POST', '/api/system/notice', user.headers, announcement()),
      send('PUT', '/api/system/notice/1', user.headers, announcement()),
      send('DELETE', '/api/system/notice/1', user.headers),
      send('POST', '/api/system/user_notice', user.headers, announcement()),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
  });

  it('lets an operator list, read, edit and delete announcements', async () => {
    const created = await send(
      'POST',
      '/api/system/notice',
      admin,
      announcement({ title_en: 'Price update' }),
    );
    expect(created.statusCode).toBe(200);
    const notice = created.json().data;
    expect(notice).toMatchObject({ title_zh: '系统维护通知', title_en: 'Price update', status: '0' });

    const found = await get('/api/system/notice/list', admin, { title: 'price upd', limit: '10' });
    expect(found.json().data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(found.json().data.list[0].id).toBe(notice.id);
    const wildcard = await get('/api/system/notice/list', admin, { title: '%' });
    expect(wildcard.json().data.total).toBe(0);

    const edited = await send(
      'PUT',
      `/api/system/notice/${notice.id}`,
      admin,
      announcement({ title_en: 'Price update (revised)', status: '1' }),
    );
    expect(edited.json().data).toMatchObject({ title_en: 'Price update (revised)', status: '1' });
    expect((await get(`/api/system/notice/${notice.id}`, admin)).json().data.status).toBe('1');
    const closedOnly = await get('/api/system/notice/list', admin, { status: '1' });
    expect(closedOnly.json().data.list.every((n: { status: string }) => n.status === '1')).toBe(true);

    const second = (await send('POST', '/api/system/notice', admin, announcement())).json().data;
    const removed = await send('DELETE', `/api/system/notice/${notice.id},${second.id},999999999`, admin);
    expect(removed.json().data).toEqual({ deleted: 2 });
    expect((await get(`/api/system/notice/${notice.id}`, admin)).statusCode).toBe(404);
    expect((await send('PUT', `/api/system/notice/${notice.id}`, admin, announcement())).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', '/api/system/notice/1;2', admin)).statusCode).toBe(400);
  });

  it('cleans announcement HTML: no scripts, no event handlers, no unsafe links', async () => {
    const res = await send(
      'POST',
      '/api/system/notice',
      admin,
      announcement({
        content_zh:
          '<p class="ql-align-center" onclick="steal()">你好<script>alert(1)</script></p>' +
          '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">点我</a>',
        content_en:
          '<p style="color: #e60000; position: fixed">Hi</p><a href="https://cloudbay.example">docs</a>',
      }),
    );
    const { content_zh, content_en } = res.json().data;
    expect(content_zh).toBe('<p class="ql-align-center">你好</p>点我');
    expect(content_en).toBe(
      '<p style="color:#e60000">Hi</p><a href="https://cloudbay.example" rel="noopener noreferrer" target="_blank">docs</a>',
    );
  });
});

describe('operator notices to customers', () => {
  const message = {
    title_zh: '账户安全提醒',
    title_en: 'Account security reminder',
    content_zh: '请开启邮箱验证。',
    content_en: 'Please keep your e-mail address up to date.',
  };

  it('sends to one customer only', async () => {
    const target = await loggedInUser(ctx.app, ctx.db);
    const bystander = await loggedInUser(ctx.app, ctx.db);
    const res = await send('POST', '/api/system/user_notice', admin, { ...message, user_id: target.userId });
    expect(res.json().data).toEqual({ sent: 1 });
    const theirs = await noticesOf({ ...target.headers, ...EN });
    expect(theirs.list[0]).toMatchObject({ kind: 'operator', title: 'Account security reminder' });
    expect((await noticesOf(bystander.headers)).total).toBe(1);
    const unknown = await send('POST', '/api/system/user_notice', admin, {
      ...message,
      user_id: 999_999_999,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('sends to every customer at once, not to operators', async () => {
    const customers = [await loggedInUser(ctx.app, ctx.db), await loggedInUser(ctx.app, ctx.db)];
    const { rows } = await ctx.database.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM users u JOIN user_roles ur ON ur.user_id = u.id
       JOIN roles r ON r.id = ur.role_id WHERE r.key = 'ROLE_DEFAULT'`,
    );
    const res = await send('POST', '/api/system/user_notice', admin, message);
    expect(res.json().data).toEqual({ sent: Number(rows[0]!.n) });
    for (const customer of customers) {
      expect((await noticesOf(customer.headers)).list[0]!.title).toBe('账户安全提醒');
    }
    expect((await noticesOf(admin)).total).toBe(0);
  });
});

describe('announcement readers and kinds (operators)', () => {
  it('lists who has read an announcement after a customer reads it, and counts them on the list', async () => {
    const notice = (
      await send(
        'POST',
        '/api/system/notice',
        admin,
        announcement({ title_en: 'Readers check', notice_type: '1' }),
      )
    ).json().data;
    expect(notice).toMatchObject({ notice_type: '1', author: DEMO_ADMIN.email, read_count: 0 });
    const readers = () => get(`/api/system/notice/${notice.id}/readers`, admin, { limit: '10' });
    expect((await readers()).json().data).toEqual({ list: [], total: 0, page: 1, limit: 10 });

    const first = await loggedInUser(ctx.app, ctx.db);
    const second = await loggedInUser(ctx.app, ctx.db);
    await send('POST', '/api/user/sys_notice/read', first.headers, { ids: [notice.id] });
    await send('POST', '/api/user/sys_notice/read', second.headers, { ids: [notice.id] });
    const page = (await readers()).json().data;
    expect(page.total).toBe(2);
    expect(page.list.map((r: { email: string }) => r.email).sort()).toEqual(
      [first.email, second.email].sort(),
    );
    expect(page.list[0]).toMatchObject({ user_id: expect.any(Number), read_at: expect.any(String) });

    const listed = await get('/api/system/notice/list', admin, { title: 'Readers check' });
    expect(listed.json().data.list[0]).toMatchObject({ id: notice.id, read_count: 2 });
    expect((await get('/api/system/notice/999999/readers', admin)).statusCode).toBe(404);
  });

  it('filters by type and author', async () => {
    await send(
      'POST',
      '/api/system/notice',
      admin,
      announcement({ title_en: 'Kind filter', notice_type: '2' }),
    );
    const announcements = await get('/api/system/notice/list', admin, {
      title: 'Kind filter',
      notice_type: '2',
    });
    expect(announcements.json().data.total).toBe(1);
    const notices = await get('/api/system/notice/list', admin, { title: 'Kind filter', notice_type: '1' });
    expect(notices.json().data.total).toBe(0);
    const byAuthor = await get('/api/system/notice/list', admin, {
      title: 'Kind filter',
      author: 'admin@cloud',
    });
    expect(byAuthor.json().data.total).toBe(1);
    const nobody = await get('/api/system/notice/list', admin, { title: 'Kind filter', author: 'nobody' });
    expect(nobody.json().data.total).toBe(0);
  });

  it('answers 403 for the readers to an operator without system:notice:query', async () => {
    const viewer = (await operatorWith(ctx.app, ctx.db, { perms: ['system:notice:list'] })).headers;
    expect((await get('/api/system/notice/list', viewer)).statusCode).toBe(200);
    expect((await get('/api/system/notice/1/readers', viewer)).statusCode).toBe(403);
    const user = await loggedInUser(ctx.app, ctx.db);
    expect((await get('/api/system/notice/1/readers', user.headers)).statusCode).toBe(403);
  });
});
