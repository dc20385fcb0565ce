import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, PAYLOAD_LIMIT_BYTES } from '@cloudbay/contracts/core';
import { bindFakeFeedback } from '../../test/fake-feedback';
import {
  envelope,
  mockFetch,
  networkFailure,
  timeoutFailure,
  type MockHandler,
} from '../../test/mock-adapter';
import { i18n, loadPublicNamespaces } from '../i18n';
import { clearSession, getCachedUser, getToken, setCachedUser, setToken, type CachedUser } from '../storage';
import { createApiClient } from './client';
import { rejection } from '../../test/rejection';

const USER: CachedUser = {
  userId: 7,
  userName: 'ada',
  email: 'ada@example.com',
  nickname: 'Ada',
  balance: '12.50',
  ph_white_user: 0,
  avatar: '',
  is_son: false,
  parent_id: null,
  invite_code: 'ADA1',
  language: 'zh-CN',
};

let ui: ReturnType<typeof bindFakeFeedback>;

beforeEach(() => {
  ui = bindFakeFeedback();
});

afterEach(() => {
  ui.unbind();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function clientAnswering(handler: MockHandler = () => ({ data: envelope(null) })) {
  const mock = mockFetch(handler);
  return { client: createApiClient({ fetch: mock.fetch }), calls: mock.calls };
}

function failing(error: Error): MockHandler {
  return () => {
    throw error;
  };
}

/** A fetch that answers only when its signal aborts, rejecting then as fetch does. */
const hanging: MockHandler = (call) =>
  new Promise((_, reject) =>
    call.signal?.addEventListener('abort', () => reject(call.signal?.reason as Error)),
  );

describe('request headers and config', () => {
  it('sends the stored token as a bearer token', async () => {
    setToken('tok-123');
    const { client, calls } = clientAnswering();
    await client.get('/user');
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-123');
  });

  it('sends no Authorization header when the call is marked auth: false', async () => {
    setToken('tok-123');
    const { client, calls } = clientAnswering();
    await client.post('/user/login', { email: 'a@b.c' }, { auth: false });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('sends no Authorization header when no token is stored', async () => {
    const { client, calls } = clientAnswering();
    await client.get('/banner');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('sends accept-language zh-cn in Chinese and en-US in English', async () => {
    const { client, calls } = clientAnswering();
    await client.get('/banner');
    await i18n.changeLanguage('en-US');
    await client.get('/banner');
    expect(calls.map((call) => call.headers['accept-language'])).toEqual(['zh-cn', 'en-US']);
  });

  it('calls under /api with the API timeout', async () => {
    vi.useFakeTimers();
    const { client, calls } = clientAnswering(hanging);
    const pending = rejection(client.get('/user'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(calls[0]?.url).toBe('/api/user');
    expect(calls[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'timeout', message: '系统接口请求超时' });
  });

  it('serialises GET params: arrays repeat the key, empty values are left out', async () => {
    const { client, calls } = clientAnswering();
    await client.get('/user/desktop', {
      page: 2,
      status: ['running', 'shutdown'],
      name: '',
      region: null,
      q: 'a b',
    });
    expect(calls[0]?.url).toBe('/api/user/desktop?page=2&status=running&status=shutdown&q=a%20b');
  });

  it('sends the body of a POST as given', async () => {
    const { client, calls } = clientAnswering();
    await client.post('/orders', { money: '100', pay_type: 2 });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ money: '100', pay_type: 2 });
  });
});

describe('duplicate-submission guard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('refuses the same body to the same URL within 1 s without calling the server', async () => {
    const { client, calls } = clientAnswering();
    await client.post('/orders', { money: '100' });
    vi.advanceTimersByTime(999);
    const error = await rejection(client.post('/orders', { money: '100' }));
    expect(error.kind).toBe('duplicate');
    expect(error.message).toBe('数据正在处理，请勿重复提交');
    expect(ui.toast).toHaveBeenCalledWith('warning', '数据正在处理，请勿重复提交');
    expect(calls).toHaveLength(1);
  });

  it('refuses another body to the same URL within 2 s as too frequent', async () => {
    const { client, calls } = clientAnswering();
    await client.post('/orders', { money: '100' });
    vi.advanceTimersByTime(500);
    const error = await rejection(client.post('/orders', { money: '200' }));
    expect(error.message).toBe('操作过于频繁，请稍后再试');
    expect(ui.toast).toHaveBeenCalledWith('warning', '操作过于频繁，请稍后再试');
    expect(calls).toHaveLength(1);
  });

  it('treats the same body after 1 s but within 2 s as too frequent', async () => {
    const { client } = clientAnswering();
    await client.put('/user/password', { password: 'x' });
    vi.advanceTimersByTime(1_000);
    const error = await rejection(client.put('/user/password', { password: 'x' }));
    expect(error.message).toBe('操作过于频繁，请稍后再试');
  });

  it('lets the submission through again once 2 s have passed', async () => {
    const { client, calls } = clientAnswering();
    await client.post('/orders', { money: '100' });
    vi.advanceTimersByTime(2_000);
    await client.post('/orders', { money: '100' });
    expect(calls).toHaveLength(2);
  });

  it('does not count refused submissions, so the wait is not extended', async () => {
    const { client, calls } = clientAnswering();
    await client.post('/orders', { money: '100' });
    vi.advanceTimersByTime(1_500);
    await rejection(client.post('/orders', { money: '100' }));
    vi.advanceTimersByTime(500);
    await client.post('/orders', { money: '100' });
    expect(calls).toHaveLength(2);
  });

  it('guards PUT as well as POST, and each URL separately', async () => {
    const { client, calls } = clientAnswering();
    await client.put('/user/desktop/1', { name: 'a' });
    await client.put('/user/desktop/2', { name: 'a' });
    await rejection(client.put('/user/desktop/1', { name: 'a' }));
    expect(calls).toHaveLength(2);
  });

  it('never guards GET or DELETE', async () => {
    const { client, calls } = clientAnswering();
    await client.get('/user');
    await client.get('/user');
    await client.delete('/user/son_account/1');
    await client.delete('/user/son_account/1');
    expect(calls).toHaveLength(4);
  });

  it('lets an edit (PUT) follow a creation (POST) to the same URL at once: not a repeat', async () => {
    const { client, calls } = clientAnswering();
    await client.post('/system/config', { configKey: 'a', configValue: '1' });
    vi.advanceTimersByTime(200);
    await client.put('/system/config', { configId: 7, configKey: 'a', configValue: '2' });
    expect(calls).toHaveLength(2);
  });

  it('skips the guard for calls marked repeatSubmit: false', async () => {
    const { client, calls } = clientAnswering();
    await client.post('/user/sys_notice/read', { id: 1 }, { repeatSubmit: false });
    await client.post('/user/sys_notice/read', { id: 1 }, { repeatSubmit: false });
    expect(calls).toHaveLength(2);
  });

  it('skips the guard for payloads over the size limit', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, calls } = clientAnswering();
    const big = { blob: 'x'.repeat(PAYLOAD_LIMIT_BYTES) };
    await client.post('/user/ph/phone/import_contacts', big);
    await client.post('/user/ph/phone/import_contacts', big);
    expect(calls).toHaveLength(2);
    expect(warn).toHaveBeenCalled();
  });

  it('measures the payload in UTF-8 bytes, and guards payloads up to the limit', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, calls } = clientAnswering();
    // 3 bytes per character: under the limit in characters, over it in bytes.
    const chinese = { text: '云'.repeat(Math.ceil(PAYLOAD_LIMIT_BYTES / 3)) };
    await client.post('/user/ph/phone/import_contacts', chinese);
    await client.post('/user/ph/phone/import_contacts', chinese);
    expect(calls).toHaveLength(2);

    const underLimit = { text: 'x'.repeat(PAYLOAD_LIMIT_BYTES - 20) };
    await client.post('/user/ph/phone/run_command', underLimit);
    await rejection(client.post('/user/ph/phone/run_command', underLimit));
    expect(calls).toHaveLength(3);
  });

  it('does not guard uploads: a batch of files goes to one URL at once', async () => {
    const { client, calls } = clientAnswering();
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob(['a']), 'a.png');
      return client.post('/common/upload', form);
    };
    await Promise.all([upload(), upload(), upload()]);
    expect(calls).toHaveLength(3);
  });

  it('keeps its state in sessionStorage, shared by every client of the tab', async () => {
    await clientAnswering().client.post('/orders', { money: '100' });
    expect(window.sessionStorage.getItem('submit-guard')).toContain('/orders');
    const other = clientAnswering();
    await rejection(other.client.post('/orders', { money: '100' }));
    expect(other.calls).toHaveLength(0);
  });
});

describe('answers with HTTP 2xx', () => {
  it('resolves with the envelope when code is 200', async () => {
    const { client } = clientAnswering(() => ({ data: envelope({ id: 1 }, { msg: 'ok' }) }));
    await expect(client.get<{ id: number }>('/user')).resolves.toEqual(envelope({ id: 1 }, { msg: 'ok' }));
    expect(ui.toast).not.toHaveBeenCalled();
    expect(ui.notify).not.toHaveBeenCalled();
  });

  it('shows the server msg as an error toast when success is false', async () => {
    const { client } = clientAnswering(() => ({ data: envelope(null, { success: false, msg: '购买失败' }) }));
    const error = await rejection(client.post('/user/desktop', {}));
    expect(error).toMatchObject({ kind: 'answer', code: 200, message: '购买失败', handled: true });
    expect(ui.toast).toHaveBeenCalledWith('error', '购买失败');
  });

  it('shows code 500 as an error toast', async () => {
    const { client } = clientAnswering(() => ({
      data: envelope(null, { code: 500, success: false, msg: '系统繁忙' }),
    }));
    const error = await rejection(client.get('/user'));
    expect(error).toMatchObject({ kind: 'answer', code: 500, message: '系统繁忙' });
    expect(ui.toast).toHaveBeenCalledWith('error', '系统繁忙');
    expect(ui.notify).not.toHaveBeenCalled();
  });

  it('shows code 601 as a warning toast', async () => {
    const { client } = clientAnswering(() => ({
      data: envelope(null, { code: 601, success: false, msg: '余额不足' }),
    }));
    const error = await rejection(client.get('/user'));
    expect(error).toMatchObject({ kind: 'answer', code: 601 });
    expect(ui.toast).toHaveBeenCalledWith('warning', '余额不足');
  });

  it('shows any other code as an error notification', async () => {
    const { client } = clientAnswering(() => ({
      data: envelope(null, { code: 403, success: false, msg: '没有权限' }),
    }));
    const error = await rejection(client.get('/system/user'));
    expect(error).toMatchObject({ kind: 'answer', code: 403, message: '没有权限' });
    expect(ui.notify).toHaveBeenCalledWith('error', '没有权限');
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('falls back to the status table when the envelope has no msg', async () => {
    const { client } = clientAnswering(() => ({ data: envelope(null, { code: 404, success: false }) }));
    await rejection(client.get('/user/order/9'));
    expect(ui.notify).toHaveBeenCalledWith('error', '访问资源不存在');
  });

  it('treats a non-envelope answer as an unknown system error', async () => {
    const { client } = clientAnswering(() => ({ data: '<!doctype html><html></html>' }));
    const error = await rejection(client.get('/user'));
    expect(error.kind).toBe('answer');
    expect(ui.toast).toHaveBeenCalledWith('error', '系统未知错误，请反馈给管理员');
  });

  describe('body code 401', () => {
    const expired: MockHandler = () => ({
      data: envelope(null, { code: 401, success: false, msg: 'expired' }),
    });

    it('rejects with "invalid session" and asks whether to log in again', async () => {
      setToken('tok');
      const { client } = clientAnswering(expired);
      const error = await rejection(client.get('/user'));
      expect(error).toMatchObject({
        kind: 'session',
        code: 401,
        message: '无效的会话，或者会话已过期，请重新登录。',
      });
      expect(ui.confirm).toHaveBeenCalledWith({
        title: '系统提示',
        content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
        okText: '重新登录',
        cancelText: '取消',
      });
    });

    it('opens one confirm box however many calls fail', async () => {
      setToken('tok');
      const { client } = clientAnswering(expired);
      await Promise.all([rejection(client.get('/user')), rejection(client.get('/getInfo'))]);
      await rejection(client.get('/user/user_notice'));
      expect(ui.confirm).toHaveBeenCalledTimes(1);
    });

    it('on "log in again" clears the token and cached user and goes to /index', async () => {
      setToken('tok');
      setCachedUser(USER);
      const { client } = clientAnswering(expired);
      await rejection(client.get('/user'));
      await ui.answerConfirm(true);
      expect(getToken()).toBeNull();
      expect(getCachedUser()).toBeNull();
      expect(ui.navigate).toHaveBeenCalledWith('/index');
    });

    it('on cancel keeps the session and the page, and may ask again later', async () => {
      setToken('tok');
      const { client } = clientAnswering(expired);
      await rejection(client.get('/user'));
      await ui.answerConfirm(false);
      expect(getToken()).toBe('tok');
      expect(ui.navigate).not.toHaveBeenCalled();
      await rejection(client.get('/user'));
      expect(ui.confirm).toHaveBeenCalledTimes(2);
    });

    it('is an ordinary error for a call that sent no token (e.g. a wrong login)', async () => {
      const { client } = clientAnswering(() => ({
        data: envelope(null, { code: 401, success: false, msg: '邮箱或密码错误' }),
      }));
      const error = await rejection(client.post('/user/login', {}, { auth: false }));
      expect(error.kind).toBe('answer');
      expect(ui.confirm).not.toHaveBeenCalled();
      expect(ui.notify).toHaveBeenCalledWith('error', '邮箱或密码错误');
    });
  });

  it('passes blob answers through untouched, even JSON ones', async () => {
    const file = new Blob(['{"code":500}'], { type: 'application/json' });
    const { client, calls } = clientAnswering(() => ({
      data: file,
      headers: { 'content-disposition': 'attachment; filename="a.json"' },
    }));
    const response = await client.binary({ url: '/common/download', params: { fileName: 'a.json' } });
    expect(response.data).toBe(file);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="a.json"');
    expect(calls[0]?.readAs).toBe('blob');
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('passes arraybuffer answers through untouched', async () => {
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    const { client, calls } = clientAnswering(() => ({ data: bytes }));
    const response = await client.binary({ url: '/file', responseType: 'arraybuffer' });
    expect(response.data).toBe(bytes);
    expect(calls[0]?.readAs).toBe('arrayBuffer');
  });
});

describe('HTTP errors', () => {
  it('on HTTP 401 says the login expired for 5 s, then ends the session after 3 s', async () => {
    vi.useFakeTimers();
    setToken('tok');
    setCachedUser(USER);
    const { client } = clientAnswering(() => ({
      status: 401,
      data: envelope(null, { code: 401, success: false }),
    }));
    const error = await rejection(client.get('/user'));
    expect(error).toMatchObject({ kind: 'session', status: 401, message: '登录过期，请重新登录' });
    expect(ui.toast).toHaveBeenCalledWith('error', '登录过期，请重新登录', 5);
    expect(ui.confirm).not.toHaveBeenCalled();

    vi.advanceTimersByTime(2_999);
    expect(getToken()).toBe('tok');
    expect(getCachedUser()).toEqual(USER);
    expect(ui.navigate).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(getToken()).toBeNull();
    expect(getCachedUser()).toBeNull();
    // To log in again and come back to the page on screen, not to /index (the deep link stays).
    expect(ui.relogin).toHaveBeenCalledTimes(1);
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it("says so in words, not the raw key, when the first page's guard is refused before the public strings load", async () => {
    setToken('tok');
    i18n.removeResourceBundle('zh-CN', 'request');
    try {
      const { client } = clientAnswering(() => ({ status: 401, data: '' }));
      await rejection(client.get('/getInfo'));
      await vi.waitFor(() => expect(ui.toast).toHaveBeenCalledWith('error', '登录过期，请重新登录', 5));
      expect(ui.toast).toHaveBeenCalledTimes(1);
    } finally {
      if (!i18n.hasResourceBundle('zh-CN', 'request')) await loadPublicNamespaces();
    }
  });

  it.each([
    ['ended meanwhile (the guard sent the user to log in)', null],
    ['replaced by a new login', 'tok-new'],
  ])('leaves a session alone that %s before the 3 s are up', async (_, tokenLater) => {
    vi.useFakeTimers();
    setToken('tok');
    const { client } = clientAnswering(() => ({ status: 401, data: '' }));
    await rejection(client.get('/getInfo'));
    if (tokenLater) setToken(tokenLater);
    else clearSession();
    vi.advanceTimersByTime(3_000);
    expect(getToken()).toBe(tokenLater);
    expect(ui.relogin).not.toHaveBeenCalled();
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it('ends the session once when several calls get HTTP 401 together', async () => {
    vi.useFakeTimers();
    setToken('tok');
    const { client } = clientAnswering(() => ({ status: 401, data: '' }));
    await Promise.all([rejection(client.get('/user')), rejection(client.get('/getInfo'))]);
    vi.advanceTimersByTime(3_000);
    expect(ui.toast).toHaveBeenCalledTimes(1);
    expect(ui.relogin).toHaveBeenCalledTimes(1);
  });

  it.each([
    [400, '参数不合法'],
    [403, '没有权限访问该资源'],
    [404, '云电脑不存在'],
    [409, '请先关机'],
    [422, '当前账户余额不足'],
    [429, '请求过于频繁'],
  ])('shows the envelope msg of an HTTP %i as an error notification', async (status, msg) => {
    setToken('tok');
    const { client } = clientAnswering(() => ({
      status,
      data: envelope(null, { code: status, success: false, msg }),
    }));
    const error = await rejection(client.post('/user/desktop', { n: status }));
    expect(error).toMatchObject({ kind: 'answer', status, code: status, message: msg });
    expect(ui.notify).toHaveBeenCalledWith('error', msg);
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('shows the envelope msg of an HTTP 500 as an error toast', async () => {
    const { client } = clientAnswering(() => ({
      status: 500,
      data: envelope(null, { code: 500, success: false, msg: '服务器内部错误' }),
    }));
    await rejection(client.get('/user'));
    expect(ui.toast).toHaveBeenCalledWith('error', '服务器内部错误');
  });

  it('judges an HTTP error whose envelope says 200 by its status', async () => {
    const { client } = clientAnswering(() => ({ status: 409, data: envelope(null, { msg: '状态冲突' }) }));
    const error = await rejection(client.get('/user'));
    expect(error.code).toBe(409);
    expect(ui.notify).toHaveBeenCalledWith('error', '状态冲突');
  });

  it.each([
    [403, '当前操作没有权限'],
    [404, '访问资源不存在'],
    [502, '系统未知错误，请反馈给管理员'],
  ])('words an HTTP %i without an envelope from the status table', async (status, message) => {
    const { client } = clientAnswering(() => ({ status, data: '<html><body>Bad Gateway</body></html>' }));
    const error = await rejection(client.get('/user'));
    expect(error).toMatchObject({ kind: 'http', status, message });
    expect(ui.toast).toHaveBeenCalledWith('error', message, 5);
  });

  it('names the status of an HTTP error without a body', async () => {
    const { client } = clientAnswering(() => ({ status: 503, data: '' }));
    const error = await rejection(client.get('/user'));
    expect(error).toMatchObject({ kind: 'http', status: 503, message: '系统接口503异常' });
    expect(ui.toast).toHaveBeenCalledWith('error', '系统接口503异常', 5);
  });

  it('reports a network failure as a broken backend connection', async () => {
    const { client } = clientAnswering(failing(networkFailure()));
    const error = await rejection(client.get('/user'));
    expect(error).toMatchObject({ kind: 'network', message: '后端接口连接异常' });
    expect(ui.toast).toHaveBeenCalledWith('error', '后端接口连接异常', 5);
  });

  it.each([
    ['a TimeoutError', failing(timeoutFailure())],
    ['an AbortError once the timer fired', hanging],
  ])('reports %s as a request timeout', async (_, handler) => {
    vi.useFakeTimers();
    const { client } = clientAnswering(handler);
    const pending = rejection(client.get('/user'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout', message: '系统接口请求超时' });
    expect(ui.toast).toHaveBeenCalledWith('error', '系统接口请求超时', 5);
  });

  it('words transport errors in the language of the page', async () => {
    await i18n.changeLanguage('en-US');
    const { client } = clientAnswering(failing(networkFailure()));
    await rejection(client.get('/user'));
    expect(ui.toast).toHaveBeenCalledWith('error', 'Cannot connect to the backend interface.', 5);
  });

  it('rejects a cancelled call quietly', async () => {
    const { client, calls } = clientAnswering();
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(client.get('/user', undefined, { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'canceled', handled: true });
    expect(calls).toHaveLength(0);
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('rejects quietly when the caller aborts a call under way, and aborts the fetch', async () => {
    vi.useFakeTimers();
    const { client, calls } = clientAnswering(hanging);
    const controller = new AbortController();
    const pending = rejection(client.get('/user', undefined, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'canceled', handled: true });
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it("times a call out after its own timeout, with the caller's signal still live", async () => {
    vi.useFakeTimers();
    const { client, calls } = clientAnswering(hanging);
    const controller = new AbortController();
    const pending = rejection(
      client.get('/export', undefined, { signal: controller.signal, timeout: 5_000 }),
    );
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'timeout', handled: true });
    expect(controller.signal.aborted).toBe(false);
    // Aborting afterwards changes nothing: the call is over.
    controller.abort();
    expect(ui.toast).toHaveBeenCalledTimes(1);
  });

  it("sends one header per name: the caller's wins whatever its case", async () => {
    setToken('tok');
    const { client, calls } = clientAnswering();
    await client.post('/system/user/export', 'a=1', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', authorization: 'Bearer other' },
    });
    await client.put(
      '/user/profile',
      { a: 1 },
      { headers: { 'CONTENT-TYPE': 'application/merge-patch+json' } },
    );
    expect(calls[0]?.headers).toEqual({
      accept: 'application/json, text/plain, */*',
      'accept-language': 'zh-cn',
      'Content-Type': 'application/x-www-form-urlencoded',
      authorization: 'Bearer other',
    });
    expect(calls[0]?.body).toBe('a=1');
    expect(Object.entries(calls[1]?.headers ?? {}).filter(([name]) => /^content-type$/i.test(name))).toEqual([
      ['CONTENT-TYPE', 'application/merge-patch+json'],
    ]);
  });

  it('adds params to a URL that already has a query', async () => {
    const { client, calls } = clientAnswering();
    await client.get('/tool/gen/batchGenCode?tables=a', { b: 2 });
    expect(calls[0]?.url).toBe('/api/tool/gen/batchGenCode?tables=a&b=2');
  });

  it('keeps the status, headers and body of a failed binary call for the caller to read', async () => {
    const body = new Blob(['{"code":404,"msg":"no such file"}'], { type: 'application/json' });
    const { client } = clientAnswering(() => ({
      status: 404,
      data: body,
      headers: { 'content-type': 'application/json' },
    }));
    const error = await rejection(client.binary({ url: '/common/download' }));
    expect(error.response?.status).toBe(404);
    expect(error.response?.headers.get('content-type')).toBe('application/json');
    expect(error.response?.data).toBe(body);
  });

  it('leaves the failures of binary calls to the caller', async () => {
    setToken('tok');
    const { client } = clientAnswering(() => ({ status: 401, data: new Blob(['{"code":401}']) }));
    const error = await rejection(client.binary({ url: '/common/download' }));
    expect(error).toMatchObject({ kind: 'http', status: 401, handled: false });
    expect(ui.toast).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok');
  });
});
