/**
 * Custom phone networks (issue 19, spec §7 Phone networks): creation and renewal with their money,
 * addresses bought into a network (5–200 Mbps, its quota), putting a phone behind one of them and
 * taking it out, the phone's network type, another customer's ids — through app.inject against a
 * real PostgreSQL, made by the real jobs. The ledger verifies after every test.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../../test/desktop-fixtures';
import { usePhoneHarness } from '../../../../test/phone-fixtures';
import { parseMicros } from '../../../lib/money';
import { runLifecycleSweep } from '../../billing/lifecycle';
import { walletBalance } from '../../wallet/service';

const h = usePhoneHarness();
const DAY = 86_400_000;

interface NetworkView {
  u_network_id: string;
  name: string;
  status: string;
  quota: number;
  eip_count: number;
  bound_count: number;
  remaining_ips: number;
  remaining_phones: number;
  actions: string[];
}

const BASE = '/api/user/ph/ph_u_network';

async function createNetwork(who: Customer, extra: Record<string, unknown> = {}, key = randomUUID()) {
  const body = { name: 'farm-net', region_id: h.phk, quota: 2, period: 1, agreed: true, ...extra };
  const res = await h.call(who, 'POST', `${BASE}/create`, body, { 'idempotency-key': key });
  expect(res.statusCode, res.body).toBe(200);
  await h.runJobs();
  return res.json().data as { order: { no: string; paid_amount: string }; u_network_id: string };
}

async function networkOf(who: Customer, id: string): Promise<NetworkView> {
  const page = await h.listPage(who, BASE);
  return page.list.find((network) => network.u_network_id === id) as unknown as NetworkView;
}

async function buyInto(who: Customer, networkId: string, extra: Record<string, unknown> = {}) {
  const body = {
    region_id: h.phk,
    bandwidth: 20,
    period: 1,
    quantity: 1,
    agreed: true,
    u_network_id: networkId,
  };
  return h.call(who, 'POST', '/api/user/ph/eip', { ...body, ...extra }, EN);
}

describe('POST /user/ph/ph_u_network/create', () => {
  it('needs an Idempotency-Key, charges the /price figure once per key, and lists the network available', async () => {
    const customer = await h.phoneCustomer(100);
    const priceRes = await h.call(customer, 'GET', `${BASE}/price?region_id=${h.phk}&period=3`);
    expect(priceRes.statusCode, priceRes.body).toBe(200);
    const quote = priceRes.json().data as { payable_price: string };
    const body = { name: 'farm-net', region_id: h.phk, quota: 5, period: 3, agreed: true };
    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: `${BASE}/create`,
      headers: customer.headers,
      payload: body,
    });
    expect(noKey.statusCode).toBe(400);

    const before = await walletBalance(h.ctx.db, customer.userId);
    const key = randomUUID();
    const created = await createNetwork(customer, { quota: 5, period: 3 }, key);
    const replay = await h.call(customer, 'POST', `${BASE}/create`, body, { 'idempotency-key': key });
    expect(replay.json().data.u_network_id).toBe(created.u_network_id);
    expect(created.order.paid_amount).toBe(quote.payable_price);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(parseMicros(quote.payable_price));

    expect(await networkOf(customer, created.u_network_id)).toMatchObject({
      name: 'farm-net',
      status: 'available',
      quota: 5,
      eip_count: 0,
      remaining_ips: 5,
      remaining_phones: 0,
      actions: ['renew', 'add_ip', 'rename', 'auto_renew'],
    });
    const tooBig = await h.call(customer, 'POST', `${BASE}/create`, { ...body, quota: 201 }, EN);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().msg).toContain('from 1 to 200');
  });

  it('renews for the /price figure of its region', async () => {
    const customer = await h.phoneCustomer(100);
    const { u_network_id: id } = await createNetwork(customer);
    const end = (await h.row(id)).expiresAt!;
    const quote = (await h.call(customer, 'GET', `${BASE}/price?region_id=${h.phk}&period=1`)).json().data;
    const before = await walletBalance(h.ctx.db, customer.userId);
    const renewed = await h.call(customer, 'POST', `${BASE}/${id}/renew`, { period: 1 });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.order.paid_amount).toBe(quote.payable_price);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(parseMicros(quote.payable_price));
    expect((await h.row(id)).expiresAt!.getTime()).toBeGreaterThan(end.getTime());
  });
});

describe('addresses in a network', () => {
  it('take 5–200 Mbps, its region, and no more than its quota', async () => {
    const customer = await h.phoneCustomer(2000);
    const { u_network_id: id } = await createNetwork(customer, { quota: 2 });

    const narrow = await buyInto(customer, id, { bandwidth: 4 });
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json().msg).toContain('from 5 to 200 Mbps');
    expect((await buyInto(customer, id, { bandwidth: 201 })).statusCode).toBe(400);
    const elsewhere = await buyInto(customer, id, { region_id: h.psg });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().data.error_code).toBe('EIP_REGION_MISMATCH');

    const over = await buyInto(customer, id, { quantity: 3 });
    expect(over.statusCode).toBe(422);
    expect(over.json().data.error_code).toBe('PHONE_NETWORK_QUOTA_FULL');
    expect(over.json().msg).toBe('The network quota is full (quota 2, 2 left)');

    const key = randomUUID();
    const two = await h.call(
      customer,
      'POST',
      '/api/user/ph/eip',
      { region_id: h.phk, bandwidth: 200, period: 1, quantity: 2, agreed: true, u_network_id: id },
      { 'idempotency-key': key },
    );
    expect(two.statusCode, two.body).toBe(200);
    // The same key answers the first purchase, though the network is full now.
    const replay = await h.call(
      customer,
      'POST',
      '/api/user/ph/eip',
      { region_id: h.phk, bandwidth: 200, period: 1, quantity: 2, agreed: true, u_network_id: id },
      { 'idempotency-key': key },
    );
    expect(replay.json().data.order.no).toBe(two.json().data.order.no);
    await h.runJobs();
    const full = await buyInto(customer, id);
    expect(full.json().data.error_code).toBe('PHONE_NETWORK_QUOTA_FULL');
    expect(await networkOf(customer, id)).toMatchObject({
      eip_count: 2,
      remaining_ips: 0,
      remaining_phones: 2,
    });
    expect((await networkOf(customer, id)).actions).not.toContain('add_ip');
    const inNetwork = await h.listPage(customer, '/api/user/ph/eip', { u_network_id: id });
    expect(inNetwork.list.map((eip) => eip.status)).toEqual(['unallocated', 'unallocated']);
    // The cloud made them in the network.
    const made = await h.row(inNetwork.list[0]!.eip_id as string);
    const [upstream] = await h.cloud.describe('eip', [made.instanceId!]);
    expect(upstream!.attributes.networkId).toBe((await h.row(id)).instanceId);
  });
});

describe('bind_ph and unbind_ph', () => {
  it("put a phone behind the network's address and take it out; the phone shows the network", async () => {
    const customer = await h.phoneCustomer(300);
    const { phoneId } = await h.runningPhone(customer);
    const second = await h.runningPhone(customer);
    const { u_network_id: id } = await createNetwork(customer, { quota: 2 });
    const bought = await buyInto(customer, id, { quantity: 2 });
    expect(bought.statusCode, bought.body).toBe(200);
    await h.runJobs();
    const [eipA, eipB] = bought.json().data.eip_ids as string[];
    const { eip_ids: loose } = (await (async () => {
      const res = await h.call(customer, 'POST', '/api/user/ph/eip', {
        region_id: h.phk,
        bandwidth: 10,
        period: 1,
        quantity: 1,
        agreed: true,
      });
      await h.runJobs();
      return res.json().data;
    })()) as { eip_ids: string[] };

    // An address outside the network is not the network's.
    const foreign = await h.call(customer, 'POST', `${BASE}/${id}/eip/${loose[0]}/bind_ph`, {
      phone_id: phoneId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().data.error_code).toBe('EIP_NOT_FOUND');

    const bound = await h.call(customer, 'POST', `${BASE}/${id}/eip/${eipA}/bind_ph`, { phone_id: phoneId });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().data).toMatchObject({
      status: 'allocated',
      bound_instance: phoneId,
      u_network_id: id,
    });
    const phones = await h.listPage(customer, '/api/user/ph/phone');
    expect(phones.list.find((phone) => phone.id === phoneId)).toMatchObject({
      network_type: id,
      eip_id: eipA,
      eip_address: bound.json().data.address,
    });
    expect(await networkOf(customer, id)).toMatchObject({ bound_count: 1, remaining_phones: 1 });

    // The IP rules hold inside the network: an allocated address takes no second phone.
    const again = await h.call(customer, 'POST', `${BASE}/${id}/eip/${eipA}/bind_ph`, {
      phone_id: second.phoneId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.error_code).toBe('EIP_ALREADY_BOUND');
    expect(
      (await h.call(customer, 'POST', `${BASE}/${id}/eip/${eipB}/bind_ph`, { phone_id: second.phoneId }))
        .statusCode,
    ).toBe(200);
    expect(await networkOf(customer, id)).toMatchObject({ bound_count: 2, remaining_phones: 0 });

    const notIn = await h.call(
      customer,
      'POST',
      `${BASE}/${id}/eip/unbind_ph`,
      { phone_id: 'ph-nothere' },
      EN,
    );
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().data.error_code).toBe('PHONE_NOT_IN_NETWORK');
    const out = await h.call(customer, 'POST', `${BASE}/${id}/eip/unbind_ph`, { phone_id: phoneId });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data).toMatchObject({ eip_id: eipA, status: 'unallocated', bound_instance: null });
    const after = await h.listPage(customer, '/api/user/ph/phone');
    expect(after.list.find((phone) => phone.id === phoneId)).toMatchObject({
      network_type: 'default',
      eip_id: null,
    });
    const twice = await h.call(customer, 'POST', `${BASE}/${id}/eip/unbind_ph`, { phone_id: phoneId });
    expect(twice.json().data.error_code).toBe('PHONE_NOT_IN_NETWORK');
  });
});

describe("another customer's ids", () => {
  it('answer 404 on every phone network route and change nothing', async () => {
    const owner = await h.phoneCustomer(300);
    const stranger = await h.phoneCustomer(300);
    const { u_network_id: id } = await createNetwork(owner);
    const bought = await buyInto(owner, id);
    await h.runJobs();
    const [eipId] = bought.json().data.eip_ids as string[];
    const { phoneId } = await h.runningPhone(owner);
    const strangerPhone = await h.runningPhone(stranger);
    const calls = [
      h.call(stranger, 'POST', `${BASE}/${id}/renew`, { period: 1 }),
      h.call(stranger, 'POST', `${BASE}/${id}/eip/${eipId}/bind_ph`, { phone_id: strangerPhone.phoneId }),
      h.call(stranger, 'POST', `${BASE}/${id}/eip/unbind_ph`, { phone_id: strangerPhone.phoneId }),
      buyInto(stranger, id),
      h.call(owner, 'POST', `${BASE}/${id}/eip/${eipId}/bind_ph`, { phone_id: strangerPhone.phoneId }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    expect((await h.listPage(stranger, BASE)).total).toBe(0);
    expect((await networkOf(owner, id)).bound_count).toBe(0);
    const mine = await h.call(owner, 'POST', `${BASE}/${id}/eip/${eipId}/bind_ph`, { phone_id: phoneId });
    expect(mine.statusCode, mine.body).toBe(200);
  });
});

describe('a network released by the expiry sweep', () => {
  it('lets its addresses go: they stay, bound, in no network, upstream and in the console', async () => {
    const customer = await h.phoneCustomer(2000);
    const { phoneId } = await h.runningPhone(customer, { period: 6 });
    const { u_network_id: id } = await createNetwork(customer, { quota: 1, period: 1 });
    const bought = await buyInto(customer, id, { period: 6 });
    expect(bought.statusCode, bought.body).toBe(200);
    await h.runJobs();
    const [eipId] = bought.json().data.eip_ids as string[];
    const bound = await h.call(customer, 'POST', `${BASE}/${id}/eip/${eipId}/bind_ph`, { phone_id: phoneId });
    expect(bound.statusCode, bound.body).toBe(200);

    const end = (await h.row(id)).expiresAt!.getTime();
    h.clock.set(end + (h.core.config.DESKTOP_DELETE_GRACE_DAYS + 1) * DAY);
    await runLifecycleSweep(h.core);
    await h.runJobs();
    expect((await h.row(id)).deletedAt).not.toBeNull();
    const eip = await h.row(eipId!);
    expect(eip).toMatchObject({ status: 'allocated', deletedAt: null });
    expect(eip.spec.networkId).toBeNull();
    const [upstream] = await h.cloud.describe('eip', [eip.instanceId!]);
    expect(upstream!.attributes).toMatchObject({ networkId: null });
    const phones = await h.listPage(customer, '/api/user/ph/phone');
    expect(phones.list.find((phone) => phone.id === phoneId)).toMatchObject({
      network_type: 'default',
      eip_id: eipId,
    });
    const eips = await h.listPage(customer, '/api/user/ph/eip');
    expect(eips.list.find((row) => row.eip_id === eipId)).toMatchObject({ u_network_id: null });
    expect((await h.listPage(customer, BASE)).list.some((row) => row.u_network_id === id)).toBe(false);
  });
});

describe('PUT /user/ph/ph_u_network/{id}', () => {
  it('renames (validated as at creation, upstream too) and switches auto-renew; another customer’s is 404', async () => {
    const customer = await h.phoneCustomer(100);
    const stranger = await h.phoneCustomer(100);
    const { u_network_id: id } = await createNetwork(customer);
    expect((await networkOf(customer, id)).actions).toEqual(expect.arrayContaining(['rename', 'auto_renew']));
    const put = (who: Customer, body: unknown) => h.call(who, 'PUT', `${BASE}/${id}`, body, EN);

    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(65) }, { auto_renew: 'yes' }]) {
      expect((await put(customer, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await put(stranger, { name: 'theirs' })).statusCode).toBe(404);

    const renamed = await put(customer, { name: '  farm-tokyo  ', auto_renew: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ u_network_id: id, name: 'farm-tokyo', auto_renew: true });
    const row = await h.row(id);
    const [upstream] = await h.cloud.describe('phone_network', [row.instanceId!]);
    expect(upstream!.attributes).toMatchObject({ name: 'farm-tokyo' });
    expect(await networkOf(customer, id)).toMatchObject({ name: 'farm-tokyo', auto_renew: true });

    const off = await put(customer, { auto_renew: false });
    expect(off.json().data).toMatchObject({ name: 'farm-tokyo', auto_renew: false });
    expect(await networkOf(stranger, id)).toBeUndefined();
  });
});
