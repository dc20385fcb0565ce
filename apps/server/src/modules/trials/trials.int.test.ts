/**
 * Free 24-hour trials (issue 22, part G2) through the routes: one application per account (the
 * database's rule, concurrent applies included), spec §5's messages, the operators' review with
 * its anti-abuse signals and data scope, approval → a gift desktop made by the real provisioning
 * jobs that runs, cannot be renewed, and is stopped and deleted by the expiry sweep 24 hours after
 * it first ran (ManualClock), rejection with a reason, and a notice for each outcome.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desktopHarness, EN, type Customer, type DesktopHarness } from '../../../test/desktop-fixtures';
import { noticesOf } from '../../../test/billing-fixtures';
import { operatorWith, type TestOperator } from '../../../test/operators';
import { expectCleanLedger, walletBalanceOf } from '../../../test/topups';
import { freeResourceApplications, orders, sysConfigs } from '../../db/schema';
import { runLifecycleSweep } from '../billing/lifecycle';
import { findResourceByPublicId } from '../provisioning/repo';

let h: DesktopHarness;
let reviewer: TestOperator;
const PERMS = ['business:trial:list', 'business:trial:approve'];
const HOUR = 3_600_000;

beforeAll(async () => {
  h = await desktopHarness();
  reviewer = await operatorWith(h.ctx.app, h.ctx.db, { perms: PERMS });
});
afterEach(() => expectCleanLedger(h.ctx.database));
afterAll(() => h.ctx.close());

const body = (extra: Record<string, unknown> = {}) => ({
  region_id: h.hk,
  contact_type: 'telegram',
  contact: '@trial_user',
  remark: 'testing before buying',
  ...extra,
});

function apply(
  who: Customer,
  payload: unknown,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  return h.ctx.app.inject({
    method: 'POST',
    url: '/api/user/free_resource_apply',
    headers: { ...who.headers, ...options.headers },
    payload: payload as object,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

async function latest(who: Customer) {
  const res = await h.ctx.app.inject({
    method: 'GET',
    url: '/api/user/free_resource_apply/latest',
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function decide(
  headers: Record<string, string>,
  id: number,
  action: 'approve' | 'reject',
  payload?: object,
  key: string | null = randomUUID(),
) {
  return h.ctx.app.inject({
    method: 'POST',
    url: `/api/business/trial/${id}/${action}`,
    headers: { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    ...(payload ? { payload } : {}),
  });
}

async function list(headers: Record<string, string>, query: Record<string, string> = {}) {
  const res = await h.ctx.app.inject({ method: 'GET', url: '/api/business/trial/list', headers, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Record<string, unknown>[]; total: number };
}

async function applied(who: Customer, extra: Record<string, unknown> = {}, ip?: string) {
  const res = await apply(who, body(extra), { ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; status: string };
}

describe('applying', () => {
  it('stores a pending application, shown as the latest; null before any', async () => {
    const who = await h.customer(0);
    expect(await latest(who)).toBeNull();
    const made = await applied(who);
    expect(made).toMatchObject({ status: 'pending', region_id: h.hk, contact_type: 'telegram' });
    expect(await latest(who)).toMatchObject({
      id: made.id,
      status: 'pending',
      contact: '@trial_user',
      remark: 'testing before buying',
      reason: null,
      desktop_id: null,
    });
  });

  it('refuses a missing region or contact with spec §5 messages, in both languages', async () => {
    const who = await h.customer(0);
    const noRegion = await apply(who, body({ region_id: undefined }));
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json().data.fields).toEqual([{ field: 'body.region_id', message: '申请试用请选择地域' }]);
    const noContact = await apply(who, body({ contact: '  ' }), { headers: EN });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().data.fields).toEqual([
      { field: 'body.contact', message: 'Enter a messaging contact' },
    ]);
    const badType = await apply(who, body({ contact_type: 'fax' }), { headers: EN });
    expect(badType.json().data.fields[0].message).toBe('Enter a messaging contact');
    // A region that is not a desktop region on sale is no region.
    const unknown = await apply(who, body({ region_id: 999_999 }), { headers: EN });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ msg: 'Choose a region to apply for a trial' });
    expect(await latest(who)).toBeNull();
  });

  it('allows one trial per account, also when applies race', async () => {
    const who = await h.customer(0);
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(who, body(), { headers: EN })));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      msg: 'One free trial per account: you already have a pending or approved application',
      data: { error_code: 'TRIAL_ALREADY_APPLIED' },
    });
    const rows = await h.ctx.db
      .select()
      .from(freeResourceApplications)
      .where(eq(freeResourceApplications.userId, who.userId));
    expect(rows).toHaveLength(1);
  });

  it('keeps the one-per-account rule in the database itself', async () => {
    const who = await h.customer(0);
    const made = await applied(who);
    const row = {
      userId: who.userId,
      regionId: h.hk,
      contactType: 'qq',
      contact: '1',
      ip: '1',
      emailDomain: 'x',
    };
    await expect(h.ctx.db.insert(freeResourceApplications).values(row)).rejects.toThrow();
    // Once rejected, a new application may be made.
    expect((await decide(reviewer.headers, made.id, 'reject', { reason: 'incomplete' })).statusCode).toBe(
      200,
    );
    expect((await applied(who)).status).toBe('pending');
  });
});

describe('the operators’ review', () => {
  it('lists applications with the other accounts from the same IP and e-mail domain', async () => {
    const ip = '203.0.113.77';
    const first = await h.customer(0);
    const second = await h.customer(0);
    const a = await applied(first, {}, ip);
    const b = await applied(second, {}, ip);
    const page = await list(reviewer.headers, { ip });
    expect(page.total).toBe(2);
    const rowA = page.list.find((row) => row.id === a.id)!;
    expect(rowA).toMatchObject({ email: first.email, ip, email_domain: 'example.com', status: 'pending' });
    expect(rowA.same_ip).toEqual([expect.objectContaining({ id: b.id, email: second.email, ip })]);
    expect((rowA.same_domain as { id: number }[]).map((r) => r.id)).toContain(b.id);
    // Filters: status and e-mail prefix.
    expect((await list(reviewer.headers, { email: first.email })).list.map((row) => row.id)).toEqual([a.id]);
    const pending = await list(reviewer.headers, { status: 'pending', limit: '50' });
    expect(pending.list.every((row) => row.status === 'pending')).toBe(true);
  });

  it('needs its permissions (list, approve) and Idempotency-Key to approve', async () => {
    const who = await h.customer(0);
    const made = await applied(who);
    const none = await operatorWith(h.ctx.app, h.ctx.db, { perms: [] });
    const listOnly = await operatorWith(h.ctx.app, h.ctx.db, { perms: ['business:trial:list'] });
    expect(
      (await h.ctx.app.inject({ url: '/api/business/trial/list', headers: none.headers })).statusCode,
    ).toBe(403);
    expect((await decide(listOnly.headers, made.id, 'approve')).statusCode).toBe(403);
    expect((await decide(listOnly.headers, made.id, 'reject', { reason: 'no' })).statusCode).toBe(403);
    // A customer is no operator.
    expect(
      (await h.ctx.app.inject({ url: '/api/business/trial/list', headers: who.headers })).statusCode,
    ).toBe(403);
    expect((await decide(reviewer.headers, made.id, 'approve', undefined, null)).statusCode).toBe(400);
    expect((await latest(who)).status).toBe('pending');
  });

  it('answers 404 for an application outside the operator’s data scope', async () => {
    const who = await h.customer(0);
    const made = await applied(who);
    // Scope '5': only the customers the operator owns (none).
    const own = await operatorWith(h.ctx.app, h.ctx.db, { perms: PERMS, dataScope: '5' });
    expect((await list(own.headers)).list.map((row) => row.id)).not.toContain(made.id);
    const res = await decide(own.headers, made.id, 'approve');
    expect(res.statusCode).toBe(404);
    expect(res.json().data.error_code).toBe('TRIAL_NOT_FOUND');
  });

  it('rejects with a reason the customer reads, noticed; a decided application is not decided again', async () => {
    const who = await h.customer(0);
    const made = await applied(who);
    const empty = await decide(reviewer.headers, made.id, 'reject', { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields[0].message).toBe('Enter a reason for the rejection');
    const res = await decide(reviewer.headers, made.id, 'reject', {
      reason: 'Contact could not be verified',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', reviewed_by_email: reviewer.email });
    expect(await latest(who)).toMatchObject({ status: 'rejected', reason: 'Contact could not be verified' });
    const notices = await noticesOf(h.ctx.db, who.userId);
    expect(notices.at(-1)).toMatchObject({ title_en: 'Free trial not approved' });
    expect(notices.at(-1)!.content_en).toContain('Contact could not be verified');
    expect(notices.at(-1)!.title_zh).toBe('免费试用申请未通过');
    const again = await decide(reviewer.headers, made.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().data.error_code).toBe('TRIAL_NOT_PENDING');
  });
});

describe('an approved trial', () => {
  it('is a gift desktop that runs 24 hours from its start, cannot be renewed, then is stopped and deleted', async () => {
    const who = await h.customer(50);
    const made = await applied(who);
    const before = await walletBalanceOf(h.ctx.app, who);

    // Two approvals at once: one gift.
    const [first, second] = await Promise.all([
      decide(reviewer.headers, made.id, 'approve'),
      decide(reviewer.headers, made.id, 'approve'),
    ]);
    expect([first.statusCode, second.statusCode].sort(), first.body + second.body).toEqual([200, 409]);
    const decided = (first.statusCode === 200 ? first : second).json().data;
    expect(decided).toMatchObject({ status: 'approved', desktop_id: expect.stringMatching(/^dt-/) });
    const desktopId = decided.desktop_id as string;

    // A zero-amount gift order through placeOrder: no money moved.
    const desktop = (await findResourceByPublicId(h.ctx.db, desktopId))!;
    expect(desktop).toMatchObject({ gift: true, autoRenew: false, billingMethod: 'subscription' });
    const [order] = await h.ctx.db.select().from(orders).where(eq(orders.id, desktop.orderId!));
    expect(order).toMatchObject({ paidAmountMicros: 0n, originalAmountMicros: 0n, userId: who.userId });
    expect(desktop.spec).toMatchObject({ bundleId: 'b-general-2c4g' });
    expect(await walletBalanceOf(h.ctx.app, who)).toBe(before);

    // The engine makes it; its 24 hours start when it runs.
    await h.runJobs();
    const running = (await findResourceByPublicId(h.ctx.db, desktopId))!;
    expect(running).toMatchObject({ status: 'running', resourceStatus: 'created' });
    const ranAt = h.clock.now().getTime();
    expect(running.expiresAt!.getTime()).toBeGreaterThan(ranAt + 24 * HOUR - 60_000);
    expect(running.expiresAt!.getTime()).toBeLessThanOrEqual(ranAt + 24 * HOUR);
    expect(await latest(who)).toMatchObject({
      status: 'approved',
      desktop_id: desktopId,
      expires_at: running.expiresAt!.toISOString(),
    });
    const approvedNotice = (await noticesOf(h.ctx.db, who.userId)).at(-1)!;
    expect(approvedNotice.title_en).toBe('Free trial approved');
    expect(approvedNotice.content_en).toContain(desktopId);

    // A gift is not renewable.
    const renew = await h.call(who, 'PUT', `/api/user/desktop/${desktopId}/renew`, { period: 1 }, EN);
    expect(renew.statusCode).toBe(422);
    expect(renew.json().data.error_code).toBe('RENEWAL_GIFT_REFUSED');

    // No reminder a day ahead (the 3-day window is for subscriptions); 2 hours before its end, one.
    await runLifecycleSweep(h.core);
    expect((await noticesOf(h.ctx.db, who.userId)).at(-1)!.title_en).toBe('Free trial approved');
    h.clock.set(running.expiresAt!.getTime() - HOUR);
    await runLifecycleSweep(h.core);
    await runLifecycleSweep(h.core);
    const reminders = (await noticesOf(h.ctx.db, who.userId)).filter(
      (n) => n.title_en === 'Your free trial ends soon',
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.title_zh).toBe('免费试用即将结束');
    expect((await findResourceByPublicId(h.ctx.db, desktopId))!.status).toBe('running');

    // At its end: stopped, then deleted by the next sweep, with the notice after.
    h.clock.set(running.expiresAt!.getTime() + 60_000);
    await runLifecycleSweep(h.core);
    expect((await findResourceByPublicId(h.ctx.db, desktopId))!.status).toBe('stopping');
    h.clock.advance(5 * 60_000);
    await runLifecycleSweep(h.core);
    await runLifecycleSweep(h.core);
    const ended = (await noticesOf(h.ctx.db, who.userId)).filter(
      (n) => n.title_en === 'Your free trial has ended',
    );
    expect(ended).toHaveLength(1);
    h.clock.advance(5 * 60_000);
    const { refreshStatuses } = await import('../provisioning/actions');
    await refreshStatuses(h.core, [(await findResourceByPublicId(h.ctx.db, desktopId))!]);
    const gone = (await findResourceByPublicId(h.ctx.db, desktopId))!;
    expect(gone.deletedAt).not.toBeNull();
    expect(await walletBalanceOf(h.ctx.app, who)).toBe(before);
  });

  it('keeps each customer’s application to themselves', async () => {
    const owner = await h.customer(0);
    const other = await h.customer(0);
    await applied(owner, { contact: '@only_mine' });
    expect(await latest(other)).toBeNull();
  });
});

describe('the gift page’s figures', () => {
  it('reads the bonus and the referral reward from their settings (default 5 for the reward)', async () => {
    const offer = async () => (await h.ctx.app.inject({ url: '/api/gift_offer' })).json().data;
    expect(await offer()).toEqual({
      trial_hours: 24,
      first_recharge_bonus_percent: '10',
      referral_reward_percent: '5',
    });
    await h.ctx.db
      .update(sysConfigs)
      .set({ value: '12.5' })
      .where(eq(sysConfigs.key, 'FIRST_RECHARGE_BONUS_PERCENT'));
    // The referral programme's setting (migration 0041): the gift page reads it through that programme.
    await h.ctx.db
      .update(sysConfigs)
      .set({ value: '8' })
      .where(eq(sysConfigs.key, 'referral.reward_percent'));
    expect(await offer()).toMatchObject({
      first_recharge_bonus_percent: '12.5',
      referral_reward_percent: '8',
    });
  });
});
