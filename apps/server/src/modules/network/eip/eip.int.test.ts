/**
 * Elastic IPs (issue 19, spec §4 IP rules and Expiry): the purchase and its money, the IP rules
 * (bind only unallocated, unbind only allocated, no bandwidth change unbound), the priced and
 * prorated bandwidth raise, same-region renewal, traffic, another customer's ids, and the expiry
 * steps with their notices — through app.inject against a real PostgreSQL, made by the real jobs.
 * The ledger verifies after every test.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { noticesOf } from '../../../../test/billing-fixtures';
import { EN, type Customer } from '../../../../test/desktop-fixtures';
import { usePhoneHarness } from '../../../../test/phone-fixtures';
import { recordResourceVersions } from '../../../../test/resource-versions';
import { parseMicros } from '../../../lib/money';
import { runLifecycleSweep } from '../../billing/lifecycle';
import { walletBalance } from '../../wallet/service';

const DAY = 86_400_000;
const h = usePhoneHarness();

interface EipView {
  eip_id: string;
  address: string | null;
  status: string;
  bandwidth: number;
  bound_instance: string | null;
  bound_instance_name: string | null;
  u_network_id: string | null;
  expired_at: string | null;
  expiry_state: string;
  actions: string[];
}

const eipBody = (extra: Record<string, unknown> = {}) => ({
  region_id: h.phk,
  bandwidth: 10,
  period: 1,
  quantity: 1,
  agreed: true,
  ...extra,
});

async function price(who: Customer, url: string, query: Record<string, string>) {
  const res = await h.ctx.app.inject({ method: 'GET', url, query, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { payable_price: string; original_price: string; quantity: number };
}

/** Bought and made (unallocated), jobs drained. */
async function buyEips(who: Customer, extra: Record<string, unknown> = {}) {
  const res = await h.call(who, 'POST', '/api/user/ph/eip', eipBody(extra));
  expect(res.statusCode, res.body).toBe(200);
  await h.runJobs();
  return res.json().data as { order: { no: string; paid_amount: string }; eip_ids: string[] };
}

async function eipOf(who: Customer, eipId: string): Promise<EipView> {
  const page = await h.listPage(who, '/api/user/ph/eip', { limit: '50' });
  return page.list.find((eip) => eip.eip_id === eipId) as unknown as EipView;
}

const bind = (who: Customer, eipId: string, phoneId: string) =>
  h.call(who, 'POST', '/api/user/ph/eip/bind', { eip_id: eipId, phone_id: phoneId }, EN);
const unbind = (who: Customer, eipId: string) =>
  h.call(who, 'POST', '/api/user/ph/eip/unbind', { eip_id: eipId }, EN);

describe('POST /user/ph/eip', () => {
  it('needs an Idempotency-Key, charges the /price figure once per key, and makes unallocated addresses', async () => {
    const customer = await h.phoneCustomer(200);
    const quote = await price(customer, '/api/user/ph/eip/price', {
      region_id: String(h.phk),
      bandwidth: '10',
      period: '3',
      quantity: '2',
    });
    const body = eipBody({ period: 3, quantity: 2, name: 'shop', auto_renew: true });
    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/user/ph/eip',
      headers: customer.headers,
      payload: body,
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().data.error_code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const before = await walletBalance(h.ctx.db, customer.userId);
    const key = randomUUID();
    const first = await h.call(customer, 'POST', '/api/user/ph/eip', body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    const again = await h.call(customer, 'POST', '/api/user/ph/eip', body, { 'idempotency-key': key });
    expect(again.json().data.order.no).toBe(first.json().data.order.no);
    const bought = first.json().data as { order: { paid_amount: string; type: string }; eip_ids: string[] };
    expect(bought.order).toMatchObject({ paid_amount: quote.payable_price, type: 'eip' });
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(parseMicros(quote.payable_price));

    await h.runJobs();
    const page = await h.listPage(customer, '/api/user/ph/eip');
    expect(page.total).toBe(2);
    for (const eip of page.list as unknown as EipView[]) {
      expect(eip).toMatchObject({
        status: 'unallocated',
        bandwidth: 10,
        bound_instance: null,
        expiry_state: 'normal',
      });
      expect(eip.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(eip.actions).toEqual(expect.arrayContaining(['bind', 'renew', 'auto_renew']));
      expect(eip.actions).not.toContain('unbind');
      expect(eip.actions).not.toContain('modify');
    }
    expect(page.list.map((eip) => eip.name).sort()).toEqual(['shop-1', 'shop-2']);
    // Filters: status, part of the address, region.
    const address = (page.list[0] as unknown as EipView).address!;
    const byAddress = await h.listPage(customer, '/api/user/ph/eip', { address: address.slice(0, -1) });
    expect(byAddress.list.map((eip) => eip.address)).toContain(address);
    expect((await h.listPage(customer, '/api/user/ph/eip', { status: 'allocated' })).total).toBe(0);
    expect((await h.listPage(customer, '/api/user/ph/eip', { region_id: String(h.psg) })).total).toBe(0);
  });

  it('reads creating, without Bind, in every version written before the engine records it created', async () => {
    const customer = await h.phoneCustomer(200);
    // A list read at any moment sees one of these versions; an address shown settled (unallocated)
    // before it is created would offer no Bind, and the list would stop asking again.
    const recorder = await recordResourceVersions(h.ctx.database);
    let eipId: string;
    try {
      [eipId] = (await buyEips(customer)).eip_ids as [string];
      const versions = (await recorder.versions()).filter((v) => v.resource_id === eipId);
      expect(versions.some((v) => v.resource_status === 'creating' && v.status === 'creating')).toBe(true);
      expect(versions.filter((v) => v.resource_status !== 'created').map((v) => v.status)).not.toContain(
        'unallocated',
      );
    } finally {
      await recorder.stop();
    }
    const made = await eipOf(customer, eipId);
    expect(made.status).toBe('unallocated');
    expect(made.actions).toContain('bind');
  });

  it('keeps the purchase form to 1–1000 Mbps', async () => {
    const customer = await h.phoneCustomer(5000);
    const tooWide = await h.call(customer, 'POST', '/api/user/ph/eip', eipBody({ bandwidth: 1001 }), EN);
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().msg).toContain('EIP bandwidth must be a whole number from 1 to 1000 Mbps');
    const widest = await price(customer, '/api/user/ph/eip/price', {
      region_id: String(h.phk),
      bandwidth: '1000',
      period: '1',
      quantity: '1',
    });
    expect(parseMicros(widest.payable_price)).toBeGreaterThan(0n);
  });
});

describe('the IP rules', () => {
  it('binds only unallocated, unbinds only allocated, and shows the address on the phone', async () => {
    const customer = await h.phoneCustomer(300);
    const { phoneId } = await h.runningPhone(customer, { name: 'seller' });
    const other = await h.runningPhone(customer, { name: 'buyer' });
    const {
      eip_ids: [eipId, secondId],
    } = await buyEips(customer, { quantity: 2 });

    const notBound = await unbind(customer, eipId!);
    expect(notBound.statusCode).toBe(409);
    expect(notBound.json().data.error_code).toBe('EIP_NOT_BOUND');

    const bound = await bind(customer, eipId!, phoneId);
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().data).toMatchObject({
      status: 'allocated',
      bound_instance: phoneId,
      bound_instance_name: 'seller',
    });
    expect((await eipOf(customer, eipId!)).actions).toEqual(expect.arrayContaining(['unbind', 'modify']));

    const twice = await bind(customer, eipId!, other.phoneId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.error_code).toBe('EIP_ALREADY_BOUND');
    expect(twice.json().msg).toMatch(/only an unallocated IP can be bound/);
    // One address per phone.
    const secondOnSame = await bind(customer, secondId!, phoneId);
    expect(secondOnSame.statusCode).toBe(409);
    expect(secondOnSame.json().data.error_code).toBe('PHONE_HAS_EIP');

    const phones = await h.listPage(customer, '/api/user/ph/phone');
    const seller = phones.list.find((phone) => phone.id === phoneId)!;
    expect(seller).toMatchObject({
      eip_id: eipId,
      eip_address: bound.json().data.address,
      network_type: 'default',
    });

    const unbound = await unbind(customer, eipId!);
    expect(unbound.statusCode, unbound.body).toBe(200);
    expect(unbound.json().data).toMatchObject({ status: 'unallocated', bound_instance: null });
    expect((await unbind(customer, eipId!)).json().data.error_code).toBe('EIP_NOT_BOUND');
    const after = await h.listPage(customer, '/api/user/ph/phone');
    expect(after.list.find((phone) => phone.id === phoneId)).toMatchObject({
      eip_id: null,
      eip_address: null,
    });
    // Free again: the second address may now take the phone.
    expect((await bind(customer, secondId!, phoneId)).statusCode).toBe(200);
  });

  it('refuses a phone of another region', async () => {
    const customer = await h.phoneCustomer(300);
    const { phoneId } = await h.runningPhone(customer, { region_id: h.psg });
    const {
      eip_ids: [eipId],
    } = await buyEips(customer);
    const res = await bind(customer, eipId!, phoneId);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.error_code).toBe('EIP_REGION_MISMATCH');
  });

  it('changes no bandwidth unbound, and prices a raise prorated to the expiry', async () => {
    const customer = await h.phoneCustomer(300);
    const { phoneId } = await h.runningPhone(customer);
    const {
      eip_ids: [eipId],
    } = await buyEips(customer, { bandwidth: 10 });
    const url = `/api/user/ph/eip/${eipId}`;

    const unboundPrice = await h.call(customer, 'GET', `${url}/bandwidth_price?bandwidth=20`, undefined, EN);
    expect(unboundPrice.statusCode).toBe(409);
    const unboundPut = await h.call(customer, 'PUT', url, { bandwidth: 20 }, EN);
    expect(unboundPut.statusCode).toBe(409);
    expect(unboundPut.json().data.error_code).toBe('EIP_BANDWIDTH_UNBOUND');
    expect(unboundPut.json().msg).toMatch(/An unbound IP cannot change its bandwidth/);
    // The name and auto-renew are not bandwidth: they change unbound.
    const renamed = await h.call(customer, 'PUT', url, { name: 'storefront', auto_renew: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ order: null, eip: { name: 'storefront', auto_renew: true } });

    expect((await bind(customer, eipId!, phoneId)).statusCode).toBe(200);
    // Half of the subscription left: the raise costs about half a month's difference.
    const row = await h.row(eipId!);
    h.clock.set(row.expiresAt!.getTime() - 15 * DAY);
    const quote = await price(customer, `${url}/bandwidth_price`, { bandwidth: '30' });
    const month = await price(customer, '/api/user/ph/eip/price', {
      region_id: String(h.phk),
      bandwidth: '20',
      period: '1',
      quantity: '1',
    });
    // (30 − 10) Mbps for 15 of 30 days ≈ the monthly price of 20 Mbps × 15 / 30.
    const expected = (parseMicros(month.original_price) * 15n) / 30n;
    expect(parseMicros(quote.payable_price)).toBe(expected);

    const before = await walletBalance(h.ctx.db, customer.userId);
    const raised = await h.call(customer, 'PUT', url, { bandwidth: 30 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data.order).toMatchObject({ paid_amount: quote.payable_price, action: 'upgrade' });
    expect(raised.json().data.eip.bandwidth).toBe(30);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(parseMicros(quote.payable_price));
    expect((await h.row(eipId!)).attributes.bandwidthMbps).toBe(30);

    // A cut is free and refunds nothing.
    const cut = await h.call(customer, 'PUT', url, { bandwidth: 15 });
    expect(cut.statusCode, cut.body).toBe(200);
    expect(cut.json().data.order).toBeNull();
    expect(cut.json().data.eip.bandwidth).toBe(15);
  });
});

describe('POST /user/ph/eip/renew', () => {
  it('renews addresses of one region for the /renew_price figure and names the odd ones', async () => {
    const customer = await h.phoneCustomer(500);
    const { eip_ids: hk } = await buyEips(customer, { quantity: 2 });
    const {
      eip_ids: [sg],
    } = await buyEips(customer, { region_id: h.psg });

    const mixed = await h.call(
      customer,
      'POST',
      '/api/user/ph/eip/renew',
      { eip_ids: [...hk, sg], period: 1 },
      EN,
    );
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().data.error_code).toBe('EIP_RENEW_REGION_MIXED');
    expect(mixed.json().msg).toBe(`IPs renewed together must be in one region; these are in another: ${sg}`);
    const mixedZh = await h.call(customer, 'POST', '/api/user/ph/eip/renew', {
      eip_ids: [sg, ...hk],
      period: 1,
    });
    expect(mixedZh.json().msg).toContain('不在同一地域');

    const quote = await price(customer, '/api/user/ph/eip/renew_price', {
      eip_ids: hk.join(','),
      period: '3',
    });
    expect(quote.quantity).toBe(2);
    const ends = await Promise.all(hk.map(async (id) => (await h.row(id)).expiresAt!));
    const before = await walletBalance(h.ctx.db, customer.userId);
    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/user/ph/eip/renew',
      headers: customer.headers,
      payload: { eip_ids: hk, period: 3 },
    });
    expect(noKey.statusCode).toBe(400);
    const renewed = await h.call(customer, 'POST', '/api/user/ph/eip/renew', { eip_ids: hk, period: 3 });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.orders).toHaveLength(2);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(parseMicros(quote.payable_price));
    for (const [index, id] of hk.entries()) {
      expect((await h.row(id)).expiresAt!.getTime()).toBeGreaterThan(ends[index]!.getTime() + 80 * DAY);
    }
  });

  it('renews all or none: without the balance for every address nothing is charged', async () => {
    const rich = await h.phoneCustomer(60);
    const { eip_ids: ids } = await buyEips(rich, { quantity: 2, bandwidth: 5 });
    const quote = await price(rich, '/api/user/ph/eip/renew_price', { eip_ids: ids.join(','), period: '12' });
    const balance = await walletBalance(h.ctx.db, rich.userId);
    expect(parseMicros(quote.payable_price)).toBeGreaterThan(balance);
    const refused = await h.call(rich, 'POST', '/api/user/ph/eip/renew', { eip_ids: ids, period: 12 });
    expect(refused.statusCode).toBe(422);
    expect(await walletBalance(h.ctx.db, rich.userId)).toBe(balance);
  });
});

describe('traffic', () => {
  it('answers the address’s traffic in and out over a range', async () => {
    const customer = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(customer);
    const {
      eip_ids: [eipId],
    } = await buyEips(customer);
    await bind(customer, eipId!, phoneId);
    const start = h.clock.now();
    h.clock.set(start.getTime() + 2 * 3_600_000);
    const res = await h.call(
      customer,
      'GET',
      `/api/user/ph/eip/${eipId}/monitor?interval=15m&start=${encodeURIComponent(start.toISOString())}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const flow = res.json().data as {
      points: { in_bytes: number; out_bytes: number }[];
      total_out_bytes: number;
    };
    expect(flow.points.length).toBeGreaterThanOrEqual(7);
    expect(flow.total_out_bytes).toBe(flow.points.reduce((sum, point) => sum + point.out_bytes, 0));
    expect(flow.points.some((point) => point.in_bytes > 0)).toBe(true);
  });
});

describe("another customer's ids", () => {
  it('answer 404 on every EIP route and change nothing', async () => {
    const owner = await h.phoneCustomer(100);
    const stranger = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(owner);
    const strangerPhone = await h.runningPhone(stranger);
    const {
      eip_ids: [eipId],
    } = await buyEips(owner);
    const calls = [
      h.call(stranger, 'POST', '/api/user/ph/eip/bind', { eip_id: eipId, phone_id: strangerPhone.phoneId }),
      h.call(stranger, 'POST', '/api/user/ph/eip/unbind', { eip_id: eipId }),
      h.call(stranger, 'PUT', `/api/user/ph/eip/${eipId}`, { name: 'mine' }),
      h.call(stranger, 'GET', `/api/user/ph/eip/${eipId}/bandwidth_price?bandwidth=20`),
      h.call(stranger, 'GET', `/api/user/ph/eip/${eipId}/monitor`),
      h.call(stranger, 'GET', `/api/user/ph/eip/renew_price?eip_ids=${eipId}&period=1`),
      h.call(stranger, 'POST', '/api/user/ph/eip/renew', { eip_ids: [eipId], period: 1 }),
      // The owner's address, the stranger's phone: the phone is not the owner's.
      h.call(owner, 'POST', '/api/user/ph/eip/bind', { eip_id: eipId, phone_id: strangerPhone.phoneId }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    expect((await h.listPage(stranger, '/api/user/ph/eip')).total).toBe(0);
    expect(await eipOf(owner, eipId!)).toMatchObject({ name: 'EIP', status: 'unallocated' });
    expect((await bind(owner, eipId!, phoneId)).statusCode).toBe(200);
  });
});

describe('an expiring EIP', () => {
  const sweep = () => runLifecycleSweep(h.core);

  it('is reminded, limited to 1 Mbps at the end, then unbound and released, with a notice each', async () => {
    const customer = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(customer, { period: 3 });
    const {
      eip_ids: [eipId],
    } = await buyEips(customer, { name: 'promo' });
    await bind(customer, eipId!, phoneId);
    const end = (await h.row(eipId!)).expiresAt!.getTime();

    h.clock.set(end - 2 * DAY);
    await sweep();
    expect((await eipOf(customer, eipId!)).expiry_state).toBe('expiring');
    const reminder = (await noticesOf(h.ctx.db, customer.userId)).find(
      (n) => n.title_en === 'A resource expires soon',
    );
    expect(reminder!.content_en).toContain(`promo (${eipId})`);
    expect(reminder!.content_en).toContain(
      'at expiry its bandwidth drops to 1 Mbps, and 2 days after expiry',
    );

    h.clock.set(end + 60_000);
    // (Other tests' addresses end around now too: this one is followed by its row.)
    expect((await sweep()).limited).toBeGreaterThanOrEqual(1);
    await sweep();
    const limited = await h.row(eipId!);
    expect(limited.attributes.bandwidthMbps).toBe(1);
    expect(limited.status).toBe('allocated');
    const view = await eipOf(customer, eipId!);
    expect(view).toMatchObject({ expiry_state: 'limited', bandwidth: 10 });
    // No bandwidth change lifts the limit; only a renewal does.
    expect(view.actions).not.toContain('modify');
    const limitNotices = (await noticesOf(h.ctx.db, customer.userId)).filter(
      (n) => n.title_en === 'Elastic IP expired and limited',
    );
    expect(limitNotices).toHaveLength(1);
    expect(limitNotices[0]!.content_en).toContain(`promo (${eipId})`);

    h.clock.set(end + 2 * DAY + 60_000);
    expect((await sweep()).deleted).toBeGreaterThanOrEqual(1);
    await h.runJobs();
    const released = await h.row(eipId!);
    expect(released.status).toBe('released');
    expect(released.deletedAt).not.toBeNull();
    const deletions = (await noticesOf(h.ctx.db, customer.userId)).filter(
      (n) => n.title_en === 'Expired resource deleted',
    );
    expect(deletions).toHaveLength(1);
    expect(deletions[0]!.content_en).toContain(`promo (${eipId})`);
    expect((await h.listPage(customer, '/api/user/ph/eip')).total).toBe(0);
    // The phone is free of it.
    const phone = (await h.listPage(customer, '/api/user/ph/phone')).list.find((p) => p.id === phoneId);
    expect(phone).toMatchObject({ eip_id: null });
  });

  it('gets its bandwidth back when renewed during the grace', async () => {
    const customer = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(customer, { period: 3 });
    const {
      eip_ids: [eipId],
    } = await buyEips(customer, { bandwidth: 8 });
    await bind(customer, eipId!, phoneId);
    const end = (await h.row(eipId!)).expiresAt!.getTime();
    h.clock.set(end + 60_000);
    await sweep();
    expect((await h.row(eipId!)).attributes.bandwidthMbps).toBe(1);

    const renewed = await h.call(customer, 'POST', '/api/user/ph/eip/renew', { eip_ids: [eipId], period: 1 });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const row = await h.row(eipId!);
    expect(row.attributes.bandwidthMbps).toBe(8);
    expect((await eipOf(customer, eipId!)).expiry_state).toBe('normal');
    h.clock.set(end + 2 * DAY + 60_000);
    await sweep();
    expect((await h.row(eipId!)).deletedAt).toBeNull();
  });
});

describe('a phone deleted under its address', () => {
  it('unbinds the address in the same step: unallocated in the console and upstream, the phone freed', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId, phone } = await h.runningPhone(customer, { period: 1 });
    const {
      eip_ids: [eipId],
    } = await buyEips(customer, { period: 6 });
    expect((await bind(customer, eipId!, phoneId)).statusCode).toBe(200);
    const end = (await h.row(phoneId)).expiresAt!.getTime();

    // The sweep deletes the phone 3 days after its end; the address still has months to run.
    h.clock.set(end + 3 * DAY + 60_000);
    await runLifecycleSweep(h.core);
    await h.runJobs();
    expect((await h.row(phoneId)).deletedAt).not.toBeNull();
    const eip = await h.row(eipId!);
    expect(eip).toMatchObject({ status: 'unallocated', deletedAt: null });
    expect(eip.spec.boundPhoneId).toBeNull();
    expect(eip.attributes.boundInstanceId).toBeNull();
    const [upstream] = await h.cloud.describe('eip', [eip.instanceId!]);
    expect(upstream).toMatchObject({ status: 'unallocated', attributes: { boundInstanceId: null } });
    expect(upstream!.attributes.boundInstanceId).not.toBe(phone.instanceId);
    expect(await eipOf(customer, eipId!)).toMatchObject({ status: 'unallocated', bound_instance: null });
    // Free to go behind another phone.
    const next = await h.runningPhone(customer);
    expect((await bind(customer, eipId!, next.phoneId)).statusCode).toBe(200);
  });
});
