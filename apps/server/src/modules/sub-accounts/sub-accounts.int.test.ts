/**
 * Sub-accounts (issue 21): the main account's management (maximum, nickname rules, list, password,
 * batch edit, delete), binding with per-binding permissions, the sub-account's sign-in, what its
 * session may see and do (bound only, permitted only), and the hand-off and rank (each resource of
 * a several-resource order its own cost).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../test/desktop-fixtures';
import { usePhoneHarness } from '../../../test/phone-fixtures';
import { PASSWORD } from '../../../test/accounts';
import {
  createSubAccount,
  subAccountLogin,
  subAccountSession,
  type SubAccount,
} from '../../../test/sub-account-fixtures';
import { orders, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { formatDollars } from '../../lib/money';
import { refundOrderPart } from '../orders/service';
import { failCreation, shareOf } from '../provisioning/jobs';

const h = usePhoneHarness();

async function bind(
  main: Customer,
  sub: SubAccount,
  kind: 'desktop' | 'phone',
  ids: string[],
  permissions?: string[],
) {
  const res = await h.call(main, 'POST', `/api/user/son_account/${sub.accountId}/${kind}`, {
    [`${kind}_ids`]: ids,
    ...(permissions ? { permissions } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { count: number };
}

async function listOf(main: Customer, query: Record<string, string> = {}) {
  const res = await h.ctx.app.inject({
    method: 'GET',
    url: '/api/user/son_account',
    headers: main.headers,
    query,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('managing sub-accounts', () => {
  it('creates up to the maximum, with unique nicknames of at least 4 characters, and needs an Idempotency-Key', async () => {
    const main = await h.customer(0);
    await h.ctx.db.update(users).set({ maxSubAccounts: 2 }).where(eq(users.id, main.userId));
    const first = await createSubAccount(h.ctx.app, main, 'Alice');
    const taken = await h.call(main, 'POST', '/api/user/son_account', {
      nickname: 'ALICE',
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data.error_code).toBe('SUB_ACCOUNT_NICKNAME_TAKEN');
    const short = await h.call(main, 'POST', '/api/user/son_account', {
      nickname: 'abc',
      password: PASSWORD,
    });
    expect(short.statusCode).toBe(400);
    const weak = await h.call(main, 'POST', '/api/user/son_account', {
      nickname: 'weakpw',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/user/son_account',
      headers: main.headers,
      payload: { nickname: 'nokey', password: PASSWORD },
    });
    expect(noKey.statusCode).toBe(400);
    await createSubAccount(h.ctx.app, main, 'Bobby');
    const over = await h.call(
      main,
      'POST',
      '/api/user/son_account',
      { nickname: 'Carol', password: PASSWORD },
      EN,
    );
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ data: { error_code: 'SUB_ACCOUNT_LIMIT_REACHED' } });
    expect(over.json().msg).toContain('2');

    const page = await listOf(main);
    expect(page).toMatchObject({ used: 2, max: 2, total: 2 });
    expect(page.list.map((a: { nickname: string }) => a.nickname)).toEqual(['Bobby', 'Alice']);
    // Another main account may use the same nickname.
    const other = await h.customer(0);
    await createSubAccount(h.ctx.app, other, 'alice');
    expect((await listOf(main, { nickname: 'ali' })).list).toEqual([
      expect.objectContaining({
        account_id: first.accountId,
        status: '0',
        online_count: 0,
        last_login_time: null,
      }),
    ]);
  });

  it('lists live sessions and the last sign-in; disabling ends the sessions at once, and so do a new password and deletion', async () => {
    const main = await h.customer();
    const sub = await createSubAccount(h.ctx.app, main);
    const session = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);
    const second = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);
    const [listed] = (await listOf(main)).list;
    expect(listed).toMatchObject({ online_count: 2, last_login_time: expect.any(String) });
    expect((await h.call(session, 'GET', '/api/user')).statusCode).toBe(200);

    const disabled = await h.call(main, 'PUT', '/api/user/son_account/batch_edit', {
      account_ids: [sub.accountId],
      status: '1',
      remark: 'on leave',
    });
    expect(disabled.json().data).toEqual({ updated: 1 });
    expect((await h.call(session, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await h.call(second, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await listOf(main)).list[0]).toMatchObject({ status: '1', remark: 'on leave', online_count: 0 });
    const refused = await subAccountLogin(h.ctx.app, h.ctx.db, {
      email: main.email,
      sonAccount: sub.nickname,
    });
    expect(refused.statusCode).toBe(403);

    await h.call(main, 'PUT', '/api/user/son_account/batch_edit', {
      account_ids: [sub.accountId],
      status: '0',
    });
    const again = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);
    const changed = await h.call(main, 'PUT', `/api/user/son_account/${sub.accountId}/password`, {
      password: 'Brisk-Harbor-77',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await h.call(again, 'GET', '/api/user')).statusCode).toBe(401);
    const withNew = await subAccountLogin(h.ctx.app, h.ctx.db, {
      email: main.email,
      sonAccount: sub.nickname,
      password: 'Brisk-Harbor-77',
    });
    expect(withNew.statusCode).toBe(200);
    const last = { headers: { authorization: `Bearer ${withNew.json().data.access_token}` } } as Customer;

    const { desktopId } = await h.runningDesktop(main);
    await bind(main, sub, 'desktop', [desktopId]);
    expect((await h.call(main, 'DELETE', `/api/user/son_account/${sub.accountId}`)).statusCode).toBe(200);
    expect((await h.call(last, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await listOf(main)).total).toBe(0);
    const bound = await h.call(main, 'GET', `/api/user/desktop/${desktopId}/son_account`);
    expect(bound.json().data).toEqual([]);
  });

  it('answers 404 for another customer’s sub-account or resource, and refuses a sub-account every management call', async () => {
    const main = await h.customer(0);
    const stranger = await h.customer(0);
    const sub = await createSubAccount(h.ctx.app, main);
    const { desktopId: foreignDesktop } = await h.runningDesktop(await h.customer());
    for (const [method, url, body] of [
      ['PUT', `/api/user/son_account/${sub.accountId}/password`, { password: 'Brisk-Harbor-77' }],
      ['DELETE', `/api/user/son_account/${sub.accountId}`, undefined],
      ['PUT', '/api/user/son_account/batch_edit', { account_ids: [sub.accountId], status: '1' }],
      ['POST', `/api/user/son_account/${sub.accountId}/enter`, undefined],
    ] as const) {
      expect((await h.call(stranger, method, url, body)).statusCode, url).toBe(404);
    }
    const foreign = await h.call(main, 'POST', `/api/user/son_account/${sub.accountId}/desktop`, {
      desktop_ids: [foreignDesktop],
    });
    expect(foreign.statusCode).toBe(404);

    const session = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);
    for (const [method, url] of [
      ['GET', '/api/user/son_account'],
      ['POST', '/api/user/son_account'],
      ['GET', '/api/user/statistics/son_account_rank'],
      ['POST', '/api/user/desktop'],
      ['POST', '/api/user/ph/phone'],
      ['GET', '/api/user/user_transactions'],
      ['GET', '/api/user/order'],
      ['POST', '/api/user/ph/eip'],
      ['GET', '/api/user/office_site'],
      ['PUT', '/api/user/profile'],
    ] as const) {
      const res = await h.call(session, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().data.error_code).toBe('SUB_ACCOUNT_NOT_ALLOWED');
    }
  });
});

describe("a sub-account's console", () => {
  it('signs in with the main e-mail and its nickname; GET /user and getRouters say what it is', async () => {
    const main = await h.phoneCustomer(0);
    const sub = await createSubAccount(h.ctx.app, main, 'Studio-One');
    const session = await subAccountSession(h.ctx.app, h.ctx.db, main, { ...sub, nickname: 'studio-one' });
    const me = (await h.call(session, 'GET', '/api/user')).json().data;
    expect(me).toMatchObject({
      userId: sub.accountId,
      email: main.email,
      nickname: 'Studio-One',
      is_son: true,
      parent_id: main.userId,
      ph_white_user: 1,
      main_account: { userId: main.userId, email: main.email },
    });
    expect((await h.call(main, 'GET', '/api/user')).json().data).toMatchObject({
      is_son: false,
      main_account: null,
    });
    const info = (await h.call(session, 'GET', '/api/getInfo')).json().data;
    expect(info).toMatchObject({ roles: ['ROLE_SON'], permissions: [] });
    const routers = (await h.call(session, 'GET', '/api/getRouters')).json().data as {
      path: string;
      children?: { component: string }[];
    }[];
    const pages = routers.flatMap((node) => (node.children ?? []).map((child) => child.component));
    expect(pages.sort()).toEqual(
      ['cloud/list', 'cloud/log', 'cloud/notice', 'phone/group', 'phone/list', 'user/profile'].sort(),
    );

    // Without the main account's phone flag, no phone pages.
    const plain = await h.customer(0);
    const plainSub = await createSubAccount(h.ctx.app, plain);
    const plainSession = await subAccountSession(h.ctx.app, h.ctx.db, plain, plainSub);
    const plainRouters = (await h.call(plainSession, 'GET', '/api/getRouters')).json().data as {
      path: string;
    }[];
    expect(plainRouters.map((node) => node.path)).not.toContain('/phone');

    // The sub-account's own stored address never signs in alone.
    const [row] = await h.ctx.db.select().from(users).where(eq(users.id, sub.accountId));
    const alone = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: row!.email, password: PASSWORD, uuid: crypto.randomUUID(), code: 'x' },
    });
    expect(alone.statusCode).not.toBe(200);
  });

  it('answers a wrong password and an unknown nickname alike, and locks per sub-account', async () => {
    const main = await h.customer(0);
    const sub = await createSubAccount(h.ctx.app, main);
    const ip = '10.250.1.1';
    const unknown = await subAccountLogin(h.ctx.app, h.ctx.db, {
      email: main.email,
      sonAccount: 'nobody',
      ip,
    });
    const wrong = await subAccountLogin(h.ctx.app, h.ctx.db, {
      email: main.email,
      sonAccount: sub.nickname,
      password: 'Wrong-Password-1',
      ip,
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe(unknown.json().msg);
    for (let i = 0; i < 4; i += 1) {
      await subAccountLogin(h.ctx.app, h.ctx.db, {
        email: main.email,
        sonAccount: sub.nickname,
        password: 'Wrong-Password-1',
        ip,
      });
    }
    const locked = await subAccountLogin(h.ctx.app, h.ctx.db, {
      email: main.email,
      sonAccount: sub.nickname,
      ip,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().data.error_code).toBe('LOGIN_LOCKED');
    // The lock is the sub-account's: its main account still signs in from the same address.
    const res = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: main.email, password: PASSWORD, uuid: crypto.randomUUID(), code: 'x' },
      remoteAddress: ip,
    });
    expect(res.json().data?.error_code).not.toBe('LOGIN_LOCKED');
  });

  it('sees only its bound desktops and phones, and only the actions each binding permits', async () => {
    const main = await h.phoneCustomer(400);
    const sub = await createSubAccount(h.ctx.app, main, 'operator1');
    const { desktopId } = await h.runningDesktop(main, { name: 'bound-pc' });
    const { desktopId: otherDesktop } = await h.runningDesktop(main, { name: 'other-pc' });
    const { phoneId } = await h.runningPhone(main, { name: 'bound-ph' });
    const { phoneId: otherPhone } = await h.runningPhone(main, { name: 'other-ph' });
    await bind(main, sub, 'desktop', [desktopId], ['connect', 'start_stop']);
    await bind(main, sub, 'phone', [phoneId], ['connect', 'start_stop']);
    // The desktop's assigned user follows the binding; its detail lists the sub-account.
    expect((await h.row(desktopId)).spec.endUser).toBe('operator1');
    const bound = (await h.call(main, 'GET', `/api/user/desktop/${desktopId}/son_account`)).json().data;
    expect(bound).toEqual([expect.objectContaining({ account_id: sub.accountId, nickname: 'operator1' })]);
    const listed = (await listOf(main)).list[0];
    expect(listed).toMatchObject({ desktop_count: 1, phone_count: 1 });
    expect(listed.desktops[0]).toMatchObject({
      resource_id: desktopId,
      permissions: ['connect', 'start_stop'],
    });

    const session = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);
    const desktops = await h.listPage(session, '/api/user/desktop');
    expect(desktops.list.map((d) => d.desktop_id)).toEqual([desktopId]);
    expect(desktops.total).toBe(1);
    const phones = await h.listPage(session, '/api/user/ph/phone');
    expect(phones.list.map((p) => p.id)).toEqual([phoneId]);
    // Each row says what its binding permits, so the console shows only those actions.
    expect(desktops.list[0]).toMatchObject({ son_permissions: ['connect', 'start_stop'] });
    expect(phones.list[0]).toMatchObject({ son_permissions: ['connect', 'start_stop'] });
    // The main account's own rows carry no such field.
    const mainDesktops = await h.listPage(main, '/api/user/desktop');
    expect(mainDesktops.list.every((d) => !('son_permissions' in d))).toBe(true);

    // Unbound: as another customer's (404), whatever the action.
    const unboundDesktop = await h.call(session, 'PUT', `/api/user/desktop/${otherDesktop}/run_status`, {
      action: 'stop',
    });
    expect(unboundDesktop.statusCode).toBe(404);
    const unboundPhone = await h.call(session, 'POST', '/api/user/ph/phone/action', {
      action: 'stop',
      phone_ids: [otherPhone],
    });
    expect(unboundPhone.statusCode).toBe(404);
    const mixed = await h.call(session, 'POST', '/api/user/ph/phone/connection_ticket', {
      phone_ids: [phoneId, otherPhone],
    });
    expect(mixed.statusCode).toBe(404);

    // Bound but not permitted: 403 naming the permission, in the reader's language.
    const reboot = await h.call(
      session,
      'PUT',
      `/api/user/desktop/${desktopId}/run_status`,
      { action: 'reboot' },
      EN,
    );
    expect(reboot.statusCode).toBe(403);
    expect(reboot.json().data.error_code).toBe('SUB_ACCOUNT_PERMISSION_DENIED');
    expect(reboot.json().msg).toContain('"restart"');
    const reset = await h.call(session, 'POST', '/api/user/ph/phone/action', {
      action: 'reset',
      phone_ids: [phoneId],
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().msg).toContain('重置');
    const replace = await h.call(session, 'POST', '/api/user/son_account/phone/replace_v2', {
      phone_ids: [phoneId],
    });
    expect(replace.statusCode).toBe(403);
    const command = await h.call(session, 'POST', `/api/user/ph/phone/${phoneId}/run_command`, {
      command: 'ls',
    });
    expect(command.statusCode).toBe(403);
    const renew = await h.call(session, 'PUT', `/api/user/desktop/${desktopId}/renew`, { period: 1 });
    expect(renew.statusCode).toBe(403);

    // Permitted: the action runs on the main account's resource.
    const stop = await h.call(session, 'PUT', `/api/user/desktop/${desktopId}/run_status`, {
      action: 'stop',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const ticket = await h.call(session, 'POST', '/api/user/ph/phone/connection_ticket', {
      phone_ids: [phoneId],
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const groups = await h.call(session, 'GET', '/api/user/son_account/phone_data/group');
    expect(groups.statusCode, groups.body).toBe(200);
    // The main account's own isSon path stays the sub-accounts'.
    expect((await h.call(main, 'GET', '/api/user/son_account/phone_data/group')).statusCode).toBe(403);

    // Re-binding sets the permissions; reset is then allowed (the phone's state decides the rest).
    await bind(main, sub, 'phone', [phoneId], ['reset_replace']);
    const allowed = await h.call(session, 'POST', '/api/user/ph/phone/action', {
      action: 'reset',
      phone_ids: [phoneId],
    });
    expect(allowed.statusCode, allowed.body).toBe(200);

    // Unbinding: gone from its lists and 404; the desktop's user is cleared.
    const unbound = await h.call(main, 'DELETE', `/api/user/son_account/${sub.accountId}/desktop`, {
      desktop_ids: [desktopId],
    });
    expect(unbound.json().data).toEqual({ count: 1 });
    await h.runJobs();
    expect((await h.listPage(session, '/api/user/desktop')).total).toBe(0);
    expect((await h.call(session, 'GET', `/api/user/desktop/${desktopId}/real_time_data`)).statusCode).toBe(
      404,
    );
    // Four resources bought, or twenty renewals at once: more than the default 20 s on a loaded machine.
  }, 60_000);
});

describe('spend cap', () => {
  it('refuses renewals by default, and 20 concurrent renewals never pass the monthly cap', async () => {
    const main = await h.customer(500);
    const sub = await createSubAccount(h.ctx.app, main, 'payer01');
    const { desktopId } = await h.runningDesktop(main);
    await bind(main, sub, 'desktop', [desktopId], ['renew']);
    const session = await subAccountSession(h.ctx.app, h.ctx.db, main, sub);

    const refused = await h.call(session, 'PUT', `/api/user/desktop/${desktopId}/renew`, { period: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.error_code).toBe('SUB_ACCOUNT_SPEND_CAP_EXCEEDED');

    // The price of one month, from the main account's own renewal.
    const own = await h.call(main, 'PUT', `/api/user/desktop/${desktopId}/renew`, { period: 1 });
    expect(own.statusCode, own.body).toBe(200);
    const price = Number(own.json().data.order.paid_amount ?? own.json().data.order.amount);
    expect(price).toBeGreaterThan(0);
    const cap = (price * 3 + price / 2).toFixed(2);
    await h.call(main, 'PUT', '/api/user/son_account/batch_edit', {
      account_ids: [sub.accountId],
      spend_cap: cap,
    });

    const before = Number((await h.call(main, 'GET', '/api/user')).json().data.balance);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.call(session, 'PUT', `/api/user/desktop/${desktopId}/renew`, { period: 1 }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 422)).toHaveLength(17);
    const after = Number((await h.call(main, 'GET', '/api/user')).json().data.balance);
    expect(Math.round((before - after) * 100)).toBe(Math.round(price * 3 * 100));
    const listed = (await listOf(main)).list[0];
    expect(Number(listed.spent_this_month)).toBeCloseTo(price * 3, 2);
    expect(Number(listed.spent_this_month)).toBeLessThanOrEqual(Number(cap));

    // Each charge names the sub-account in the main account's bills.
    const bills = await h.listPage(main, '/api/user/user_transactions');
    const named = bills.list.filter((bill) => String(bill.memo ?? '').includes('payer01'));
    expect(named).toHaveLength(3);

    // The rank counts the bound desktop's cost and what the sub-account spent.
    const rank = (await h.call(main, 'GET', '/api/user/statistics/son_account_rank')).json().data;
    expect(rank.list[0]).toMatchObject({ account_id: sub.accountId, nickname: 'payer01' });
    expect(Number(rank.list[0].cost)).toBeGreaterThanOrEqual(price * 4);
    expect(Number(rank.list[0].spent)).toBeCloseTo(price * 3, 2);
    // Four resources bought, or twenty renewals at once: more than the default 20 s on a loaded machine.
  }, 60_000);
});

describe('enter as a sub-account', () => {
  it('opens a new session of the sub-account and hands the main one back as loginToken', async () => {
    const main = await h.customer(0);
    const sub = await createSubAccount(h.ctx.app, main);
    const res = await h.call(main, 'POST', `/api/user/son_account/${sub.accountId}/enter`);
    expect(res.statusCode, res.body).toBe(200);
    const { access_token: token, url } = res.json().data as { access_token: string; url: string };
    const query = new URL(url, 'http://x').searchParams;
    expect(new URL(url, 'http://x').pathname).toBe('/moneryContro');
    expect(query.get('token')).toBe(token);
    expect(query.get('loginToken')).toBe(main.token);
    expect(query.get('isSon')).toBe('1');
    const me = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data).toMatchObject({ userId: sub.accountId, is_son: true });
    // The main session is untouched.
    expect((await h.call(main, 'GET', '/api/user')).json().data.userId).toBe(main.userId);
  });
});

describe('the rank of sub-accounts', () => {
  it('attributes each resource of a several-desktop order its own cost: its share, less what was refunded for it', async () => {
    const main = await h.customer(500);
    const purchase = await h.buy(main, { quantity: 3, period: 1 });
    const [first, failed, third] = purchase.desktop_ids as [string, string, string];
    // The second desktop's creation fails for good: its share goes back (a per-resource refund).
    await failCreation(h.core, (await h.row(failed)).id, 'the cloud could not create it');
    await h.runJobs();
    const [order] = await h.ctx.db.select().from(orders).where(eq(orders.no, purchase.order.no));
    // An operator's refund of part of the order as a whole (it names no resource).
    const whole = 300_000n;
    await inTransaction(h.ctx.database.pool, (tx) =>
      refundOrderPart(tx, order!.id, {
        resourceId: 'operator-rank-test',
        amountMicros: whole,
        allFailed: false,
        memo: { text: 'goodwill', metadata: {} },
      }),
    );

    const both = await createSubAccount(h.ctx.app, main, 'both-desks');
    const last = await createSubAccount(h.ctx.app, main, 'last-desk');
    const refunded = await createSubAccount(h.ctx.app, main, 'refunded-desk');
    await bind(main, both, 'desktop', [first, failed]);
    await bind(main, last, 'desktop', [third]);
    await bind(main, refunded, 'desktop', [failed]);

    const paid = order!.paidAmountMicros;
    const costOf = (index: number) => shareOf(paid, 3, index) - shareOf(whole, 3, index);
    const rank = (await h.call(main, 'GET', '/api/user/statistics/son_account_rank')).json().data as {
      list: { account_id: number; cost: string }[];
    };
    const cost = (id: number) => rank.list.find((row) => row.account_id === id)?.cost;
    // Equal shares would give the first sub-account two thirds and the failed desktop's one third.
    expect(cost(both.accountId)).toBe(formatDollars(costOf(0)));
    expect(cost(last.accountId)).toBe(formatDollars(costOf(2)));
    expect(cost(refunded.accountId)).toBe('0.00');
    expect(rank.list.at(-1)?.account_id).toBe(refunded.accountId);
  }, 60_000);
});
