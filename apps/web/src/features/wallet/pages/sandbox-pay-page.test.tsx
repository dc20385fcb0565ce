import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SandboxOrder } from '@cloudbay/contracts';
import { setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { testSandboxOrder } from '../test-topups';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const NO = 'CB20261122000041';
const ORDER_PATH = `/pay/sandbox/${NO}`;
const SIG = 'ab'.repeat(32);
/** The signed link of the order, as its QR code carries it. */
const SIGNED_LINK = `${ORDER_PATH}?sig=${SIG}`;

/** The sandbox gateway: the order as stored, and Pay marking it paid. */
function serveSandbox(order: SandboxOrder) {
  const envelope = (data: unknown) => ({ data: { code: 200, msg: '', success: true, data } });
  fakeApi.on('GET', ORDER_PATH, () => envelope(order));
  fakeApi.on('POST', `${ORDER_PATH}/pay`, () => {
    order.status = 2;
    return envelope(null);
  });
}

async function openPayer(path = SIGNED_LINK) {
  const view = renderApp(path);
  await screen.findByTestId('page-sandbox-pay');
  return view;
}

describe('SandboxPayPage', () => {
  it('opens without a session and says no real money moves', async () => {
    serveSandbox(testSandboxOrder());
    const { router } = await openPayer();
    expect(router.state.location.pathname).toBe(ORDER_PATH);
    expect(screen.getByTestId('sandbox-banner').textContent).toContain('沙盒支付 — 不涉及真实资金');
    expect((await screen.findByTestId('sandbox-amount')).textContent).toBe('¥720.00');
    expect(screen.getByText('$100.00')).toBeTruthy();
    expect(fakeApi.requests('GET', '/getInfo')).toEqual([]);
  });

  it('pays through the signed link without a session, then shows the order paid', async () => {
    serveSandbox(testSandboxOrder());
    await openPayer();
    fireEvent.click(await screen.findByTestId('sandbox-pay'));

    expect(await screen.findByTestId('sandbox-paid')).toBeTruthy();
    // Both calls carry the link's signature: the server shows and pays nothing without it.
    const [read] = fakeApi.requests('GET', ORDER_PATH);
    const [pay] = fakeApi.requests('POST', `${ORDER_PATH}/pay`);
    expect(read?.query).toEqual({ sig: SIG });
    expect(pay?.query).toEqual({ sig: SIG });
    expect(pay?.headers.authorization).toBeUndefined();
    expect(screen.queryByTestId('sandbox-pay')).toBeNull();
    expect(screen.getByTestId('topup-status').textContent).toBe('已支付');
  });

  it('sends the session of a signed-in owner who opens the page without the signature', async () => {
    serveSandbox(testSandboxOrder());
    setToken('owner-token');
    await openPayer(ORDER_PATH);
    fireEvent.click(await screen.findByTestId('sandbox-pay'));

    expect(await screen.findByTestId('sandbox-paid')).toBeTruthy();
    const [read] = fakeApi.requests('GET', ORDER_PATH);
    const [pay] = fakeApi.requests('POST', `${ORDER_PATH}/pay`);
    expect(read?.headers.authorization).toBe('Bearer owner-token');
    expect(pay?.headers.authorization).toBe('Bearer owner-token');
    expect(pay?.query).toEqual({});
  });

  it('offers no Pay for a paid or expired order', async () => {
    serveSandbox(testSandboxOrder({ status: 2 }));
    await openPayer();
    expect(await screen.findByTestId('sandbox-paid')).toBeTruthy();
    expect(screen.queryByTestId('sandbox-pay')).toBeNull();
  });

  it('shows an order past its expiry as expired', async () => {
    serveSandbox(testSandboxOrder({ expires_at: new Date(Date.now() - 1_000).toISOString() }));
    await openPayer();
    expect(await screen.findByTestId('sandbox-expired')).toBeTruthy();
    expect(screen.queryByTestId('sandbox-pay')).toBeNull();
  });

  it('says the order does not exist when the server does not show it (unknown, or neither owner nor link)', async () => {
    fakeApi.fail('GET', ORDER_PATH, 404, '资源不存在');
    await openPayer();
    expect(await screen.findByTestId('sandbox-not-found')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('sandbox-retry')).toBeNull());
  });
});
