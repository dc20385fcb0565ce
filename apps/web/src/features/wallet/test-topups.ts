/** Top-up answers as the server gives them, for this feature's tests. */
import type { SandboxOrder, TopupOrderCreated, TopupRecord } from '@cloudbay/contracts';

/** The signed payer link the server puts in a sandbox order's pay_info.qrcode. */
export const TEST_PAYER_LINK = `http://localhost:3000/pay/sandbox/CB20261122000041?sig=${'ab'.repeat(32)}`;

export function testOrder(
  overrides: Partial<TopupOrderCreated['pay_info']> = {},
  orderId = 41,
): TopupOrderCreated {
  return {
    order_id: orderId,
    no: 'CB20261122000041',
    pay_type: 2,
    pay_info: {
      code: 0,
      msg: '',
      qrcode: TEST_PAYER_LINK,
      address: 'TXsandboxAddress000000000000000000',
      rate_amount: '100.00',
      currency: 'USDT',
      expires_at: new Date(Date.now() + 600_000).toISOString(),
      ...overrides,
    },
  };
}

export function testRecord(id: number, overrides: Partial<TopupRecord> = {}): TopupRecord {
  return {
    order_id: id,
    no: `CB2026112200${String(id).padStart(4, '0')}`,
    pay_type: 2,
    status: 2,
    money: '100.00',
    actual_money: '110.00',
    bonus_money: '10.00',
    rate_amount: '100.00',
    currency: 'USDT',
    created_at: '2026-11-22T08:00:00.000Z',
    paid_at: '2026-11-22T08:03:00.000Z',
    ...overrides,
  };
}

export function testSandboxOrder(overrides: Partial<SandboxOrder> = {}): SandboxOrder {
  return {
    no: 'CB20261122000041',
    money: '100.00',
    rate_amount: '720.00',
    currency: 'CNY',
    status: 1,
    expires_at: new Date(Date.now() + 600_000).toISOString(),
    ...overrides,
  };
}
