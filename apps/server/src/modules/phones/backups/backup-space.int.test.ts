/**
 * Backup space (issue 20, spec §3 Backup space, §5): the price, the purchase rules (10–5000 GiB in
 * multiples of 10, a duration, an Idempotency-Key, one space per account), the expansion prorated
 * to the expiry, the renewal and auto-renew, every charge in the bills, another customer's space
 * 404, and the release by the expiry sweep with its notice — through app.inject against a real
 * PostgreSQL. The ledger verifies after every test.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../../test/desktop-fixtures';
import { noticesOf } from '../../../../test/billing-fixtures';
import { usePhoneHarness } from '../../../../test/phone-fixtures';
import { parseMicros } from '../../../lib/money';
import { runLifecycleSweep } from '../../billing/lifecycle';
import { walletBalance } from '../../wallet/service';

const h = usePhoneHarness();
const DAY = 86_400_000;
const BASE = '/api/user/ph/ph_backup_space';

interface SpaceView {
  id: string;
  size_gib: number;
  used_mib: number;
  expired_at: string;
  expiry_state: string;
  auto_renew: boolean;
  actions: string[];
}

async function buySpace(who: Customer, extra: Record<string, unknown> = {}, key = randomUUID()) {
  const body = { size: 10, period: 1, agreed: true, ...extra };
  const res = await h.call(who, 'POST', BASE, body, { 'idempotency-key': key });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { order: { no: string; paid_amount: string }; space: SpaceView };
}

async function spacesOf(who: Customer) {
  return (await h.listPage(who, BASE)).list as unknown as SpaceView[];
}

describe('POST /user/ph/ph_backup_space', () => {
  it('sells 10–5000 GiB in multiples of 10 for a duration, needs a key, and charges the /price figure once', async () => {
    const customer = await h.phoneCustomer(100);
    for (const size of [0, 5, 15, 5010]) {
      const res = await h.call(customer, 'GET', `${BASE}/price?size=${size}&period=1`, undefined, EN);
      expect(res.statusCode, `${size}`).toBe(400);
      expect(res.json().msg).toContain('multiples of 10');
      const buy = await h.call(customer, 'POST', BASE, { size, period: 1, agreed: true }, EN);
      expect(buy.statusCode, `${size}`).toBe(400);
    }
    const noPeriod = await h.call(customer, 'POST', BASE, { size: 10, agreed: true });
    expect(noPeriod.statusCode).toBe(400);
    const noKey = await h.ctx.app.inject({
      method: 'POST',
      url: BASE,
      headers: customer.headers,
      payload: { size: 10, period: 1, agreed: true },
    });
    expect(noKey.statusCode).toBe(400);

    const price = await h.call(customer, 'GET', `${BASE}/price?size=20&period=3`);
    expect(price.statusCode, price.body).toBe(200);
    const quote = price.json().data as { payable_price: string; unit_price: string };
    // 20 GiB × $0.02 × the markup: the unit price grows with the size.
    const ten = (await h.call(customer, 'GET', `${BASE}/price?size=10&period=3`)).json().data;
    expect(parseMicros(quote.unit_price)).toBe(2n * parseMicros(ten.unit_price));

    const before = await walletBalance(h.ctx.db, customer.userId);
    const key = randomUUID();
    const bought = await buySpace(customer, { size: 20, period: 3 }, key);
    const replay = await buySpace(customer, { size: 20, period: 3 }, key);
    expect(replay.space.id).toBe(bought.space.id);
    expect(bought.order.paid_amount).toBe(quote.payable_price);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(parseMicros(quote.payable_price));
    expect(bought.space).toMatchObject({
      size_gib: 20,
      used_mib: 0,
      expiry_state: 'normal',
      auto_renew: false,
      actions: ['expand', 'renew', 'auto_renew'],
    });
    expect(await spacesOf(customer)).toEqual([bought.space]);

    // The charge is in the customer's bills, named by its order.
    const bills = await h.listPage(customer, '/api/user/user_transactions');
    expect(bills.list[0]).toMatchObject({
      amount: `-${quote.payable_price}`,
      related_no: bought.order.no,
    });

    const second = await h.call(customer, 'POST', BASE, { size: 10, period: 1, agreed: true }, EN);
    expect(second.statusCode).toBe(409);
    expect(second.json().data.error_code).toBe('BACKUP_SPACE_EXISTS');
  });

  it('refuses without the balance, charging nothing', async () => {
    const customer = await h.phoneCustomer(0);
    const res = await h.call(customer, 'POST', BASE, { size: 5000, period: 12, agreed: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.error_code).toBe('INSUFFICIENT_BALANCE');
    expect(await spacesOf(customer)).toEqual([]);
  });
});

describe('expanding, renewing, auto-renew', () => {
  it('grows the space for the /expand_price figure (prorated), once per key, and never shrinks it', async () => {
    const customer = await h.phoneCustomer(100);
    const { space } = await buySpace(customer, { size: 10, period: 1 });
    // Half the month left: about half the monthly difference.
    h.clock.set(new Date(space.expired_at).getTime() - 15 * DAY);
    const same = await h.call(customer, 'GET', `${BASE}/${space.id}/expand_price?size=10`, undefined, EN);
    expect(same.statusCode).toBe(422);
    expect(same.json().data.error_code).toBe('BACKUP_SPACE_NOT_LARGER');
    const price = (await h.call(customer, 'GET', `${BASE}/${space.id}/expand_price?size=50`)).json().data as {
      payable_price: string;
      old_unit_price: string;
      new_unit_price: string;
    };
    const monthly = parseMicros(price.new_unit_price) - parseMicros(price.old_unit_price);
    const payable = parseMicros(price.payable_price);
    expect(payable).toBeGreaterThan(0n);
    expect(payable).toBeLessThan(monthly);

    const before = await walletBalance(h.ctx.db, customer.userId);
    const key = randomUUID();
    const grown = await h.call(
      customer,
      'POST',
      `${BASE}/${space.id}/expand`,
      { size: 50 },
      { 'idempotency-key': key },
    );
    expect(grown.statusCode, grown.body).toBe(200);
    const again = await h.call(
      customer,
      'POST',
      `${BASE}/${space.id}/expand`,
      { size: 50 },
      { 'idempotency-key': key },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(grown.json().data.order.paid_amount).toBe(price.payable_price);
    expect(grown.json().data.space.size_gib).toBe(50);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(payable);
    expect((await spacesOf(customer))[0]!.size_gib).toBe(50);

    const smaller = await h.call(customer, 'POST', `${BASE}/${space.id}/expand`, { size: 40 });
    expect(smaller.statusCode).toBe(422);
    expect((await h.call(customer, 'POST', `${BASE}/${space.id}/expand`, { size: 55 })).statusCode).toBe(400);
    h.clock.set(Date.UTC(2026, 10, 2, 8));
  });

  it('renews for the renew_price figure (period required) and switches auto-renew', async () => {
    const customer = await h.phoneCustomer(100);
    const { space } = await buySpace(customer, { size: 30, period: 1 });
    const noPeriod = await h.call(customer, 'POST', `${BASE}/${space.id}/renew`, {});
    expect(noPeriod.statusCode).toBe(400);
    const quote = (await h.call(customer, 'GET', `${BASE}/${space.id}/renew_price?period=3`)).json().data;
    const listed = (await h.call(customer, 'GET', `${BASE}/price?size=30&period=3`)).json().data;
    expect(quote.payable_price).toBe(listed.payable_price);
    const before = await walletBalance(h.ctx.db, customer.userId);
    const renewed = await h.call(customer, 'POST', `${BASE}/${space.id}/renew`, { period: 3 });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.order.paid_amount).toBe(quote.payable_price);
    expect(before - (await walletBalance(h.ctx.db, customer.userId))).toBe(parseMicros(quote.payable_price));
    expect(new Date(renewed.json().data.space.expired_at).getTime()).toBeGreaterThan(
      new Date(space.expired_at).getTime() + 80 * DAY,
    );

    const on = await h.call(customer, 'PUT', `${BASE}/${space.id}/auto_renew`, { auto_renew: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.auto_renew).toBe(true);
    expect((await spacesOf(customer))[0]!.auto_renew).toBe(true);
  });

  it("answers 404 for another customer's space", async () => {
    const owner = await h.phoneCustomer(100);
    const other = await h.phoneCustomer(100);
    const { space } = await buySpace(owner);
    for (const [method, url, body] of [
      ['GET', `${BASE}/${space.id}/expand_price?size=20`, undefined],
      ['POST', `${BASE}/${space.id}/expand`, { size: 20 }],
      ['GET', `${BASE}/${space.id}/renew_price?period=1`, undefined],
      ['POST', `${BASE}/${space.id}/renew`, { period: 1 }],
      ['PUT', `${BASE}/${space.id}/auto_renew`, { auto_renew: true }],
    ] as const) {
      const res = await h.call(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().data.error_code).toBe('BACKUP_SPACE_NOT_FOUND');
    }
    expect(await spacesOf(other)).toEqual([]);
  });
});

describe('expiry', () => {
  it('is released after the grace with a notice, and a new space can be bought', async () => {
    const customer = await h.phoneCustomer(100);
    const { space } = await buySpace(customer);
    const end = new Date(space.expired_at).getTime();
    h.clock.set(end + 60_000);
    await runLifecycleSweep(h.core);
    expect((await spacesOf(customer))[0]).toMatchObject({
      expiry_state: 'expired',
      actions: ['renew', 'auto_renew'],
    });

    h.clock.set(end + (h.core.config.DESKTOP_DELETE_GRACE_DAYS + 1) * DAY);
    await runLifecycleSweep(h.core);
    expect((await h.row(space.id)).deletedAt).not.toBeNull();
    expect(await spacesOf(customer)).toEqual([]);
    const notices = (await noticesOf(h.ctx.db, customer.userId)).filter(
      (n) => n.title_en === 'Expired resource deleted',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.content_en).toContain(space.id);
    await buySpace(customer);
    h.clock.set(Date.UTC(2026, 10, 2, 8));
  });
});
