import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MonthFlow, RegionNetworkCost, ResourceOrderPage, Statistics } from '@cloudbay/contracts';
import { setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { openListPage } from '../../../test/list-page';
import { Providers } from '../../../app/providers';
import { ResourceOrderHistory } from '../../orders/components/resource-order-history';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);
vi.mock('../../../components/echarts', () =>
  import('../../../test/fake-charts').then((m) => m.fakeEchartsModule()),
);

const STATS: Statistics = {
  this_month: {
    month: '2026-11',
    spent: '120.00',
    refunded: '20.00',
    net: '100.00',
    by_type: [
      { product_type: 'desktop', spent: '100.00', refunded: '20.00', net: '80.00' },
      { product_type: 'phone', spent: '20.00', refunded: '0.00', net: '20.00' },
    ],
  },
  last_month: { month: '2026-10', spent: '45.50', refunded: '0.00', net: '45.50', by_type: [] },
};

const FLOW: MonthFlow[] = Array.from({ length: 12 }, (_, i) => ({
  month: i === 0 ? '2025-12' : `2026-${String(i).padStart(2, '0')}`,
  traffic_bytes: i * 1_000_000,
  traffic_cost: '0.00',
}));

function regions(month: string, name: string): RegionNetworkCost {
  return {
    month,
    regions: [{ region_id: 1, region_name: name, traffic_bytes: 2_500_000_000, traffic_cost: '0.19' }],
  };
}

async function openStatistics() {
  fakeApi.ok('GET', '/user/statistics', STATS);
  fakeApi.ok('GET', '/user/statistics/month_flow_metric', FLOW);
  fakeApi.ok('GET', '/user/statistics/region_network_cost', regions('2026-11', '中国香港'));
  await openListPage({
    path: '/mesceter/statistics',
    component: 'spending/statistics',
    pageTestId: 'page-statistics',
  });
}

describe('StatisticsPage', () => {
  it('shows this and last month, the types, the traffic chart and the regions', async () => {
    await openStatistics();
    await waitFor(() => expect(screen.getByTestId('statistics-this-month').textContent).toContain('$100.00'));
    expect(screen.getByTestId('statistics-this-month').textContent).toContain('2026-11');
    expect(screen.getByTestId('statistics-this-month').textContent).toContain('退款 $20.00');
    expect(screen.getByTestId('statistics-last-month').textContent).toContain('$45.50');
    const desktop = await screen.findByTestId('spend-type-desktop');
    expect(desktop.textContent).toContain('$100.00');
    expect(screen.getByTestId('spend-type-phone').textContent).toContain('$20.00');
    await screen.findByTestId('statistics-traffic-chart');
    const table = await screen.findByTestId('statistics-regions', undefined, { timeout: 8000 });
    await waitFor(() => expect(table.textContent).toContain('中国香港'));
    expect(table.textContent).toContain('2.5 GB');
    expect(table.textContent).toContain('$0.19');
  });

  it('says when the year had no metered traffic', async () => {
    fakeApi.ok('GET', '/user/statistics', STATS);
    fakeApi.ok(
      'GET',
      '/user/statistics/month_flow_metric',
      FLOW.map((point) => ({ ...point, traffic_bytes: 0 })),
    );
    fakeApi.ok('GET', '/user/statistics/region_network_cost', regions('2026-11', '中国香港'));
    await openListPage({
      path: '/mesceter/statistics',
      component: 'spending/statistics',
      pageTestId: 'page-statistics',
    });
    expect((await screen.findByTestId('statistics-no-traffic')).textContent).toContain(
      '近 12 个月暂无计量流量',
    );
    expect(screen.queryByTestId('statistics-traffic-chart')).toBeNull();
  });

  it('switches the types to last month and says when it had none', async () => {
    await openStatistics();
    await screen.findByTestId('spend-type-desktop');
    fireEvent.click(screen.getByText('上月', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.getByTestId('statistics-types').textContent).toContain('该月暂无消费'));
  });

  it('says so when the statistics cannot be loaded', async () => {
    fakeApi.fail('GET', '/user/statistics', 500, 'boom');
    fakeApi.ok('GET', '/user/statistics/month_flow_metric', FLOW);
    fakeApi.ok('GET', '/user/statistics/region_network_cost', regions('2026-11', '中国香港'));
    await openListPage({
      path: '/mesceter/statistics',
      component: 'spending/statistics',
      pageTestId: 'page-statistics',
    });
    expect(await screen.findByText('统计数据加载失败')).toBeTruthy();
  });
});

describe('ResourceOrderHistory', () => {
  const page = (amounts: boolean): ResourceOrderPage => ({
    list: [
      {
        type: 'refund',
        order_id: 2,
        order_no: 'OD2',
        status: 'paid',
        period: null,
        amount: amounts ? '5.00' : null,
        created_at: '2026-11-20T10:00:00Z',
      },
      {
        type: 'renew',
        order_id: 2,
        order_no: 'OD2',
        status: 'paid',
        period: 3,
        amount: amounts ? '30.00' : null,
        created_at: '2026-11-19T10:00:00Z',
      },
      {
        type: 'new',
        order_id: 1,
        order_no: 'OD1',
        status: 'paid',
        period: 1,
        amount: amounts ? '10.00' : null,
        created_at: '2026-10-01T10:00:00Z',
      },
    ],
    total: 3,
    page: 1,
    limit: 10,
  });

  it('lists the resource’s orders and refunds with their amounts', async () => {
    setToken('tok');
    fakeApi.ok('GET', '/user/resource_order', page(true));
    render(
      <Providers>
        <ResourceOrderHistory resourceType="desktop" resourceId="dt-1" />
      </Providers>,
    );
    const history = await screen.findByTestId('resource-order-history');
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(4));
    expect(history.textContent).toContain('退款');
    expect(history.textContent).toContain('$30.00');
    expect(history.textContent).toContain('3 个月');
    expect(fakeApi.requests('GET', '/user/resource_order')[0]!.query).toMatchObject({
      resource_type: 'desktop',
      resource_id: 'dt-1',
      page: 1,
      limit: 10,
    });
  });

  it('leaves the amounts out for a sub-account', async () => {
    setToken('tok');
    fakeApi.ok('GET', '/user/resource_order', page(false));
    render(
      <Providers>
        <ResourceOrderHistory resourceType="phone" resourceId="ph-1" />
      </Providers>,
    );
    const history = await screen.findByTestId('resource-order-history');
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(4));
    expect(history.textContent).not.toContain('金额');
    expect(history.textContent).not.toContain('$');
  });
});
