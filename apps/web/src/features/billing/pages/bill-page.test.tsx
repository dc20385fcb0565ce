import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Bill } from '@cloudbay/contracts';
import { fakeApi } from '../../../test/fake-api';
import { expectExported } from '../../../test/fake-download';
import { chooseOption as choose, openListPage, servePagedList, tableRows } from '../../../test/list-page';
import { expenseTypeEntries, testBill } from '../test-bills';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);
vi.mock('../../../lib/download', (original) =>
  import('../../../test/fake-download').then((m) => m.withFakeExport(original)),
);

/** A server with these bills: GET /user/user_transactions filters by expense and amount type and pages. */
function serveBills(bills: Bill[]) {
  fakeApi.ok('GET', '/system/dict/data/type/bill_expense_type', expenseTypeEntries());
  servePagedList(
    '/user/user_transactions',
    bills,
    (bill, query) =>
      (query.expense_type === undefined || bill.expense_type === query.expense_type) &&
      (query.amount_type === undefined || bill.amount_type === query.amount_type),
  );
}

const openBills = () =>
  openListPage({ path: '/mesceter/bill', component: 'spending/bill', pageTestId: 'page-bills' });

const rows = () => tableRows('bills-table');
const listRequests = () => fakeApi.requests('GET', '/user/user_transactions');

const purchase = testBill(2, {
  amount: '-12.50',
  amount_type: 'expense',
  expense_type: 'purchase',
  related_type: 'order',
  related_no: 'ORDER-7',
  balance: '87.50',
  memo: '云电脑 1 个月',
});

describe('BillPage', () => {
  it('lists the bills with type, signed amount, balance after, related number and memo', async () => {
    serveBills([purchase, testBill(1)]);
    await openBills();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [spent, topup] = [...rows()];
    expect(spent!.textContent).toContain('购买');
    expect(within(spent as HTMLElement).getByTestId('bill-amount').textContent).toBe('−$12.50');
    expect(spent!.textContent).toContain('$87.50');
    expect(spent!.textContent).toContain('订单');
    expect(spent!.textContent).toContain('ORDER-7');
    expect(spent!.textContent).toContain('云电脑 1 个月');
    expect(within(topup as HTMLElement).getByTestId('bill-amount').textContent).toBe('+$100.00');
    expect(topup!.textContent).toContain('充值订单');
    expect(within(topup as HTMLElement).getByTestId('dict-tag').textContent).toBe('充值');
    expect(listRequests()[0]?.query).toEqual({ page: 1, limit: 20 });
  });

  it('sends the chosen filters to the server and resets them', async () => {
    serveBills([purchase, testBill(1)]);
    await openBills();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await choose('bill-expense-type', '购买');
    await choose('bill-amount-type', '支出');
    fireEvent.click(screen.getByTestId('bill-search-submit'));
    await waitFor(() =>
      expect(listRequests().at(-1)?.query).toEqual({
        page: 1,
        limit: 20,
        expense_type: 'purchase',
        amount_type: 'expense',
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('bill-search-reset'));
    await waitFor(() => expect(listRequests().at(-1)?.query).toEqual({ page: 1, limit: 20 }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('hides the search form from the toolbar', async () => {
    serveBills([]);
    await openBills();
    expect(screen.getByTestId('bill-search')).toBeTruthy();
    fireEvent.click(screen.getByTestId('table-toolbar-search'));
    expect(screen.queryByTestId('bill-search')).toBeNull();
  });

  it('shows an empty state, and says when the filters match nothing', async () => {
    serveBills([testBill(1)]);
    await openBills();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await choose('bill-amount-type', '支出');
    fireEvent.click(screen.getByTestId('bill-search-submit'));
    expect((await screen.findByTestId('bills-empty')).textContent).toContain('没有符合条件的账单');
    expect(screen.queryByTestId('pagination')).toBeNull();
    expect(screen.getByTestId('bill-export').hasAttribute('disabled')).toBe(true);
  });

  it('exports the filtered bills through the download helper', async () => {
    serveBills([purchase]);
    await openBills();
    await choose('bill-expense-type', '购买');
    fireEvent.click(screen.getByTestId('bill-search-submit'));
    await waitFor(() => expect(listRequests().at(-1)?.query.expense_type).toBe('purchase'));

    fireEvent.click(screen.getByTestId('bill-export'));
    await expectExported('/user/user_transactions/export', { expense_type: 'purchase' }, 'bills');
  });
});
