import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReferralReward, ReferralSummary, Withdrawal } from '@cloudbay/contracts';
import { fakeApi } from '../../../test/fake-api';
import { openListPage, servePagedList, tableRows } from '../../../test/list-page';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const SUMMARY: ReferralSummary = {
  invite_code: 'ABCD2345',
  invite_link: 'http://console.test/register?invite=ABCD2345',
  reward_percent: '5',
  min_withdrawal: '10.00',
  invitees: 2,
  earned_total: '15.25',
  withdrawable: '12.50',
  in_withdrawal: '2.75',
  withdrawn: '0.00',
};

const reward = (id: number, over: Partial<ReferralReward> = {}): ReferralReward => ({
  id,
  invitee_email: 'fr***@example.com',
  kind: 'purchase',
  spend: '100.00',
  percent: '5',
  reward: '5.00',
  create_time: '2026-11-20T08:00:00.000Z',
  ...over,
});

function serve(summary: ReferralSummary = SUMMARY) {
  fakeApi.ok('GET', '/user/referral', summary);
  servePagedList(
    '/user/referral/invitees',
    [{ email: 'fr***@example.com', joined: '2026-11-19T08:00:00.000Z', total_spent: '305.00' }],
    () => true,
  );
  servePagedList(
    '/user/referral/rewards',
    Array.from({ length: 25 }, (_, i) => reward(25 - i)).concat([
      reward(0, { kind: 'refund', spend: '-10.00', reward: '-0.50' }),
    ]),
    () => true,
  );
  servePagedList<Withdrawal>('/user/referral/withdrawals', [], () => true);
}

const openPage = () =>
  openListPage({ path: '/user/pullnew', component: 'user/referral', pageTestId: 'page-referral' });

describe('ReferralPage', () => {
  it('shows the invite code, link and QR code, the earnings and the invitees', async () => {
    serve();
    await openPage();
    expect((await screen.findByTestId('referral-code')).textContent).toContain('ABCD2345');
    expect(screen.getByTestId('referral-link').textContent).toContain(SUMMARY.invite_link);
    expect(await screen.findByTestId('referral-qrcode')).toBeTruthy();
    expect(screen.getByText(/好友每次购买、续费、升级和按量计费的消费，您都可获得 5% 返利/)).toBeTruthy();
    expect(screen.getByTestId('referral-withdrawable').textContent).toContain('$12.50');
    expect(screen.getByTestId('referral-earned').textContent).toContain('$15.25');
    expect(screen.getByTestId('referral-in-withdrawal').textContent).toContain('$2.75');
    expect(screen.getByTestId('referral-invitees').textContent).toContain('2 人');
    await waitFor(() => expect(tableRows('referral-invitees-table')).toHaveLength(1));
    expect(tableRows('referral-invitees-table')[0]!.textContent).toContain('fr***@example.com');
    expect(tableRows('referral-invitees-table')[0]!.textContent).toContain('$305.00');
  });

  it('pages the reward records, refunds shown as reversals', async () => {
    serve();
    await openPage();
    fireEvent.click(await screen.findByRole('tab', { name: '返利记录' }));
    await waitFor(() => expect(tableRows('referral-rewards-table')).toHaveLength(20));
    expect(fakeApi.requests('GET', '/user/referral/rewards')[0]?.query).toEqual({ page: 1, limit: 20 });
    fireEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(tableRows('referral-rewards-table')).toHaveLength(6));
    const last = tableRows('referral-rewards-table')[5]!;
    expect(last.textContent).toContain('退款冲回');
    expect(last.textContent).toContain('−$0.50');
  });

  it('withdraws to the balance with an Idempotency-Key, after checking the amount', async () => {
    serve();
    fakeApi.on('POST', '/user/referral/withdrawal', (request) => ({
      data: {
        code: 200,
        msg: '',
        success: true,
        data: {
          id: 7,
          amount: (request.body as { amount: string }).amount,
          channel: 'balance',
          address: '',
          status: 'success',
          tx_hash: '',
          failure_reason: '',
          create_time: '2026-11-21T08:00:00.000Z',
          decided_time: '2026-11-21T08:00:00.000Z',
        },
      },
    }));
    await openPage();
    fireEvent.click(await screen.findByTestId('referral-withdraw'));
    const dialog = await screen.findByTestId('withdrawal-dialog');
    const amount = within(dialog).getByTestId('withdrawal-amount');
    fireEvent.change(amount, { target: { value: '9.99' } });
    fireEvent.click(screen.getByTestId('withdrawal-submit'));
    expect(await within(dialog).findByText('最低提现 $10.00')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12.51' } });
    expect(await within(dialog).findByText('不能超过可提现返利 $12.50')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('withdrawal-all'));
    fireEvent.click(screen.getByTestId('withdrawal-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', '/user/referral/withdrawal')).toHaveLength(1));
    const [sent] = fakeApi.requests('POST', '/user/referral/withdrawal');
    expect(sent!.body).toEqual({ channel: 'balance', amount: '12.50' });
    expect(sent!.headers['idempotency-key']).toMatch(/\S{8,}/);
  });

  it('asks for a TRC20 address for an address withdrawal and keeps the input on a refusal', async () => {
    serve();
    fakeApi.fail('POST', '/user/referral/withdrawal', 400, '请输入有效的 TRC20 USDT 地址（校验和不符）', {
      error_code: 'WITHDRAWAL_ADDRESS_INVALID',
    });
    await openPage();
    fireEvent.click(await screen.findByTestId('referral-withdraw'));
    const dialog = await screen.findByTestId('withdrawal-dialog');
    fireEvent.click(within(dialog).getByText('USDT (TRC20) 地址'));
    const address = await within(dialog).findByTestId('withdrawal-address');
    fireEvent.change(within(dialog).getByTestId('withdrawal-amount'), { target: { value: '10' } });
    fireEvent.change(address, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByTestId('withdrawal-submit'));
    expect(await within(dialog).findByText('请输入以 T 开头的 34 位 TRC20 地址')).toBeTruthy();
    fireEvent.change(address, { target: { value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' } });
    fireEvent.click(screen.getByTestId('withdrawal-submit'));
    expect((await within(dialog).findByTestId('withdrawal-failed')).textContent).toContain('校验和不符');
    expect((address as HTMLInputElement).value).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T');
  });

  it('offers no withdrawal below the minimum', async () => {
    serve({ ...SUMMARY, withdrawable: '9.99' });
    await openPage();
    expect((await screen.findByTestId('referral-withdraw')).hasAttribute('disabled')).toBe(true);
  });
});
