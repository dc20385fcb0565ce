/**
 * The authorization matrix: every route of the app's own route table (so a route added later is
 * covered without editing this file) called as each kind of caller:
 * - anonymous: 401 unless the route is public;
 * - a customer: 403 on operator (permission) routes;
 * - a second customer on the first one's ids: 404, exactly as for an id that does not exist; on
 *   owner lists (no id in the path) an answer without any of the first customer's rows;
 * - an operator whose role lacks the route's permission: 403; one whose role holds it: neither;
 * - a sub-account of the first customer (issue 21): 403 SUB_ACCOUNT_NOT_ALLOWED on every route its
 *   policy (sub-accounts/route-policy.ts) leaves out, operator routes included; on the others, the
 *   first customer's unbound resources answer 404 and a binding without the permission 403.
 * Path params are filled from the first customer's things (desktop, phone, group, key pair,
 * orders, …) through `FIXTURE_KINDS`; an owner route whose param has no fixture fails, naming what
 * to add. Mass-assigned fields are checked on every customer write route's body schema.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EN, type Customer } from '../../../test/desktop-fixtures';
import { demoOperatorHeaders, operatorWith, type TestOperator } from '../../../test/operators';
import { phoneHarness, type PhoneHarness } from '../../../test/phone-fixtures';
import { dollars } from '../../../test/topups';
import { build, routeTable, type RouteEntry } from '../../app';
import { roles, userRoles, users } from '../../db/schema';
import { walletBalance } from '../wallet/service';
import { SUB_ACCOUNT_ROUTES, subAccountRoutePolicy } from '../sub-accounts/route-policy';
import { subAccountSession } from '../../../test/sub-account-fixtures';
import { multipartFile } from '../../../test/file-samples';
import { buildTestApk } from '../phones/apps/test-apk';

let h: PhoneHarness;
let owner: Customer;
let other: Customer;
let operator: TestOperator;
let desktop: Awaited<ReturnType<PhoneHarness['runningDesktop']>>;
/** The first customer's sub-account: bound to its phone with no permission, to nothing else. */
let sub: Customer;
/** Names the first customer's things carry, so its rows are recognisable in any answer. */
const TOKEN = `mx${randomUUID().slice(0, 8)}`;

/**
 * Which of the first customer's things a path parameter names, keyed by the parameter's name; a
 * generic `:id` (or `:ids`) is keyed with the segment before it (`phone/:id`). Filled in
 * `beforeAll` from real rows. A new owner route whose parameter is not here fails the test below:
 * make one such thing for the first customer in `beforeAll` and add its key.
 */
const FIXTURE_KINDS = new Map<string, string>();
/** Params that name shared reference data, not an account's things: every account reads them. */
const SHARED_PARAMS = new Set(['type/:type', 'type-data/:type']);
/** An id no row has: numeric, or shaped like the fixture. */
const MISSING = '987654321';
function missingLike(value: string): string {
  if (/^\d+$/.test(value)) return MISSING;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value)) return randomUUID();
  // A resource id (`cd-…`, `ph-…`): the same prefix and length, another body.
  const cut = value.lastIndexOf('-') + 1;
  return value.slice(0, cut) + value.slice(cut).replace(/[0-9]/g, '9').replace(/[a-z]/gi, 'f');
}

/** Fields a customer body may carry but must never set (spec §6, issue 17). */
const MASS_ASSIGNED = { balance: 1_000_000, role_ids: [1], user_id: 1, ph_white_user: 0 };

/**
 * Bodies that pass validation for owner routes whose body is required, so the second customer's
 * call reaches the ownership check (a 400 would hide a leak). A route added later with a required
 * body fails below until it is given one here.
 */
const BODIES = (): Record<string, object> => ({
  'PUT /api/user/desktop/:desktop_id/run_status': { action: 'stop' },
  'POST /api/user/free_resource_apply': { region_id: h.hk, contact_type: 'telegram', contact: '@matrix' },
  'PUT /api/user/desktop/:desktop_id': { name: 'taken' },
  'PUT /api/user/desktop/:desktop_id/renew': { period: 1 },
  'POST /api/user/desktop/:desktop_id/spec': { desktop_type: 'b-general-4c8g' },
  'POST /api/user/desktop/:id/migrate': { office_site_id: FIXTURE_KINDS.get('office_site/:id') },
  'PUT /api/user/office_site/:id/upgrade': { bandwidth: 50 },
  'PUT /api/user/office_site/:id': { name: 'taken' },
  'PUT /api/user/policy/:policy_id': {
    name: 'taken',
    clipboard: 'off',
    local_drive: 'off',
    usb_redirect: false,
  },
  'PUT /api/user/policy/:policy_id/desktops': { desktop_ids: [FIXTURE_KINDS.get('desktop/:id')] },
  'PUT /api/user/ph/phone_data/group/:id': { name: 'taken' },
  'POST /api/user/ph/phone_data/group/:id/phones': { phone_ids: [FIXTURE_KINDS.get('phone/:id')] },
  'PUT /api/user/ph/adb/key_pair/:id': { name: 'taken' },
  'POST /api/user/ph/adb/attach_key/:key_pair_id': { phone_ids: [FIXTURE_KINDS.get('phone/:id')] },
  'POST /api/user/ph/adb/detach_key/:key_pair_id': { phone_ids: [FIXTURE_KINDS.get('phone/:id')] },
  'POST /api/user/ph/phone/:id/run_command': { command: 'ls' },
  'PUT /api/user/ph/phone/:id': { name: 'taken' },
  'PUT /api/user/ph/phone/:id/auto_renew': { auto_renew: true },
  'POST /api/user/ph/phone/:id/renew': { period: 1 },
  'POST /api/user/ph/phone/:id/upgrade': { spec_id: 'ph.pro.4c8g' },
  'POST /api/user/ph/phone/:id/import_contacts': { file: 'x' },
  'PUT /api/user/ph/eip/:id': { name: 'taken' },
  'POST /api/user/ph/ph_u_network/:id/renew': { period: 1 },
  'PUT /api/user/ph/ph_u_network/:u_network_id': { name: 'taken' },
  'POST /api/user/ph/ph_u_network/:u_network_id/eip/:eip_id/bind_ph': {
    phone_id: FIXTURE_KINDS.get('phone/:id'),
  },
  'POST /api/user/ph/ph_u_network/:u_network_id/eip/unbind_ph': { phone_id: FIXTURE_KINDS.get('phone/:id') },
  'POST /api/user/ph/proxy/:id/bind': { phone_id: FIXTURE_KINDS.get('phone/:id') },
  'POST /api/user/ph/proxy/:id/unbind': { phone_id: FIXTURE_KINDS.get('phone/:id') },
  'POST /api/user/ph/proxy/:id/renew': { period: 1 },
  'PUT /api/user/ph/proxy/:id/auto_renew': { auto_renew: true },
  'PUT /api/user/ph/own_proxy/:id': OWN_PROXY,
  'POST /api/user/ph/own_proxy/:id/bind': { phone_id: FIXTURE_KINDS.get('phone/:id') },
  'POST /api/user/ph/own_proxy/:id/unbind': { phone_id: FIXTURE_KINDS.get('phone/:id') },
  'PUT /api/user/son_account/:account_id/password': { password: 'Brisk-Harbor-77' },
  'POST /api/user/son_account/:account_id/desktop': { desktop_ids: [FIXTURE_KINDS.get('desktop/:id')] },
  'DELETE /api/user/son_account/:account_id/desktop': { desktop_ids: [FIXTURE_KINDS.get('desktop/:id')] },
  'POST /api/user/son_account/:account_id/phone': { phone_ids: [FIXTURE_KINDS.get('phone/:id')] },
  'DELETE /api/user/son_account/:account_id/phone': { phone_ids: [FIXTURE_KINDS.get('phone/:id')] },
  // What the sub-account's calls name (its policy checks the ids in the body).
  'PUT /api/user/desktop/run_status': { action: 'stop', desktop_ids: [FIXTURE_KINDS.get('desktop/:id')] },
  'PUT /api/user/desktop/batch_rebuild': { desktop_ids: [FIXTURE_KINDS.get('desktop/:id')] },
  'POST /api/user/wy_auth/get_login_token': { desktop_id: FIXTURE_KINDS.get('desktop/:id') },
  'POST /api/user/ph/phone/action': { action: 'stop', phone_ids: [FIXTURE_KINDS.get('phone/:id')] },
  'POST /api/user/ph/phone/connection_ticket': { phone_ids: [FIXTURE_KINDS.get('phone/:id')] },
  'POST /api/user/son_account/phone/replace_v2': { phone_ids: [FIXTURE_KINDS.get('phone/:id')] },
  'POST /api/user/ph/ph_backup_space/:id/renew': { period: 1 },
  'POST /api/user/ph/ph_backup_space/:id/expand': { size: 20 },
  'PUT /api/user/ph/ph_backup_space/:id/auto_renew': { auto_renew: true },
  'PUT /api/user/ph/ph_backup/:id': { name: 'renamed' },
});
/** An own proxy (TEST-NET address: creating one connects nowhere). */
const OWN_PROXY = { protocol: 'socks5', host: '203.0.113.10', port: 1080, username: 'u', password: 'p' };
/** Queries owner GET routes need to pass validation. */
const QUERIES: Record<string, Record<string, string>> = {
  'GET /api/user/ph/phone/:id/renew_price': { period: '1' },
  'GET /api/user/ph/phone/:id/upgrade_price': { spec_id: 'ph.pro.4c8g' },
  'GET /api/user/office_site/:id/upgrade_price': { bandwidth: '50' },
  'GET /api/user/ph/eip/:id/bandwidth_price': { bandwidth: '20' },
  'GET /api/user/ph/proxy/:id/renew_price': { period: '1' },
  'GET /api/user/ph/ph_backup_space/:id/renew_price': { period: '1' },
  'GET /api/user/ph/ph_backup_space/:id/expand_price': { size: '20' },
};

/** Owner lists that must show the first customer's things to it (so the leak check means something). */
const OWNER_LISTS = [
  'GET /api/user/desktop',
  'GET /api/user/office_site',
  'GET /api/user/ph/phone',
  'GET /api/user/ph/phone_data/group',
  'GET /api/user/ph/adb/key_pair',
  'GET /api/user/policy',
  'GET /api/user/order',
  'GET /api/user/user_transactions',
  'GET /api/user/user_notice',
  'GET /api/user/sessions',
  'GET /api/user/ph/eip',
  'GET /api/user/ph/ph_u_network',
  'GET /api/user/ph/proxy',
  'GET /api/user/ph/own_proxy',
  'GET /api/user/son_account',
  'GET /api/user/ph/ph_backup',
  'GET /api/user/ph/ph_backup_space',
  'GET /api/user/ph/ph_task/list',
];

const name = (route: RouteEntry) => `${route.method} ${route.url}`;
const apiRoutes = () =>
  routeTable(h.ctx.app).filter(
    (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !route.url.startsWith('/api/docs'),
  );
const PARAM = /([^/]+)\/:([a-z_]+)/gi;
/** The fixture key of a path parameter: its name, or `segment/:id` for a generic id. */
const kindOf = (segment: string, param: string) =>
  param === 'id' || param === 'ids' ? `${segment}/:${param}` : param;
const paramsOf = (url: string) =>
  [...url.matchAll(PARAM)].map((m) => ({ key: `${m[1]}/:${m[2]}`, kind: kindOf(m[1]!, m[2]!) }));
const isOwned = (route: RouteEntry) => paramsOf(route.url).some((p) => !SHARED_PARAMS.has(p.key));
const ownerRoutes = () => apiRoutes().filter((r) => r.config.owner);

/**
 * The route's URL with the first customer's ids (`missing`: ids that exist nowhere). Operator
 * routes' params (not the customers' things) get an id that does not exist.
 */
function concrete(url: string, missing = false): string {
  return url.replace(PARAM, (_all, segment: string, param: string) => {
    const value = FIXTURE_KINDS.get(kindOf(segment, param));
    const filled = value === undefined ? MISSING : missing ? missingLike(value) : value;
    return `${segment}/${encodeURIComponent(filled)}`;
  });
}

function call(
  route: RouteEntry,
  headers: Record<string, string>,
  url = concrete(route.url),
  extraBody: object = {},
) {
  const key = name(route);
  return h.ctx.app.inject({
    method: route.method as 'GET',
    url,
    headers: { ...headers, ...EN, 'idempotency-key': randomUUID() },
    query: QUERIES[key],
    // A DELETE carries a body only where the route takes one (unbinding names what it unbinds).
    ...(route.method === 'GET' || (route.method === 'DELETE' && !BODIES()[key])
      ? {}
      : { payload: { ...extraBody, ...BODIES()[key] } }),
  });
}

/** The keys of the roles an account holds. */
async function roleKeysOf(userId: number): Promise<string[]> {
  const rows = await h.ctx.db
    .select({ key: roles.key })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.key);
}

/** The object schemas a body may take (through unions and intersections) as JSON Schema. */
function bodyObjects(schema: Record<string, unknown>): Array<Record<string, unknown>> {
  const parts = ['anyOf', 'oneOf', 'allOf'].flatMap(
    (k) => (schema[k] as Array<Record<string, unknown>> | undefined) ?? [],
  );
  return [...(schema.properties ? [schema] : []), ...parts.flatMap(bodyObjects)];
}

beforeAll(async () => {
  h = await phoneHarness();
  owner = await h.phoneCustomer(500);
  other = await h.phoneCustomer(500);
  operator = await operatorWith(h.ctx.app, h.ctx.db, { perms: [] });

  desktop = await h.runningDesktop(owner);
  const phone = await h.runningPhone(owner);
  const site = await h.officeSite(owner);
  const made = async (method: 'POST', url: string, body: object) => {
    const res = await h.call(owner, method, url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data;
  };
  const group = await made('POST', '/api/user/ph/phone_data/group', { name: `Group ${TOKEN}` });
  const keyPair = await made('POST', '/api/user/ph/adb/key_pair', { name: `key-${TOKEN}` });
  const policy = await made('POST', '/api/user/policy', {
    name: `Policy ${TOKEN}`,
    clipboard: 'off',
    local_drive: 'off',
    usb_redirect: false,
  });
  const topup = await made('POST', '/api/orders', { money: 10, pay_type: 2 });
  const network = await made('POST', '/api/user/ph/ph_u_network/create', {
    name: `net-${TOKEN}`,
    region_id: h.phk,
    quota: 2,
    period: 1,
    agreed: true,
  });
  const eips = await made('POST', '/api/user/ph/eip', {
    region_id: h.phk,
    bandwidth: 10,
    period: 1,
    quantity: 1,
    agreed: true,
  });
  const proxies = await made('POST', '/api/user/ph/proxy', {
    pool_id: 'jp-tyo-ntt',
    protocol: 'socks5',
    period: 1,
    quantity: 1,
    agreed: true,
  });
  const ownProxy = await made('POST', '/api/user/ph/own_proxy', { ...OWN_PROXY, remark: TOKEN });
  const subAccount = await made('POST', '/api/user/son_account', {
    nickname: `son-${TOKEN}`,
    password: 'Sunny-Day-42',
  });
  await made('POST', `/api/user/son_account/${subAccount.account_id}/phone`, {
    phone_ids: [phone.phoneId],
    permissions: [],
  });
  // Issue 20: a backup space, a backup of the phone (its task), and an app of the customer's own.
  const space = await made('POST', '/api/user/ph/ph_backup_space', { size: 10, period: 1, agreed: true });
  const backups = await made('POST', '/api/user/ph/ph_backup', {
    phone_ids: [phone.phoneId],
    name: `b-${TOKEN}`,
  });
  const apk = multipartFile(
    'matrix.apk',
    await buildTestApk({
      packageName: 'com.cloudbay.matrix',
      versionName: '1.0',
      versionCode: 1,
      label: 'Matrix',
      labelZh: '矩阵',
    }),
  );
  const upload = await h.ctx.app.inject({
    method: 'POST',
    url: '/api/user/ph/ph_app_v2',
    payload: apk.payload,
    headers: { ...owner.headers, ...apk.headers },
  });
  expect(upload.statusCode, upload.body).toBe(200);
  sub = await subAccountSession(h.ctx.app, h.ctx.db, owner, {
    accountId: subAccount.account_id,
    nickname: `son-${TOKEN}`,
  });
  const sent = await h.ctx.app.inject({
    method: 'POST',
    url: '/api/system/user_notice',
    headers: { ...(await demoOperatorHeaders(h.ctx.app, h.ctx.db)), 'idempotency-key': randomUUID() },
    payload: { user_id: owner.userId, title_zh: TOKEN, title_en: TOKEN, content_zh: 'x', content_en: 'x' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const list = async (url: string) => (await h.call(owner, 'GET', url)).json().data;
  const bills = await list('/api/user/user_transactions');
  const sessions = await list('/api/user/sessions');
  const notices = await list('/api/user/user_notice');

  const set = (keys: string[], value: unknown) => {
    if (value !== undefined && value !== null) for (const key of keys) FIXTURE_KINDS.set(key, String(value));
  };
  set(['desktop_id', 'desktop/:id'], desktop.desktopId);
  set(['office_site/:id'], site.resourceId);
  set(['phone/:id'], phone.phoneId);
  set(['group/:id'], group.id);
  set(['key_pair/:id', 'key_pair_id'], keyPair.key_pair_id);
  set(['policy_id'], policy.policy_id);
  set(['order/:id'], desktop.purchase.order.id);
  set(['order_id'], topup.order_id ?? topup.no);
  set(['user_transactions/:id'], bills.list[0]?.id);
  set(['sessions/:id'], sessions[0]?.id);
  set(['notice_id'], notices.list[0]?.notice_id);
  set(['eip/:id', 'eip_id'], eips.eip_ids[0]);
  set(['ph_u_network/:id', 'u_network_id'], network.u_network_id);
  set(['proxy/:id'], proxies.proxy_ids[0]);
  set(['own_proxy/:id'], ownProxy.id);
  set(['account_id'], subAccount.account_id);
  set(['ph_backup_space/:id'], space.space?.id ?? space.id);
  set(['ph_backup/:id'], backups.tasks[0]?.backup_id);
  set(['ph_task/:id'], backups.tasks[0]?.task_id);
  set(['ph_app_v2/:id'], upload.json().data.app.id);
}, 60_000);
afterAll(() => h.ctx.close());

describe('the authorization matrix', () => {
  it('every /api route declares public, owner or permission (the app refuses one that does not)', () => {
    for (const route of apiRoutes()) {
      const { config } = route;
      expect(Boolean(config.public || config.owner || config.permission), name(route)).toBe(true);
    }
  });

  it('build() refuses a route under /api that declares nothing', async () => {
    const fresh = await build({ ...h.deps, logger: false });
    try {
      expect(() => fresh.get('/api/forgotten', async () => 'open to every session by accident')).toThrow(
        /GET \/api\/forgotten declares no access/,
      );
      const both = { config: { public: true, permission: 'x:y:z' } };
      expect(() => fresh.get('/api/both', both, async () => 1)).toThrow(
        /is public and also declares permission/,
      );
    } finally {
      await fresh.close();
    }
  });

  it('anonymous callers get 401 everywhere except on public routes', async () => {
    for (const route of apiRoutes()) {
      const res = await call(route, {});
      if (route.config.public) expect(res.statusCode, name(route)).not.toBe(401);
      else expect(res.statusCode, `${name(route)}: ${res.body}`).toBe(401);
    }
  });

  it('a customer gets 403 on every operator route', async () => {
    for (const route of apiRoutes().filter((r) => r.config.permission)) {
      const res = await call(route, owner.headers);
      expect(res.statusCode, name(route)).toBe(403);
      expect(res.json().msg, name(route)).toBe('No permission for this operation');
    }
  });

  it('every owner route with an id names a kind of thing the matrix has a fixture for', () => {
    const unknown = ownerRoutes().flatMap((route) =>
      paramsOf(route.url)
        .filter((p) => !SHARED_PARAMS.has(p.key) && !FIXTURE_KINDS.has(p.kind))
        .map(
          (p) =>
            `${name(route)}: no fixture for '${p.kind}' — make one for the first customer in ` +
            `beforeAll and add it to FIXTURE_KINDS (or to SHARED_PARAMS if it is reference data)`,
        ),
    );
    expect(unknown).toEqual([]);
  });

  it("a second customer gets 404 on the first one's ids, as on ids that do not exist", async () => {
    const routes = ownerRoutes().filter(isOwned);
    expect(routes.length).toBeGreaterThan(30);
    // Every miss is listed at once, with its answer. The bodies also carry the mass-assigned fields.
    const misses: string[] = [];
    for (const route of routes) {
      for (const missing of [false, true]) {
        const res = await call(route, other.headers, concrete(route.url, missing), MASS_ASSIGNED);
        const which = missing ? 'an id that does not exist' : "the first customer's id";
        if (res.statusCode !== 404)
          misses.push(`${name(route)} with ${which}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(misses).toEqual([]);
    // The fixtures were real: the owner reaches them.
    for (const key of ['GET /api/user/order/:id', 'GET /api/user/user_transactions/:id']) {
      const route = apiRoutes().find((r) => name(r) === key)!;
      expect((await call(route, owner.headers)).statusCode, key).toBe(200);
    }
  });

  it("a second customer's lists hold none of the first one's rows", async () => {
    const firstOnes = [
      TOKEN,
      owner.email,
      desktop.purchase.order.no,
      ...[...FIXTURE_KINDS.values()].filter((value) => !/^\d+$/.test(value)),
    ];
    const lists = ownerRoutes().filter((r) => r.method === 'GET' && paramsOf(r.url).length === 0);
    expect(lists.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    const shownToOwner: string[] = [];
    for (const route of lists) {
      const mine = await call(route, owner.headers);
      if (firstOnes.some((mark) => mine.body.includes(mark))) shownToOwner.push(name(route));
      const theirs = await call(route, other.headers);
      expect(theirs.statusCode, `${name(route)}: ${theirs.body}`).toBeLessThan(500);
      const leaked = firstOnes.filter((mark) => theirs.body.includes(mark));
      if (leaked.length > 0) leaks.push(`${name(route)} shows ${leaked.join(', ')}`);
    }
    expect(leaks).toEqual([]);
    // The marks are real: the first customer's own lists show them.
    for (const key of OWNER_LISTS) expect(shownToOwner, key).toContain(key);
  });

  it('an operator whose role lacks the permission gets 403; with it, neither 401 nor 403', async () => {
    const guarded = apiRoutes().filter((r) => r.config.permission);
    const permissions = [...new Set(guarded.map((r) => r.config.permission!))];
    for (const route of guarded) {
      await operator.grant(permissions.filter((p) => p !== route.config.permission));
      expect((await call(route, operator.headers)).statusCode, name(route)).toBe(403);
      await operator.grant([route.config.permission!]);
      const res = await call(route, operator.headers);
      expect([401, 403], `${name(route)}: ${res.body}`).not.toContain(res.statusCode);
    }
  });
});

describe('the sub-account role (issue 21)', () => {
  it('its policy names only routes that exist', () => {
    const routes = new Set(apiRoutes().map(name));
    expect(Object.keys(SUB_ACCOUNT_ROUTES).filter((key) => !routes.has(key))).toEqual([]);
  });

  it('gets 403 SUB_ACCOUNT_NOT_ALLOWED on every route its policy leaves out, operator routes included', async () => {
    const closed = apiRoutes().filter((r) => !r.config.public && !subAccountRoutePolicy(r.method, r.url));
    expect(closed.length).toBeGreaterThan(100);
    const misses: string[] = [];
    for (const route of closed) {
      const res = await call(route, sub.headers);
      if (res.statusCode !== 403 || res.json().data?.error_code !== 'SUB_ACCOUNT_NOT_ALLOWED')
        misses.push(`${name(route)}: ${res.statusCode} ${res.body}`);
    }
    expect(misses).toEqual([]);
  });

  it("on its routes, the main account's unbound desktop answers 404 and its phone's binding without the permission 403", async () => {
    const guarded = apiRoutes().filter((r) => subAccountRoutePolicy(r.method, r.url)?.resource);
    expect(guarded.length).toBeGreaterThan(15);
    const misses: string[] = [];
    for (const route of guarded) {
      const policy = subAccountRoutePolicy(route.method, route.url)!;
      const res = await call(route, sub.headers);
      const expected = policy.resource!.kind === 'desktop' ? 404 : policy.permission ? 403 : 200;
      const code = res.json().data?.error_code;
      const ok =
        res.statusCode === expected &&
        (expected !== 403 || (code === 'SUB_ACCOUNT_PERMISSION_DENIED' && res.json().msg.includes('"')));
      if (!ok) misses.push(`${name(route)}: expected ${expected}, got ${res.statusCode} ${res.body}`);
    }
    expect(misses).toEqual([]);
  });

  it('its lists hold only what is bound to it', async () => {
    const desktops = (await h.call(sub, 'GET', '/api/user/desktop')).json().data;
    expect(desktops.total).toBe(0);
    const phones = (await h.call(sub, 'GET', '/api/user/ph/phone')).json().data;
    expect(phones.list.map((p: { id: string }) => p.id)).toEqual([FIXTURE_KINDS.get('phone/:id')]);
    expect((await h.call(sub, 'GET', '/api/user/desktop/region_count')).json().data).toEqual([]);
  });
});

describe('mass assignment', () => {
  it('no customer write route takes balance, roles, user id or the phone flag from its body', () => {
    const writes = ownerRoutes().filter((r) => r.method !== 'GET' && r.schema?.body);
    expect(writes.length).toBeGreaterThan(30);
    const takes: string[] = [];
    let objects = 0;
    for (const route of writes) {
      const body = route.schema!.body as z.ZodType;
      const json = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
      for (const object of bodyObjects(json)) {
        objects += 1;
        const declared = Object.keys(MASS_ASSIGNED).filter((key) =>
          Object.hasOwn(object.properties as object, key),
        );
        if (declared.length > 0) takes.push(`${name(route)} declares ${declared.join(', ')}`);
        // A loose object (passthrough, catchall) would hand them to the handler unread.
        const extra = object.additionalProperties;
        if (extra !== undefined && extra !== false)
          takes.push(`${name(route)} passes unknown fields through`);
      }
      // Unknown keys are dropped, not passed through to the handler.
      const sample = BODIES()[name(route)];
      const parsed = sample && body.safeParse({ ...MASS_ASSIGNED, ...sample });
      if (parsed?.success) {
        const kept = Object.keys(MASS_ASSIGNED).filter((key) => Object.hasOwn(parsed.data as object, key));
        if (kept.length > 0) takes.push(`${name(route)} keeps ${kept.join(', ')}`);
      }
    }
    expect(takes).toEqual([]);
    // The bodies were read (a schema the walk could not see into would pass silently).
    expect(objects).toBeGreaterThanOrEqual(writes.length);
  });

  it('the calls of the matrix with those fields changed nothing of the second customer', async () => {
    const [me] = await h.ctx.db.select().from(users).where(eq(users.id, other.userId));
    expect(me!.phWhiteUser).toBe(1);
    expect(await walletBalance(h.ctx.db, other.userId)).toBe(dollars(500));
    expect(await roleKeysOf(other.userId)).toEqual(['ROLE_DEFAULT']);
  });

  it('the profile update ignores balance, roles, user id and the phone flag', async () => {
    const before = await walletBalance(h.ctx.db, other.userId);
    const res = await h.call(other, 'PUT', '/api/user/profile', {
      nickname: 'Renamed',
      balance: 1_000_000,
      role_ids: [1],
      user_id: owner.userId,
      ph_white_user: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [me] = await h.ctx.db.select().from(users).where(eq(users.id, other.userId));
    const [them] = await h.ctx.db.select().from(users).where(eq(users.id, owner.userId));
    expect(me!.nickname).toBe('Renamed');
    expect(them!.nickname).not.toBe('Renamed');
    expect(me!.phWhiteUser).toBe(1);
    expect(await walletBalance(h.ctx.db, other.userId)).toBe(before);
    expect(await roleKeysOf(other.userId)).toEqual(['ROLE_DEFAULT']);
  });

  it("a purchase is the caller's and charged to the caller, whatever user_id or balance it carries", async () => {
    const ownerBefore = await walletBalance(h.ctx.db, owner.userId);
    const otherBefore = await walletBalance(h.ctx.db, other.userId);
    const res = await h.call(
      other,
      'POST',
      '/api/user/desktop',
      h.purchaseBody({ user_id: owner.userId, balance: 1e9 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const desktopId = res.json().data.desktop_ids[0] as string;
    expect((await h.row(desktopId)).userId).toBe(other.userId);
    expect(await walletBalance(h.ctx.db, owner.userId)).toBe(ownerBefore);
    expect(await walletBalance(h.ctx.db, other.userId)).toBeLessThan(otherBefore);
  });
});
