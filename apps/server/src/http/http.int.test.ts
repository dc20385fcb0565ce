import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../test/context';
import { AppError } from '../lib/errors';
import { ok } from '../lib/reply';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudbay-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'auth.html'), '<!doctype html><div id="root" data-entry="auth"></div>');
  const script = 'console.log("cloudbay");'.repeat(100);
  fs.writeFileSync(path.join(webDist, 'assets/app-abc123.js'), script);
  fs.writeFileSync(path.join(webDist, 'assets/app-abc123.js.gz'), gzipSync(script));
  // The build's manifest names source files: the build needs it, the public does not.
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, '.vite/manifest.json'), '{"src/main.tsx":{}}');

  ctx = await createTestApp({ webDist });
  // Routes that exercise the shared machinery; real modules add theirs the same way.
  ctx.app.post(
    '/api/test/echo',
    {
      config: { public: true },
      schema: { body: z.object({ email: z.email(), nickname: z.string().min(4) }) },
    },
    async (request) => ok(request.body),
  );
  ctx.app.get('/api/test/conflict', { config: { public: true } }, async () => {
    throw new AppError('conflict', 'NOT_FOUND');
  });
  ctx.app.get('/api/test/warning', { config: { public: true } }, async () => {
    throw new AppError('warning', 'TOO_MANY_REQUESTS');
  });
  ctx.app.get('/api/test/crash', { config: { public: true } }, async () => {
    throw new Error('connection string postgres://secret@db leaked?');
  });
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the envelope and errors', () => {
  it('answers unknown /api routes with a 404 envelope in the caller language', async () => {
    const zh = await ctx.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ code: 404, msg: '接口不存在：GET /api/nope', success: false, data: null });

    const en = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/nope',
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.json().msg).toBe('No such endpoint: DELETE /api/nope');
  });

  it('names the invalid fields, translated', async () => {
    const en = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'en-US' },
      payload: { email: 'not-an-email', nickname: 'ab' },
    });
    expect(en.statusCode).toBe(400);
    const body = en.json();
    expect(body.code).toBe(400);
    expect(body.success).toBe(false);
    expect(body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'body.email',
      'body.nickname',
    ]);
    expect(body.msg).toMatch(/^Invalid request: .*body\.email/);

    const zh = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'zh-cn' },
      payload: { email: 'a@b.co', nickname: 'ab' },
    });
    expect(zh.json().msg).toMatch(/^请求参数有误：body\.nickname: .*[\u4e00-\u9fff]/);
  });

  it('accepts a valid body and echoes it in the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.co', nickname: 'abcd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      msg: '',
      success: true,
      data: { email: 'a@b.co', nickname: 'abcd' },
    });
  });

  it('refuses malformed JSON with a 400 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('refuses bodies over 5 MB with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: JSON.stringify({ email: 'a@b.co', nickname: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 413,
      success: false,
      msg: 'The submitted data exceeds the 5 MB limit',
    });
  });

  it('maps AppError kinds to their status, and warnings to code 601 over HTTP 200', async () => {
    const conflict = await ctx.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe(409);
    expect(conflict.json().data).toEqual({ error_code: 'NOT_FOUND' });

    const warning = await ctx.app.inject({ method: 'GET', url: '/api/test/warning' });
    expect(warning.statusCode).toBe(200);
    expect(warning.json()).toMatchObject({
      code: 601,
      success: false,
      msg: '操作过于频繁，请稍后再试',
      data: { error_code: 'TOO_MANY_REQUESTS' },
    });
  });

  it('never leaks internals in a 500, and gives the request id instead', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/crash',
      headers: { 'x-request-id': 'req-42' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(body.data).toEqual({ request_id: 'req-42' });
    expect(body.msg).toContain('req-42');
  });
});

describe('request ids and headers', () => {
  it('returns a generated request id, or the caller’s', async () => {
    const generated = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await ctx.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': 'abc' },
    });
    expect(given.headers['x-request-id']).toBe('abc');
  });

  it('sends helmet headers with a CSP the web app runs under', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/index' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the web app', () => {
  it('serves index.html for client routes, uncached', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/cloud/buy?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves auth.html for the sign-in pages and index.html for the console routes', async () => {
    const page = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      return res.body.includes('data-entry="auth"') ? 'auth' : 'index';
    };
    for (const url of ['/login', '/login/', '/register?invite=x', '/forget', '/login?redirect=/index']) {
      expect(await page(url), url).toBe('auth');
    }
    for (const url of ['/index', '/cloud/list', '/loginx', '/login/more', '/']) {
      expect(await page(url), url).toBe('index');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/register/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('serves hashed assets immutable, precompressed when the client accepts gzip', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file with 404, not the page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('keeps the build manifest and other dot-paths private', async () => {
    for (const url of ['/.vite/manifest.json', '/assets/../.vite/manifest.json', '/.vite/manifest.json.gz']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('src/main.tsx');
    }
  });

  it('does not answer API misses or non-GET requests with the page', async () => {
    const post = await ctx.app.inject({ method: 'POST', url: '/cloud/buy' });
    expect(post.statusCode).toBe(404);
    expect(post.json().success).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their zod schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/healthz', '/api/readyz', '/api/config/{key}']),
    );
  });

  it('serves the documentation page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('lets the console frame the documentation (its inner link), and no other site', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });
});
