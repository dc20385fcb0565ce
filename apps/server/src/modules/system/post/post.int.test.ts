import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { postForm } from '../../../../test/csv-export';
import { createTestApp } from '../../../../test/context';
import { demoOperatorHeaders, operatorWith } from '../../../../test/operators';
import { userPosts } from '../../../db/schema';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
  ctx.app.inject({ method, url, headers, payload });

describe('/api/system/post', () => {
  it('lists the seeded posts paged and filtered', async () => {
    const res = await call('GET', '/api/system/post/list?limit=10');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ page: 1, limit: 10 });
    expect(page.list.map((p: { postCode: string }) => p.postCode)).toEqual([
      'ceo',
      'manager',
      'staff',
      'support',
    ]);
    const filtered = (await call('GET', '/api/system/post/list?postName=manag')).json().data;
    expect(filtered.list.map((p: { postCode: string }) => p.postCode)).toEqual(['manager']);
  });

  it('keeps codes and names unique (409 naming the field), on add and on edit', async () => {
    const added = await call('POST', '/api/system/post', { postCode: 'cto', postName: 'CTO', postSort: 5 });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.postId;
    const sameCode = await call('POST', '/api/system/post', { postCode: 'cto', postName: 'Other' });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().msg).toBe('The post code "cto" is taken');
    const sameName = await call('PUT', '/api/system/post', { postId: id, postCode: 'cto', postName: 'CEO' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().msg).toBe('The post name "CEO" is taken');
    const edited = await call('PUT', '/api/system/post', {
      postId: id,
      postCode: 'cto',
      postName: 'Chief technologist',
      status: '1',
    });
    expect(edited.json().data).toMatchObject({ postName: 'Chief technologist', status: '1' });
    expect((await call('GET', `/api/system/post/${id}`)).json().data.postName).toBe('Chief technologist');
  });

  it('refuses to delete a post an account holds (409) and deletes free ones', async () => {
    const held = (await call('POST', '/api/system/post', { postCode: 'held', postName: 'Held post' })).json()
      .data;
    const free = (await call('POST', '/api/system/post', { postCode: 'free', postName: 'Free post' })).json()
      .data;
    const holder = await loggedInUser(ctx.app, ctx.db);
    await ctx.db.insert(userPosts).values({ userId: holder.userId, postId: held.postId });
    const refused = await call('DELETE', `/api/system/post/${free.postId},${held.postId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('The post "Held post" is held by users and cannot be deleted');
    // Refused whole: the free one is still there.
    expect((await call('GET', `/api/system/post/${free.postId}`)).statusCode).toBe(200);
    await ctx.db.delete(userPosts).where(eq(userPosts.postId, held.postId));
    const deleted = await call('DELETE', `/api/system/post/${free.postId},${held.postId}`);
    expect(deleted.json().data).toEqual({ deleted: 2 });
  });

  it('exports the filtered posts as XLSX and CSV with translated titles', async () => {
    const xlsx = await postForm(ctx.app, '/api/system/post/export', { postCode: 'ceo' }, admin);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['download-filename']).toMatch(/^posts-\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1, 4)).toEqual(['Post ID', 'Post code', 'Post name']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['ceo']);
    const csv = await postForm(
      ctx.app,
      '/api/system/post/export',
      { format: 'csv' },
      { ...admin, 'accept-language': 'zh-CN' },
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      '岗位编号,岗位编码,岗位名称,显示顺序,状态,备注,创建时间',
    );
  });

  it('answers 403 without the permission', async () => {
    const viewer = await operatorWith(ctx.app, ctx.db, { perms: ['system:post:list'] });
    expect((await call('GET', '/api/system/post/list', undefined, viewer.headers)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/system/post', { postCode: 'x', postName: 'X' }, viewer.headers)).statusCode,
    ).toBe(403);
    expect((await postForm(ctx.app, '/api/system/post/export', {}, viewer.headers)).statusCode).toBe(403);
  });
});
