import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SubAccountItem } from '@cloudbay/contracts';
import { fakeApi } from '../../../test/fake-api';
import { dictEntries, languageOf } from '../../../test/dicts';
import { envelope } from '../../../test/mock-adapter';
import { openListPage, tableRows } from '../../../test/list-page';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

function account(id: number, overrides: Partial<SubAccountItem> = {}): SubAccountItem {
  return {
    account_id: id,
    nickname: `staff-${id}`,
    remark: '',
    status: '0',
    desktop_count: 0,
    phone_count: 0,
    desktops: [],
    phones: [],
    online_count: 0,
    spend_cap: '0.00',
    spent_this_month: '0.00',
    create_time: '2026-11-01T08:00:00.000Z',
    last_login_time: null,
    ...overrides,
  };
}

const ALICE = account(7, {
  nickname: 'alice-desk',
  remark: '设计部',
  desktop_count: 1,
  desktops: [
    {
      kind: 'desktop',
      resource_id: 'dt-1',
      name: 'design-01',
      permissions: ['connect', 'start_stop'],
      bound_at: '2026-11-02T08:00:00.000Z',
    },
  ],
  online_count: 2,
  spend_cap: '50.00',
  spent_this_month: '12.50',
});
const BOB = account(8, { nickname: 'bob-ops', status: '1' });

function serve(rows: SubAccountItem[], { used = rows.length, max = 20 } = {}) {
  fakeApi.on('GET', '/user/son_account', (request) => ({
    data: envelope({
      list: rows.filter((row) => !request.query.status || row.status === request.query.status),
      total: rows.length,
      page: 1,
      limit: 20,
      used,
      max,
    }),
  }));
  fakeApi.ok('GET', '/user/statistics/son_account_rank', {
    month: '2026-11',
    list: [
      { account_id: 7, nickname: 'alice-desk', cost: '30.00', spent: '12.50', online_seconds: 7200 },
      { account_id: 8, nickname: 'bob-ops', cost: '15.00', spent: '0.00', online_seconds: 0 },
    ],
  });
  fakeApi.on('GET', '/system/dict/data/type/sys_normal_disable', (request) => ({
    data: envelope(
      dictEntries(
        'sys_normal_disable',
        { '0': ['正常', 'Normal', 'primary'], '1': ['停用', 'Disabled', 'danger'] },
        languageOf(request),
      ),
    ),
  }));
}

const open = () =>
  openListPage({ path: '/cloud/sonacc', component: 'cloud/sonacc', pageTestId: 'page-sub-accounts' });
const rows = () => tableRows('sub-account-table');
const checkbox = (index: number) =>
  (rows()[index] as HTMLElement).querySelector('input[type="checkbox"]') as HTMLInputElement;

afterEach(() => vi.unstubAllGlobals());

describe('SubAccountPage', { timeout: 30_000 }, () => {
  it('lists sub-accounts with used / max, bindings, online count, spend and the month’s rank', async () => {
    serve([ALICE, BOB], { used: 2, max: 5 });
    await open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('sub-account-quota').textContent).toBe('已创建 2 / 5');
    const first = within(rows()[0] as HTMLElement);
    expect(first.getByTestId('sub-account-name').textContent).toBe('alice-desk');
    expect(first.getByTestId('sub-account-desktop-count').textContent).toBe('1');
    expect(rows()[0]?.textContent).toContain('$12.50 / $50.00');
    expect(rows()[1]?.textContent).toContain('不可续费');
    // A disabled sub-account cannot be entered.
    expect(
      within(rows()[1] as HTMLElement)
        .getByTestId('sub-account-enter')
        .hasAttribute('disabled'),
    ).toBe(true);
    const rank = await screen.findAllByTestId('sub-account-rank-row');
    expect(rank[0]?.textContent).toContain('alice-desk');
    expect(rank[0]?.textContent).toContain('在线 2.0 小时');
  });

  it('needs a selection before batch actions, then disables the selection after a confirmation', async () => {
    serve([ALICE, BOB]);
    fakeApi.ok('PUT', '/user/son_account/batch_edit', { updated: 1 });
    await open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    for (const key of ['enable', 'disable', 'edit', 'delete']) {
      expect(screen.getByTestId(`sub-account-batch-${key}`).hasAttribute('disabled')).toBe(true);
    }
    fireEvent.click(checkbox(0));
    await waitFor(() =>
      expect(screen.getByTestId('sub-account-batch-disable').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('sub-account-batch-disable'));
    expect((await screen.findByRole('dialog')).textContent).toContain('alice-desk');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(fakeApi.requests('PUT', '/user/son_account/batch_edit')).toHaveLength(1));
    expect(fakeApi.requests('PUT', '/user/son_account/batch_edit')[0]?.body).toEqual({
      account_ids: [7],
      status: '1',
    });
  });

  it('refuses a new sub-account at the maximum', async () => {
    serve([ALICE], { used: 3, max: 3 });
    await open();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId('sub-account-add').hasAttribute('disabled')).toBe(true);
  });

  it('enters as a sub-account through the /moneryContro hand-off the server answers', async () => {
    serve([ALICE]);
    const url = '/moneryContro?token=son-tok&loginToken=tok&isSon=1';
    fakeApi.ok('POST', '/user/son_account/7/enter', { access_token: 'son-tok', url });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await open();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId('sub-account-enter'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
  });

  it('shows a sub-account’s bound resources with their permissions and unbinds after a confirmation', async () => {
    serve([ALICE]);
    fakeApi.ok('DELETE', '/user/son_account/7/desktop', { count: 1 });
    await open();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId('sub-account-resources-open'));
    const bindings = await screen.findByTestId('sub-account-bindings-desktop');
    expect(bindings.textContent).toContain('design-01');
    expect(bindings.textContent).toContain('连接');
    expect(bindings.textContent).toContain('开机 / 关机');
    expect(bindings.textContent).not.toContain('重启');
    fireEvent.click(within(bindings).getByTestId('sub-account-binding-unbind'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(fakeApi.requests('DELETE', '/user/son_account/7/desktop')).toHaveLength(1));
    expect(fakeApi.requests('DELETE', '/user/son_account/7/desktop')[0]?.body).toEqual({
      desktop_ids: ['dt-1'],
    });
  });
});
