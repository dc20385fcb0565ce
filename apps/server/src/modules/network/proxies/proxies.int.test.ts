/**
 * Static residential proxies and own proxies (issue 19) through app.inject against a real
 * PostgreSQL and the simulated cloud: the purchase charges the quote and takes stock from the
 * pool, binding sets the phone's proxy policy upstream and unbinding clears it, expiry unbinds
 * and releases with a notice (the stock returns), the own-proxy check really connects to proxies
 * started on 127.0.0.1 (with the address guard relaxed by config, and refusing when it is not),
 * passwords are sealed at rest and never listed, and another customer's ids answer 404. The ledger
 * verifies after every test.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noticesOf } from '../../../../test/billing-fixtures';
import type { Customer } from '../../../../test/desktop-fixtures';
import { phoneHarness, type PhoneHarness } from '../../../../test/phone-fixtures';
import { startSocks5Proxy, startHttpConnectProxy, type TestProxy } from '../../../../test/proxy-servers';
import { expectCleanLedger } from '../../../../test/topups';
import { ownProxies } from '../../../db/schema';
import { parseMicros } from '../../../lib/money';
import { openSecret, secretKeyOf } from '../../../lib/secret-box';
import { runLifecycleSweep } from '../../billing/lifecycle';
import { refreshStatuses } from '../../provisioning/actions';
import { walletBalance } from '../../wallet/service';

const login = { username: 'bob', password: 'Pa55:word' };
let h: PhoneHarness;
let socks: TestProxy;
let http: TestProxy;
let silent: TestProxy;

beforeAll(async () => {
  h = await phoneHarness({ PROXY_CHECK_ALLOW_PRIVATE: 'true', PROXY_CHECK_TIMEOUT_MS: '500' });
  [socks, http, silent] = await Promise.all([
    startSocks5Proxy(login),
    startHttpConnectProxy(login),
    startSocks5Proxy({ ...login, silent: true }),
  ]);
});
afterEach(() => expectCleanLedger(h.ctx.database));
afterAll(async () => {
  await Promise.all([socks.close(), http.close(), silent.close()]);
  await h.ctx.close();
});

type Json = Record<string, unknown>;

/** A row as text, to prove a secret is nowhere in it. */
const textOf = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? String(item) : item));

async function ok(who: Customer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await h.call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data as Json;
}

async function refused(
  who: Customer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await h.call(who, method, url, payload);
  return { status: res.statusCode, code: res.json().data?.error_code as string | undefined };
}

async function stockOf(who: Customer, poolId: string): Promise<number> {
  const pool = (await ok(who, 'GET', '/api/user/ph/proxy/pool')) as unknown as {
    pool_id: string;
    stock: number;
  }[];
  return pool.find((entry) => entry.pool_id === poolId)!.stock;
}

/** Bought through the API and made by the jobs: available. */
async function availableProxies(who: Customer, extra: Json = {}) {
  const bought = await ok(who, 'POST', '/api/user/ph/proxy', {
    pool_id: 'jp-tyo-ntt',
    protocol: 'socks5',
    period: 1,
    quantity: 1,
    agreed: true,
    ...extra,
  });
  await h.runJobs();
  const ids = bought.proxy_ids as string[];
  for (const id of ids)
    expect(await h.row(id)).toMatchObject({ status: 'available', resourceStatus: 'created' });
  return { order: bought.order as Json, ids };
}

/** The proxy the cloud applies to the phone now (eds-aic NetRedirectPolicy), or null. */
async function upstreamProxyOf(phoneId: string) {
  const phone = await h.row(phoneId);
  const [described] = await h.cloud.describe('phone', [phone.instanceId!]);
  return described!.attributes.proxy ?? null;
}

describe('static residential proxies', () => {
  it('are bought from the balance at the quoted price, taking stock from the pool', async () => {
    const customer = await h.phoneCustomer(100);
    const stock = await stockOf(customer, 'jp-tyo-ntt');
    const quote = await ok(customer, 'GET', '/api/user/ph/proxy/price?period=3&quantity=2');
    const before = await walletBalance(h.ctx.db, customer.userId);
    const body = {
      pool_id: 'jp-tyo-ntt',
      protocol: 'http',
      period: 3,
      quantity: 2,
      name: 'tokyo',
      agreed: true,
    };

    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/user/ph/proxy',
      headers: customer.headers,
      payload: body,
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().data.error_code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const key = randomUUID();
    const first = await h.call(customer, 'POST', '/api/user/ph/proxy', body, { 'idempotency-key': key });
    const again = await h.call(customer, 'POST', '/api/user/ph/proxy', body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const { order, proxy_ids: ids } = first.json().data as { order: Json; proxy_ids: string[] };
    expect(order).toMatchObject({ type: 'proxy', action: 'new', paid_amount: quote.payable_price });
    expect(ids).toHaveLength(2);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(
      parseMicros(String(quote.payable_price)),
    );

    await h.runJobs();
    expect(await stockOf(customer, 'jp-tyo-ntt')).toBe(stock - 2);
    const page = await h.listPage(customer, '/api/user/ph/proxy');
    expect(page.total).toBe(2);
    expect(page.list[0]).toMatchObject({
      status: 'available',
      country: 'JP',
      city: 'Tokyo',
      isp: 'NTT',
      protocol: 'http',
      bound_phone: null,
      actions: expect.arrayContaining(['bind', 'renew', 'auto_renew', 'check', 'credentials']),
    });
    expect(page.list[0]!.address).toMatch(/^153\.142\.\d+\.\d+$/);
    expect(page.list.map((proxy) => proxy.name).sort()).toEqual(['tokyo-1', 'tokyo-2']);
    expect(JSON.stringify(page)).not.toMatch(/password/);
    expect((await h.listPage(customer, '/api/user/ph/proxy', { country: 'US' })).total).toBe(0);
    expect((await h.listPage(customer, '/api/user/ph/proxy', { keyword: 'tokyo-2' })).total).toBe(1);
  });

  it('refuses more than the stock, and an unknown location, charging nothing', async () => {
    const customer = await h.phoneCustomer(100);
    const before = await walletBalance(h.ctx.db, customer.userId);
    const buy = (pool_id: string, quantity: number) =>
      refused(customer, 'POST', '/api/user/ph/proxy', { pool_id, period: 1, quantity, agreed: true });
    expect(await buy('au-syd-telstra', 4)).toEqual({ status: 409, code: 'PROXY_OUT_OF_STOCK' });
    expect(await buy('xx-nowhere', 1)).toEqual({ status: 404, code: 'PROXY_POOL_NOT_FOUND' });
    expect(await walletBalance(h.ctx.db, customer.userId)).toBe(before);
  });

  it('reveals the login from the cloud on demand, and binds to a phone through its proxy policy', async () => {
    const customer = await h.phoneCustomer(200);
    const { ids } = await availableProxies(customer, { quantity: 2 });
    const [proxyId, otherProxyId] = ids as [string, string];
    const { phoneId } = await h.runningPhone(customer);
    const { phoneId: secondPhoneId } = await h.runningPhone(customer);

    const login = await ok(customer, 'POST', `/api/user/ph/proxy/${proxyId}/credentials`);
    const row = await h.row(proxyId);
    expect(login).toMatchObject({
      protocol: 'socks5',
      address: row.attributes.address,
      port: row.attributes.port,
    });
    expect(String(login.password)).toHaveLength(16);
    // The console never keeps the password: it lives upstream only.
    expect(textOf(row)).not.toContain(String(login.password));

    const bound = await ok(customer, 'POST', `/api/user/ph/proxy/${proxyId}/bind`, { phone_id: phoneId });
    expect(bound.bound_phone).toMatchObject({ id: phoneId });
    expect(bound.actions).toContain('unbind');
    expect(await upstreamProxyOf(phoneId)).toEqual({
      protocol: 'socks5',
      host: login.address,
      port: login.port,
      username: login.username,
      password: login.password,
    });
    // Neither the phone's row nor its recorded call keeps the password in clear.
    expect(textOf(await h.row(phoneId))).not.toContain(String(login.password));

    expect(
      await refused(customer, 'POST', `/api/user/ph/proxy/${proxyId}/bind`, { phone_id: secondPhoneId }),
    ).toEqual({
      status: 409,
      code: 'PROXY_ALREADY_BOUND',
    });
    expect(
      await refused(customer, 'POST', `/api/user/ph/proxy/${otherProxyId}/bind`, { phone_id: phoneId }),
    ).toEqual({
      status: 409,
      code: 'PHONE_PROXY_BOUND',
    });
    expect(
      await refused(customer, 'POST', `/api/user/ph/proxy/${otherProxyId}/unbind`, { phone_id: phoneId }),
    ).toEqual({ status: 409, code: 'PROXY_NOT_BOUND' });

    const unbound = await ok(customer, 'POST', `/api/user/ph/proxy/${proxyId}/unbind`, { phone_id: phoneId });
    expect(unbound.bound_phone).toBeNull();
    expect(await upstreamProxyOf(phoneId)).toBeNull();
    expect((await h.listPage(customer, '/api/user/ph/proxy', { bound: 'yes' })).total).toBe(0);
  });

  it('measures its latency, renews at the renewal quote and switches auto-renew', async () => {
    const customer = await h.phoneCustomer(100);
    const { ids } = await availableProxies(customer);
    const proxyId = ids[0]!;
    const checked = await ok(customer, 'POST', `/api/user/ph/proxy/${proxyId}/check`);
    expect(checked.latency_ms).toEqual(expect.any(Number));
    expect(checked.latency_ms as number).toBeGreaterThan(0);
    expect(checked.checked_at).toBe(h.clock.now().toISOString());

    const end = (await h.row(proxyId)).expiresAt!;
    const price = await ok(customer, 'GET', `/api/user/ph/proxy/${proxyId}/renew_price?period=2`);
    const before = await walletBalance(h.ctx.db, customer.userId);
    const renewed = await ok(customer, 'POST', `/api/user/ph/proxy/${proxyId}/renew`, { period: 2 });
    expect(renewed.order).toMatchObject({ type: 'proxy', action: 'renew', paid_amount: price.payable_price });
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(
      parseMicros(String(price.payable_price)),
    );
    expect((await h.row(proxyId)).expiresAt!.getTime()).toBeGreaterThan(end.getTime());

    const switched = await ok(customer, 'PUT', `/api/user/ph/proxy/${proxyId}/auto_renew`, {
      auto_renew: true,
    });
    expect(switched.auto_renew).toBe(true);
  });

  it('is taken off its phone and released at expiry, with a notice, and the stock returns', async () => {
    const customer = await h.phoneCustomer(100);
    // A location no other test buys from, so its stock is this test's alone.
    const stock = await stockOf(customer, 'kr-sel-kt');
    const { ids } = await availableProxies(customer, { name: 'expiring', pool_id: 'kr-sel-kt' });
    const proxyId = ids[0]!;
    const { phoneId } = await h.runningPhone(customer);
    await ok(customer, 'POST', `/api/user/ph/proxy/${proxyId}/bind`, { phone_id: phoneId });
    expect(await stockOf(customer, 'kr-sel-kt')).toBe(stock - 1);

    // The reminder is the proxy's own: no grace, released at once at the end.
    const end = (await h.row(proxyId)).expiresAt!.getTime();
    h.clock.set(end - 2 * 86_400_000);
    await runLifecycleSweep(h.core);
    const reminders = (await noticesOf(h.ctx.db, customer.userId)).filter(
      (n) => n.title_en === 'Residential proxy expires soon',
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.content_en).toContain(`expiring (${proxyId})`);
    expect(reminders[0]!.content_en).toContain('no grace period');
    expect(reminders[0]!.title_zh).toBe('静态住宅代理即将到期');

    h.clock.set(end + 60_000);
    // Proxies of the tests before end at the same time: they go too.
    expect(await runLifecycleSweep(h.core)).toMatchObject({ deferred: 0 });
    // The release settles upstream; the engine's scheduled refresh reads it back.
    h.clock.set(h.clock.now().getTime() + 60_000);
    await refreshStatuses(h.core, [await h.row(proxyId)]);
    expect(await upstreamProxyOf(phoneId)).toBeNull();
    expect((await h.row(phoneId)).spec.proxy).toBeNull();
    expect(await h.row(proxyId)).toMatchObject({ status: 'released' });
    expect((await h.row(proxyId)).deletedAt).not.toBeNull();
    const notices = await noticesOf(h.ctx.db, customer.userId);
    expect(notices.filter((n) => n.title_en === 'Expired resource deleted')).toHaveLength(0);
    const released = notices.filter((n) => n.title_en === 'Residential proxy expired and released');
    expect(released).toHaveLength(1);
    expect(released[0]!.content_en).toContain(`expiring (${proxyId})`);
    // Its Chinese text speaks of no grace period (proxies have none).
    expect(released[0]!.content_zh).not.toContain('宽限期');
    expect(await stockOf(customer, 'kr-sel-kt')).toBe(stock);
    expect((await h.listPage(customer, '/api/user/ph/proxy')).list.map((p) => p.id)).not.toContain(proxyId);
    // A second sweep finds nothing more to do.
    expect((await runLifecycleSweep(h.core)).deleted).toBe(0);
  });
});

describe('releasing a residential proxy early', () => {
  it('takes it off its phone, releases it upstream, returns the stock and refunds nothing', async () => {
    const customer = await h.phoneCustomer(100);
    const stranger = await h.phoneCustomer(100);
    const stock = await stockOf(customer, 'gb-man-virgin');
    const { ids, order } = await availableProxies(customer, { period: 3, pool_id: 'gb-man-virgin' });
    const proxyId = ids[0]!;
    const { phoneId } = await h.runningPhone(customer);
    await ok(customer, 'POST', `/api/user/ph/proxy/${proxyId}/bind`, { phone_id: phoneId });
    expect(await upstreamProxyOf(phoneId)).not.toBeNull();
    const listed = await h.listPage(customer, '/api/user/ph/proxy');
    expect(listed.list.find((p) => p.id === proxyId)!.actions).toContain('release');
    expect(await stockOf(customer, 'gb-man-virgin')).toBe(stock - 1);

    expect(await refused(stranger, 'DELETE', `/api/user/ph/proxy/${proxyId}`)).toMatchObject({ status: 404 });
    const balance = await walletBalance(h.ctx.db, customer.userId);
    const released = await ok(customer, 'DELETE', `/api/user/ph/proxy/${proxyId}`);
    expect(released).toMatchObject({ id: proxyId, status: 'releasing', bound_phone: null });
    expect(await upstreamProxyOf(phoneId)).toBeNull();
    expect((await h.row(phoneId)).spec.proxy).toBeNull();
    // Nothing back: a release never refunds the term left.
    expect(await walletBalance(h.ctx.db, customer.userId)).toBe(balance);
    const orders = await h.listPage(customer, '/api/user/order');
    expect(orders.list.find((o) => o.no === order.no)).toMatchObject({ status: 'paid' });

    h.clock.set(h.clock.now().getTime() + 60_000);
    await refreshStatuses(h.core, [await h.row(proxyId)]);
    expect(await h.row(proxyId)).toMatchObject({ status: 'released' });
    expect(await stockOf(customer, 'gb-man-virgin')).toBe(stock);
    expect((await h.listPage(customer, '/api/user/ph/proxy')).list.map((p) => p.id)).not.toContain(proxyId);
    expect(await refused(customer, 'DELETE', `/api/user/ph/proxy/${proxyId}`)).toMatchObject({ status: 404 });
  });
});

describe('own proxies', () => {
  const entry = (proxy: TestProxy, protocol = 'socks5', password = login.password) => ({
    protocol,
    host: '127.0.0.1',
    port: proxy.port,
    username: login.username,
    password,
    remark: 'home line',
  });

  it('keep the password sealed at rest and out of every answer', async () => {
    const customer = await h.phoneCustomer(10);
    const created = await ok(customer, 'POST', '/api/user/ph/own_proxy', entry(socks));
    expect(created).toMatchObject({ check_status: 'unchecked', has_password: true, bound_phones: [] });
    expect(JSON.stringify(created)).not.toContain(login.password);
    const page = await h.listPage(customer, '/api/user/ph/own_proxy');
    expect(JSON.stringify(page)).not.toContain(login.password);
    const [stored] = await h.ctx.db
      .select()
      .from(ownProxies)
      .where(eq(ownProxies.proxyId, String(created.id)));
    expect(stored!.passwordSealed).not.toContain(login.password);
    expect(openSecret(stored!.passwordSealed, secretKeyOf(h.ctx.config.PROXY_SECRET_KEY))).toBe(
      login.password,
    );
  });

  it('pastes in bulk, each line validated and reported by its number', async () => {
    const customer = await h.phoneCustomer(10);
    const text = [
      '1.2.3.4:1080:u1:p1',
      '',
      'bad line',
      'proxy.example.com:99999:u:p',
      'host_with space:80:u:p',
      '5.6.7.8:3128:u2:pa:ss',
    ].join('\n');
    const report = await ok(customer, 'POST', '/api/user/ph/own_proxy/bulk', { protocol: 'http', text });
    expect(report).toMatchObject({ created: 2, failed: 3 });
    const lines = report.lines as { line: number; ok: boolean; message: string | null }[];
    expect(lines.map((line) => [line.line, line.ok])).toEqual([
      [1, true],
      [3, false],
      [4, false],
      [5, false],
      [6, true],
    ]);
    expect(lines[1]!.message).toBe('格式应为 主机:端口:用户名:密码');
    expect(lines[2]!.message).toBe('端口须为 1–65535 的整数');
    const page = await h.listPage(customer, '/api/user/ph/own_proxy', { protocol: 'http' });
    expect(page.list.map((proxy) => `${proxy.host}:${proxy.port}`).sort()).toEqual([
      '1.2.3.4:1080',
      '5.6.7.8:3128',
    ]);
    const [colon] = await h.ctx.db.select().from(ownProxies).where(eq(ownProxies.host, '5.6.7.8'));
    expect(openSecret(colon!.passwordSealed, secretKeyOf(h.ctx.config.PROXY_SECRET_KEY))).toBe('pa:ss');
  });

  it('checks for real: success with latency, bad credentials, timeout', async () => {
    const customer = await h.phoneCustomer(10);
    const good = await ok(customer, 'POST', '/api/user/ph/own_proxy', entry(socks));
    const viaHttp = await ok(customer, 'POST', '/api/user/ph/own_proxy', entry(http, 'http'));
    const wrong = await ok(customer, 'POST', '/api/user/ph/own_proxy', entry(socks, 'socks5', 'wrong'));
    const dead = await ok(customer, 'POST', '/api/user/ph/own_proxy', entry(silent));

    const check = (id: unknown) => ok(customer, 'POST', `/api/user/ph/own_proxy/${String(id)}/check`);
    expect(await check(good.id)).toMatchObject({
      check_status: 'ok',
      check_error: null,
      latency_ms: expect.any(Number),
    });
    expect(await check(viaHttp.id)).toMatchObject({ check_status: 'ok' });
    expect(await check(wrong.id)).toMatchObject({
      check_status: 'failed',
      check_error: 'auth_failed',
      latency_ms: null,
    });
    expect(await check(dead.id)).toMatchObject({ check_status: 'failed', check_error: 'timeout' });
    expect((await h.listPage(customer, '/api/user/ph/own_proxy', { check_status: 'failed' })).total).toBe(2);
  });

  it('refuses loopback, private and metadata addresses when the guard is not relaxed', async () => {
    const customer = await h.phoneCustomer(10);
    const config = h.ctx.config as { PROXY_CHECK_ALLOW_PRIVATE: string };
    config.PROXY_CHECK_ALLOW_PRIVATE = 'false';
    try {
      const before = socks.connections();
      for (const host of ['127.0.0.1', '10.20.30.40', '169.254.169.254']) {
        const created = await ok(customer, 'POST', '/api/user/ph/own_proxy', { ...entry(socks), host });
        expect(
          await ok(customer, 'POST', `/api/user/ph/own_proxy/${String(created.id)}/check`),
          host,
        ).toMatchObject({
          check_status: 'failed',
          check_error: 'address_refused',
        });
      }
      expect(socks.connections()).toBe(before);
    } finally {
      config.PROXY_CHECK_ALLOW_PRIVATE = 'true';
    }
  });

  it('bind to phones like a bought proxy; a bound one is neither deleted nor re-pointed', async () => {
    const customer = await h.phoneCustomer(100);
    const own = await ok(customer, 'POST', '/api/user/ph/own_proxy', entry(socks));
    const id = String(own.id);
    const { phoneId } = await h.runningPhone(customer);

    const bound = await ok(customer, 'POST', `/api/user/ph/own_proxy/${id}/bind`, { phone_id: phoneId });
    expect(bound.bound_phones).toEqual([{ id: phoneId, name: 'phone' }]);
    expect(await upstreamProxyOf(phoneId)).toEqual({
      protocol: 'socks5',
      host: '127.0.0.1',
      port: socks.port,
      username: login.username,
      password: login.password,
    });
    expect(textOf(await h.row(phoneId))).not.toContain(login.password);
    expect(await refused(customer, 'DELETE', `/api/user/ph/own_proxy/${id}`)).toEqual({
      status: 409,
      code: 'PROXY_IN_USE',
    });
    expect(
      await refused(customer, 'PUT', `/api/user/ph/own_proxy/${id}`, { ...entry(socks), port: 1 }),
    ).toEqual({
      status: 409,
      code: 'PROXY_IN_USE',
    });
    // A remark is not the endpoint: it may change while bound.
    expect(
      await ok(customer, 'PUT', `/api/user/ph/own_proxy/${id}`, { ...entry(socks), remark: 'renamed' }),
    ).toMatchObject({
      remark: 'renamed',
      has_password: true,
    });

    await ok(customer, 'POST', `/api/user/ph/own_proxy/${id}/unbind`, { phone_id: phoneId });
    expect(await upstreamProxyOf(phoneId)).toBeNull();
    await ok(customer, 'DELETE', `/api/user/ph/own_proxy/${id}`);
    expect((await h.listPage(customer, '/api/user/ph/own_proxy')).total).toBe(0);
  });
});

describe("another customer's proxies and phones", () => {
  it('answer 404 everywhere', async () => {
    const owner = await h.phoneCustomer(100);
    const stranger = await h.phoneCustomer(100);
    const { ids } = await availableProxies(owner);
    const residential = ids[0]!;
    const own = String(
      (await ok(owner, 'POST', '/api/user/ph/own_proxy', { protocol: 'socks5', host: '1.2.3.4', port: 1080 }))
        .id,
    );
    const { phoneId } = await h.runningPhone(owner);
    const { phoneId: strangersPhone } = await h.runningPhone(stranger);

    const notFound = { status: 404, code: 'PROXY_NOT_FOUND' };
    expect(await refused(stranger, 'POST', `/api/user/ph/proxy/${residential}/credentials`)).toEqual(
      notFound,
    );
    expect(await refused(stranger, 'POST', `/api/user/ph/proxy/${residential}/check`)).toEqual(notFound);
    expect(await refused(stranger, 'GET', `/api/user/ph/proxy/${residential}/renew_price?period=1`)).toEqual(
      notFound,
    );
    expect(await refused(stranger, 'POST', `/api/user/ph/proxy/${residential}/renew`, { period: 1 })).toEqual(
      notFound,
    );
    expect(
      await refused(stranger, 'PUT', `/api/user/ph/proxy/${residential}/auto_renew`, { auto_renew: true }),
    ).toEqual(notFound);
    expect(
      await refused(stranger, 'POST', `/api/user/ph/proxy/${residential}/bind`, { phone_id: strangersPhone }),
    ).toEqual(notFound);
    expect(await refused(stranger, 'POST', `/api/user/ph/own_proxy/${own}/check`)).toEqual(notFound);
    expect(
      await refused(stranger, 'PUT', `/api/user/ph/own_proxy/${own}`, {
        protocol: 'http',
        host: 'x.example',
        port: 80,
      }),
    ).toEqual(notFound);
    expect(await refused(stranger, 'DELETE', `/api/user/ph/own_proxy/${own}`)).toEqual(notFound);
    expect(
      await refused(stranger, 'POST', `/api/user/ph/own_proxy/${own}/bind`, { phone_id: strangersPhone }),
    ).toEqual(notFound);
    // The owner's proxy onto the stranger's phone: the phone is not the owner's.
    expect(
      await refused(owner, 'POST', `/api/user/ph/proxy/${residential}/bind`, { phone_id: strangersPhone }),
    ).toEqual({
      status: 404,
      code: 'PHONE_NOT_FOUND',
    });
    expect(
      await refused(owner, 'POST', `/api/user/ph/own_proxy/${own}/bind`, { phone_id: phoneId }),
    ).toMatchObject({ status: 200 });
    expect((await h.listPage(stranger, '/api/user/ph/proxy')).total).toBe(0);
    expect((await h.listPage(stranger, '/api/user/ph/own_proxy')).total).toBe(0);
  });
});

describe('a phone deleted while it uses a proxy', () => {
  it('frees its residential proxy and its own proxy in the same step', async () => {
    const customer = await h.phoneCustomer(300);
    const { ids } = await availableProxies(customer, { period: 6, pool_id: 'us-dfw-comcast' });
    const proxyId = ids[0]!;
    const own = await ok(customer, 'POST', '/api/user/ph/own_proxy', {
      protocol: 'socks5',
      host: '127.0.0.1',
      port: socks.port,
      ...login,
    });
    const ownId = String(own.id);
    const first = await h.runningPhone(customer, { period: 1 });
    const second = await h.runningPhone(customer, { period: 1 });
    await ok(customer, 'POST', `/api/user/ph/proxy/${proxyId}/bind`, { phone_id: first.phoneId });
    await ok(customer, 'POST', `/api/user/ph/own_proxy/${ownId}/bind`, { phone_id: second.phoneId });
    // The phone list shows each phone's proxy: the residential line with its location, the own endpoint.
    const phones = (await h.listPage(customer, '/api/user/ph/phone')).list;
    const line = await h.row(proxyId);
    expect(phones.find((p) => p.id === first.phoneId)!.proxy).toEqual({
      source: 'residential',
      id: proxyId,
      type: 'socks5',
      host: line.attributes.address,
      port: line.attributes.port,
      country: 'US',
      city: 'Dallas',
    });
    expect(phones.find((p) => p.id === second.phoneId)!.proxy).toMatchObject({
      source: 'own',
      id: ownId,
      host: '127.0.0.1',
      port: socks.port,
    });

    h.clock.set((await h.row(first.phoneId)).expiresAt!.getTime() + 3 * 86_400_000 + 60_000);
    await runLifecycleSweep(h.core);
    await h.runJobs();
    for (const phoneId of [first.phoneId, second.phoneId]) {
      const phone = await h.row(phoneId);
      expect(phone.deletedAt).not.toBeNull();
      expect(phone.spec.proxy).toBeNull();
    }
    const proxies = await h.listPage(customer, '/api/user/ph/proxy');
    expect(proxies.list.find((p) => p.id === proxyId)).toMatchObject({ bound_phone: null });
    const owned = await h.listPage(customer, '/api/user/ph/own_proxy');
    expect(owned.list.find((p) => p.id === ownId)).toMatchObject({ bound_phones: [] });
    // Free to serve another phone; the own proxy may be deleted.
    const next = await h.runningPhone(customer);
    await ok(customer, 'POST', `/api/user/ph/proxy/${proxyId}/bind`, { phone_id: next.phoneId });
    await ok(customer, 'DELETE', `/api/user/ph/own_proxy/${ownId}`);
  });
});

describe('a phone applies its proxy set', () => {
  const setConfig = (patch: Json = {}) => ({
    enabled: true,
    type: 'http',
    ip: '203.0.113.7',
    tcp_port: 3128,
    udp_port: null,
    username: 'carol',
    password: 'Set-Secret-9',
    rules: { mode: 'blacklist', domains: [] },
    ...patch,
  });
  const putSet = (phoneId: string, token: string, configs: Json[]) =>
    h.ctx.app.inject({
      method: 'PUT',
      url: `/api/proxy_set/${phoneId}`,
      headers: { 'x-proxy-token': token },
      payload: { configs },
    });

  it('gives the phone its first enabled configuration, replacing a bound proxy, and shows it', async () => {
    const customer = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(customer);
    const own = await ok(customer, 'POST', '/api/user/ph/own_proxy', {
      protocol: 'socks5',
      host: '127.0.0.1',
      port: socks.port,
      ...login,
    });
    await ok(customer, 'POST', `/api/user/ph/own_proxy/${String(own.id)}/bind`, { phone_id: phoneId });
    const phoneView = async () =>
      (await h.listPage(customer, '/api/user/ph/phone')).list.find((p) => p.id === phoneId) as Json;
    expect((await phoneView()).proxy).toMatchObject({ source: 'own', type: 'socks5', port: socks.port });
    const token = (await ok(customer, 'POST', `/api/user/proxy_link/phone/${phoneId}`)).token as string;

    // Before the save the page sees the bound proxy it would replace.
    const before = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/proxy_set/${phoneId}`,
      headers: { 'x-proxy-token': token },
    });
    expect(before.json().data.applied).toMatchObject({ source: 'own', type: 'socks5' });

    const saved = await putSet(phoneId, token, [
      setConfig({ enabled: false, ip: '198.51.100.1' }),
      setConfig(),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.applied).toEqual({
      source: 'proxy_set',
      type: 'http',
      host: '203.0.113.7',
      port: 3128,
    });
    expect(await upstreamProxyOf(phoneId)).toEqual({
      protocol: 'http',
      host: '203.0.113.7',
      port: 3128,
      username: 'carol',
      password: 'Set-Secret-9',
    });
    expect(textOf(await h.row(phoneId))).not.toContain('Set-Secret-9');
    expect((await phoneView()).proxy).toMatchObject({ source: 'proxy_set', host: '203.0.113.7', port: 3128 });
    const owned = await h.listPage(customer, '/api/user/ph/own_proxy');
    expect(owned.list.find((p) => p.id === own.id)).toMatchObject({ bound_phones: [] });

    // No configuration enabled: the set's configuration comes off, the phone goes direct.
    const off = await putSet(phoneId, token, [setConfig({ enabled: false })]);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.applied).toBeNull();
    expect(await upstreamProxyOf(phoneId)).toBeNull();
    expect((await phoneView()).proxy).toBeNull();
  });
});
