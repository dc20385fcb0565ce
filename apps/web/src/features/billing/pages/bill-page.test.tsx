import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Bill } from '@cloudbay/contracts';
import { routeTable, type RouteTable } from '../../../app/router';
import type * as DownloadModule from '../../../lib/download';
import { setToken } from '../../../lib/storage';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';
import { routerNode, serveSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { expenseTypeEntries, testBill } from '../test-bills';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const { exportFile } = vi.hoisted(() => ({ exportFile: vi.fn(() => Promise.resolve(true)) }));
vi.mock('../../../lib/download', async (original) => ({
  ...(await original<typeof DownloadModule>()),
  exportFile,
}));

const table: RouteTable = {
  ...routeTable,
  frame: () => import('react-router').then((module) => module.Outlet),
  pages: { 'spending/bill': routeTable.pages['spending/bill']! },
};

/** A server with these bills: GET /user/user_transactions filters by expense and amount type and pages. */
function serveBills(bills: Bill[]) {
  fakeApi.ok('GET', '/system/dict/data/type/bill_expense_type', expenseTypeEntries());
  fakeApi.on('GET', '/user/user_transactions', ({ query }: FakeRequest) => {
    const page = Number(query.page);
    const limit = Number(query.limit);
    const matching = bills.filter(
      (bill) =>
        (query.expense_type === undefined || bill.expense_type === query.expense_type) &&
        (query.amount_type === undefined || bill.amount_type === query.amount_type),
    );
    return {
      data: {
        code: 200,
        msg: '',
        success: true,
        data: { list: matching.slice((page - 1) * limit, page * limit), total: matching.length, page, limit },
      },
    };
  });
}

async function openBills(path = '/mesceter/bill') {
  setToken('tok');
  serveSession({ routers: [routerNode('/mesceter/bill', 'spending/bill')] });
  const view = renderApp(path, table);
  await screen.findByTestId('page-bills');
  return view;
}

const rows = () => screen.getByTestId('bills-table').querySelectorAll('tbody tr.ant-table-row');
const listRequests = () => fakeApi.requests('GET', '/user/user_transactions');

async function choose(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

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
    await waitFor(() => expect(exportFile).toHaveBeenCalledTimes(1));
    expect(exportFile).toHaveBeenCalledWith(
      '/user/user_transactions/export',
      { expense_type: 'purchase', time_zone: expect.any(String) },
      expect.stringMatching(/^bills-\d{8}\.csv$/),
    );
  });
});
