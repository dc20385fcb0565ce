/**
 * The operators' withdrawal review (issue 22): the list with its statuses, approve with the
 * transfer's hash (its form checks the hash, trimmed, before anything is sent), reject with a reason, and no
 * decision links without the approve permission or on a settled withdrawal.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminWithdrawal } from '@cloudbay/contracts';
import { fakeApi } from '../../../../test/fake-api';
import { openListPage, servePagedList, tableRows } from '../../../../test/list-page';

vi.mock('../../../../lib/request', (original) =>
  import('../../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const ADDRESS = 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC';
const HASH = 'a'.repeat(64);
const withdrawal = (id: number, patch: Partial<AdminWithdrawal> = {}): AdminWithdrawal => ({
  id,
  amount: '12.50',
  channel: 'address',
  address: ADDRESS,
  status: 'processing',
  tx_hash: '',
  failure_reason: '',
  create_time: '2026-11-20T08:00:00.000Z',
  decided_time: null,
  userId: 40 + id,
  customerEmail: `customer${id}@example.com`,
  decidedByEmail: null,
  ...patch,
});

const SLOW = { timeout: 10_000 };

function serveWithdrawals() {
  servePagedList(
    '/business/withdrawal/list',
    [withdrawal(1), withdrawal(2, { status: 'success', tx_hash: HASH, decidedByEmail: 'ops@example.com' })],
    () => true,
  );
  fakeApi.ok('POST', '/business/withdrawal/1/approve', withdrawal(1, { status: 'success', tx_hash: HASH }));
  fakeApi.ok(
    'POST',
    '/business/withdrawal/1/reject',
    withdrawal(1, { status: 'failed', failure_reason: 'x' }),
  );
}

const openWithdrawals = (permissions: string[]) =>
  openListPage({
    path: '/business/withdrawal',
    component: 'business/withdrawal',
    pageTestId: 'withdrawals',
    permissions,
  });

describe('WithdrawalPage', { timeout: 40_000 }, () => {
  it('approves a processing withdrawal with the transfer hash, checked before it is sent', async () => {
    serveWithdrawals();
    await openWithdrawals(['business:withdrawal:list', 'business:withdrawal:approve']);
    await waitFor(() => expect(tableRows('withdrawals-table')).toHaveLength(2), SLOW);
    // Only the processing one can be decided.
    expect(screen.queryByTestId('withdrawal-approve-2')).toBeNull();
    fireEvent.click(screen.getByTestId('withdrawal-approve-1'));
    const dialog = await screen.findByTestId('withdrawal-decide-summary', {}, SLOW);
    expect(dialog.textContent).toContain('customer1@example.com');
    expect(screen.getByTestId('withdrawal-decide-address').textContent).toContain(ADDRESS);

    fireEvent.change(screen.getByTestId('withdrawal-tx-hash'), { target: { value: 'not-a-hash' } });
    fireEvent.click(screen.getByTestId('withdrawal-decide-submit'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(fakeApi.requests('POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('withdrawal-tx-hash'), { target: { value: HASH } });
    fireEvent.click(screen.getByTestId('withdrawal-decide-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', '/business/withdrawal/1/approve')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/business/withdrawal/1/approve')[0]!.body).toEqual({ tx_hash: HASH });
  });

  it('accepts a hash pasted with spaces or a line break around it, and sends it trimmed', async () => {
    serveWithdrawals();
    await openWithdrawals(['business:withdrawal:list', 'business:withdrawal:approve']);
    fireEvent.click(await screen.findByTestId('withdrawal-approve-1', {}, SLOW));
    const input = await screen.findByTestId('withdrawal-tx-hash', {}, SLOW);
    // The field leaves room for the padding a paste brings (a browser cuts a paste at maxLength).
    const padded = ` 0x${HASH} \n`;
    expect(Number(input.getAttribute('maxLength'))).toBeGreaterThanOrEqual(padded.length);
    fireEvent.change(input, { target: { value: padded } });
    fireEvent.click(screen.getByTestId('withdrawal-decide-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', '/business/withdrawal/1/approve')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/business/withdrawal/1/approve')[0]!.body).toEqual({
      tx_hash: `0x${HASH}`,
    });
    expect(document.querySelector('.ant-form-item-explain-error')).toBeNull();
  });

  it('rejects with a reason', async () => {
    serveWithdrawals();
    await openWithdrawals(['business:withdrawal:list', 'business:withdrawal:approve']);
    fireEvent.click(await screen.findByTestId('withdrawal-reject-1', {}, SLOW));
    const reason = await screen.findByTestId('withdrawal-reason', {}, SLOW);
    fireEvent.click(screen.getByTestId('withdrawal-decide-submit'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(fakeApi.requests('POST')).toHaveLength(0);
    fireEvent.change(reason, { target: { value: 'The address is on a sanctions list' } });
    fireEvent.click(screen.getByTestId('withdrawal-decide-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', '/business/withdrawal/1/reject')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/business/withdrawal/1/reject')[0]!.body).toEqual({
      reason: 'The address is on a sanctions list',
    });
  });

  it('shows no decision links without the approve permission', async () => {
    serveWithdrawals();
    await openWithdrawals(['business:withdrawal:list']);
    await waitFor(() => expect(tableRows('withdrawals-table')).toHaveLength(2), SLOW);
    const row = tableRows('withdrawals-table')[0] as HTMLElement;
    expect(within(row).queryByTestId('withdrawal-approve-1')).toBeNull();
    expect(screen.queryByTestId('withdrawal-reject-1')).toBeNull();
  });
});
