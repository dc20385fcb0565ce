import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TopupRecord } from '@cloudbay/contracts';
import { fakeApi } from '../../../test/fake-api';
import { expectExported } from '../../../test/fake-download';
import { chooseOption as choose, openListPage, servePagedList, tableRows } from '../../../test/list-page';
import { typeDateRange } from '../../../test/picked-day';
import { testRecord } from '../test-topups';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);
vi.mock('../../../lib/download', (original) =>
  import('../../../test/fake-download').then((m) => m.withFakeExport(original)),
);

/** A server with these records: GET /orders filters by status and pay type and pages them. */
function serveRecords(records: TopupRecord[]) {
  servePagedList(
    '/orders',
    records,
    (record, query) =>
      (query.status === undefined || record.status === query.status) &&
      (query.pay_type === undefined || record.pay_type === query.pay_type),
  );
}

const openRecords = () =>
  openListPage({ path: '/mesceter/topup', component: 'spending/topup', pageTestId: 'page-topups' });

const rows = () => tableRows('topups-table');
const listRequests = () => fakeApi.requests('GET', '/orders');

describe('TopupRecordsPage', () => {
  it('lists the top-ups with amount, credit incl. bonus, pay type and status', async () => {
    serveRecords([
      testRecord(2, {
        status: 1,
        actual_money: '0.00',
        bonus_money: '0.00',
        pay_type: 1,
        currency: 'CNY',
        rate_amount: '720.00',
        paid_at: null,
      }),
      testRecord(1),
    ]);
    await openRecords();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [pending, paid] = [...rows()].map((row) => row.textContent ?? '');
    expect(pending).toContain('CB20261122000002');
    expect(pending).toContain('扫码支付');
    expect(pending).toContain('¥720.00');
    expect(pending).toContain('待支付');
    expect(paid).toContain('USDT');
    expect(paid).toContain('$100.00');
    expect(paid).toContain('$110.00');
    expect(paid).toContain('含赠送 $10.00');
    expect(paid).toContain('已支付');
    expect(listRequests()[0]?.query).toEqual({ page: 1, limit: 20 });
  });

  it('filters by status and pay type through the server, and resets', async () => {
    serveRecords([testRecord(3, { status: 3, pay_type: 1 }), testRecord(2, { status: 3 }), testRecord(1)]);
    await openRecords();
    await waitFor(() => expect(rows()).toHaveLength(3));

    await choose('topups-status-filter', '支付超时');
    await choose('topups-pay-type-filter', '扫码支付');
    fireEvent.click(screen.getByTestId('topups-search-submit'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('CB20261122000003');
    expect(listRequests().at(-1)?.query).toEqual({ page: 1, limit: 20, status: 3, pay_type: 1 });

    fireEvent.click(screen.getByTestId('topups-search-reset'));
    await waitFor(() => expect(listRequests().at(-1)?.query).toEqual({ page: 1, limit: 20 }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('sends a picked date range as local whole days', async () => {
    serveRecords([testRecord(1)]);
    await openRecords();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await typeDateRange('2026-11-01', '2026-11-22');
    fireEvent.click(screen.getByTestId('topups-search-submit'));
    await waitFor(() => expect(listRequests().at(-1)?.query.begin_time).toBeDefined());
    const query = listRequests().at(-1)!.query;
    expect(new Date(String(query.begin_time)).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(String(query.end_time)).getTime()).toBe(
      new Date(2026, 10, 22, 23, 59, 59, 999).getTime(),
    );
  });

  it('exports the filtered records through the download helper, and not an empty list', async () => {
    serveRecords([testRecord(2, { pay_type: 1 }), testRecord(1)]);
    await openRecords();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await choose('topups-pay-type-filter', '扫码支付');
    fireEvent.click(screen.getByTestId('topups-search-submit'));
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('topups-export'));
    await expectExported('/orders/export', { pay_type: 1 }, 'topups');

    await choose('topups-status-filter', '支付失败');
    fireEvent.click(screen.getByTestId('topups-search-submit'));
    expect((await screen.findByTestId('topups-empty')).textContent).toContain('没有符合条件的充值记录');
    expect(screen.getByTestId('topups-export').hasAttribute('disabled')).toBe(true);
  });

  it('shows an empty state', async () => {
    serveRecords([]);
    await openRecords();
    expect((await screen.findByTestId('topups-empty')).textContent).toContain('暂无充值记录');
    expect(screen.queryByTestId('pagination')).toBeNull();
  });

  it('pages through the server', async () => {
    serveRecords(Array.from({ length: 25 }, (_, index) => testRecord(25 - index)));
    const { router } = await openRecords();
    await waitFor(() => expect(rows()).toHaveLength(20));
    // The pager is a lazy part: wait for its page links.
    fireEvent.click(await within(screen.getByTestId('pagination')).findByTitle('2'));
    await waitFor(() => expect(listRequests().at(-1)?.query).toEqual({ page: 2, limit: 20 }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[0]?.textContent).toContain('CB20261122000005');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('opens the top-up dialog', async () => {
    serveRecords([]);
    await openRecords();
    fireEvent.click(screen.getByTestId('topups-topup'));
    expect(await screen.findByTestId('topup-dialog-body')).toBeTruthy();
  });
});
