/**
 * The proxy set (issue 19): links per desktop and phone (owner routes: another customer's resource
 * answers 404), the public API behind the link's token (unknown or revoked 401, another resource
 * 404), the list's rules (at least one configuration, rule domains only *.x.y, the published
 * schema, an import file refused for each fault) and the operation log's masking.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastOperation } from '../../../../test/oper-logs';
import { EN, desktopHarness, type Customer, type DesktopHarness } from '../../../../test/desktop-fixtures';
import { proxySetLinks, proxySets } from '../../../db/schema';
import { sha256 } from '../../../lib/crypto';
import { MASK } from '../../monitor/logs/mask';
import { insertResources } from '../../provisioning/repo';

let h: DesktopHarness;
let owner: Customer;
let other: Customer;
let desktopId: string;
let phoneId: string;
let othersPhoneId: string;

async function resource(who: Customer, kind: 'desktop' | 'phone', name: string) {
  const resourceId = `${kind === 'desktop' ? 'cd' : 'ph'}-${randomUUID().slice(0, 12)}`;
  await insertResources(h.ctx.db, [
    {
      resourceId,
      userId: who.userId,
      kind,
      name,
      status: 'running',
      resourceStatus: 'created',
      clientToken: `create:fixture:${resourceId}`,
      billingMethod: 'subscription',
      expiresAt: new Date(h.clock.now().getTime() + 30 * 86_400_000),
    },
  ]);
  return resourceId;
}

const linkUrl = (kind: 'desktop' | 'phone', id: string) => `/api/user/proxy_link/${kind}/${id}`;

async function newLink(who: Customer, kind: 'desktop' | 'phone', id: string): Promise<string> {
  const res = await h.call(who, 'POST', linkUrl(kind, id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

const config = (patch: Record<string, unknown> = {}) => ({
  enabled: true,
  type: 'socks5',
  ip: '203.0.113.10',
  tcp_port: 1080,
  udp_port: 1081,
  username: 'alice',
  password: 'Pr0xy-Secret-42',
  rules: { mode: 'blacklist', domains: ['*.example.com'] },
  ...patch,
});

function getSet(id: string, token: string | undefined, headers: Record<string, string> = EN) {
  return h.ctx.app.inject({
    method: 'GET',
    url: `/api/proxy_set/${id}`,
    headers: { ...headers, ...(token === undefined ? {} : { 'x-proxy-token': token }) },
  });
}

function putSet(id: string, token: string, payload: unknown, headers: Record<string, string> = EN) {
  return h.ctx.app.inject({
    method: 'PUT',
    url: `/api/proxy_set/${id}`,
    headers: { ...headers, 'x-proxy-token': token },
    payload: payload as object,
  });
}

beforeAll(async () => {
  h = await desktopHarness();
  owner = await h.customer(0);
  other = await h.customer(0);
  desktopId = await resource(owner, 'desktop', 'Office PC');
  phoneId = await resource(owner, 'phone', 'Shop phone');
  othersPhoneId = await resource(other, 'phone', 'Their phone');
}, 60_000);
afterAll(() => h.ctx.close());

describe('proxy settings links', () => {
  it('creates a link whose token is answered once and stored only as its SHA-256', async () => {
    expect((await h.call(owner, 'GET', linkUrl('phone', phoneId))).json().data).toMatchObject({
      active: false,
      created_at: null,
    });
    const token = await newLink(owner, 'phone', phoneId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const status = (await h.call(owner, 'GET', linkUrl('phone', phoneId))).json().data;
    expect(status).toMatchObject({ active: true });
    expect(status).not.toHaveProperty('token');
    const rows = await h.ctx.db
      .select()
      .from(proxySetLinks)
      .where(eq(proxySetLinks.tokenHash, sha256(token)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('another customer cannot see, create or revoke a link for a resource not theirs: 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await h.call(other, method, linkUrl('phone', phoneId), undefined, EN);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      expect(res.json().msg).toBe('The cloud phone does not exist');
      expect((await h.call(other, method, linkUrl('desktop', desktopId))).statusCode).toBe(404);
    }
    // A phone id on the desktop route is no desktop.
    expect((await h.call(owner, 'POST', linkUrl('desktop', phoneId))).statusCode).toBe(404);
  });

  it('a new link revokes the previous one, and revoking kills the token at once: 401', async () => {
    const first = await newLink(owner, 'desktop', desktopId);
    expect((await getSet(desktopId, first)).statusCode).toBe(200);
    const second = await newLink(owner, 'desktop', desktopId);
    const stale = await getSet(desktopId, first);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({
      code: 401,
      msg: 'The proxy settings link is invalid or has been revoked',
    });
    expect((await getSet(desktopId, second)).statusCode).toBe(200);

    const revoked = await h.call(owner, 'DELETE', linkUrl('desktop', desktopId));
    expect(revoked.json().data).toMatchObject({ active: false });
    expect((await getSet(desktopId, second)).statusCode).toBe(401);
    expect((await putSet(desktopId, second, { configs: [config()] })).statusCode).toBe(401);
    expect((await getSet(desktopId, randomUUID() + randomUUID())).statusCode).toBe(401);
  });
});

describe('the proxy set behind a token', () => {
  it("reaches only its own resource: another resource's set answers 404, whoever owns it", async () => {
    const token = await newLink(owner, 'phone', phoneId);
    expect((await getSet(desktopId, token)).statusCode).toBe(404);
    const foreign = await getSet(othersPhoneId, token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toMatch(/does not open this resource/);
    expect((await putSet(othersPhoneId, token, { configs: [config()] })).statusCode).toBe(404);
    // Without the header the request is refused before any lookup.
    expect((await getSet(phoneId, undefined)).statusCode).toBe(400);
  });

  it('starts empty, saves a list and answers it to the client, passwords included', async () => {
    const token = await newLink(owner, 'phone', phoneId);
    const empty = (await getSet(phoneId, token)).json().data;
    expect(empty).toMatchObject({ resource_id: phoneId, kind: 'phone', name: 'Shop phone', configs: [] });

    const configs = [
      config(),
      config({
        enabled: false,
        type: 'http',
        udp_port: null,
        rules: { mode: 'whitelist', domains: ['*.shop.co.uk'] },
      }),
    ];
    const saved = await putSet(phoneId, token, { configs });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await getSet(phoneId, token)).json().data;
    expect(read.configs).toEqual(configs);
    expect(read.updated_at).not.toBeNull();
    // At rest the password is sealed (lib/secret-box.ts), not the customer's text.
    const [stored] = await h.ctx.db.select().from(proxySets);
    expect(JSON.stringify(stored!.configs)).not.toContain(configs[0]!.password);
    expect((stored!.configs as Array<{ password: string }>)[0]!.password).toMatch(/^v1\./);
    // The link shows it was used.
    expect((await h.call(owner, 'GET', linkUrl('phone', phoneId))).json().data.last_used_at).not.toBeNull();
  });

  it('keeps at least one configuration and takes rule domains only as *.x.y, translated', async () => {
    const token = await newLink(owner, 'phone', phoneId);
    await putSet(phoneId, token, { configs: [config()] });

    const empty = await putSet(phoneId, token, { configs: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields).toEqual([
      { field: 'body.configs', message: 'The proxy list must keep at least one configuration' },
    ]);
    const emptyZh = await putSet(phoneId, token, { configs: [] }, { 'accept-language': 'zh-CN' });
    expect(emptyZh.json().data.fields[0].message).toBe('代理列表至少保留一条配置');

    for (const domain of ['google.com', '*.com', '*.-bad.com', 'http://*.a.com', '*.a_b.com']) {
      const res = await putSet(phoneId, token, {
        configs: [config({ rules: { mode: 'blacklist', domains: ['*.fine.org', domain] } })],
      });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().data.fields).toEqual([
        {
          field: 'body.configs.0.rules.domains.1',
          message: 'Rule domains accept only the *.x.y pattern, e.g. *.google.com',
        },
      ]);
    }
    // Nothing refused was saved: the list is still the one configuration.
    expect((await getSet(phoneId, token)).json().data.configs).toEqual([config()]);
  });

  it('refuses each fault of an imported JSON list with its field, and round-trips an export', async () => {
    const token = await newLink(owner, 'phone', phoneId);
    const faults: [unknown, string][] = [
      [{ configs: [config({ ip: 'proxy.example.com' })] }, 'body.configs.0.ip'],
      [{ configs: [config({ tcp_port: 70000 })] }, 'body.configs.0.tcp_port'],
      [{ configs: [config({ type: 'ftp' })] }, 'body.configs.0.type'],
      [{ configs: [config({ rules: { mode: 'whitelist', domains: [] } })] }, 'body.configs.0.rules.domains'],
      [{ configs: [{ ...config(), extra: 1 }] }, 'body.configs.0'],
      [[config()], 'body'],
    ];
    for (const [payload, field] of faults) {
      const res = await putSet(phoneId, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(field);
    }

    // An export (what GET answers) imported again as it is saves the same list.
    const configs = [config(), config({ ip: '2001:db8::1', rules: { mode: 'blacklist', domains: [] } })];
    expect((await putSet(phoneId, token, { configs })).statusCode).toBe(200);
    const exported = { configs: (await getSet(phoneId, token)).json().data.configs };
    expect((await putSet(phoneId, token, JSON.parse(JSON.stringify(exported)))).statusCode).toBe(200);
    expect((await getSet(phoneId, token)).json().data.configs).toEqual(configs);
  });

  it('publishes the JSON Schema of the file, generated from the contract', async () => {
    const res = await h.ctx.app.inject({ method: 'GET', url: '/api/proxy_set/schema' });
    expect(res.statusCode).toBe(200);
    const schema = res.json();
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      required: ['configs'],
      properties: { configs: { type: 'array', minItems: 1 } },
    });
    const item = schema.properties.configs.items;
    expect(item.properties.type.enum).toEqual(['socks5', 'http']);
    expect(new RegExp(item.properties.rules.properties.domains.items.pattern).test('*.a.b')).toBe(true);
    expect(new RegExp(item.properties.rules.properties.domains.items.pattern).test('a.b')).toBe(false);
  });
});

describe('the operation log', () => {
  it('masks the created token and the saved passwords', async () => {
    const token = await newLink(owner, 'phone', phoneId);
    const created = await lastOperation(h.ctx.db, '/api/user/proxy_link/phone/:id', 'POST');
    expect(created).toMatchObject({ module: 'proxy', userId: owner.userId, status: 'success' });
    expect(JSON.parse(created.result!)).toMatchObject({ token: MASK, active: true });
    expect(created.result).not.toContain(token);

    expect((await putSet(phoneId, token, { configs: [config()] })).statusCode).toBe(200);
    const saved = await lastOperation(h.ctx.db, '/api/proxy_set/:resource_id', 'PUT');
    expect(saved).toMatchObject({ module: 'proxy', userId: null, status: 'success' });
    const params = JSON.parse(saved.params!);
    expect(params.body.configs[0]).toMatchObject({ password: MASK, username: 'alice' });
    expect(JSON.parse(saved.result!).configs[0].password).toBe(MASK);
    for (const text of [saved.params, saved.result, saved.url]) {
      expect(text).not.toContain('Pr0xy-Secret-42');
      expect(text).not.toContain(token);
    }
  });
});
