/**
 * The own-proxy check against real proxies on 127.0.0.1 (test/proxy-servers.ts): a SOCKS5
 * handshake with RFC 1929 credentials and an HTTP CONNECT, wrong credentials, a proxy that never
 * answers, and the address guard, which refuses private, loopback and metadata addresses without
 * opening a connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpConnectProxy, startSocks5Proxy, type TestProxy } from '../../../../test/proxy-servers';
import { checkProxy, isPublicAddress } from './proxy-check';

const login = { username: 'alice', password: 's3cret:with-colon' };
const relaxed = { timeoutMs: 2_000, allowPrivate: true };
let socks: TestProxy;
let http: TestProxy;
let silent: TestProxy;

beforeAll(async () => {
  [socks, http, silent] = await Promise.all([
    startSocks5Proxy(login),
    startHttpConnectProxy(login),
    startSocks5Proxy({ ...login, silent: true }),
  ]);
});
afterAll(() => Promise.all([socks.close(), http.close(), silent.close()]));

const endpoint = (proxy: TestProxy, protocol: 'socks5' | 'http', password = login.password) => ({
  protocol,
  host: '127.0.0.1',
  port: proxy.port,
  username: login.username,
  password,
});

describe('the SOCKS5 check', () => {
  it('authenticates, asks for a CONNECT and measures the round trip', async () => {
    const outcome = await checkProxy(endpoint(socks, 'socks5'), relaxed);
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.latencyMs).toBeGreaterThan(0);
    expect(socks.targets.at(-1)).toBe('connectivitycheck.gstatic.com:80');
  });

  it('reports wrong credentials as auth_failed', async () => {
    expect(await checkProxy(endpoint(socks, 'socks5', 'wrong'), relaxed)).toEqual({
      ok: false,
      failure: 'auth_failed',
      latencyMs: null,
    });
  });

  it('gives up after the timeout on a proxy that never answers', async () => {
    const started = Date.now();
    const outcome = await checkProxy(endpoint(silent, 'socks5'), { ...relaxed, timeoutMs: 300 });
    expect(outcome).toMatchObject({ ok: false, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a closed port as unreachable', async () => {
    const closed = await startSocks5Proxy(login);
    await closed.close();
    expect(await checkProxy(endpoint(closed, 'socks5'), relaxed)).toMatchObject({
      ok: false,
      failure: 'unreachable',
    });
  });
});

describe('the HTTP CONNECT check', () => {
  it('sends Proxy-Authorization and accepts a 2xx', async () => {
    expect(await checkProxy(endpoint(http, 'http'), relaxed)).toMatchObject({ ok: true });
    expect(http.targets.at(-1)).toBe('connectivitycheck.gstatic.com:80');
  });

  it('reports a 407 as auth_failed', async () => {
    expect(await checkProxy(endpoint(http, 'http', 'nope'), relaxed)).toMatchObject({
      ok: false,
      failure: 'auth_failed',
    });
  });
});

describe('the address guard', () => {
  it('knows public from private, loopback, link-local and metadata addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '47.96.1.2', '2606:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses to connect to them (a name resolving to loopback too) unless relaxed', async () => {
    const guarded = { timeoutMs: 2_000, allowPrivate: false };
    const before = socks.connections();
    for (const host of ['127.0.0.1', 'localhost', '10.0.0.8', '169.254.169.254']) {
      expect(await checkProxy({ ...endpoint(socks, 'socks5'), host }, guarded), host).toMatchObject({
        ok: false,
        failure: 'address_refused',
      });
    }
    expect(socks.connections()).toBe(before);
  });
});
