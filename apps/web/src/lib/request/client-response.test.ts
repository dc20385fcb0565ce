/**
 * The request client against real fetch `Response` objects (client.test.ts answers through the
 * lighter mock of test/mock-adapter.ts): bodies parsed from the wire, as the sign-in pages get them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS } from '@cloudbay/contracts/core';
import { bindFakeFeedback } from '../../test/fake-feedback';
import { i18n } from '../i18n';
import { getToken, setToken } from '../storage';
import { createApiClient } from './client';
import { rejection } from '../../test/rejection';

/** A recorded call of the fake fetch. */
interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;

const ok = (data: unknown = null) => ({ code: 200, msg: 'ok', success: true, data });

function clientAnswering(answer: (call: Call) => Answer | Promise<Answer> = () => ({ body: ok() })) {
  const calls: Call[] = [];
  const fake = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const call: Call = {
      url: String(url),
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body,
      signal: init.signal as AbortSignal,
    };
    calls.push(call);
    const result = await answer(call);
    if (result instanceof Error) throw result;
    const text = typeof result.body === 'string' ? result.body : JSON.stringify(result.body ?? '');
    return new Response(result.body === undefined ? '' : text, {
      status: result.status ?? 200,
      headers: result.headers,
    });
  });
  return { client: createApiClient({ fetch: fake }), calls };
}

let ui: ReturnType<typeof bindFakeFeedback>;

beforeEach(() => {
  ui = bindFakeFeedback();
});

afterEach(async () => {
  ui.unbind();
  vi.useRealTimers();
  await i18n.changeLanguage('zh-CN');
});

describe('the client over fetch Responses: requests', () => {
  it('calls under /api with the query serialised, accept-language and no token when auth is false', async () => {
    setToken('tok');
    const { client, calls } = clientAnswering();
    await client.get('/user/signup/validate_code', { email: 'a@b.co', code: '', uuid: 'u' }, { auth: false });
    expect(calls[0]).toMatchObject({
      url: '/api/user/signup/validate_code?email=a%40b.co&uuid=u',
      method: 'GET',
    });
    expect(calls[0]?.headers['accept-language']).toBe('zh-cn');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('sends the stored token when asked, and a JSON body', async () => {
    setToken('tok');
    const { client, calls } = clientAnswering();
    await client.post('/user/login', { email: 'a@b.co' }, { repeatSubmit: false });
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.body).toBe('{"email":"a@b.co"}');
  });

  it('resolves with the envelope when its code is 200', async () => {
    const { client } = clientAnswering(() => ({ body: ok({ uuid: 'x' }) }));
    await expect(client.get('/image_validate_code')).resolves.toMatchObject({ data: { uuid: 'x' } });
  });
});

describe('the client over fetch Responses: duplicate-submission guard', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('refuses the same body to the same URL within 1 s without calling the server', async () => {
    const { client, calls } = clientAnswering();
    await client.post('/user/signup', { a: 1 });
    const error = await rejection(client.post('/user/signup', { a: 1 }));
    expect(error).toMatchObject({ kind: 'duplicate', message: '数据正在处理，请勿重复提交' });
    expect(ui.toast).toHaveBeenCalledWith('warning', '数据正在处理，请勿重复提交');
    expect(calls).toHaveLength(1);
  });

  it('refuses another body to the same URL as too frequent, and guards PUT too', async () => {
    const { client } = clientAnswering();
    await client.put('/user/no_auth/password', { a: 1 });
    const error = await rejection(client.put('/user/no_auth/password', { a: 2 }));
    expect(error.kind).toBe('duplicate');
    expect(ui.toast).toHaveBeenCalledWith('warning', '操作过于频繁，请稍后再试');
  });

  it('never guards GET', async () => {
    const { client, calls } = clientAnswering();
    await client.get('/image_validate_code');
    await client.get('/image_validate_code');
    expect(calls).toHaveLength(2);
  });
});

describe('the client over fetch Responses: answers', () => {
  it.each([
    [{ code: 500, msg: 'boom', success: false, data: null }, 'toast', 'error'],
    [{ code: 601, msg: 'careful', success: false, data: null }, 'toast', 'warning'],
    [{ code: 400, msg: 'bad', success: false, data: null }, 'notify', 'error'],
    [{ code: 200, msg: 'refused', success: false, data: null }, 'toast', 'error'],
  ] as const)('judges %o by spec §8', async (body, channel, type) => {
    const { client } = clientAnswering(() => ({ body }));
    const error = await rejection(client.get('/x'));
    expect(error).toMatchObject({ kind: 'answer', code: body.code, message: body.msg, envelope: body });
    expect(ui[channel]).toHaveBeenCalledWith(type, body.msg);
  });

  it('treats a non-envelope answer as an unknown system error', async () => {
    const { client } = clientAnswering(() => ({ body: '<!doctype html>' }));
    const error = await rejection(client.get('/x'));
    expect(error.kind).toBe('answer');
    expect(ui.toast).toHaveBeenCalledWith('error', error.message);
    expect(error.message).toBe(i18n.t('request:status.default'));
  });

  it('shows the envelope of an HTTP 400 as a notification and keeps its field errors', async () => {
    const body = {
      code: 400,
      msg: 'invalid',
      success: false,
      data: { fields: [{ field: 'body.email', message: 'x' }] },
    };
    const { client } = clientAnswering(() => ({ status: 400, body }));
    const error = await rejection(client.post('/user/signup', { b: 1 }, { repeatSubmit: false }));
    expect(error).toMatchObject({ kind: 'answer', status: 400, envelope: body });
    expect(ui.notify).toHaveBeenCalledWith('error', 'invalid');
  });

  it('names the status of an HTTP error without a body for 5 s', async () => {
    const { client } = clientAnswering(() => ({ status: 502 }));
    const error = await rejection(client.get('/x'));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: '系统接口502异常' });
    expect(ui.toast).toHaveBeenCalledWith('error', '系统接口502异常', 5);
  });

  it('asks before ending a session on body code 401 when a token went out, not for a wrong login', async () => {
    setToken('tok');
    const body = { code: 401, msg: 'no', success: false, data: null };
    const { client } = clientAnswering(() => ({ body }));
    const anonymous = await rejection(client.get('/x', undefined, { auth: false }));
    expect(anonymous.kind).toBe('answer');
    expect(ui.confirm).not.toHaveBeenCalled();
    const signed = await rejection(client.get('/user'));
    expect(signed).toMatchObject({ kind: 'session', message: '无效的会话，或者会话已过期，请重新登录。' });
    expect(ui.confirm).toHaveBeenCalledTimes(1);
    await ui.answerConfirm(true);
    expect(getToken()).toBeNull();
    expect(ui.navigate).toHaveBeenCalledWith('/index');
  });

  it('on HTTP 401 with a token says the login expired, then ends the session after 3 s', async () => {
    vi.useFakeTimers();
    setToken('tok');
    const { client } = clientAnswering(() => ({ status: 401, body: '' }));
    const error = await rejection(client.get('/user'));
    expect(error).toMatchObject({ kind: 'session', status: 401, message: '登录过期，请重新登录' });
    expect(ui.toast).toHaveBeenCalledWith('error', '登录过期，请重新登录', 5);
    vi.advanceTimersByTime(3_000);
    expect(getToken()).toBeNull();
    expect(ui.relogin).toHaveBeenCalledTimes(1);
  });
});

describe('the client over fetch Responses: transport', () => {
  it('reports a network failure as a broken backend connection, worded in the page language', async () => {
    await i18n.changeLanguage('en-US');
    const { client } = clientAnswering(() => new TypeError('Failed to fetch'));
    const error = await rejection(client.get('/x'));
    expect(error).toMatchObject({ kind: 'network', message: i18n.t('request:transport.network') });
    expect(error.message).not.toMatch(/request:/);
    expect(ui.toast).toHaveBeenCalledWith('error', error.message, 5);
  });

  it('gives up after API_TIMEOUT_MS and says the request timed out', async () => {
    vi.useFakeTimers();
    const { client, calls } = clientAnswering(
      (call) =>
        new Promise<Answer>((_, reject) =>
          call.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = rejection(client.get('/x'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(calls[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout', message: '系统接口请求超时' });
    expect(ui.toast).toHaveBeenCalledWith('error', '系统接口请求超时', 5);
  });

  it('rejects a call cancelled by its caller quietly', async () => {
    const controller = new AbortController();
    const { client } = clientAnswering(
      (call) =>
        new Promise<Answer>((_, reject) =>
          call.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = rejection(client.get('/x', undefined, { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'canceled', handled: true });
    expect(ui.toast).not.toHaveBeenCalled();
  });
});

describe('the client over fetch Responses: binary answers', () => {
  it('reads the body as a Blob of the answered type, with the headers readable', async () => {
    const { client } = clientAnswering(() => ({
      body: 'col1,col2\n1,2\n',
      headers: {
        'content-type': 'text/csv',
        'content-disposition': "attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.csv",
      },
    }));
    const response = await client.binary({ url: '/user/order/export' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.csv",
    );
    expect(response.data.type).toBe('text/csv');
    expect(await response.data.text()).toBe('col1,col2\n1,2\n');
  });

  it('reads the body as an ArrayBuffer when asked', async () => {
    const { client } = clientAnswering(() => ({ body: 'abc' }));
    const response = await client.binary({ url: '/file', responseType: 'arraybuffer' });
    expect(new TextDecoder().decode(response.data)).toBe('abc');
  });

  it('keeps the error body of a failed binary call, and tells no one', async () => {
    const { client } = clientAnswering(() => ({ status: 404, body: { code: 404, msg: 'no such file' } }));
    const error = await rejection(client.binary({ url: '/common/download' }));
    expect(error).toMatchObject({ kind: 'http', status: 404, handled: false });
    expect(JSON.parse(await (error.response?.data as Blob).text())).toEqual({
      code: 404,
      msg: 'no such file',
    });
    expect(ui.toast).not.toHaveBeenCalled();
  });
});
