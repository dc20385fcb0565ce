import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order, OrderDetail } from '@cloudbay/contracts';
import { clearDicts } from '../../../lib/dict-cache';
import { i18n } from '../../../lib/i18n';
import { languageOf } from '../../../test/dicts';
import { fakeApi } from '../../../test/fake-api';
import { expectExported, exportFile } from '../../../test/fake-download';
import { chooseOption as choose, openListPage, servePagedList, tableRows } from '../../../test/list-page';
import { ORDER_DICT_TYPES, orderDictEntries, productTypes, testOrder, testOrderDetail } from '../test-orders';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);
vi.mock('../../../lib/download', (original) =>
  import('../../../test/fake-download').then((m) => m.withFakeExport(original)),
);

const ok = (data: unknown) => ({ data: { code: 200, msg: '', success: true, data } });

/**
 * A server with these orders: labels in the caller's language, GET /user/order filtered by number
 * prefix, type, status and resource status and paged, GET /user/order/{id} from `details`.
 */
function serveOrders(orders: Order[], details: OrderDetail[] = []) {
  for (const type of ORDER_DICT_TYPES) {
    fakeApi.on('GET', `/system/dict/data/type/${type}`, (request) =>
      ok(orderDictEntries(type, languageOf(request))),
    );
  }
  fakeApi.on('GET', '/user/order/product_type', (request) => ok(productTypes(languageOf(request))));
  servePagedList(
    '/user/order',
    orders,
    (order, query) =>
      (query.no === undefined || order.no.startsWith(String(query.no))) &&
      (query.type === undefined || order.type === query.type) &&
      (query.status === undefined || order.status === query.status) &&
      (query.resource_status === undefined || order.resource_status === query.resource_status),
  );
  for (const detail of details) fakeApi.ok('GET', `/user/order/${detail.id}`, detail);
}

const openOrders = () =>
  openListPage({ path: '/mesceter/order', component: 'spending/order', pageTestId: 'page-orders' });

const rows = () => tableRows('orders-table');
const listRequests = () => fakeApi.requests('GET', '/user/order');

const refunded = testOrder(2, {
  type: 'phone',
  action: 'renew',
  status: 'paid',
  resource_status: 'refunded',
  billing_method: 'payg',
  period: null,
  quantity: 3,
  original_amount: '15.00',
  paid_amount: '15.00',
  refunded_amount: '15.00',
});

beforeEach(() => {
  // Labels come in the page's language; each test starts from an empty cache.
  clearDicts();
  exportFile.mockClear();
});

describe('OrderPage', () => {
  it('lists the orders with their labels, billing and amounts (zh-CN)', async () => {
    serveOrders([refunded, testOrder(1)]);
    await openOrders();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(rows()[1]?.textContent).toContain('云电脑'));
    const [phone, desktop] = [...rows()].map((row) => row.textContent ?? '');
    expect(desktop).toContain('OD20261122000001');
    expect(desktop).toContain('新购');
    expect(desktop).toContain('已支付');
    expect(desktop).toContain('已创建');
    expect(desktop).toContain('包年包月');
    expect(desktop).toContain('1 个月');
    expect(desktop).toContain('$30.00');
    expect(desktop).toContain('$27.00');
    expect(desktop).not.toContain('已退');
    expect(phone).toContain('云手机');
    expect(phone).toContain('续费');
    expect(phone).toContain('已退款');
    expect(phone).toContain('按量付费');
    expect(within(rows()[0] as HTMLElement).getByTestId('order-paid').textContent).toContain('已退 $15.00');
    expect(listRequests()[0]?.query).toEqual({ page: 1, limit: 20 });
  });

  it('starts with the search form folded on a phone; the toolbar opens it', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      matches: query.includes('575.98px'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    try {
      serveOrders([testOrder(1)]);
      await openOrders();
      await waitFor(() => expect(rows()).toHaveLength(1));
      expect(screen.queryByTestId('order-search')).toBeNull();
      fireEvent.click(screen.getByTestId('table-toolbar-search'));
      expect(await screen.findByTestId('order-search')).toBeTruthy();
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('shows the labels in English on an English page', async () => {
    await i18n.changeLanguage('en-US');
    serveOrders([refunded, testOrder(1)]);
    await openOrders();
    await waitFor(() => expect(rows()[1]?.textContent).toContain('Cloud computer'));
    const [phone, desktop] = [...rows()].map((row) => row.textContent ?? '');
    expect(desktop).toContain('New purchase');
    expect(desktop).toContain('Subscription');
    expect(desktop).toContain('1 month');
    expect(phone).toContain('Renewal');
    expect(phone).toContain('$15.00 refunded');
    expect(screen.getByRole('columnheader', { name: 'Resource status' })).toBeTruthy();
    await choose('order-product-type', 'Cloud phone');
  });

  it('sends the chosen filters to the server and resets them', async () => {
    serveOrders([refunded, testOrder(1)]);
    await openOrders();
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.change(within(screen.getByTestId('order-search')).getByPlaceholderText('输入订单号'), {
      target: { value: ' OD2026112200 ' },
    });
    await choose('order-product-type', '云手机');
    await choose('order-status', '已支付');
    await choose('order-resource-status', '已退款');
    fireEvent.click(screen.getByTestId('order-search-submit'));
    await waitFor(() =>
      expect(listRequests().at(-1)?.query).toEqual({
        page: 1,
        limit: 20,
        no: 'OD2026112200',
        type: 'phone',
        status: 'paid',
        resource_status: 'refunded',
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('order-search-reset'));
    await waitFor(() => expect(listRequests().at(-1)?.query).toEqual({ page: 1, limit: 20 }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('opens an order with its configuration, failure and wallet movements', async () => {
    const failed = testOrder(5, { resource_status: 'creation_failed', refunded_amount: '27.00' });
    serveOrders(
      [failed],
      [
        testOrderDetail(failed, {
          failure: '库存不足',
          bills: [
            { ...testOrderDetail(failed).bills[0]!, id: 51 },
            {
              ...testOrderDetail(failed).bills[0]!,
              id: 52,
              amount: '27.00',
              amount_type: 'income',
              expense_type: 'refund',
              balance: '100.00',
            },
          ],
        }),
      ],
    );
    await openOrders();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId('order-details'));

    const detail = await screen.findByTestId('order-detail');
    expect(fakeApi.requests('GET', '/user/order/5')).toHaveLength(1);
    expect(within(detail).getByTestId('order-detail-failure').textContent).toContain('库存不足');
    const spec = within(detail).getByTestId('order-detail-spec').textContent ?? '';
    expect(spec).toContain('名称');
    expect(spec).toContain('office-pc-01');
    expect(spec).toContain('套餐');
    expect(spec).toContain('4C8G');
    const bills = within(detail).getByTestId('order-detail-bills').querySelectorAll('tbody tr.ant-table-row');
    expect(bills).toHaveLength(2);
    expect(bills[0]?.textContent).toContain('购买');
    expect(within(bills[0] as HTMLElement).getByTestId('order-bill-amount').textContent).toBe('−$27.00');
    expect(bills[1]?.textContent).toContain('退款');
    expect(within(bills[1] as HTMLElement).getByTestId('order-bill-amount').textContent).toBe('+$27.00');
  });

  it('says when an order cannot be loaded, and tries again', async () => {
    serveOrders([testOrder(1)]);
    fakeApi.fail('GET', '/user/order/1', 404, '资源不存在');
    await openOrders();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('order-details'));
    expect((await screen.findByTestId('order-detail-error')).textContent).toContain('订单详情加载失败');

    fakeApi.ok('GET', '/user/order/1', testOrderDetail(testOrder(1), { bills: [] }));
    fireEvent.click(screen.getByTestId('order-detail-retry'));
    const detail = await screen.findByTestId('order-detail');
    expect(detail.textContent).toContain('该订单没有资金变动');
  });

  it('explains an empty list without rows, and offers no export', async () => {
    serveOrders([]);
    await openOrders();
    const empty = await screen.findByTestId('orders-empty');
    expect(empty.textContent).toContain('暂无订单');
    expect(empty.textContent).toContain('订单会显示在这里');
    expect(rows()).toHaveLength(0);
    expect(screen.queryByTestId('pagination')).toBeNull();
    expect(screen.getByTestId('order-export').hasAttribute('disabled')).toBe(true);
  });

  it('says when the filters match nothing', async () => {
    serveOrders([testOrder(1)]);
    await openOrders();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await choose('order-status', '支付失败');
    fireEvent.click(screen.getByTestId('order-search-submit'));
    expect((await screen.findByTestId('orders-empty')).textContent).toContain('没有符合条件的订单');
  });

  it('exports the filtered orders through the download helper', async () => {
    serveOrders([refunded, testOrder(1)]);
    await openOrders();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await choose('order-resource-status', '已退款');
    fireEvent.click(screen.getByTestId('order-search-submit'));
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('order-export'));
    await expectExported('/user/order/export', { resource_status: 'refunded' }, 'orders');
  });

  it('pages through the server', async () => {
    serveOrders(Array.from({ length: 25 }, (_, index) => testOrder(25 - index)));
    const { router } = await openOrders();
    await waitFor(() => expect(rows()).toHaveLength(20));
    // The pager is a lazy part: wait for its page links.
    fireEvent.click(await within(screen.getByTestId('pagination')).findByTitle('2'));
    await waitFor(() => expect(listRequests().at(-1)?.query).toEqual({ page: 2, limit: 20 }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(router.state.location.search).toBe('?page=2');
  });
});
