import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { BizTopup } from '@cloudbay/contracts';
import { Providers } from '../../../../app/providers';
import { i18n } from '../../../../lib/i18n';
import { fakeApi } from '../../../../test/fake-api';
import { ReconcileDialog } from './reconcile-dialog';

vi.mock('../../../../lib/request', (original) =>
  import('../../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const topup: BizTopup = {
  id: 5,
  no: 'CB2026112600001',
  user_id: 3,
  email: 'payer@example.com',
  pay_type: '1',
  gateway: 'epay',
  trade_id: '2026abcdef',
  status: 3,
  money: '100.00',
  credited: '0.00',
  bonus: '0.00',
  rate_amount: '720.00',
  currency: 'CNY',
  paid_amount: null,
  failure: null,
  expires_at: '2026-11-26T08:10:00.000Z',
  created_at: '2026-11-26T08:00:00.000Z',
  paid_at: null,
};

const open = () =>
  render(
    <Providers>
      <ReconcileDialog topup={topup} onClose={vi.fn()} />
    </Providers>,
  );

// The strings checked are the English ones; the test setup returns to Chinese after every test.
beforeEach(async () => {
  fakeApi.reset();
  await i18n.changeLanguage('en-US');
});

describe('ReconcileDialog', () => {
  it('shows what the gateway answered: a payment in full can be confirmed', async () => {
    fakeApi.ok('GET', '/business/topup/5/gateway', {
      gateway: 'epay',
      paid: true,
      trade_id: '2026abcdef',
      paid_amount: '720.00',
      currency: 'CNY',
      covers_order: true,
    });
    open();
    expect((await screen.findByTestId('topup-reconcile-answer')).textContent).toContain('epay');
    expect(screen.getByText('720.00 CNY')).toBeTruthy();
  });

  it('says why the gateway could not be asked, with the server’s reason', async () => {
    const reason =
      'The payment gateway did not answer the order query; try again later (payment gateway answered HTTP 502)';
    fakeApi.fail('GET', '/business/topup/5/gateway', 503, reason);
    open();
    const failed = await screen.findByTestId('topup-reconcile-ask-failed');
    expect(failed.textContent).toContain('The gateway could not be asked about this order');
    expect(failed.textContent).toContain(reason);
  });
});
