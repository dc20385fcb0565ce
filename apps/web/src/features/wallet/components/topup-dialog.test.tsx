import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_POLL_MS } from '@cloudbay/contracts/core';
import { setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-app';
import { testOrder } from '../test-topups';
import { TopupButton } from './topup-button';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

function openDialog() {
  setToken('tok');
  renderRoutes([{ path: '/index', element: <TopupButton /> }], '/index');
  fireEvent.click(screen.getByTestId('topup-open'));
  return screen.findByTestId('topup-dialog-body');
}

const amounts = () => within(screen.getByTestId('topup-amounts'));
const radio = (name: string) => amounts().getByRole('radio', { name }) as HTMLInputElement;
const payButton = () => screen.getByTestId('topup-pay') as HTMLButtonElement;
const payTypeSelected = () =>
  within(screen.getByTestId('pay-type')).getByRole('radio', { checked: true }).closest('label')?.textContent;

describe('TopupDialog', () => {
  it('offers the presets, 100 dollars and the stablecoin chosen, and the first-top-up bonus', async () => {
    await openDialog();
    expect(
      amounts()
        .getAllByRole('radio')
        .map((input) => input.closest('label')?.textContent),
    ).toEqual(['$100', '$200', '$300', '$400', '$500', '$600', '$800', '自定义']);
    expect(radio('$100').checked).toBe(true);
    expect(radio('自定义').checked).toBe(false);
    expect(payTypeSelected()).toBe('USDT');
    expect(screen.getByTestId('topup-bonus').textContent).toContain('首次充值额外赠送 10% 余额');
    expect(payButton().textContent).toContain('$100.00');
  });

  it('orders the chosen amount and pay type with an idempotency key per submission', async () => {
    fakeApi.ok('POST', '/orders', testOrder());
    await openDialog();
    fireEvent.click(radio('$300'));
    fireEvent.click(within(screen.getByTestId('pay-type')).getByText('扫码支付'));
    fireEvent.click(payButton());

    await screen.findByTestId('payment-dialog');
    const [request] = fakeApi.requests('POST', '/orders');
    expect(request?.body).toEqual({ money: '300.00', pay_type: 1 });
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('disables Pay while the custom entry is chosen but empty', async () => {
    await openDialog();
    fireEvent.click(radio('自定义'));
    const input = await screen.findByTestId('topup-custom');
    expect(payButton().disabled).toBe(true);

    fireEvent.change(input, { target: { value: '42.5' } });
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(payButton().textContent).toContain('$42.50');

    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(payButton().disabled).toBe(true));
  });

  it('warns below 5 dollars and orders nothing', async () => {
    await openDialog();
    fireEvent.click(radio('自定义'));
    fireEvent.change(await screen.findByTestId('topup-custom'), { target: { value: '4.99' } });
    expect((await screen.findByTestId('topup-minimum')).textContent).toBe('充值金额不能小于5$');

    fireEvent.click(payButton());
    expect(await screen.findAllByText('充值金额不能小于5$')).toHaveLength(2);
    expect(fakeApi.requests('POST', '/orders')).toEqual([]);
  });

  it('shows the gateway’s message when it refuses (pay_info.code -1) and stays', async () => {
    fakeApi.ok('POST', '/orders', testOrder({ code: -1, msg: '支付通道维护中', qrcode: '' }));
    await openDialog();
    fireEvent.click(payButton());

    expect(await screen.findByText('支付通道维护中')).toBeTruthy();
    expect(screen.queryByTestId('payment-dialog')).toBeNull();
    expect(screen.getByTestId('topup-dialog-body')).toBeTruthy();
  });
});

describe('TopupFlow', () => {
  it('stops polling once the payment dialog is closed', async () => {
    fakeApi.ok('POST', '/orders', testOrder());
    fakeApi.ok('GET', '/orders/41/status', { status: 1 });
    await openDialog();
    fireEvent.click(payButton());
    await screen.findByTestId('payment-dialog');
    await waitFor(() => expect(fakeApi.requests('GET', '/orders/41/status')).toHaveLength(1));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(screen.getByRole('button', { name: '关 闭' }));
      await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
      expect(fakeApi.requests('GET', '/orders/41/status')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes back to the amount chosen before when a new order is asked for', async () => {
    fakeApi.ok('POST', '/orders', testOrder());
    fakeApi.ok('GET', '/orders/41/status', { status: 3 });
    await openDialog();
    fireEvent.click(radio('$500'));
    fireEvent.click(payButton());
    fireEvent.click(await screen.findByTestId('payment-new-order'));

    await waitFor(() => expect(payButton().textContent).toContain('$500.00'));
    // jsdom loses the input's checked flag when the dialog reopens; antd's checked class tells.
    expect(radio('$500').closest('label')?.className).toContain('ant-radio-button-wrapper-checked');
  });
});
