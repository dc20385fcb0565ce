import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TopupOrderCreated } from '@cloudbay/contracts';
import { PAYMENT_POLL_MS } from '@cloudbay/contracts/core';
import { getCachedUser, setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-app';
import { TEST_PAYER_LINK, testOrder } from '../test-topups';
import { PaymentDialog } from './payment-dialog';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const STATUS_PATH = '/orders/41/status';

function serveStatus(status: () => number) {
  fakeApi.on('GET', STATUS_PATH, () => ({
    data: { code: 200, msg: '', success: true, data: { status: status() } },
  }));
}

function renderDialog(order: TopupOrderCreated = testOrder(), open = true) {
  const onClose = vi.fn();
  const onNewOrder = vi.fn();
  const element = (isOpen: boolean) => (
    <PaymentDialog order={order} open={isOpen} onClose={onClose} onNewOrder={onNewOrder} />
  );
  const view = renderRoutes([{ path: '/index', element: element(open) }], '/index');
  return { onClose, onNewOrder, view, element };
}

const polls = () => fakeApi.requests('GET', STATUS_PATH).length;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  setToken('tok');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PaymentDialog', () => {
  it('shows the QR, the amount with its currency symbol, the address and the payer link', async () => {
    serveStatus(() => 1);
    renderDialog();
    const dialog = await screen.findByTestId('payment-dialog');
    expect(dialog.dataset.state).toBe('waiting');
    expect(screen.getByTestId('payment-qrcode')).toBeTruthy();
    expect(screen.getByTestId('payment-amount').textContent).toBe('₮100.00');
    expect(screen.getByTestId('payment-address').textContent).toBe('TXsandboxAddress000000000000000000');
    // The server's signed link as it is: the signature is what opens the page without a session.
    expect(screen.getByTestId('payment-open-payer').getAttribute('href')).toBe(TEST_PAYER_LINK);
  });

  it('shows the amount in yuan and no address or payer link for another fiat QR', async () => {
    serveStatus(() => 1);
    renderDialog({
      ...testOrder({
        currency: 'CNY',
        rate_amount: '720.00',
        address: '',
        qrcode: 'weixin://wxpay/bizpayurl?pr=x',
      }),
      pay_type: 1,
    });
    expect((await screen.findByTestId('payment-amount')).textContent).toBe('¥720.00');
    expect(screen.queryByTestId('payment-address')).toBeNull();
    expect(screen.queryByTestId('payment-open-payer')).toBeNull();
  });

  it('counts the 600 s down as mm:ss', async () => {
    serveStatus(() => 1);
    renderDialog();
    const countdown = await screen.findByTestId('payment-countdown');
    expect(countdown.textContent).toBe('订单将在 10:00 后失效');
    await advance(1_000);
    expect(countdown.textContent).toBe('订单将在 09:59 后失效');
    await advance(60_000);
    expect(countdown.textContent).toBe('订单将在 08:59 后失效');
  });

  it('polls the status every 4 s', async () => {
    serveStatus(() => 1);
    renderDialog();
    await waitFor(() => expect(polls()).toBe(1));
    await advance(PAYMENT_POLL_MS - 100);
    expect(polls()).toBe(1);
    await advance(100);
    await waitFor(() => expect(polls()).toBe(2));
    await advance(PAYMENT_POLL_MS);
    await waitFor(() => expect(polls()).toBe(3));
  });

  it('on status 2 says payment succeeded, refreshes the user and closes', async () => {
    let status = 1;
    serveStatus(() => status);
    fakeApi.ok('GET', '/user', testUser({ balance: '110.00' }));
    const { onClose } = renderDialog();
    await waitFor(() => expect(polls()).toBe(1));
    expect(onClose).not.toHaveBeenCalled();

    status = 2;
    await advance(PAYMENT_POLL_MS);
    expect(await screen.findByText('支付成功')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(fakeApi.requests('GET', '/user')).toHaveLength(1));
    await waitFor(() => expect(getCachedUser()?.balance).toBe('110.00'));
  });

  it('expires when the countdown ends: polling stops and a new order is offered', async () => {
    serveStatus(() => 1);
    const { onNewOrder } = renderDialog();
    await waitFor(() => expect(polls()).toBe(1));
    await advance(600_000);
    await waitFor(() => expect(screen.getByTestId('payment-dialog').dataset.state).toBe('expired'));
    expect(screen.getByTestId('payment-expired').textContent).toContain('订单已失效');
    const settled = polls();
    await advance(PAYMENT_POLL_MS * 3);
    expect(polls()).toBe(settled);

    fireEvent.click(screen.getByTestId('payment-new-order'));
    expect(onNewOrder).toHaveBeenCalledTimes(1);
  });

  it('shows the order expired when the server says it timed out, and asks no more', async () => {
    serveStatus(() => 3);
    renderDialog();
    await waitFor(() => expect(screen.getByTestId('payment-dialog').dataset.state).toBe('expired'));
    await advance(PAYMENT_POLL_MS * 3);
    expect(polls()).toBe(1);
  });

  it('shows a failed order as failed', async () => {
    serveStatus(() => 4);
    renderDialog();
    expect((await screen.findByTestId('payment-failed')).textContent).toContain('支付失败');
    expect(screen.getByTestId('payment-new-order')).toBeTruthy();
  });

  it('asks nothing while closed', async () => {
    serveStatus(() => 1);
    const { view, element } = renderDialog();
    await waitFor(() => expect(polls()).toBe(1));
    view.unmount();
    renderRoutes([{ path: '/index', element: element(false) }], '/index');
    await advance(PAYMENT_POLL_MS * 3);
    expect(polls()).toBe(1);
  });
});
